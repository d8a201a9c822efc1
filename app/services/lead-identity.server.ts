import { parsePhoneNumberFromString } from "libphonenumber-js/min";

// How a lead is recognised when it arrives again (issue 24, decision 061): its phone in E.164 and
// its email lower-cased, as received. The agency calls US numbers: a number without a country code
// is read as American. Server only: libphonenumber's metadata is about 80 KB.

/** The phone in E.164 (+13055550142), or null when it is not a possible phone number. */
export function phoneE164(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const parsed = parsePhoneNumberFromString(raw, "US");
  return parsed?.isPossible() ? parsed.number : null;
}

/** The email as duplicates compare it: trimmed and lower-cased, or null when blank. */
export function normalizedEmail(raw: string | null | undefined): string | null {
  const email = raw?.trim().toLowerCase();
  return email ? email : null;
}
