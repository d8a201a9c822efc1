import { redirect } from "@remix-run/node";
import { z } from "zod";
import { createFlash } from "./flash.server";

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

const toastFlash = createFlash<Toast>("__toast", 60, (value) => {
  const parsed = toastSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
});

function toastHeader(toast: z.input<typeof toastSchema>) {
  return toastFlash.header(toastSchema.parse(toast));
}

/** Post/redirect/get with a flash message; works the same with and without JavaScript. */
export async function redirectWithToast(url: string, toast: z.input<typeof toastSchema>, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the flash message once and returns the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const { value, clearHeader } = await toastFlash.read(request);
  return { toast: value, clearHeader };
}
