import { z } from "zod";
import { createFlash } from "./flash.server";

// A new API token, carried from the action that made it to the one page load that shows it, as a
// posting key is: in an encrypted, httpOnly cookie read once, never in a URL, a toast's text or a
// log (issue 27 item 4, decision 081).

const shownToken = z.object({ name: z.string(), token: z.string() });

export type ShownApiToken = z.infer<typeof shownToken>;

// Five minutes: long enough for a slow redirect, short enough that a forgotten cookie soon goes.
const apiTokenFlash = createFlash<ShownApiToken>("__api_token", 300, (value) => {
  const parsed = shownToken.safeParse(value);
  return parsed.success ? parsed.data : null;
});

/** The Set-Cookie header that carries the token to the next page load. */
export function apiTokenHeader(value: ShownApiToken) {
  return apiTokenFlash.header(value);
}

/** The token, if one came, and the header that forgets it. */
export function readApiToken(request: Request) {
  return apiTokenFlash.read(request);
}
