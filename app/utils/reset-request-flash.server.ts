import { createCookie } from "@remix-run/node";
import { env } from "./env.server";

/**
 * After a reset request the confirmation shows the email the visitor typed. It travels in a
 * short-lived signed cookie read once (post/redirect/get), not in the URL, so the address stays
 * out of history, bookmarks and shared links.
 */
const sentCookie = createCookie("__reset_sent", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.secureCookies,
  path: "/",
  secrets: [env.sessionSecret],
  maxAge: 10 * 60,
});

export function rememberSentEmail(email: string) {
  return sentCookie.serialize(email);
}

/** The email of the request just sent, if any, and the header that forgets it. */
export async function readSentEmail(request: Request) {
  const value = await sentCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || !value) return { email: null, clearHeader: null };
  return { email: value, clearHeader: await sentCookie.serialize("", { maxAge: 0 }) };
}
