import { z } from "zod";
import { PERIODS, PERIOD_LABELS, parseIsoDate, type Period } from "../periods";

export const PERIOD_MESSAGES = {
  dateFormat: "Dates must be YYYY-MM-DD",
  // 2023-02-29 and 2026-13-01 have the right shape but no day on the calendar.
  noSuchDate: "That date does not exist",
  bothDates: "A custom range needs both a start date and an end date.",
  reversed: "End date must be on or after the start date.",
} as const;

/** A calendar day as YYYY-MM-DD that exists (2023-02-29 does not). */
const isoDay = z
  .string()
  .superRefine((day, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) ctx.addIssue({ code: "custom", message: PERIOD_MESSAGES.dateFormat });
    else if (!parseIsoDate(day)) ctx.addIssue({ code: "custom", message: PERIOD_MESSAGES.noSuchDate });
  })
  .optional();

/** ?period=&startDate=&endDate=, the fields every period selector takes (dashboards, lists, the API). */
export const periodFields = {
  period: z.enum(PERIODS as unknown as [Period, ...Period[]]).optional(),
  startDate: isoDay,
  endDate: isoDay,
};

type PeriodShape = { period?: Period; startDate?: string; endDate?: string };
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

/** The rules of a custom range, added to any schema that has the period fields. */
export function withCustomRangeRules<T extends z.ZodType<PeriodShape>>(schema: T) {
  return schema.superRefine((q, ctx) => {
    if (q.period !== "custom") return;
    const errors = customRangeErrors(q.startDate, q.endDate) ?? {};
    for (const [path, messages] of Object.entries(errors)) {
      for (const message of messages) ctx.addIssue({ code: z.ZodIssueCode.custom, message, path: [path] });
    }
  });
}

const periodQuerySchema = withCustomRangeRules(z.object(periodFields));

export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** Whether a period with its dates can be shown (a custom range needs two real dates in order). */
export function isShowablePeriod(query: PeriodShape) {
  return periodQuerySchema.safeParse(query).success;
}

/** A custom range the URL asked for but that cannot be shown: the dates as given, and why. */
export type RefusedRange = { startDate: string; endDate: string; fieldErrors: PeriodFieldErrors; showing: string };

/** The period whose figures a page shows; `refused` is set when it is the fallback for a bad range. */
export type PeriodSelection = Required<Pick<PeriodQuery, "period">> & PeriodQuery & { refused?: RefusedRange };

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
    const parsed = isoDay.safeParse(value || undefined);
    if (!parsed.success) fieldErrors[name] = parsed.error.issues.map((issue) => issue.message);
  }
  const rangeErrors = Object.keys(fieldErrors).length ? null : customRangeErrors(startDate, endDate);
  Object.assign(fieldErrors, rangeErrors);
  if (Object.keys(fieldErrors).length === 0) return { period, startDate, endDate };
  return {
    period: fallback,
    refused: { startDate, endDate, fieldErrors, showing: PERIOD_LABELS[fallback] },
  };
}
