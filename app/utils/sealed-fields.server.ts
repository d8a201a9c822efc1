import { SENSITIVE_FIELDS, keptEndings, type KeptNumbers } from "~/domain/schemas/application-fields";
import { decrypt, encrypt } from "./crypto.server";

/**
 * Form values the server must not write back into a page as text (an SSN, a card number) but
 * that a page without JavaScript still has to carry from one round trip to the next: they travel
 * as one sealed hidden field, AES-256-GCM with the app's DATA_ENCRYPTION_KEY (crypto.server.ts),
 * readable and changeable by no one but this server, and only for a short while. See
 * docs/decisions/015-sensitive-fields-across-round-trips.md.
 */

/** How long sealed values are good for: long enough to finish a long form, short enough to forget. */
export const SEAL_LIFETIME_MS = 30 * 60_000;

// Tells these payloads apart from every other value encrypted with the same key (the SSNs and
// card numbers at rest), so no other ciphertext can be passed off as a sealed field.
const PURPOSE = "sealed-form-fields:v1";
// Longer than any number these fields take: not worth carrying (the body limit bounds it anyway).
const MAX_VALUE_LENGTH = 64;

type Payload = { purpose: string; expiresAt: number; values: Record<string, string> };

/** The non-empty values of `names` in a form, sealed; null when there is nothing to keep. */
export function sealFields(
  formData: FormData,
  names: readonly string[],
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
  const payload: Payload = { purpose: PURPOSE, expiresAt: now + SEAL_LIFETIME_MS, values };
  return { sealed: encrypt(JSON.stringify(payload)), values };
}

/**
 * Reads a sealed field back: its values, or none when it is missing, altered, forged or out
 * of date. `forgotten` says a seal was given but is no longer good, so the page can say why the
 * numbers are gone.
 */
export function unsealFields(
  sealed: unknown,
  names: readonly string[],
  now = Date.now(),
): { values: Record<string, string>; forgotten: boolean } {
  if (typeof sealed !== "string" || sealed === "") return { values: {}, forgotten: false };
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(decrypt(sealed)) as Partial<Payload>;
  } catch {
    return { values: {}, forgotten: true };
  }
  if (payload.purpose !== PURPOSE || typeof payload.expiresAt !== "number" || payload.expiresAt <= now) {
    return { values: {}, forgotten: true };
  }
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = payload.values?.[name];
    if (typeof value === "string") values[name] = value;
  }
  return { values, forgotten: false };
}

/**
 * Fills each of `names` the prospect left empty from the sealed field, so what they typed before
 * counts unless they typed something new. The sealed field itself is consumed.
 */
export function restoreSealedFields(
  formData: FormData,
  sealedName: string,
  names: readonly string[],
  now = Date.now(),
) {
  const { values, forgotten } = unsealFields(formData.get(sealedName), names, now);
  formData.delete(sealedName);
  for (const [name, value] of Object.entries(values)) {
    const typed = formData.get(name);
    if (typeof typed !== "string" || typed.trim() === "") formData.set(name, value);
  }
  return { forgotten };
}

/**
 * The sensitive numbers of an application form's post (SSN, bank and card numbers, CVV), sealed
 * for the next round trip, with what the page may show of them (their last four); null when none
 * were typed. The public form and the lead edit both answer with it.
 */
export function keepSensitiveNumbers(formData: FormData): { sealed: string; endings: KeptNumbers } | null {
  const kept = sealFields(formData, SENSITIVE_FIELDS);
  return kept ? { sealed: kept.sealed, endings: keptEndings(kept.values) } : null;
}

/** Why the sensitive boxes came back empty after a seal ran out. */
export const NUMBERS_FORGOTTEN =
  "For your security, the SSN, bank and card numbers you entered are forgotten after 30 minutes; please enter them again.";
