import { createCookie } from "@remix-run/node";
import { CHALLENGE_TTL_MS } from "~/services/two-factor-challenges.server";
import { env } from "./env.server";

/**
 * The sign-in's two-factor challenge between /login and /login/two-factor: a signed, httpOnly
 * cookie that lives as long as the challenge, so the token is never in a URL or the page.
 */
const challengeCookie = createCookie("__two_factor", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.secureCookies,
  path: "/login",
  secrets: [env.sessionSecret],
  maxAge: CHALLENGE_TTL_MS / 1000,
});

export async function readChallengeToken(request: Request): Promise<string | null> {
  const value = await challengeCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export async function challengeCookieHeader(token: string) {
  return challengeCookie.serialize(token);
}

export async function clearChallengeCookieHeader() {
  return challengeCookie.serialize("", { maxAge: 0 });
}

/** The second step's page, keeping where the sign-in goes next. */
export function twoFactorPath(redirectTo: string | undefined) {
  return redirectTo ? `/login/two-factor?redirectTo=${encodeURIComponent(redirectTo)}` : "/login/two-factor";
}
