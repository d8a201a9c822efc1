import { data, redirect, type AppLoadContext } from "@remix-run/node";
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

/**
 * An answer that is not a redirect (a form to fix, a refused change) and also shows a toast. With
 * JavaScript the page's loaders run in a request of their own after the action's, and read the
 * toast from its cookie. A browser's own post (no JavaScript, `Sec-Fetch-Mode: navigate`) renders
 * the page in the same request as the action, so the root loader takes the toast from the load
 * context instead; a cookie then would show it a second time on the next page. Without a load
 * context (a caller that has none) such a post shows no toast rather than a late one.
 */
export async function dataWithToast<T>(
  { request, context }: { request: Request; context?: AppLoadContext },
  value: T,
  toast: z.input<typeof toastSchema>,
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  if (request.headers.get("Sec-Fetch-Mode") === "navigate") {
    if (context) context.actionToast = toastSchema.parse(toast);
  } else {
    headers.append("Set-Cookie", await toastHeader(toast));
  }
  return data(value, { ...init, headers });
}

/** Reads the flash message once and returns the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const { value, clearHeader } = await toastFlash.read(request);
  return { toast: value, clearHeader };
}
