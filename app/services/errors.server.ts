import type { z } from "zod";

/**
 * A business-rule failure a service reports to its caller. Routes turn it into a page message
 * or a JSON error with the same status, so pages and the API agree. Callers decide by `code`
 * (or status), never by the message text, which is for people.
 */
export type ServiceErrorCode =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "invalid_credentials"
  | "account_pending"
  | "account_paused"
  | "account_rejected";

const CODE_BY_STATUS = {
  400: "invalid",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  429: "rate_limited",
} as const satisfies Record<ServiceError["status"], ServiceErrorCode>;

export class ServiceError extends Error {
  public code: ServiceErrorCode;
  /** A 429's wait before a try can pass, in whole seconds, when the service knows it (Retry-After). */
  public retryAfterSeconds?: number;

  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 429,
    message: string,
    public fieldErrors?: Record<string, string[]>,
    code?: ServiceErrorCode,
  ) {
    super(message);
    this.name = "ServiceError";
    this.code = code ?? CODE_BY_STATUS[status];
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new ServiceError(400, message, fieldErrors);
export const notFound = (message = "Not found") => new ServiceError(404, message);
export const forbidden = (message = "You do not have access to this") => new ServiceError(403, message);
export const conflict = (message: string) => new ServiceError(409, message);

/** A 429 that knows its wait: `waitMs` rounded up to whole seconds, at least one. */
export function tooManyAttempts(message: string, waitMs: number) {
  const error = new ServiceError(429, message);
  error.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return error;
}

/** The headers a refusal's answer carries, page or API: Retry-After for a 429 that knows its wait. */
export function refusalHeaders(error: Pick<ServiceError, "retryAfterSeconds">): Record<string, string> {
  return error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
}

/**
 * What a service that may be handed anything (a page's form, an API body) accepts: the input as
 * `schema` reads it, or a 400 whose message is the first field's, with every field's messages.
 */
export function validInput<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const read = readInput(schema, input);
  if ("refusal" in read) throw read.refusal;
  return read.data;
}

/**
 * validInput's answer without the throw, for a service that reads many inputs at once (an import's
 * batch of leads): the input as `schema` reads it, or the 400 validInput would throw for it.
 */
export function readInput<S extends z.ZodTypeAny>(
  schema: S,
  input: unknown,
): { data: z.output<S> } | { refusal: ServiceError } {
  const result = schema.safeParse(input ?? {});
  if (result.success) return { data: result.data as z.output<S> };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fieldErrors[issue.path.join(".") || "_form"] ??= []).push(issue.message);
  return { refusal: badRequest(Object.values(fieldErrors)[0]?.[0] ?? "Invalid input", fieldErrors) };
}
