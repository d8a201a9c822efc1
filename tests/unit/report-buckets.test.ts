import { describe, expect, it } from "vitest";
import { zonedMidnight } from "~/domain/periods";
import { TIMEZONES } from "~/domain/timezones";
import { hourOf } from "~/services/sql/report-summaries.server";

// The report summaries (docs/decisions/055) count leads in buckets of whole UTC hours, so a
// report's days must begin on whole hours in every time zone a user can choose.

describe("report boundaries", () => {
  it("fall on whole UTC hours at every midnight of every selectable time zone, DST days included", () => {
    for (const { value } of TIMEZONES) {
      for (let day = 1; day <= 366; day++) {
        const midnight = zonedMidnight(2026, 1, day, value);
        expect(hourOf(midnight) * 3_600_000).toBe(midnight.getTime());
      }
    }
  });

  it("refuses an instant off a whole hour, which the summaries cannot split", () => {
    expect(() => hourOf(new Date("2026-03-01T05:30:00Z"))).toThrow(RangeError);
  });
});
