import { extendZodWithOpenApi, type OpenAPIRegistry, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z, type AnyZodObject, type ZodTypeAny } from "zod";

export { z };

// The pieces every path file uses (see document.server.ts for how to add a route). The document
// is generated from the same zod schemas the routes parse with, so `.openapi()` must exist on
// every zod type before a path file runs: this module extends zod once, and every path file
// imports this module.
extendZodWithOpenApi(z);

/** Every refusal of every /api route (apiRoute in app/utils/api.server.ts). */
const ErrorBody = z
  .object({
    error: z.string().min(1).describe("What went wrong, in words a person can read."),
    fieldErrors: z
      .record(z.array(z.string()))
      .optional()
      .describe("For bad input (400): each field at fault (a dotted path) with its messages."),
  })
  .openapi("Error");

/**
 * The refusals an operation may answer, each the Error shape. 400 bad input naming the field, 401
 * signed out (or an unknown, expired or revoked token), 403 the wrong role or a read token on a
 * write, 404 what the caller may not see (another agent's lead included), 405 another method (with
 * Allow), 409 a business rule, 413 a body too large, 415 a body that is not JSON or a form, 429 too
 * many attempts (with Retry-After).
 */
const ERROR_ANSWERS = {
  400: "Bad input: `error` is the first field's message, `fieldErrors` every field's.",
  401: "Not signed in, or the session or API token is unknown, expired or revoked.",
  403: "Signed in, but not allowed: the wrong role, an admin without a second factor (`two_factor_required`), or a read-only token on a write.",
  404: "Not found, or not the caller's to see.",
  405: "Another method than the path's: the Allow header lists them.",
  409: "Refused by a business rule (the message says which).",
  413: "The body is too large.",
  415: "The body is neither JSON nor a form.",
  429: "Too many attempts: wait the Retry-After seconds.",
} as const;
type ErrorStatus = keyof typeof ERROR_ANSWERS;

/** Who may call an operation; it decides the security requirement and the 401/403 answers. */
type Access =
  /** Anyone, no session. */
  | "public"
  /** Any signed-in user, agent or admin. */
  | "user"
  /** A signed-in agent (an admin gets 403). */
  | "agent"
  /** A signed-in admin (an agent gets 403). */
  | "admin"
  /** A lead source's posting key as `Authorization: Bearer <postingKey>`, never a session. */
  | "posting-key";

const TOTAL_HEADERS = z.object({
  "X-Total-Count": z.string().regex(/^\d+$/).describe("The filtered total (the count made, when capped)."),
  "X-Total-Count-At-Least": z
    .literal("true")
    .optional()
    .describe("Present when the total was counted no further: more rows match."),
});

/** A JSON body the route also reads as a form (`application/x-www-form-urlencoded`), as readBody does. */
function jsonOrForm(schema: ZodTypeAny) {
  return {
    required: true,
    content: {
      "application/json": { schema },
      "application/x-www-form-urlencoded": { schema },
    },
  };
}

type SuccessStatus = 200 | 201 | 202 | 204;

type Answer =
  /** A JSON body. */
  | { status?: SuccessStatus; description: string; body: ZodTypeAny; headers?: AnyZodObject }
  /** A page of a list: the array body, the total in X-Total-Count (apiPage). */
  | { status?: SuccessStatus; description: string; list: ZodTypeAny }
  /** Another media type (a CSV attachment) or no body. */
  | { status?: SuccessStatus; description: string; mediaType?: string; text?: boolean };

export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** The URL with `{name}` path parameters: "/api/admin/lead-sources/{id}". */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The path parameters; left out, each `{name}` of the path is a string. */
  params?: AnyZodObject;
  /** The route's own query schema (parseQuery), a zod object or its refinement. */
  query?: ZodTypeAny;
  /** The route's own body schema (parseBody); read from JSON or a form. */
  body?: ZodTypeAny;
  /** A file upload instead: the body is `multipart/form-data` of these fields. */
  upload?: ZodTypeAny;
  /** The successful answers, by status (200 when left out). */
  answers: Answer | Answer[];
  /**
   * Refusals beyond the ones the access and inputs imply (401/403 from `access`, 400 from a query
   * or body, 404 from a path parameter).
   */
  errors?: ErrorStatus[];
};

/**
 * The object of query fields under a route's query schema: its refinements and transforms
 * unwrapped, and the two sides of an intersection (a list's paging `.and` its filters) merged, so
 * each field is one documented parameter with the route's own validation.
 */
