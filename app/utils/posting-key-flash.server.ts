import { z } from "zod";
import { createFlash } from "./flash.server";

// A lead source's new posting key, carried from the action that made it (Add Source, Rotate key)
// to the one page load that shows it, as the temporary password is: in an encrypted, httpOnly
// cookie read once, never in a URL, a toast's text or a log (issue 24 item 1, decision 061).

const shownKey = z.object({
  sourceName: z.string(),
  postingKey: z.string(),
  /** Made by rotation (the old key has just stopped working), not with a new source. */
  rotated: z.boolean(),
});

export type ShownPostingKey = z.infer<typeof shownKey>;

// Five minutes: long enough for a slow redirect, short enough that a forgotten cookie soon goes.
const postingKeyFlash = createFlash<ShownPostingKey>("__posting_key", 300, (value) => {
  const parsed = shownKey.safeParse(value);
  return parsed.success ? parsed.data : null;
});

/** The Set-Cookie header that carries the key to the next page load. */
export function postingKeyHeader(value: ShownPostingKey) {
  return postingKeyFlash.header(value);
}

/** The key, if one came, and the header that forgets it. */
export function readPostingKey(request: Request) {
  return postingKeyFlash.read(request);
}
