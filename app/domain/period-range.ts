import { PERIODS, PERIOD_LABELS, parseIsoDate, type Period } from "./periods";

// The custom-range rules without zod: the period selector checks a range as it is typed, and zod
// would add 14 KB to every dashboard's JavaScript for it. app/domain/schemas/period.ts builds the
// schemas on these.

export const PERIOD_MESSAGES = {
  dateFormat: "Dates must be YYYY-MM-DD",
  // 2023-02-29 and 2026-13-01 have the right shape but no day on the calendar.
  noSuchDate: "That date does not exist",
  bothDates: "A custom range needs both a start date and an end date.",
  reversed: "End date must be on or after the start date.",
} as const;

/** What is wrong with a YYYY-MM-DD day, or null: the shape, then whether the calendar has it. */
export function isoDayProblem(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return PERIOD_MESSAGES.dateFormat;
  if (!parseIsoDate(day)) return PERIOD_MESSAGES.noSuchDate;
  return null;
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
export type RefusedRange = { startDate: string; endDate: string; fieldErrors: PeriodFieldErrors; showing: string };

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
