import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ServiceError, refusalHeaders } from "~/services/errors.server";
import { cleanFormData, cleanInput } from "./clean-input";
import { log } from "./logger.server";
import type { Page } from "./list";

// Personal data is never cached by browsers or proxies, and no answer is sniffed into HTML.
const API_HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

function withApiHeaders(headers: Headers) {
  for (const [key, value] of Object.entries(API_HEADERS)) headers.set(key, value);
  return headers;
}

/** A JSON answer with the API's headers. */
export function apiJson(data: unknown, init: ResponseInit = {}) {
  // With its length known, a small answer is sent as it is: the compression middleware gzips a
  // body of unknown length whatever its size, a zlib stream per answer (decision 067).
  const body = JSON.stringify(data);
  const headers = withApiHeaders(new Headers(init.headers));
  headers.set("Content-Type", "application/json");
  headers.set("Content-Length", String(Buffer.byteLength(body)));
  return new Response(body, { ...init, headers });
}

export function apiError(status: number, error: string, extra: Record<string, unknown> = {}, init: ResponseInit = {}) {
  return apiJson({ error, ...extra }, { ...init, status });
}

/**
 * A list answer: the spec's array body, with the filtered total in X-Total-Count; for a list that
 * counted no further (the lead lists past 1,000, decision 058) the count made and
 * `X-Total-Count-At-Least: true`.
 */
export function apiPage<T, R = T>(page: Page<T>, toJson: (row: T) => R = (row) => row as unknown as R) {
  return apiJson(page.rows.map(toJson), { headers: totalHeaders(page) });
}

/** A list's total headers (see apiPage), for an answer whose body holds more than the rows. */
export function totalHeaders(page: Pick<Page<unknown>, "total" | "totalAtLeast">): Record<string, string> {
  return page.totalAtLeast
    ? { "X-Total-Count": String(page.total), "X-Total-Count-At-Least": "true" }
    : { "X-Total-Count": String(page.total) };
}

/**
 * Reads a JSON body (or a form body, for plain HTML clients); a malformed one is a 400. Its text
 * is cleaned of NUL bytes and lone surrogates, as every route's form is (server/request-body.ts).
 */
export async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await request.formData().catch(() => {
      throw apiError(400, "The form could not be read.");
    });
    return Object.fromEntries(cleanFormData(form));
  }
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return cleanInput(JSON.parse(text));
  } catch {
    throw apiError(400, "Request body must be valid JSON");
  }
}

export function fieldErrorsOf(error: z.ZodError) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** The parsed input, or a 400 whose `error` is the first field's message, with every field's. */
function parsedOr400<T extends z.ZodTypeAny>(schema: T, input: unknown, fallback: string): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  throw apiError(400, Object.values(fieldErrors)[0]?.[0] ?? fallback, { fieldErrors });
}

export async function parseBody<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T>> {
  return parsedOr400(schema, (await readBody(request)) ?? {}, "Invalid input");
}

export function parseQuery<T extends z.ZodTypeAny>(request: Request, schema: T): z.infer<T> {
  return parsedOr400(schema, Object.fromEntries(new URL(request.url).searchParams), "Invalid query");
}

/**
 * Runs an API handler and turns what it throws into the JSON error contract: a ServiceError
 * keeps its status and message, a thrown Response passes through, anything else is a 500
 * whose details stay in the server log.
 */
async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof ServiceError) {
      return apiError(error.status, error.message, error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}, {
        headers: refusalHeaders(error),
      });
    }
    log().error({ err: error }, "API error");
    return apiError(500, "Something went wrong on our side. Please try again.");
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type ApiArgs = LoaderFunctionArgs | ActionFunctionArgs;
export type ApiHandler = (args: ApiArgs) => Promise<Response>;

/**
 * Declares an /api route by its methods:
 *
 *   const api = apiRoute({ GET: ..., PUT: ... });
 *   export const loader = api.loader;
 *   export const action = api.action;
 *
 * (Two plain exports, not a destructuring one: Remix strips server code from the browser build
 * only for exports declared by name.) Another method answers 405 with `Allow`; every error
 * answers `{ error, fieldErrors? }`; every answer carries `Cache-Control: no-store` and
 * `X-Content-Type-Options: nosniff`.
 */
export function apiRoute(handlers: Partial<Record<Method, ApiHandler>>) {
  const methods = Object.keys(handlers) as Method[];
  const allow = [...methods, ...(handlers.GET ? ["HEAD"] : [])].join(", ");
  const dispatch = (args: ApiArgs) =>
    handleApi(async () => {
      const method = args.request.method.toUpperCase();
      const handler = handlers[(method === "HEAD" ? "GET" : method) as Method];
      if (!handler) throw apiError(405, "Method not allowed", {}, { headers: { Allow: allow } });
      return handler(args);
    }).then((response) => {
      withApiHeaders(response.headers);
      return response;
    });
  return { loader: dispatch, action: dispatch };
}
