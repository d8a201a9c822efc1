import { redirect } from "@remix-run/node";
import { getSessionUser, type SessionUser } from "~/services/sessions.server";
import { apiError } from "./api.server";
import { readSessionToken } from "./session.server";

// One lookup per request, however many loaders ask.
const cache = new WeakMap<Request, Promise<SessionUser | null>>();

export function getOptionalUser(request: Request) {
  let pending = cache.get(request);
  if (!pending) {
    pending = readSessionToken(request).then(getSessionUser);
    cache.set(request, pending);
  }
  return pending;
}

function isApi(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** Signed in, or: a 401 JSON answer for the API, a redirect to /login (and back) for pages. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user) return user;
  if (isApi(request)) throw apiError(401, "Not signed in");
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

async function requireRole(request: Request, role: SessionUser["role"]) {
  const user = await requireUser(request);
  if (user.role === role) return user;
  if (isApi(request)) throw apiError(403, "You do not have access to this");
  throw redirect("/");
}

export const requireAdmin = (request: Request) => requireRole(request, "admin");

export async function requireAgent(request: Request) {
  const user = await requireRole(request, "agent");
  return user as SessionUser & { agent: NonNullable<SessionUser["agent"]> };
}

export function dashboardPathFor(user: Pick<SessionUser, "role">) {
  return user.role === "admin" ? "/admin/dashboard" : "/agent/dashboard";
}

/** Only same-site paths are followed after sign-in, never another host. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

export function invariantResponse(
  condition: unknown,
  message: string,
  init: { status?: number } = {},
): asserts condition {
  if (!condition) throw new Response(message, { status: init.status ?? 404 });
}
