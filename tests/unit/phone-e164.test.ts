import crypto from "node:crypto";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { phoneE164 } from "~db/phone-e164";

// The do-not-call list and duplicates compare numbers in E.164 (decision 069). phoneE164 reads
// the usual US forms itself and everything else with libphonenumber: both readings must agree.

const library = (raw: string) => {
  const parsed = parsePhoneNumberFromString(raw, "US");
  return parsed?.isPossible() ? parsed.number : null;
};

const digits = (count: number) => Array.from({ length: count }, () => crypto.randomInt(0, 10)).join("");

describe("phoneE164", () => {
  it("reads every usual US form as libphonenumber does, for random numbers", () => {
    const forms = [
      (a: string, b: string, c: string) => `(${a}) ${b}-${c}`,
      (a: string, b: string, c: string) => `${a}-${b}-${c}`,
      (a: string, b: string, c: string) => `${a}.${b}.${c}`,
      (a: string, b: string, c: string) => `${a}${b}${c}`,
      (a: string, b: string, c: string) => `+1 ${a} ${b} ${c}`,
      (a: string, b: string, c: string) => `1-${a}-${b}-${c}`,
      (a: string, b: string, c: string) => ` +1(${a})${b}-${c} `,
      (a: string, b: string, c: string) => `1${a}${b}${c}`,
    ];
    for (let i = 0; i < 5_000; i++) {
      // Area codes beginning with 0 or 1 too: those take libphonenumber's path and must agree as well.
      const [a, b, c] = [digits(3), digits(3), digits(4)];
      for (const form of forms) {
        const raw = form(a, b, c);
        expect(phoneE164(raw), raw).toBe(library(raw));
      }
    }
  });

  it("reads other countries and refuses what is not a number", () => {
    expect(phoneE164("+44 20 7946 0958")).toBe("+442079460958");
    for (const bad of ["", "12345", "not a phone", "555-01", "(305) 555-01423"])
      expect(phoneE164(bad), bad).toBe(library(bad));
    expect(phoneE164(null)).toBeNull();
  });
});
