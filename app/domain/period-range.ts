import { PERIODS, PERIOD_LABELS, parseIsoDate, todayIn, type Period } from "./periods";

// The custom-range rules without zod: the period selector checks a range as it is typed, and zod
// would add 14 KB to every dashboard's JavaScript for it. app/domain/schemas/period.ts builds the
// schemas on these.

export const PERIOD_MESSAGES = {
  dateFormat: "Dates must be YYYY-MM-DD",
  // 2023-02-29 and 2026-13-01 have the right shape but no day on the calendar.
  noSuchDate: "That date does not exist",
  bothDates: "A custom range needs both a start date and an end date.",
  reversed: "End date must be on or after the start date.",
  outOfRange: "Choose a date from 1970-01-01 to 2999-12-31.",
} as const;

/**
 * The first and last day a period or a date filter may name. No record is older than the first;
 * outside them dates stop being plain numbers to the databases (Postgres answers a UTC offset of
 * the year 100 with "time zone displacement out of range", a 500).
 */
export const FIRST_FILTER_DAY = "1970-01-01";
export const LAST_FILTER_DAY = "2999-12-31";

/** What is wrong with a YYYY-MM-DD day, or null: the shape, the range, whether the calendar has it. */
export function isoDayProblem(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return PERIOD_MESSAGES.dateFormat;
  // YYYY-MM-DD text orders as the days do. Before the calendar: JavaScript reads the years 0-99 as 19xx.
  if (day < FIRST_FILTER_DAY || day > LAST_FILTER_DAY) return PERIOD_MESSAGES.outOfRange;
  if (!parseIsoDate(day)) return PERIOD_MESSAGES.noSuchDate;
  return null;
}

// Hours 00-23, minutes and seconds 00-59, an offset within ±14:59.
const ISO_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(Z|[+-](?:0\d|1[0-4]):[0-5]\d)?$/i;

/**
 * A range's day as an API client may send it (part 1: the admin dashboard's custom dates are
 * "ISO"): a full date-time with its offset names an instant, and the day is the one it falls on
 * in `timeZone` (a browser's local midnight of March 1 is March 1 in that zone, whatever UTC says);
 * one without an offset is read as written. Anything else is returned as given, to be refused with
 * the day's own message.
 */
export function dayOfDateTime(text: string, timeZone: string): string {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return text;
  const [, day, offset] = match;
  // A day refused on its own (the year 99 would even read as 1999 in JavaScript) keeps its message.
  if (!offset || isoDayProblem(day!)) return day!;
  return todayIn(timeZone, new Date(text.trim()));
}

export type PeriodShape = { period?: Period; startDate?: string; endDate?: string };
export type PeriodFieldErrors = { startDate?: string[]; endDate?: string[] };

/**
 * What is wrong with a custom range, at the field to correct: a missing date at that date, a
 * reversed range at the end date. Dates are compared as YYYY-MM-DD text, which orders them.
 */
export function customRangeErrors(startDate?: string, endDate?: string): PeriodFieldErrors | null {
  if (!startDate || !endDate) {
    return !startDate ? { startDate: [PERIOD_MESSAGES.bothDates] } : { endDate: [PERIOD_MESSAGES.bothDates] };
  }
  if (startDate > endDate) return { endDate: [PERIOD_MESSAGES.reversed] };
  return null;
}

/** A custom range the URL asked for but that cannot be shown: the dates as given, and why. */
type RefusedRange = { startDate: string; endDate: string; fieldErrors: PeriodFieldErrors; showing: string };

/** The period whose figures a page shows; `refused` is set when it is the fallback for a bad range. */
export type PeriodSelection = { period: Period; startDate?: string; endDate?: string; refused?: RefusedRange };

/**
 * Reads the period from a URL for a page. An unknown period quietly becomes the default (a
 * hand-edited URL). A custom range that cannot be shown (a date missing, impossible or after
 * the other) also shows the default period's figures, but it is not lost: `refused` keeps both
 * dates as given and says at which field what is wrong, so the selector can show them again.
 * Dates of any other period are ignored: without JavaScript the date boxes are always posted.
 */
export function periodFromSearch(params: URLSearchParams, fallback: Period): PeriodSelection {
  const raw = params.get("period");
  const period = PERIODS.find((p) => p === raw) ?? fallback;
  if (period !== "custom") return { period };

  const startDate = params.get("startDate")?.trim() ?? "";
  const endDate = params.get("endDate")?.trim() ?? "";
  const fieldErrors: PeriodFieldErrors = {};
  for (const [name, value] of [
    ["startDate", startDate],
    ["endDate", endDate],
  ] as const) {
    if (!value) continue;
    const problem = isoDayProblem(value);
    if (problem) fieldErrors[name] = [problem];
  }
  const rangeErrors = Object.keys(fieldErrors).length ? null : customRangeErrors(startDate, endDate);
  Object.assign(fieldErrors, rangeErrors);
  if (Object.keys(fieldErrors).length === 0) return { period, startDate, endDate };
  return {
    period: fallback,
    refused: { startDate, endDate, fieldErrors, showing: PERIOD_LABELS[fallback] },
  };
}
