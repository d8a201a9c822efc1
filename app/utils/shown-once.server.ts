import { z } from "zod";
import { createFlash } from "./flash.server";

// Secrets shown once: carried from the action that made them to the one page load that shows
// them, in an encrypted, httpOnly cookie read once, never in a URL, a toast's text or a log
// (decisions 061, 079, 081, 083). The banner that shows them is components/ui/secret-once.tsx.

/** A flash of a value read by its schema, kept five minutes: long enough for a slow redirect, short enough that a forgotten cookie soon goes. */
function shownOnceFlash<S extends z.ZodTypeAny>(name: string, schema: S) {
  return createFlash<z.infer<S>>(name, 300, (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as z.infer<S>) : null;
  });
}

/** A lead source's new posting key (Add Source, Rotate key: `rotated`, the old key has just stopped working). */
export const { header: postingKeyHeader, read: readPostingKey } = shownOnceFlash(
  "__posting_key",
  z.object({ sourceName: z.string(), postingKey: z.string(), rotated: z.boolean() }),
);

/** A new personal API token. */
export const { header: apiTokenHeader, read: readApiToken } = shownOnceFlash(
  "__api_token",
  z.object({ name: z.string(), token: z.string() }),
);

/** A new webhook endpoint's signing secret. */
export const { header: webhookSecretHeader, read: readWebhookSecret } = shownOnceFlash(
  "__webhook_secret",
  z.object({ url: z.string(), secret: z.string() }),
);

/** Recovery codes just made (two-factor turned on, or new codes). */
export const { header: recoveryCodesHeader, read: readRecoveryCodes } = shownOnceFlash(
  "__recovery_codes",
  z.array(z.string()).min(1).max(20),
);
