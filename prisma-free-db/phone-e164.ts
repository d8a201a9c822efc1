import { parsePhoneNumberFromString } from "libphonenumber-js/min";

// One reading of a phone number for everything that compares phones: duplicates (decision 061),
// the do-not-call list (decision 069) and each phone row's phone_e164 (the Phone model). The
// agency calls US numbers: a number without a country code is read as American. Server only:
// libphonenumber's metadata is about 80 KB.

/**
 * A US number written the usual ways ("(305) 555-0142", "305.555.0142", "+1 305 555 0142"): ten
 * digits whose first is 2-9, with an optional +1. libphonenumber reads each of them as "+1" and
 * its ten digits (a US number is possible by its length alone); read here directly, it costs a
 * regular expression instead of about 10 µs, which a registry file of a million numbers feels.
 * tests/unit/phone-e164.test.ts checks both readings agree.
 */
const PLAIN_US = /^\s*(?:\+?1[\s.-]?)?\(?([2-9]\d{2})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})\s*$/;

/** The phone in E.164 (+13055550142), or null when it is not a possible phone number. */
export function phoneE164(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const plain = PLAIN_US.exec(raw);
  if (plain) return `+1${plain[1]}${plain[2]}${plain[3]}`;
  const parsed = parsePhoneNumberFromString(raw, "US");
  return parsed?.isPossible() ? parsed.number : null;
}
