import { createCookie } from "@remix-run/node";
import { env } from "./env.server";
import { SESSION_TTL_MS } from "~/services/sessions.server";

/** The cookie holds only a random session id; the session itself is a database row. */
export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.secureCookies,
  path: "/",
  secrets: [env.sessionSecret],
  maxAge: SESSION_TTL_MS / 1000,
});

export async function readSessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export async function sessionCookieHeader(token: string) {
  return sessionCookie.serialize(token);
}

export async function clearSessionCookieHeader() {
  return sessionCookie.serialize("", { maxAge: 0 });
}

// The client's address. The server's edge (server/request-edge.ts) sets X-Remote-Address on every request from the
// headers it may believe (Fly-Client-IP on Fly, X-Forwarded-For behind a trusted proxy) or the
// socket, so this is the one place an address is read.
function clientIp(request: Request): string | null {
  return request.headers.get("X-Remote-Address");
}

export function requestMeta(request: Request) {
  return { ip: clientIp(request), userAgent: request.headers.get("User-Agent") };
}
