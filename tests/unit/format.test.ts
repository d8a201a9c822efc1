import { describe, expect, it } from "vitest";
import {
  centsFromDollars,
  digitsOnly,
  dollarsFromCents,
  formatClock,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPhone,
  fullName,
  periodCaption,
  shortId,
} from "~/domain/format";

describe("names", () => {
  it("joins first and last name with one space, leaving out a missing part", () => {
    expect(fullName({ firstName: "Ann", lastName: "Lee" })).toBe("Ann Lee");
    expect(fullName({ firstName: "Ann", lastName: null })).toBe("Ann");
    expect(fullName({ firstName: "", lastName: "Lee" })).toBe("Lee");
  });
});

describe("phones", () => {
  it("formats 10 digits as (XXX) XXX-XXXX whatever the punctuation", () => {
    expect(formatPhone("5551234567")).toBe("(555) 123-4567");
    expect(formatPhone("555.123.4567")).toBe("(555) 123-4567");
    expect(formatPhone(" (555) 123 - 4567 ")).toBe("(555) 123-4567");
  });

  it("drops a leading US country code from 11 digits", () => {
    expect(formatPhone("+1 555 123 4567")).toBe("(555) 123-4567");
    expect(formatPhone("15551234567")).toBe("(555) 123-4567");
  });

  it("returns anything else trimmed, as typed", () => {
    expect(formatPhone(" 25551234567 ")).toBe("25551234567");
    expect(formatPhone("555-1234")).toBe("555-1234");
    expect(formatPhone(" ext. 12 ")).toBe("ext. 12");
    expect(formatPhone(null)).toBe("");
    expect(formatPhone(undefined)).toBe("");
  });

  it("keeps only digits", () => {
    expect(digitsOnly("123-45-6789")).toBe("123456789");
    expect(digitsOnly(null)).toBe("");
  });
});

describe("money", () => {
  it("formats cents as US dollars", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(null)).toBe("$0.00");
    expect(formatMoney(undefined)).toBe("$0.00");
    expect(formatMoney(-2500)).toBe("-$25.00");
  });

  it("parses typed dollar amounts into integer cents", () => {
    expect(centsFromDollars("12.5")).toBe(1250);
    expect(centsFromDollars("1,234.56")).toBe(123456);
    expect(centsFromDollars("$99")).toBe(9900);
    expect(centsFromDollars(" 0.29 ")).toBe(29);
    expect(centsFromDollars(".5")).toBe(50);
    expect(centsFromDollars("0")).toBe(0);
    expect(centsFromDollars("-3.10")).toBe(-310);
    expect(centsFromDollars(19.99)).toBe(1999);
    expect(centsFromDollars(7)).toBe(700);
  });

  it("rejects non-numbers and more than two decimals", () => {
    expect(centsFromDollars("")).toBeNull();
    expect(centsFromDollars("abc")).toBeNull();
    expect(centsFromDollars("12.345")).toBeNull();
    expect(centsFromDollars("1.2.3")).toBeNull();
    expect(centsFromDollars("$")).toBeNull();
    expect(centsFromDollars(Number.NaN)).toBeNull();
    expect(centsFromDollars(Number.POSITIVE_INFINITY)).toBeNull();
    expect(centsFromDollars(1.005)).toBeNull();
  });

  it("writes cents back as a plain decimal", () => {
    expect(dollarsFromCents(1250)).toBe("12.50");
    expect(dollarsFromCents(5)).toBe("0.05");
    expect(dollarsFromCents(123456)).toBe("1234.56");
    expect(dollarsFromCents(-310)).toBe("-3.10");
    expect(dollarsFromCents(null)).toBe("");
  });

  it("round-trips through the two conversions", () => {
    for (const cents of [0, 1, 99, 100, 2999, 123456]) {
      expect(centsFromDollars(dollarsFromCents(cents))).toBe(cents);
    }
  });
});

describe("dates", () => {
  const instant = new Date("2026-11-21T20:04:00Z");

  it("formats a date in the viewer's timezone", () => {
    expect(formatDate(instant, "America/New_York")).toBe("Nov 21, 2026");
    expect(formatDate("2026-11-22T02:00:00Z", "America/New_York")).toBe("Nov 21, 2026");
    expect(formatDate("2026-11-22T02:00:00Z", "UTC")).toBe("Nov 22, 2026");
  });

  it("shows a bare calendar date as that day in every timezone", () => {
    expect(formatDate("2026-11-21", "America/New_York")).toBe("Nov 21, 2026");
    expect(formatDate("2026-11-21", "Pacific/Honolulu")).toBe("Nov 21, 2026");
  });

  it("formats date and time", () => {
    expect(formatDateTime(instant, "America/New_York")).toBe("Nov 21, 2026, 3:04 PM");
    expect(formatDateTime(instant, "Pacific/Honolulu")).toBe("Nov 21, 2026, 10:04 AM");
    expect(formatDateTime(instant.toISOString(), "UTC")).toBe("Nov 21, 2026, 8:04 PM");
  });

  it("returns empty text for an unreadable date", () => {
    expect(formatDate("not a date", "UTC")).toBe("");
    expect(formatDateTime(new Date(Number.NaN), "UTC")).toBe("");
  });

  it("shows the header clock with a short zone name", () => {
    expect(formatClock(instant, "America/New_York")).toBe("3:04 PM EST");
    expect(formatClock(new Date("2026-07-01T19:04:00Z"), "America/New_York")).toBe("3:04 PM EDT");
    expect(formatClock(instant, "America/Phoenix")).toBe("1:04 PM MST");
    expect(formatClock(instant, "Pacific/Honolulu")).toBe("10:04 AM HST");
    expect(formatClock(instant, "UTC")).toBe("8:04 PM UTC");
  });

  it("uses plain spaces so server and browser output match", () => {
    expect(formatDateTime(instant, "UTC")).not.toMatch(/[\u202f\u00a0]/);
    expect(formatClock(instant, "UTC")).not.toMatch(/[\u202f\u00a0]/);
  });
});

describe("ids", () => {
  it("shortens ids to 8 characters", () => {
    expect(shortId("3f2a9c1e-7b44-4d2e-9a10-0c5f6e7d8a9b")).toBe("3f2a9c1e");
    expect(shortId("abc")).toBe("abc");
  });
});

describe("period captions", () => {
  it("names a period in words, and a custom range's days en-US, never as ISO dates (audit item 8)", () => {
    expect(periodCaption({ period: "today" })).toBe("Today");
    expect(periodCaption({ period: "custom", startDate: "2026-03-01", endDate: "2026-03-05" })).toBe(
      "Custom range: Mar 1, 2026 to Mar 5, 2026",
    );
  });
});
