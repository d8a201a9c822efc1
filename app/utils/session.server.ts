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

/** The client's address as the proxy in front of us (Fly.io) reports it. */
function clientIp(request: Request): string | null {
  const forwarded = request.headers.get("Fly-Client-IP") ?? request.headers.get("X-Forwarded-For");
  if (forwarded) return forwarded.split(",")[0]!.trim();
  return request.headers.get("X-Remote-Address");
}

export function requestMeta(request: Request) {
  return { ip: clientIp(request), userAgent: request.headers.get("User-Agent") };
}
