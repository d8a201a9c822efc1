import { createCookie } from "@remix-run/node";
import { decrypt, encrypt } from "./crypto.server";
import { env } from "./env.server";

/**
 * A value carried across one redirect (post/redirect/get) and read once. Encrypted, not only
 * signed: flashes carry values shown once (a temporary password, a reset link) or personal data
 * (an email), which must not be readable from the cookie.
 */
export function createFlash<T>(name: string, maxAgeSeconds: number, accept: (value: unknown) => T | null) {
  const cookie = createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
    path: "/",
    secrets: [env.sessionSecret],
    maxAge: maxAgeSeconds,
  });

  function open(raw: unknown): T | null {
    if (typeof raw !== "string" || !raw) return null;
    try {
      return accept(JSON.parse(decrypt(raw)));
    } catch {
      return null;
    }
  }

  return {
    /** The Set-Cookie header that carries the value to the next request. */
    header(value: T) {
      return cookie.serialize(encrypt(JSON.stringify(value)));
    },
    /** The value, if one came, and the header that forgets it. */
    async read(request: Request): Promise<{ value: T | null; clearHeader: string | null }> {
      const raw = await cookie.parse(request.headers.get("Cookie"));
      if (!raw) return { value: null, clearHeader: null };
      return { value: open(raw), clearHeader: await cookie.serialize("", { maxAge: 0 }) };
    },
  };
}
