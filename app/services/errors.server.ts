/**
 * A business-rule failure a service reports to its caller. Routes turn it into a page message
 * or a JSON error with the same status, so pages and the API agree.
 */
export class ServiceError extends Error {
  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 429,
    message: string,
    public fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new ServiceError(400, message, fieldErrors);
export const notFound = (message = "Not found") => new ServiceError(404, message);
export const forbidden = (message = "You do not have access to this") => new ServiceError(403, message);
export const conflict = (message: string) => new ServiceError(409, message);
