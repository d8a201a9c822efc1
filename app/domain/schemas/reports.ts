import { z } from "zod";
import {
  filterDay,
  pageNumberParam,
  readFilterParams,
  refuseReversedDays,
  unsetFilter,
  type FilterReading,
} from "./filter-query";
import {
  REPORT_FILTER_FIELDS,
  REPORT_MESSAGES,
  REPORT_STATUS_FILTERS,
  type ReportFilterField,
  type ReportStatusFilter,
} from "../reports";
import { pagingSchema } from "~/domain/list-query";

// The report's filters (?dateFrom=&dateTo=&status=&carrierId=), read by the page, its CSV export
// and GET /api/agent/reports alike. Empty and "all" mean no filter (the spec: "empty and all
// omitted"). Whether a carrier id names a carrier is the service's check (reportFilters).

const day = filterDay(REPORT_MESSAGES.dateFormat);

const reportFiltersSchema = z
  .object({
    dateFrom: day,
    dateTo: day,
    status: z.preprocess(
      unsetFilter,
      z
        .enum(REPORT_STATUS_FILTERS as unknown as [ReportStatusFilter, ...ReportStatusFilter[]], {
          errorMap: () => ({ message: REPORT_MESSAGES.unknownStatus }),
        })
        .default("all"),
    ),
    carrierId: z.preprocess(
      unsetFilter,
      z
        .string({ invalid_type_error: REPORT_MESSAGES.unknownCarrier })
        .trim()
        .max(64, REPORT_MESSAGES.unknownCarrier)
        .optional(),
    ),
  })
  .superRefine((filters, ctx) => refuseReversedDays(filters, ctx, REPORT_MESSAGES.reversed));

export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** GET /api/agent/reports: the filters and a page of the applications (?page=&pageSize=, 100 by default, at most 500). */
export const reportApiQuery = z.intersection(reportFiltersSchema, pagingSchema);

export type ReportFilterReading = FilterReading<ReportFilterField, ReportFilters>;

/**
 * The page's and the export's reading of the URL: the filters, or each refused one's message at
 * its field, with every value as typed so the form shows it again.
 */
export const readReportFilters = (params: URLSearchParams): ReportFilterReading =>
  readFilterParams(reportFiltersSchema, REPORT_FILTER_FIELDS, params);

/** The page's ?page=: a whole number from 1, anything else the first page. */
export const reportPage = pageNumberParam;
