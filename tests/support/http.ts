import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answeringServiceErrors } from "../../server/service-errors";

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/**
 * Calls a route's loader or action the way our server does, with a real Request: the route's own
 * parsing, guards and services run against the test database, and a service's refusal becomes
 * its status as it does in server/start.ts.
 */
export async function callRoute(
  handler: Handler,
  options: {
    method?: string;
    path: string;
    params?: Record<string, string>;
    json?: unknown;
    form?: Record<string, string | string[]>;
    rawBody?: string;
    cookie?: string;
    headers?: Record<string, string>;
  },
): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) {
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
    }
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = params.toString();
  } else if (options.rawBody !== undefined) {
    headers.set("Content-Type", "application/json");
    body = options.rawBody;
  }
  const method = options.method ?? (body ? "POST" : "GET");
  const request = new Request(`http://localhost${options.path}`, { method, headers, body });
  try {
    const result = await answeringServiceErrors(handler)({
      request,
      params: options.params ?? {},
      context: {},
    } as never);
    if (result instanceof Response) return result;
    // Remix's data() helper: turn it into a Response so tests read every answer the same way.
    const maybe = result as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (maybe && maybe.type === "DataWithResponseInit") return Response.json(maybe.data, maybe.init ?? {});
    return Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export async function jsonOf<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export function setCookieOf(response: Response) {
  return response.headers.get("Set-Cookie") ?? "";
}
