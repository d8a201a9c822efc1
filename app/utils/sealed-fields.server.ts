import { SENSITIVE_FIELDS, keptEndings, type KeptNumbers } from "~/domain/schemas/application-fields";
import { ServiceError } from "~/services/errors.server";
import { countAttempt, type LimitRule } from "~/services/rate-limits.server";
import { decrypt, encrypt } from "./crypto.server";

/**
 * Form values the server must not write back into a page as text (an SSN, a card number) but
 * that a page without JavaScript still has to carry from one round trip to the next: they travel
 * as one sealed hidden field, AES-256-GCM with the app's DATA_ENCRYPTION_KEY (crypto.server.ts),
 * readable and changeable by no one but this server, and only for a short while. See
 * docs/decisions/015-sensitive-fields-across-round-trips.md.
 */

/**
 * How long sealed values are good for: long enough to finish a long form, short enough to forget.
 * @internal Exported for tests.
 */
export const SEAL_LIFETIME_MS = 30 * 60_000;

// Tells these payloads apart from every other value encrypted with the same key (the SSNs and
// card numbers at rest), so no other ciphertext can be passed off as a sealed field.
const PURPOSE = "sealed-form-fields:v2";
// Longer than any number these fields take: not worth carrying (the body limit bounds it anyway).
const MAX_VALUE_LENGTH = 64;

/**
 * A seal is good once (its id is recorded when it is used, in the database so that it holds across
 * app machines), for 30 minutes, and only for the submission it came from (`binding`: the public
 * form's chosen agent, or the lead and user of an edit). Otherwise a copy of the page's hidden field
 * could be posted again, to another agent, who could then reveal the numbers.
 */
const SEAL_USES: LimitRule = {
  kind: "sealed-fields",
  max: 1,
  windowMs: SEAL_LIFETIME_MS,
  message: "This seal has been used.",
};

type Payload = { purpose: string; id: string; binding: string; expiresAt: number; values: Record<string, string> };

/**
 * The non-empty values of `names` in a form, sealed for `binding`; null when there is nothing to keep.
 * @internal Exported for tests, which seal numbers as a page would.
 */
export function sealFields(
  formData: FormData,
  names: readonly string[],
  binding: string,
  now = Date.now(),
): { sealed: string; values: Record<string, string> } | null {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = formData.get(name);
    if (typeof value === "string" && value.trim() && value.trim().length <= MAX_VALUE_LENGTH) {
      values[name] = value.trim();
    }
  }
  if (Object.keys(values).length === 0) return null;
  const payload: Payload = {
    purpose: PURPOSE,
    id: crypto.randomUUID(),
    binding,
    expiresAt: now + SEAL_LIFETIME_MS,
    values,
  };
  return { sealed: encrypt(JSON.stringify(payload)), values };
}

/** Why a seal that was posted keeps nothing; null when none was posted or it was good. */
type SealRefusal = "expired" | "refused" | null;

/**
 * Reads a sealed field back: its values, or none when it is missing, altered, forged, out of date
 * or sealed for another submission than the `accepted` bindings. Does not use the seal up
 * (restoreSealedFields).
 */
function unsealFields(
  sealed: unknown,
  names: readonly string[],
  accepted: readonly string[],
  now = Date.now(),
): { values: Record<string, string>; id: string | null; refusal: SealRefusal } {
  const none = (refusal: SealRefusal) => ({ values: {}, id: null, refusal });
  if (typeof sealed !== "string" || sealed === "") return none(null);
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(decrypt(sealed)) as Partial<Payload>;
  } catch {
    return none("refused");
  }
  if (payload.purpose !== PURPOSE || typeof payload.id !== "string" || !accepted.includes(payload.binding ?? "")) {
    return none("refused");
  }
  if (typeof payload.expiresAt !== "number" || payload.expiresAt <= now) return none("expired");
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = payload.values?.[name];
    if (typeof value === "string") values[name] = value;
  }
  return { values, id: payload.id, refusal: null };
}

/**
 * Fills each of `names` the prospect left empty from the sealed field, so what they typed before
 * counts unless they typed something new. The sealed field is removed from the form and the seal
 * used up: posted a second time it keeps nothing. `forgotten` is what to tell the user when a seal
 * was posted but kept nothing.
 */
export async function restoreSealedFields(
  formData: FormData,
  sealedName: string,
  names: readonly string[],
  accepted: readonly string[],
  now = Date.now(),
): Promise<{ forgotten: string | null }> {
  const { values, id, refusal } = unsealFields(formData.get(sealedName), names, accepted, now);
  formData.delete(sealedName);
  if (refusal) return { forgotten: refusal === "expired" ? NUMBERS_FORGOTTEN : NUMBERS_NOT_KEPT };
  if (!id) return { forgotten: null };
  try {
    await countAttempt(SEAL_USES, [id]);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 429) return { forgotten: NUMBERS_NOT_KEPT };
    throw error;
  }
  for (const [name, value] of Object.entries(values)) {
    const typed = formData.get(name);
    if (typeof typed !== "string" || typed.trim() === "") formData.set(name, value);
  }
  return { forgotten: null };
}

/**
 * The sensitive numbers of an application form's post (SSN, bank and card numbers, CVV), sealed
 * for the next round trip of the same submission (`binding`), with what the page may show of them
 * (their last four); null when none were typed. The public form and the lead edit both answer with it.
 */
export function keepSensitiveNumbers(
  formData: FormData,
  binding: string,
): { sealed: string; endings: KeptNumbers } | null {
  const kept = sealFields(formData, SENSITIVE_FIELDS, binding);
  return kept ? { sealed: kept.sealed, endings: keptEndings(kept.values) } : null;
}

/** What a public application's numbers are sealed for: the agent it goes to. */
export function publicApplicationBinding(formData: FormData) {
  return `public-application:${String(formData.get("agentId") ?? "").trim()}`;
}

/**
 * The seals a public application's post takes: those for its agent, and those made before any
 * agent was chosen (a prospect often types the SSN first and picks the agent last). Such a seal
 * goes to the first agent named and, being good once, to that agent only; its answer is sealed for them.
 */
export function publicApplicationBindings(formData: FormData) {
  return [publicApplicationBinding(formData), PUBLIC_APPLICATION_ANY_AGENT];
}

/**
 * The binding of numbers kept for no agent yet: before one is chosen, or after the server refused
 * the chosen one (not taking applications, not licensed in the prospect's state), so the prospect
 * can pick another agent without typing the numbers again. Good once, like every seal.
 */
export const PUBLIC_APPLICATION_ANY_AGENT = "public-application:";

/** What a lead edit's numbers are sealed for: that lead, edited by that user. */
export function leadEditBinding(leadId: string, userId: string) {
  return `lead-edit:${leadId}:${userId}`;
}

/**
 * Why the sensitive boxes came back empty after a seal ran out.
 * @internal Exported for tests.
 */
export const NUMBERS_FORGOTTEN =
  "For your security, the SSN, bank and card numbers you entered are forgotten after 30 minutes; please enter them again.";

/**
 * Why they came back empty when the seal was for another submission (another agent) or used already.
 * @internal Exported for tests.
 */
export const NUMBERS_NOT_KEPT =
  "For your security, the SSN, bank and card numbers you entered are kept only for this application and its agent; please enter them again.";
