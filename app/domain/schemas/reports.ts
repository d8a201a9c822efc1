import { z } from "zod";
import { isoDayProblem } from "../period-range";
import {
  REPORT_FILTER_FIELDS,
  REPORT_MESSAGES,
  REPORT_STATUS_FILTERS,
  type ReportFieldErrors,
  type ReportFilterField,
  type ReportFilterValues,
  type ReportStatusFilter,
} from "../reports";
import { pagingSchema } from "~/utils/list-query";

// The report's filters (?dateFrom=&dateTo=&status=&carrierId=), read by the page, its CSV export
// and GET /api/agent/reports alike. Empty and "all" mean no filter (the spec: "empty and all
// omitted"). Whether a carrier id names a carrier is the service's check (reportFilters).

/** Nothing given: a blank text, "all", or the parameter left out. */
const unset = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && ["", "all"].includes(value.trim()))
    ? undefined
    : value;

const day = z.preprocess(
  unset,
  z
    .string({ invalid_type_error: REPORT_MESSAGES.dateFormat })
    .trim()
    .superRefine((value, ctx) => {
      const problem = isoDayProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
);

export const reportFiltersSchema = z
  .object({
    dateFrom: day,
    dateTo: day,
    status: z.preprocess(
      unset,
      z
        .enum(REPORT_STATUS_FILTERS as unknown as [ReportStatusFilter, ...ReportStatusFilter[]], {
          errorMap: () => ({ message: REPORT_MESSAGES.unknownStatus }),
        })
        .default("all"),
    ),
    carrierId: z.preprocess(
      unset,
      z
        .string({ invalid_type_error: REPORT_MESSAGES.unknownCarrier })
        .trim()
        .max(64, REPORT_MESSAGES.unknownCarrier)
        .optional(),
    ),
  })
  .superRefine((filters, ctx) => {
    // Dates are compared as YYYY-MM-DD text, which orders them; the message is at To Date.
    if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo) {
      ctx.addIssue({ code: "custom", message: REPORT_MESSAGES.reversed, path: ["dateTo"] });
    }
  });

export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** GET /api/agent/reports: the filters and a page of the applications (?page=&pageSize=, 100 by default, at most 500). */
export const reportApiQuery = z.intersection(reportFiltersSchema, pagingSchema);

/** What the page shows of a refused value: enough to recognise it, never a 100 KB echo. */
const SHOWN_MAX = 100;

export type ReportFilterReading =
  | { values: ReportFilterValues; filters: ReportFilters; fieldErrors: null }
  | { values: ReportFilterValues; filters: null; fieldErrors: ReportFieldErrors };

/**
 * The page's and the export's reading of the URL: the filters, or each refused one's message at
 * its field, with every value as typed so the form shows it again.
 */
export function readReportFilters(params: URLSearchParams): ReportFilterReading {
  const values = Object.fromEntries(
    REPORT_FILTER_FIELDS.map((field) => [field, (params.get(field) ?? "").slice(0, SHOWN_MAX)]),
  ) as ReportFilterValues;
  const parsed = reportFiltersSchema.safeParse(Object.fromEntries(REPORT_FILTER_FIELDS.map((f) => [f, params.get(f)])));
  if (parsed.success) return { values, filters: parsed.data, fieldErrors: null };
  const fieldErrors: ReportFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ReportFilterField;
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return { values, filters: null, fieldErrors };
}

/** The page's ?page=: a whole number from 1, anything else the first page. */
export const reportPage = (params: URLSearchParams) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(params.get("page") ?? 1);
