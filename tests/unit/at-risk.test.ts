import { describe, expect, it } from "vitest";
import { daysBetween, daysLateText, missedCutoff, missedMonthLabel } from "~/domain/at-risk";

// The at-risk queue's days (decision 076): a month is missed 3 days after its due date, counted
// in whole calendar days across month, year and leap-day edges; how a missed month reads.

describe("the at-risk queue's days", () => {
  it("counts whole calendar days, across a month's, a year's and a leap day's edges", () => {
    expect(daysBetween("2026-11-20", "2026-11-23")).toBe(3);
    expect(daysBetween("2026-11-28", "2026-12-01")).toBe(3);
    expect(daysBetween("2026-12-30", "2027-01-02")).toBe(3);
    expect(daysBetween("2028-02-27", "2028-03-01")).toBe(3);
    expect(daysBetween("2026-11-23", "2026-11-20")).toBe(-3);
    expect(() => daysBetween("2026-02-30", "2026-03-01")).toThrow(/Invalid dates/);
  });

  it("misses a month due 3 days before today, not 2", () => {
    expect(missedCutoff("2026-11-23")).toBe("2026-11-20");
    expect(missedCutoff("2027-01-02")).toBe("2026-12-30");
    expect(missedCutoff("2028-03-01")).toBe("2028-02-27");
  });

  it("names the month and how late it is", () => {
    expect(missedMonthLabel(3, "2026-11-20")).toBe("Month 3, due Nov 20");
    expect(missedMonthLabel(9, "2027-01-05")).toBe("Month 9, due Jan 5");
    expect([daysLateText(1), daysLateText(12), daysLateText(0), daysLateText(-2)]).toEqual([
      "1 day late",
      "12 days late",
      "Due today",
      "Not due yet",
    ]);
  });
});
