import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import { decrypt, encrypt } from "./crypto.server";
import { env } from "./env.server";

const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
  /** Shown longer than usual, e.g. the temporary password (10 s) or a sale (6 s). */
  durationMs: z.number().optional(),
  /** A value the user may copy, such as a reset link shown once. */
  copyValue: z.string().optional(),
});

export type Toast = z.infer<typeof toastSchema>;

const toastCookie = createCookie("__toast", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.secureCookies,
  path: "/",
  secrets: [env.sessionSecret],
  maxAge: 60,
});

/**
 * The flash is encrypted, not only signed: it can carry a value shown once, such as a temporary
 * password or a reset link, which must not be readable from the cookie.
 */
export async function toastHeader(toast: z.input<typeof toastSchema>) {
  return toastCookie.serialize(encrypt(JSON.stringify(toastSchema.parse(toast))));
}

function openToast(raw: unknown): unknown {
  if (typeof raw !== "string") return null;
  try {
    return JSON.parse(decrypt(raw));
  } catch {
    return null;
  }
}

/** Post/redirect/get with a flash message; works the same with and without JavaScript. */
export async function redirectWithToast(url: string, toast: z.input<typeof toastSchema>, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the flash message once and returns the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const raw = await toastCookie.parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(openToast(raw));
  if (!raw) return { toast: null, clearHeader: null };
  return {
    toast: parsed.success ? parsed.data : null,
    clearHeader: await toastCookie.serialize("", { maxAge: 0 }),
  };
}
