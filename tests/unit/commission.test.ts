import { describe, expect, it } from "vitest";
import {
  conversionRate,
  firstYearCommissionCents,
  growthPercent,
  monthsOverdueAtSale,
  PAYMENT_MONTHS,
  paymentScheduleDueDates,
  percentOf,
  wholePercent,
} from "~/domain/commission";

describe("first-year commission", () => {
  it("covers 9 months", () => {
    expect(PAYMENT_MONTHS).toBe(9);
  });

  it("is premium x 9 x comp / 100", () => {
    expect(firstYearCommissionCents(5000, 100)).toBe(45000);
    expect(firstYearCommissionCents(10000, 50)).toBe(45000);
    expect(firstYearCommissionCents(5000, 120)).toBe(54000);
    expect(firstYearCommissionCents(0, 100)).toBe(0);
  });

  it("rounds to whole cents", () => {
    // 33.33 x 9 x 87.5% = 262.47375
    expect(firstYearCommissionCents(3333, 87.5)).toBe(26247);
    // 12.34 x 9 x 33.33% = 37.016622
    expect(firstYearCommissionCents(1234, 33.33)).toBe(3702);
  });

  it("rounds an exact half cent up, even where floating point lands just below it", () => {
    // 1 cent x 9 x 50% = 4.5 cents
    expect(firstYearCommissionCents(1, 50)).toBe(5);
    // $3.75 x 9 x 34.8% = $11.745; naive float math gives 1174.4999...
    expect(firstYearCommissionCents(375, 34.8)).toBe(1175);
    expect(firstYearCommissionCents(375, 9.2)).toBe(311);
  });
});

describe("rates", () => {
  it("computes conversion against at least one lead, to 1 decimal", () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(5, 5)).toBe(100);
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(1, 0)).toBe(100);
  });

  it("gives a 1-decimal percentage, 0 when the whole is 0", () => {
    expect(percentOf(7, 40)).toBe(17.5);
    expect(percentOf(1, 6)).toBe(16.7);
    expect(percentOf(3, 0)).toBe(0);
  });

  it("gives payment success as a whole percent", () => {
    expect(wholePercent(2, 3)).toBe(67);
    expect(wholePercent(1, 8)).toBe(13);
    expect(wholePercent(0, 0)).toBe(0);
  });

  it("computes growth against the previous figure, null without one", () => {
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(100, 150)).toBe(-33.3);
    expect(growthPercent(100, 300)).toBe(-66.7);
    expect(growthPercent(100, 0)).toBeNull();
  });
});

describe("payment schedule", () => {
  it("has nine monthly dates starting at the first draft", () => {
    expect(paymentScheduleDueDates("2026-03-15")).toEqual([
      "2026-03-15",
      "2026-04-15",
      "2026-05-15",
      "2026-06-15",
      "2026-07-15",
      "2026-08-15",
      "2026-09-15",
      "2026-10-15",
      "2026-11-15",
    ]);
  });

  it("clamps to short months and returns to the original day", () => {
    const dates = paymentScheduleDueDates("2026-01-31");
    expect(dates.slice(0, 5)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
    expect(paymentScheduleDueDates("2028-01-30")[1]).toBe("2028-02-29");
  });

  it("crosses the year end", () => {
    const dates = paymentScheduleDueDates("2026-06-30");
    expect(dates).toHaveLength(9);
    expect(dates[6]).toBe("2026-12-30");
    expect(dates[7]).toBe("2027-01-30");
    expect(dates[8]).toBe("2027-02-28");
  });

  it("rejects an invalid first draft date", () => {
    expect(() => paymentScheduleDueDates("2026-02-30")).toThrow(/Invalid first draft date/);
    expect(() => paymentScheduleDueDates("03/15/2026")).toThrow(/YYYY-MM-DD/);
  });
});

describe("monthsOverdueAtSale (audit item 21)", () => {
  it("counts the months of a schedule from a passed first draft date that are due before today", () => {
    expect(monthsOverdueAtSale("2026-04-20", "2026-06-15")).toBe(2);
    expect(monthsOverdueAtSale("2026-06-15", "2026-06-15")).toBe(0);
    expect(monthsOverdueAtSale("2026-07-01", "2026-06-15")).toBe(0);
    expect(monthsOverdueAtSale("2020-01-10", "2026-06-15")).toBe(9);
  });

  it("is 0 without a readable first draft date", () => {
    expect(monthsOverdueAtSale(null, "2026-06-15")).toBe(0);
    expect(monthsOverdueAtSale("", "2026-06-15")).toBe(0);
    expect(monthsOverdueAtSale("not a date", "2026-06-15")).toBe(0);
  });
});
