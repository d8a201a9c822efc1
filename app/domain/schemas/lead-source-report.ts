import { z } from "zod";
import { ADMIN_REPORT_MESSAGES } from "../admin-reports";
import {
  DEFAULT_LEAD_SOURCE_SORT,
  LEAD_SOURCE_SORTS,
  firstDirection,
  type LeadSourceSort,
  type SortDirection,
} from "../lead-source-report";
import { filterDay, readFilterParams, refuseReversedDays, unsetFilter, type FilterReading } from "./filter-query";

// The Lead Sources report's query (?dateFrom=&dateTo=&sort=&dir=), read by the admin's tab, its
// CSV export, GET /api/admin/reports/lead-sources, the agent's tab and GET
// /api/agent/reports/lead-sources. The days are read as every report tab reads them (same
// messages, same bounds); the API refuses an unknown sort, a page falls back to the default.

const day = filterDay(ADMIN_REPORT_MESSAGES.dateFormat);

/**
 * The sort's refusals, word for word.
 * @internal the tests compare the answers with them.
 */
export const LEAD_SOURCE_REPORT_MESSAGES = {
  unknownSort: "Choose a column to sort by.",
  unknownDirection: "Choose asc or desc.",
} as const;

const dates = z
  .object({ dateFrom: day, dateTo: day })
  .superRefine((filters, ctx) => refuseReversedDays(filters, ctx, ADMIN_REPORT_MESSAGES.reversed));

/** GET /api/.../reports/lead-sources: the days (both optional) and the order, each a 400 at its field when refused. */
export const leadSourceReportApiQuery = z
  .object({
    dateFrom: day,
    dateTo: day,
    sort: z.preprocess(
      unsetFilter,
      z
        .enum(LEAD_SOURCE_SORTS as unknown as [LeadSourceSort, ...LeadSourceSort[]], {
          errorMap: () => ({ message: LEAD_SOURCE_REPORT_MESSAGES.unknownSort }),
        })
        .default(DEFAULT_LEAD_SOURCE_SORT),
    ),
    dir: z.preprocess(
      unsetFilter,
      z
        .enum(["asc", "desc"], { errorMap: () => ({ message: LEAD_SOURCE_REPORT_MESSAGES.unknownDirection }) })
        .optional(),
    ),
  })
  .superRefine((filters, ctx) => refuseReversedDays(filters, ctx, ADMIN_REPORT_MESSAGES.reversed));

export type LeadSourceReportDates = { dateFrom?: string; dateTo?: string };

export const LEAD_SOURCE_DATE_FIELDS = ["dateFrom", "dateTo"] as const;

/** A page's reading of the days: the dates, or each refused one's message at its field, as typed. */
export const readLeadSourceDates = (
  params: URLSearchParams,
): FilterReading<(typeof LEAD_SOURCE_DATE_FIELDS)[number], LeadSourceReportDates> =>
  readFilterParams(dates, LEAD_SOURCE_DATE_FIELDS, params);

/** A page's reading of the order: an unknown column or direction is the default's. */
export function readLeadSourceSort(params: URLSearchParams): { sort: LeadSourceSort; dir: SortDirection } {
  const sort = LEAD_SOURCE_SORTS.find((s) => s === params.get("sort")) ?? DEFAULT_LEAD_SOURCE_SORT;
  const given = params.get("dir");
  return { sort, dir: given === "asc" || given === "desc" ? given : firstDirection(sort) };
}
