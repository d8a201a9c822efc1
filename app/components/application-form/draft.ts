import { HEALTH_FIELDS } from "~/domain/health-details";
import { SEALED_FIELD, SENSITIVE_FIELDS } from "~/domain/schemas/application-fields";
import { HONEYPOT_FIELD } from "~/domain/schemas/public-application";

// "Save as Draft" keeps the prospect's entries on this device (localStorage) so they can finish
// later. The SSN, bank and card numbers never go into it, nor the health details (decision 070: a
// shared computer's storage is no place for them), nor consent, which must be given at the moment
// of submitting.

const DRAFT_STORAGE_KEY = "agency-crm:application-draft";

export type ApplicationDraft = { savedAt: string; value: Record<string, unknown> };

// The sealed numbers too: they are for this visit only, and expire within the half hour.
const NEVER_SAVED: readonly string[] = [
  ...SENSITIVE_FIELDS,
  ...HEALTH_FIELDS,
  SEALED_FIELD,
  HONEYPOT_FIELD,
  "consent",
  "consentText",
];

/** The form's current values without anything that must not be kept in the browser. */
function draftValue(value: Record<string, unknown> | undefined): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(value ?? {})) {
    if (!NEVER_SAVED.includes(name) && !name.startsWith("__")) copy[name] = entry;
  }
  return copy;
}

export function saveDraft(
  storage: Storage,
  value: Record<string, unknown> | undefined,
  now = new Date(),
): ApplicationDraft {
  const draft = { savedAt: now.toISOString(), value: draftValue(value) };
  storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  return draft;
}

/** The saved draft, or null when there is none or it cannot be read (it is then dropped). */
export function readDraft(storage: Storage): ApplicationDraft | null {
  const raw = storage.getItem(DRAFT_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<ApplicationDraft>;
    if (typeof parsed.savedAt !== "string" || !parsed.value || typeof parsed.value !== "object")
      throw new Error("bad draft");
    return { savedAt: parsed.savedAt, value: draftValue(parsed.value) };
  } catch {
    storage.removeItem(DRAFT_STORAGE_KEY);
    return null;
  }
}

export function clearDraft(storage: Storage) {
  storage.removeItem(DRAFT_STORAGE_KEY);
}

/** localStorage can be missing or refuse access (private modes, blocked storage). */
export function browserStorage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}
