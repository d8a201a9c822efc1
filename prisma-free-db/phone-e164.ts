import { parsePhoneNumberFromString } from "libphonenumber-js/min";

// One reading of a phone number for everything that compares phones: duplicates (decision 061),
// the do-not-call list (decision 069) and each phone row's phone_e164 (the Phone model). The
// agency calls US numbers: a number without a country code is read as American. Server only:
// libphonenumber's metadata is about 80 KB.

/** The phone in E.164 (+13055550142), or null when it is not a possible phone number. */
export function phoneE164(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const parsed = parsePhoneNumberFromString(raw, "US");
  return parsed?.isPossible() ? parsed.number : null;
}
