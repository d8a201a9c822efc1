import { leadIntakeSchema } from "~/domain/schemas/lead-intake";
import { leadReturnDecisionSchema, leadReturnList } from "~/domain/schemas/lead-returns";
import { leadSourceCreateSchema, leadSourceList, leadSourcePatchSchema } from "~/domain/schemas/lead-sources";
import { LEAD_RETURN_STATUSES } from "~/domain/lead-returns";
import { LEAD_SOURCE_STATUSES } from "~/domain/lead-sources";
import type { LeadReturnView } from "~/services/lead-returns.server";
import type { leadSourceJson } from "~/services/lead-sources.server";
import { id, instant, objectWith } from "../answers";
import { z, type Operation } from "../kit";

const sources = "Lead sources";
const imports = "Lead imports";
const returns = "Lead returns";

/** A lead source: never its posting key nor the key's hash, only `keyLast4`. */
const LeadSource = z
  .object({
    id,
    name: z.string(),
    costPerLead: z.string().describe("Dollars, as a decimal string."),
    returnWindowHours: z.number().int(),
    duplicateWindowDays: z.number().int(),
    defaultCarrierId: id.nullable(),
    defaultCarrierName: z.string().nullable(),
    status: z.enum(LEAD_SOURCE_STATUSES),
    keyLast4: z.string(),
    keyRotatedAt: instant.nullable(),
    createdAt: instant,
  })
  .openapi("LeadSource") satisfies z.ZodType<ReturnType<typeof leadSourceJson>>;

const LeadReturn = z
  .object({
    id,
    applicationId: id,
    leadName: z.string(),
    agentId: id.nullable(),
    agentName: z.string().nullable(),
    sourceId: id.nullable(),
    sourceName: z.string().nullable(),
    reason: z.string(),
    reasonLabel: z.string(),
    notes: z.string().nullable(),
    status: z.enum(LEAD_RETURN_STATUSES),
    decisionNote: z.string().nullable(),
    decidedAt: instant.nullable(),
    decidedByName: z.string().nullable(),
    receivedAt: instant,
    createdAt: instant,
  })
  .openapi("LeadReturn") satisfies z.ZodType<LeadReturnView>;

const ImportStatus = objectWith({
  id,
  status: z.string(),
  total: z.number().int().nullable(),
  processed: z.number().int(),
}).openapi("LeadImport");

export const sourcePaths: Operation[] = [
  {
    method: "get",
    path: "/api/admin/lead-sources",
    tag: sources,
    summary: "The lead sources",
    access: "admin",
    query: leadSourceList.schema,
    answers: { description: "One page of sources, newest first.", list: LeadSource },
  },
  {
    method: "post",
    path: "/api/admin/lead-sources",
    tag: sources,
    summary: "Add a lead source",
    description: "The posting key is answered this once; only its hash is kept.",
    access: "admin",
    body: leadSourceCreateSchema,
    answers: {
      status: 201,
      description: "The source, its posting key and the URL to post leads to.",
      body: z.object({ id, name: z.string(), postingKey: z.string(), postingUrl: z.string().url() }),
    },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/admin/lead-sources/{id}",
    tag: sources,
    summary: "One lead source",
    access: "admin",
    answers: { description: "The source.", body: LeadSource },
  },
  {
    method: "patch",
    path: "/api/admin/lead-sources/{id}",
    tag: sources,
    summary: "Change a lead source, or pause or resume it",
    access: "admin",
    body: leadSourcePatchSchema,
    answers: { description: "The source.", body: LeadSource },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/admin/lead-sources/{id}/rotate-key",
    tag: sources,
    summary: "Give a lead source a new posting key",
    description: "The new key is answered this once; the old one stops working.",
    access: "admin",
    answers: { description: "The new key.", body: z.object({ postingKey: z.string() }) },
  },
  {
    method: "post",
    path: "/api/intake/leads",
    tag: sources,
    summary: "A vendor posts one lead",
    description:
      "Authorised by the source's posting key, never a session. 201 a new lead; 200 a duplicate (`billable: false`) or a repost of an external id (the first answer again). 403 a paused source; 429 over the source's leads a minute.",
    access: "posting-key",
    body: leadIntakeSchema,
    answers: [
      {
        status: 201,
        description: "A new lead.",
        body: z.object({ id, status: z.enum(["assigned", "unassigned"]), agentId: id.nullable() }),
      },
      {
        status: 200,
        description: "A duplicate, or a repost answered as the first time.",
        body: objectWith({ id, status: z.string() }),
      },
    ],
    errors: [403, 429],
  },
  {
    method: "get",
    path: "/api/admin/lead-returns",
    tag: returns,
    summary: "The agents' return requests",
    access: "admin",
    query: leadReturnList.schema,
    answers: { description: "One page of requests.", list: LeadReturn },
  },
  ...(["approve", "deny"] as const).map((decision): Operation => ({
    method: "post",
    path: `/api/admin/lead-returns/{id}/${decision}`,
    tag: returns,
    summary: decision === "approve" ? "Approve a return request" : "Deny a return request",
    description: "A pending request only (409 once decided).",
    access: "admin",
    body: leadReturnDecisionSchema,
    answers: { description: "The request as decided.", body: LeadReturn },
    errors: [409],
  })),
  {
    method: "post",
    path: "/api/admin/leads/import",
    tag: imports,
    summary: "Upload a CSV file of leads to import",
    description: "Keeps the rows and queues the import; its progress at GET /api/admin/imports/{importId}.",
    access: "admin",
    upload: z.object({
      file: z.string().openapi({ format: "binary" }),
      mapping: z.string().optional().describe("JSON: each lead field's column; guessed from the header when left out."),
      sourceId: z.string().optional(),
      distribution: z.string(),
      agentId: z.string().optional(),
    }),
    answers: { status: 202, description: "Queued.", body: z.object({ importId: id }) },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/admin/imports/{id}",
    tag: imports,
    summary: "An import's progress",
    access: "admin",
    answers: { description: "The import.", body: ImportStatus },
  },
  {
    method: "get",
    path: "/api/admin/imports/{id}/rejected.csv",
    tag: imports,
    summary: "The rows an import refused, as CSV",
    description: "Each with its row number, its lead fields as mapped and the reason; 409 until the import ends.",
    access: "admin",
    answers: { description: "The CSV file.", mediaType: "text/csv" },
    errors: [409],
  },
];
