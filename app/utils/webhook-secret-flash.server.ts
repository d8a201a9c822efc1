import { z } from "zod";
import { createFlash } from "./flash.server";

// A new webhook endpoint's signing secret, carried from Add Endpoint to the one page load that
// shows it, as a lead source's posting key is: in an encrypted, httpOnly cookie read once, never
// in a URL, a toast's text or a log (issue 27 item 6, decision 083).

const shownSecret = z.object({ url: z.string(), secret: z.string() });

export type ShownWebhookSecret = z.infer<typeof shownSecret>;

// Five minutes: long enough for a slow redirect, short enough that a forgotten cookie soon goes.
const webhookSecretFlash = createFlash<ShownWebhookSecret>("__webhook_secret", 300, (value) => {
  const parsed = shownSecret.safeParse(value);
  return parsed.success ? parsed.data : null;
});

/** The Set-Cookie header that carries the secret to the next page load. */
export function webhookSecretHeader(value: ShownWebhookSecret) {
  return webhookSecretFlash.header(value);
}

/** The secret, if one came, and the header that forgets it. */
export function readWebhookSecret(request: Request) {
  return webhookSecretFlash.read(request);
}