function queryObjectOf(schema: ZodTypeAny): AnyZodObject {
  if (schema instanceof z.ZodObject) {
    // A field that must be left out (z.undefined(): an agent's list refuses an agentId) is no parameter.
    const refused = Object.keys(schema.shape as z.ZodRawShape).filter((key) => {
      const field = (schema.shape as z.ZodRawShape)[key]!;
      return field instanceof z.ZodUndefined || field instanceof z.ZodNever;
    });
    return refused.length ? schema.omit(Object.fromEntries(refused.map((key) => [key, true]))) : schema;
  }
  if (schema instanceof z.ZodEffects) return queryObjectOf(schema.innerType());
  if (schema instanceof z.ZodPipeline) return queryObjectOf(schema._def.in);
  if (schema instanceof z.ZodIntersection)
    return queryObjectOf(schema._def.left).merge(queryObjectOf(schema._def.right));
  throw new Error(
    `A query schema must be a zod object (or its refinement, pipeline or intersection), not ${schema._def.typeName}`,
  );
}

function pathParamsOf(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, z.string().min(1)])));
}

function successOf(answer: Answer) {
  if ("body" in answer) {
    return {
      description: answer.description,
      headers: answer.headers,
      content: { "application/json": { schema: answer.body } },
    };
  }
  if ("list" in answer) {
    return {
      description: answer.description,
      headers: TOTAL_HEADERS,
      content: { "application/json": { schema: z.array(answer.list) } },
    };
  }
  if (!answer.mediaType) return { description: answer.description };
  return { description: answer.description, content: { [answer.mediaType]: { schema: z.string() } } };
}

function errorsOf(operation: Operation): ErrorStatus[] {
  const implied: ErrorStatus[] = [];
  if (operation.query || operation.body || operation.upload) implied.push(400);
  if (operation.access !== "public") implied.push(401);
  if (operation.access === "agent" || operation.access === "admin") implied.push(403);
  if (/\{\w+\}/.test(operation.path)) implied.push(404);
  if (operation.body || operation.upload) implied.push(413, 415);
  return [...new Set([...implied, ...(operation.errors ?? [])])].sort((a, b) => a - b);
}

const SESSION_OR_TOKEN: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [] }];

/** Registers the security schemes and the shared error shape; called once per document. */
export function registerShared(registry: OpenAPIRegistry) {
  registry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: "__session",
    description: "The session cookie POST /api/auth/login sets (HttpOnly; Secure in production).",
  });
  registry.registerComponent("securitySchemes", "bearerToken", {
    type: "http",
    scheme: "bearer",
    description:
      "A personal API token (`Authorization: Bearer <token>`, created at /api/tokens) with its user's permissions; a read token is refused writes (403). Never accepted on pages.",
  });
  registry.registerComponent("securitySchemes", "postingKey", {
    type: "http",
    scheme: "bearer",
    description: "A lead source's posting key (`Authorization: Bearer <postingKey>`), for POST /api/intake/leads only.",
  });
  registry.register("Error", ErrorBody);
}

/** Adds one operation of one route file to the document. */
export function addOperation(registry: OpenAPIRegistry, operation: Operation) {
  const answers = Array.isArray(operation.answers) ? operation.answers : [operation.answers];
  const responses: RouteConfig["responses"] = {};
  for (const answer of answers) responses[String(answer.status ?? 200)] = successOf(answer);
  for (const status of errorsOf(operation)) {
    responses[String(status)] = {
      description: ERROR_ANSWERS[status],
      content: { "application/json": { schema: ErrorBody } },
    };
  }
  const security =
    operation.access === "public" ? [] : operation.access === "posting-key" ? [{ postingKey: [] }] : SESSION_OR_TOKEN;
  registry.registerPath({
    method: operation.method,
    path: operation.path,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    operationId: operationIdOf(operation.method, operation.path),
    security,
    request: {
      params: operation.params ?? pathParamsOf(operation.path),
      query: operation.query ? queryObjectOf(operation.query) : undefined,
      body: operation.body
        ? jsonOrForm(operation.body)
        : operation.upload
          ? { required: true, content: { "multipart/form-data": { schema: operation.upload } } }
          : undefined,
    },
    responses,
  });
}

/** "get /api/admin/lead-sources/{id}" is "getAdminLeadSourcesById": unique and stable. */
function operationIdOf(method: string, path: string) {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[/.\-_]/)
    .filter(Boolean)
    .map((word) => {
      const param = /^\{(\w+)\}$/.exec(word);
      return param ? `By${param[1]![0]!.toUpperCase()}${param[1]!.slice(1)}` : word;
    });
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}
