import { z } from "zod";
import { ServiceError } from "~/services/errors.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** A JSON answer; personal data is never cached by browsers or proxies. */
export function apiJson(data: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const [key, value] of Object.entries(NO_STORE)) headers.set(key, value);
  return Response.json(data, { ...init, headers });
}

export function apiError(status: number, error: string, extra: Record<string, unknown> = {}) {
  return apiJson({ error, ...extra }, { status });
}

/** Reads a JSON body (or a form body, for plain HTML clients); a malformed one is a 400. */
export async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    return Object.fromEntries(await request.formData());
  }
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
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

export async function parseBody<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T>> {
  const body = await readBody(request);
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error);
    const first = Object.values(fieldErrors)[0]?.[0] ?? "Invalid input";
    throw apiError(400, first, { fieldErrors });
  }
  return result.data;
}

export function parseQuery<T extends z.ZodTypeAny>(request: Request, schema: T): z.infer<T> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const result = schema.safeParse(params);
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error);
    throw apiError(400, Object.values(fieldErrors)[0]?.[0] ?? "Invalid query", { fieldErrors });
  }
  return result.data;
}

/**
 * Runs an API handler and turns what it throws into the JSON error contract: a ServiceError
 * keeps its status and message, a thrown Response passes through, anything else is a 500
 * whose details stay in the server log.
 */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof ServiceError) {
      return apiError(error.status, error.message, error.fieldErrors ? { fieldErrors: error.fieldErrors } : {});
    }
    console.error("API error:", error instanceof Error ? error.message : "unknown");
    return apiError(500, "Something went wrong on our side. Please try again.");
  }
}

export const pagingSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
