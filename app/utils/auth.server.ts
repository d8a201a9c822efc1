import { redirect, type AppLoadContext } from "@remix-run/node";
import { userFromBearerToken } from "~/services/api-tokens.server";
import { getSessionUser, type SessionUser } from "~/services/sessions.server";
import { apiError } from "./api.server";
import { setLogUser } from "./logger.server";
import { readSessionToken, requestMeta } from "./session.server";

/** What the guards need from a loader's or action's arguments. */
export type GuardArgs = { request: Request; context: AppLoadContext };

// The request's log lines carry the user's id from here on (app/utils/logger.server.ts).
async function lookUpUser(request: Request) {
  const token = isApi(request) ? bearerToken(request) : null;
  const user = token ? await apiTokenUser(request, token) : await getSessionUser(await readSessionToken(request));
  if (user) setLogUser(user.id);
  return user;
}

/** The token of `Authorization: Bearer <token>`, or null when the header says something else. */
export function bearerToken(request: Request) {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
}

/**
 * A personal API token stands for its user on /api paths only (decision 081), whatever cookie
 * comes with it; a page request with only a token is signed out. A refused token is answered at
 * once (401 unknown, revoked or expired; 403 read-only or barred; 429 with Retry-After).
 */
async function apiTokenUser(request: Request, token: string) {
  const answer = await userFromBearerToken(token, request.method, new URL(request.url).pathname, requestMeta(request));
  if ("user" in answer) return answer.user;
  const { status, message, retryAfterSeconds } = answer.refusal;
  const headers: Record<string, string> = retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {};
  throw apiError(status, message, {}, { headers });
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
  if (user) {
    requireAdminSecondFactor(user, args.request);
    return user;
  }
  if (isApi(args.request)) throw apiError(401, "Not signed in");
  const url = new URL(args.request.url);
  const back = url.pathname + url.search;
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/** Where an administrator without a second factor may go: enrolment, and signing out. */
const ENROLMENT_PAGES = ["/account/security", "/logout"];
const ENROLMENT_API = ["/api/auth/me", "/api/auth/logout"];
const ENROLMENT_API_PREFIX = "/api/auth/two-factor/";

/**
 * Administrators must have a second factor (issue 27, decision 079): until they enrol, every page
 * but the enrolment sends them there and the API answers 403 `two_factor_required`. The gate is in
 * the guard every loader, action and /api route calls, so no admin page or route can miss it.
 */
function requireAdminSecondFactor(user: SessionUser, request: Request) {
  if (user.role !== "admin" || user.twoFactorEnabled) return;
  // A data request's URL has ".data"; a trailing slash is the same page.
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "");
  if (isApi(request)) {
    if (ENROLMENT_API.includes(path) || path.startsWith(ENROLMENT_API_PREFIX)) return;
    throw apiError(403, "Administrators must turn on two-factor sign-in first", { code: "two_factor_required" });
  }
  if (!ENROLMENT_PAGES.includes(path)) throw redirect("/account/security");
}

async function requireRole(args: GuardArgs, role: SessionUser["role"]) {
  const user = await requireUser(args);
  if (user.role === role) return user;
  if (isApi(args.request)) throw apiError(403, "You do not have access to this");
  throw redirect("/");
}

export const requireAdmin = (args: GuardArgs) => requireRole(args, "admin");

/** The pages an agent whose setup is not complete may open; every other agent page sends them there. */
const SETUP_PATHS = ["/agent/setup", "/agent/carrier-setup"];

/**
 * Signed in as an agent. For pages, an agent whose setup is not complete is sent to the setup
 * (the spec's "on every path"): the gate is here, in the guard every agent loader and action
 * calls, and not only in the layout's loader, because a data request can ask for one child
 * route's loader alone (`/agent/dashboard.data?_routes=...`) and the layout's never runs.
 * The /api routes stay open to it: the setup itself is saved through them.
 */
export async function requireAgent(args: GuardArgs) {
  const user = (await requireRole(args, "agent")) as SessionUser & { agent: NonNullable<SessionUser["agent"]> };
  if (!isApi(args.request) && !isSetupPath(args.request)) sendAgentInSetupToSetup(user);
  return user;
}

/** The setup gate itself, for the pages outside the agent portal that it covers too (the landing page). */
export function sendAgentInSetupToSetup(user: SessionUser | null) {
  if (user?.role === "agent" && user.agent && !user.agent.setupComplete) throw redirect("/agent/setup");
}

/**
 * Signed in as an administrator, or as an agent who has finished setup: the pages both roles
 * open (a lead's page, the notifications). An agent in setup is sent there, as on every agent page.
 */
export async function requirePortalUser(args: GuardArgs): Promise<SessionUser> {
  const user = await requireUser(args);
  return user.role === "agent" ? requireAgent(args) : user;
}

function isSetupPath(request: Request) {
  // Remix hands loaders a data request's URL without ".data"; a trailing slash is the same page.
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "");
  return SETUP_PATHS.includes(path);
}

export function dashboardPathFor(user: Pick<SessionUser, "role">) {
  return user.role === "admin" ? "/admin/dashboard" : "/agent/dashboard";
}

// A path of this site: one leading "/", then printable ASCII only (a browser sends its paths
// percent-encoded), so no tab, CR, LF or other control character and nothing a Location header
// cannot carry.
const SITE_PATH = /^\/[\x21-\x7e]*$/;

function hasControlCharacter(text: string) {
  return [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/**
 * The redirect target taken from input (a form's or the URL's redirectTo) when it is a path of this
 * site, else the fallback. Browsers read "//host" and "/\\host" as another site, and drop tabs and
 * newlines before deciding ("/\t/host" is "//host"), so the path part, also once %-decoded, may
 * hold no "//", no backslash and no control character. Every redirect to input goes through here.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (typeof to !== "string" || !SITE_PATH.test(to) || to.includes("\\")) return fallback;
  const path = to.split(/[?#]/, 1)[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return fallback;
  }
  for (const part of [path, decoded]) {
    if (part.includes("//") || part.includes("\\") || hasControlCharacter(part)) return fallback;
  }
  return to;
}
