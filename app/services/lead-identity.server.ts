// How a lead is recognised when it arrives again (issue 24, decision 061): its phone in E.164 and
// its email lower-cased, as received. The phone's reading is the data layer's, shared with each
// phone row's phone_e164 and the do-not-call list (decision 069).

export { phoneE164 } from "~db/phone-e164";

/** The email as duplicates compare it: trimmed and lower-cased, or null when blank. */
export function normalizedEmail(raw: string | null | undefined): string | null {
  const email = raw?.trim().toLowerCase();
  return email ? email : null;
}
