/**
 * The OpenAPI 3.1 document of every /api route (issue 27 item 5, decision 082), generated from
 * the same zod schemas the routes parse with (@asteasolutions/zod-to-openapi), once per process.
 *
 * HOW TO ADD A ROUTE
 * 1. Parse the route's input with a schema exported from app/domain/schemas/ (not one built
 *    inline in the route file), so the route and the document read the same one.
 * 2. In the path file of its area (app/openapi/paths/*.ts; a new area is a new file exporting an
 *    `Operation[]`, listed in AREAS below, and its tag's line in AREA_NOTES), add one entry per
 *    method:
 *
 *      {
 *        method: "get",
 *        path: "/api/admin/lead-sources/{id}",   // the file admin.lead-sources.$id.ts
 *        tag: "Lead sources",
 *        summary: "One lead source",
 *        access: "admin",                         // public | user | agent | admin | posting-key
 *        query: someList.schema,                  // what parseQuery reads, if anything
 *        body: someCreateSchema,                  // what parseBody reads, if anything
 *        answers: { description: "The source.", body: LeadSource },  // or { list: Row } for apiPage
 *        errors: [409],                           // refusals beyond those access and inputs imply
 *      }
 *
 *    `answers` is a zod schema of the answer's shape (app/openapi/answers.ts holds the shared
 *    ones; write it with `satisfies z.ZodType<TheServiceType>` where the service names its type).
 * 3. tests/api/openapi.test.ts fails while a route file or one of its methods has no entry, or
 *    an entry names a path no route file serves; `npm run lint:openapi` lints the document.
 */
import { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { addOperation, registerShared, z, type Operation } from "./kit";
import { agentPaths } from "./paths/agents";
import { authPaths } from "./paths/auth";
import { compliancePaths } from "./paths/compliance";
import { leadPaths } from "./paths/leads";
import { moneyPaths } from "./paths/money";
import { operationPaths } from "./paths/operations";
import { publicPaths } from "./paths/public";
import { reportPaths } from "./paths/reports";
import { sessionPaths } from "./paths/sessions";
import { sourcePaths } from "./paths/sources";
import { tokenPaths } from "./paths/tokens";
import { twoFactorPaths } from "./paths/two-factor";
import { webhookPaths } from "./paths/webhooks";

/** Every area's operations; the document's tags come in this order. */
const AREAS: Operation[][] = [
  authPaths,
  twoFactorPaths,
  publicPaths,
  leadPaths,
  moneyPaths,
  reportPaths,
  agentPaths,
  sourcePaths,
  compliancePaths,
  operationPaths,
  tokenPaths,
  sessionPaths,
  webhookPaths,
];

const DESCRIPTION = `The JSON API of Agency CRM. Every operation takes and answers JSON (a form body is read too);
money in dollars, instants as ISO 8601 strings. A refusal is always \`{ error, fieldErrors? }\`.
Sign in with \`POST /api/auth/login\` (a session cookie) or send a personal API token as
\`Authorization: Bearer <token>\`. Lists take \`page\` and \`pageSize\` and answer the filtered total in
\`X-Total-Count\`. Every data answer is \`Cache-Control: no-store\`; every answer \`X-Content-Type-Options: nosniff\`.`;

/** Each area's one line on the reference page; an area without one is listed by its name alone. */
const AREA_NOTES: Record<string, string> = {
  Authentication: "Signing in and out, the signed-in user, registration and password resets.",
  "Two-factor sign-in": "Enrolling a TOTP authenticator, recovery codes, and the second step of a sign-in.",
  Public: "What the public site sends and reads, without signing in.",
  Leads: "The lead book: lists, one lead in full, edits, status changes, reveals and reassignment.",
  "Calls and callbacks": "The call check before every call, the call log, and scheduled callbacks.",
  Retention: "Sold policies' nine-month payment schedules and the at-risk queue.",
  "Commissions and premiums": "Commissions, the advance and chargeback ledger, and the agency's premiums.",
  Orders: "Orders of calls and their totals.",
  Dashboards: "The dashboards' figures, as the pages show them.",
  Reports: "Reports, persistency, cost per sale by lead source, and the audit trail.",
  Agents: "Approving and managing agents (admins).",
  "Agent account": "An agent's own profile, setup, carriers and products.",
  "Lead sources": "Lead vendors, their posting keys, and the intake they post leads to.",
  "Lead imports": "CSV imports of leads and their progress.",
  "Lead returns": "Agents' requests to return a lead, and the admins' decisions.",
  "Do not call and calling rules": "The do-not-call list and each state's calling hours and daily limits.",
  Operations: "Background jobs, inquiries, password reset requests and the portal's counts.",
  Notifications: "The signed-in user's notifications.",
  "API tokens": "Personal API tokens for integrations: made, listed and revoked by their user.",
  Sessions: "The signed-in user's sessions, and signing them out.",
  Webhooks: "Outbound webhook endpoints (admins) and their delivery log.",
};

/** GET /api/openapi.json (app/routes/api.openapi[.json].ts): this document. */
const DOCUMENT_ITSELF: Operation = {
  method: "get",
  path: "/api/openapi.json",
  tag: "Authentication",
  summary: "This OpenAPI document",
  description: "Public; cacheable for five minutes. A readable reference is the page /api/docs.",
  access: "public",
  answers: { description: "The OpenAPI 3.1 document.", body: z.object({ openapi: z.string() }).passthrough() },
};

let generated: ReturnType<OpenApiGeneratorV31["generateDocument"]> | undefined;

/** The document, generated on first use and kept for the life of the process. */
export function openApiDocument() {
  if (generated) return generated;
  const registry = new OpenAPIRegistry();
  registerShared(registry);
  const operations = [...AREAS.flat(), DOCUMENT_ITSELF];
  for (const operation of operations) addOperation(registry, operation);
  const tags = [...new Set(operations.map((operation) => operation.tag))].map((name) =>
    AREA_NOTES[name] ? { name, description: AREA_NOTES[name] } : { name },
  );
  generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "Agency CRM API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/" }],
    tags,
  });
  return generated;
}
