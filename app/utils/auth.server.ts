import { redirect, type AppLoadContext } from "@remix-run/node";
import { getSessionUser, type SessionUser } from "~/services/sessions.server";
import { apiError } from "./api.server";
import { readSessionToken } from "./session.server";

/** What the guards need from a loader's or action's arguments. */
export type GuardArgs = { request: Request; context: AppLoadContext };

function lookUpUser(request: Request) {
  return readSessionToken(request).then(getSessionUser);
}

/**
 * The signed-in user, looked up once per request however many loaders ask: Remix hands each
 * loader its own copy of the Request, but one load context, where server/start.ts puts a fresh
 * cache for every request. Without that cache (a test calling one route) it looks up each time.
 * An action's lookup is not cached: the loaders that run after it in the same request look again,
 * so they see what the action changed.
 */
export function getOptionalUser({ request, context }: GuardArgs): Promise<SessionUser | null> {
  const cache = context.requestCache;
  if (!cache || (request.method !== "GET" && request.method !== "HEAD")) return lookUpUser(request);
  return (cache.sessionUser ??= lookUpUser(request));
}

function isApi(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** Signed in, or: a 401 JSON answer for the API, a redirect to /login (and back) for pages. */
export async function requireUser(args: GuardArgs): Promise<SessionUser> {
  const user = await getOptionalUser(args);
  if (user) return user;
  if (isApi(args.request)) throw apiError(401, "Not signed in");
  const url = new URL(args.request.url);
  const back = url.pathname + url.search;
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

async function requireRole(args: GuardArgs, role: SessionUser["role"]) {
  const user = await requireUser(args);
  if (user.role === role) return user;
  if (isApi(args.request)) throw apiError(403, "You do not have access to this");
  throw redirect("/");
}

export const requireAdmin = (args: GuardArgs) => requireRole(args, "admin");

export async function requireAgent(args: GuardArgs) {
  const user = await requireRole(args, "agent");
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
