import { describe, expect, it } from "vitest";
import {
  localDateLabeler,
  addDaysIso,
  localDateParts,
  parseIsoDate,
  PERIOD_CAPTIONS,
  PERIOD_LABELS,
  periodRange,
  PERIODS,
  todayIn,
  zonedMidnight,
  type Period,
} from "~/domain/periods";
import { PERIOD_MESSAGES, dayOfDateTime, isoDayProblem, periodFromSearch } from "~/domain/period-range";
import { isoDate } from "~/domain/schemas/application-fields";
import { isShowablePeriod } from "~/domain/schemas/period";
import { listQuery } from "~/domain/list-query";

const NY = "America/New_York";
const HOUR = 3_600_000;

function rangeAt(period: Period, now: string, timeZone = NY) {
  return periodRange(period, { timeZone, now: new Date(now) });
}

/** The range as ISO strings, so a failure shows readable instants. */
function range(period: Period, now: string, timeZone = NY) {
  const { start, end } = rangeAt(period, now, timeZone);
  return { start: start?.toISOString(), end: end?.toISOString() };
}

function hours(r: { start: Date | null; end: Date | null }) {
  return (r.end!.getTime() - r.start!.getTime()) / HOUR;
}

describe("period options", () => {
  it("lists the nine periods with labels and captions", () => {
    expect(PERIODS).toEqual([
      "all",
      "today",
      "yesterday",
      "last3days",
      "thisweek",
      "lastweek",
      "thismonth",
      "lastmonth",
      "custom",
    ]);
    expect(PERIODS.map((p) => PERIOD_LABELS[p])).toEqual([
      "All Time",
      "Today",
      "Yesterday",
      "Last 3 Days",
      "This Week",
      "Last Week",
      "This Month",
      "Last Month",
      "Custom Range",
    ]);
    expect(PERIOD_CAPTIONS.all).toBe("All time");
    expect(PERIOD_CAPTIONS.last3days).toBe("Last 3 days");
    expect(PERIOD_CAPTIONS.custom).toBe("Custom range");
  });
});

describe("local dates", () => {
  it("reads the calendar date and weekday in the given zone", () => {
    // Saturday evening in New York is already Sunday in UTC.
    const now = new Date("2026-03-08T03:00:00Z");
    expect(localDateParts(now, NY)).toEqual({ year: 2026, month: 3, day: 7, weekday: 6 });
    expect(localDateParts(now, "UTC")).toEqual({ year: 2026, month: 3, day: 8, weekday: 0 });
    expect(todayIn(NY, now)).toBe("2026-03-07");
    expect(todayIn("Pacific/Honolulu", now)).toBe("2026-03-07");
    expect(todayIn("UTC", now)).toBe("2026-03-08");
  });

  it("finds local midnight on both sides of a daylight-saving change", () => {
    expect(zonedMidnight(2026, 3, 8, NY).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(zonedMidnight(2026, 3, 9, NY).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(zonedMidnight(2026, 11, 1, NY).toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(zonedMidnight(2026, 11, 2, NY).toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(zonedMidnight(2026, 7, 4, "Pacific/Honolulu").toISOString()).toBe("2026-07-04T10:00:00.000Z");
    expect(zonedMidnight(2026, 7, 4, "UTC").toISOString()).toBe("2026-07-04T00:00:00.000Z");
  });

  it("rolls day and month overflow over like Date.UTC", () => {
    expect(zonedMidnight(2026, 1, 32, NY).toISOString()).toBe("2026-02-01T05:00:00.000Z");
    expect(zonedMidnight(2026, 0, 1, NY).toISOString()).toBe("2025-12-01T05:00:00.000Z");
  });

  it("starts a day whose midnight is skipped at the clock change", () => {
    // Santiago springs forward from 00:00 to 01:00, so the day begins at 01:00 local.
    const start = zonedMidnight(2026, 9, 6, "America/Santiago");
    expect(start.toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(todayIn("America/Santiago", new Date(start.getTime() - 1))).toBe("2026-09-05");
  });

  it("parses and shifts calendar dates", () => {
    expect(parseIsoDate("2026-02-28")).toEqual({ year: 2026, month: 2, day: 28 });
    expect(parseIsoDate("2026-02-29")).toBeNull();
    expect(parseIsoDate("2026-2-1")).toBeNull();
    expect(addDaysIso("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDaysIso("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysIso("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDaysIso("2026-12-25", 7)).toBe("2027-01-01");
    expect(() => addDaysIso("2026-13-01", 1)).toThrow(/Invalid date/);
  });
});

describe("localDateLabeler", () => {
  it("gives every instant todayIn's date, across midnights and daylight-saving changes, in any order", () => {
    for (const timeZone of ["America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"]) {
      const label = localDateLabeler(timeZone);
      // Every 37 minutes over the March and November changes, newest first as an export reads them,
      // then a few out of order.
      const instants: Date[] = [];
      for (let t = Date.UTC(2026, 10, 3); t > Date.UTC(2026, 9, 30); t -= 37 * 60_000) instants.push(new Date(t));
      for (let t = Date.UTC(2026, 2, 10); t > Date.UTC(2026, 2, 6); t -= 37 * 60_000) instants.push(new Date(t));
      instants.push(
        new Date(Date.UTC(2026, 10, 2, 5, 59)),
        new Date(Date.UTC(2025, 0, 1)),
        new Date(Date.UTC(2026, 10, 2, 6)),
      );
      for (const instant of instants)
        expect(label(instant), `${timeZone} ${instant.toISOString()}`).toBe(todayIn(timeZone, instant));
    }
  });
});

describe("periodRange in America/New_York", () => {
  it("has no bounds for all time", () => {
    expect(periodRange("all", { timeZone: NY })).toEqual({ start: null, end: null });
  });

  it("runs today from local midnight to the next local midnight", () => {
    expect(range("today", "2026-06-15T16:00:00Z")).toEqual({
      start: "2026-06-15T04:00:00.000Z",
      end: "2026-06-16T04:00:00.000Z",
    });
  });

  it("uses the local date late in the evening, not the UTC date", () => {
    expect(range("today", "2026-06-16T03:30:00Z")).toEqual({
      start: "2026-06-15T04:00:00.000Z",
      end: "2026-06-16T04:00:00.000Z",
    });
  });

  it("makes the spring-forward day 23 hours long", () => {
    const r = periodRange("today", { timeZone: NY, now: new Date("2026-03-08T15:00:00Z") });
    expect(r.start!.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(r.end!.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(hours(r)).toBe(23);
  });

  it("makes the fall-back day 25 hours long", () => {
    const r = periodRange("today", { timeZone: NY, now: new Date("2026-11-01T15:00:00Z") });
    expect(r.start!.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(r.end!.toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(hours(r)).toBe(25);
  });

  it("runs yesterday over the previous local day, across the change", () => {
    const r = periodRange("yesterday", { timeZone: NY, now: new Date("2026-03-09T12:00:00Z") });
    expect(r.start!.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(r.end!.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(hours(rangeAt("yesterday", "2026-11-02T12:00:00Z"))).toBe(25);
  });

  it("runs last 3 days from the same local time 3 days ago to now", () => {
    // Noon EDT on Mar 10 back to noon EST on Mar 7: 71 real hours.
    const spring = periodRange("last3days", { timeZone: NY, now: new Date("2026-03-10T16:00:00Z") });
    expect(spring.start!.toISOString()).toBe("2026-03-07T17:00:00.000Z");
    expect(spring.end!.toISOString()).toBe("2026-03-10T16:00:00.000Z");
    expect(hours(spring)).toBe(71);
    // Noon EST on Nov 3 back to noon EDT on Oct 31: 73 real hours.
    expect(hours(rangeAt("last3days", "2026-11-03T17:00:00Z"))).toBe(73);
  });

  it("keeps milliseconds and resolves skipped or repeated local times in last 3 days", () => {
    expect(range("last3days", "2026-06-15T16:00:00.250Z").start).toBe("2026-06-12T16:00:00.250Z");
    // 02:30 on Mar 8 never happened; it becomes 03:30 EDT.
    expect(range("last3days", "2026-03-11T06:30:00Z").start).toBe("2026-03-08T07:30:00.000Z");
    // 01:30 on Nov 1 happened twice; the first (EDT) one is used.
    expect(range("last3days", "2026-11-04T06:30:00Z").start).toBe("2026-11-01T05:30:00.000Z");
  });

  it("starts this week on the most recent Sunday", () => {
    const wednesday = range("thisweek", "2026-03-11T16:00:00Z");
    expect(wednesday).toEqual({ start: "2026-03-08T05:00:00.000Z", end: "2026-03-15T04:00:00.000Z" });
    expect(range("thisweek", "2026-03-08T15:00:00Z")).toEqual(wednesday);
    expect(range("thisweek", "2026-03-15T03:59:59Z")).toEqual(wednesday);
    // Saturday 22:00 in New York is Sunday in UTC but still belongs to the week before.
    expect(range("thisweek", "2026-03-08T03:00:00Z")).toEqual({
      start: "2026-03-01T05:00:00.000Z",
      end: "2026-03-08T05:00:00.000Z",
    });
  });

  it("runs last week over the seven days before this week", () => {
    expect(range("lastweek", "2026-03-11T16:00:00Z")).toEqual({
      start: "2026-03-01T05:00:00.000Z",
      end: "2026-03-08T05:00:00.000Z",
    });
    expect(range("lastweek", "2026-01-01T17:00:00Z")).toEqual({
      start: "2025-12-21T05:00:00.000Z",
      end: "2025-12-28T05:00:00.000Z",
    });
  });

  it("runs this month over the local calendar month", () => {
    expect(range("thismonth", "2026-03-20T12:00:00Z")).toEqual({
      start: "2026-03-01T05:00:00.000Z",
      end: "2026-04-01T04:00:00.000Z",
    });
    expect(range("thismonth", "2026-12-31T23:00:00Z")).toEqual({
      start: "2026-12-01T05:00:00.000Z",
      end: "2027-01-01T05:00:00.000Z",
    });
  });

  it("runs last month back across the year boundary", () => {
    expect(range("lastmonth", "2026-01-15T12:00:00Z")).toEqual({
      start: "2025-12-01T05:00:00.000Z",
      end: "2026-01-01T05:00:00.000Z",
    });
    // 22:00 on Dec 31 in New York: this month is still December.
    expect(range("lastmonth", "2026-01-01T03:00:00Z")).toEqual({
      start: "2025-11-01T04:00:00.000Z",
      end: "2025-12-01T05:00:00.000Z",
    });
  });

  it("runs a custom range from the start date's midnight to the midnight after the end date", () => {
    const r = periodRange("custom", { timeZone: NY, startDate: "2026-03-01", endDate: "2026-03-31" });
    expect(r.start!.toISOString()).toBe("2026-03-01T05:00:00.000Z");
    expect(r.end!.toISOString()).toBe("2026-04-01T04:00:00.000Z");
    const oneDay = periodRange("custom", { timeZone: NY, startDate: "2026-11-01", endDate: "2026-11-01" });
    expect(hours(oneDay)).toBe(25);
  });

  it("refuses an incomplete, invalid or reversed custom range", () => {
    expect(() => periodRange("custom", { timeZone: NY, startDate: "2026-03-01" })).toThrow(
      /both a start date and an end date/,
    );
    expect(() => periodRange("custom", { timeZone: NY, endDate: "2026-03-01" })).toThrow(/both/);
    expect(() => periodRange("custom", { timeZone: NY, startDate: "2026-02-30", endDate: "2026-03-01" })).toThrow(
      /Invalid start date "2026-02-30"/,
    );
    expect(() => periodRange("custom", { timeZone: NY, startDate: "2026-03-01", endDate: "03/05/2026" })).toThrow(
      /Invalid end date/,
    );
    expect(() => periodRange("custom", { timeZone: NY, startDate: "2026-03-05", endDate: "2026-03-01" })).toThrow(
      /on or before/,
    );
  });

  it("defaults now to the current time", () => {
    const before = Date.now();
    const r = periodRange("today", { timeZone: NY });
    expect(r.start!.getTime()).toBeLessThanOrEqual(before);
    expect(r.end!.getTime()).toBeGreaterThan(before);
  });
});

describe("periodRange in other zones", () => {
  it("uses Honolulu's fixed UTC-10 with 24-hour days all year", () => {
    const tz = "Pacific/Honolulu";
    expect(range("today", "2026-03-08T12:00:00Z", tz)).toEqual({
      start: "2026-03-08T10:00:00.000Z",
      end: "2026-03-09T10:00:00.000Z",
    });
    // 22:00 on Mar 7 in Honolulu.
    expect(range("today", "2026-03-08T08:00:00Z", tz)).toEqual({
      start: "2026-03-07T10:00:00.000Z",
      end: "2026-03-08T10:00:00.000Z",
    });
    expect(hours(rangeAt("today", "2026-11-01T20:00:00Z", tz))).toBe(24);
    expect(range("thisweek", "2026-03-11T20:00:00Z", tz)).toEqual({
      start: "2026-03-08T10:00:00.000Z",
      end: "2026-03-15T10:00:00.000Z",
    });
  });

  it("uses UTC boundaries for UTC", () => {
    expect(range("today", "2026-03-08T23:59:59Z", "UTC")).toEqual({
      start: "2026-03-08T00:00:00.000Z",
      end: "2026-03-09T00:00:00.000Z",
    });
    expect(range("lastmonth", "2026-01-01T00:00:00Z", "UTC")).toEqual({
      start: "2025-12-01T00:00:00.000Z",
      end: "2026-01-01T00:00:00.000Z",
    });
    expect(hours(rangeAt("last3days", "2026-03-10T16:00:00Z", "UTC"))).toBe(72);
  });

  it("gives different instants for the same period in different zones", () => {
    const now = "2026-06-15T16:00:00Z";
    expect(range("today", now, "America/Los_Angeles").start).toBe("2026-06-15T07:00:00.000Z");
    expect(range("today", now, "America/Phoenix").start).toBe("2026-06-15T07:00:00.000Z");
    expect(range("today", now, "America/Chicago").start).toBe("2026-06-15T05:00:00.000Z");
    expect(range("today", now, "America/Anchorage").start).toBe("2026-06-15T08:00:00.000Z");
  });
});

describe("a period read from a dashboard's URL", () => {
  const read = (search: string, fallback: Period = "today") => periodFromSearch(new URLSearchParams(search), fallback);

  it("shows a custom range with both dates in order, a single day included", () => {
    expect(read("period=custom&startDate=2026-03-01&endDate=2026-03-31")).toEqual({
      period: "custom",
      startDate: "2026-03-01",
      endDate: "2026-03-31",
    });
    expect(read("period=custom&startDate=2026-03-01&endDate=2026-03-01").period).toBe("custom");
  });

  it("shows the default for a reversed range but keeps both dates and says so at the end date", () => {
    expect(read("period=custom&startDate=2026-03-10&endDate=2026-03-01")).toEqual({
      period: "today",
      refused: {
        startDate: "2026-03-10",
        endDate: "2026-03-01",
        fieldErrors: { endDate: ["End date must be on or after the start date."] },
        showing: "Today",
      },
    });
    expect(read("period=custom&startDate=2026-03-10&endDate=2026-03-01", "all").refused?.showing).toBe("All Time");
  });

  it("names a missing or impossible date at its field instead of failing the page", () => {
    expect(read("period=custom&startDate=2026-02-10&endDate=").refused?.fieldErrors).toEqual({
      endDate: [PERIOD_MESSAGES.bothDates],
    });
    expect(read("period=custom&startDate=2023-02-29&endDate=2023-03-01").refused?.fieldErrors).toEqual({
      startDate: [PERIOD_MESSAGES.noSuchDate],
    });
    expect(read("period=custom&startDate=2026-01-01&endDate=2026-13-01").refused).toMatchObject({
      startDate: "2026-01-01",
      endDate: "2026-13-01",
      fieldErrors: { endDate: [PERIOD_MESSAGES.noSuchDate] },
    });
    expect(read("period=custom&startDate=01/02/2026&endDate=2026-13-01").refused?.fieldErrors).toEqual({
      startDate: [PERIOD_MESSAGES.dateFormat],
      endDate: [PERIOD_MESSAGES.noSuchDate],
    });
  });

  it("quietly uses the default for an unknown period and ignores the dates of any other period", () => {
    expect(read("period=fortnight")).toEqual({ period: "today" });
    expect(read("period=lastweek&startDate=2026-13-01&endDate=x")).toEqual({ period: "lastweek" });
  });

  it("gives the same answer to the list kit and the API schema, which never throw on an impossible date", () => {
    expect(isShowablePeriod({ period: "custom", startDate: "2026-03-10", endDate: "2026-03-01" })).toBe(false);
    expect(isShowablePeriod({ period: "custom", startDate: "2026-13-01", endDate: "2026-13-02" })).toBe(false);
    const list = listQuery({ period: "today" });
    const parsed = list.schema.safeParse({ period: "custom", startDate: "2026-03-10", endDate: "2026-03-01" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.flatten().fieldErrors).toEqual({ endDate: [PERIOD_MESSAGES.reversed] });
    const impossible = list.schema.safeParse({ period: "custom", startDate: "2026-13-01", endDate: "2026-13-02" });
    expect(impossible.error?.flatten().fieldErrors.startDate).toEqual([PERIOD_MESSAGES.noSuchDate]);
    expect(list.fromSearch(new URLSearchParams("period=custom&startDate=2026-13-01&endDate=2026-13-02")).period).toBe(
      "today",
    );
  });
});

describe("the days a period or date filter may name", () => {
  it("are real days from 1970-01-01 to 2999-12-31; the year 100 is refused, not sent to the database", () => {
    expect(isoDayProblem("1970-01-01")).toBeNull();
    expect(isoDayProblem("2999-12-31")).toBeNull();
    for (const day of ["0100-01-01", "0001-01-01", "1969-12-31", "3000-01-01", "9999-12-31"]) {
      expect(isoDayProblem(day), day).toBe(PERIOD_MESSAGES.outOfRange);
    }
    expect(
      periodFromSearch(new URLSearchParams("period=custom&startDate=0100-01-01&endDate=2026-01-01"), "all"),
    ).toMatchObject({ period: "all", refused: { fieldErrors: { startDate: [PERIOD_MESSAGES.outOfRange] } } });
  });

  it("read from an ISO date-time are the day its instant falls on in the time zone", () => {
    expect(dayOfDateTime("2026-03-01T05:00:00.000Z", NY)).toBe("2026-03-01");
    expect(dayOfDateTime("2026-03-01T04:59:59Z", NY)).toBe("2026-02-28");
    expect(dayOfDateTime("2026-03-01T00:00:00+14:00", "UTC")).toBe("2026-02-28");
    // Without an offset the day is as written; a plain day and anything else are left as given.
    expect(dayOfDateTime("2026-03-01T23:30", NY)).toBe("2026-03-01");
    expect(dayOfDateTime("2026-03-01", NY)).toBe("2026-03-01");
    expect(dayOfDateTime("2026-03-01T24:00:00Z", NY)).toBe("2026-03-01T24:00:00Z");
    expect(dayOfDateTime("0099-12-31T12:00:00Z", NY)).toBe("0099-12-31");
  });
});

describe("a date of an application", () => {
  it("is a real day from 1900 to 2999, as typed on the form or sent to the API", () => {
    const date = isoDate("Date of birth");
    expect(date.safeParse("1950-06-01").success).toBe(true);
    for (const day of ["0100-01-01", "1899-12-31", "3000-01-01"]) {
      const result = date.safeParse(day);
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Date of birth must be between 1900-01-01 and 2999-12-31");
    }
  });
});
