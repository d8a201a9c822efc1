import { z } from "zod";
import {
  ADMIN_REPORT_FILTER_FIELDS,
  ADMIN_REPORT_MESSAGES,
  ADMIN_REPORT_STATUSES,
  type AdminReportFilterField,
  type AdminReportStatus,
} from "../admin-reports";
import {
  filterDay,
  pageNumberParam,
  readFilterParams,
  refuseReversedDays,
  unsetFilter,
  type FilterReading,
} from "./filter-query";

// The admin report's filters (?dateFrom=&dateTo=&agentId=&carrierId=&status=), read by the page,
// its CSV export and GET /api/admin/reports alike. Empty and "all" mean no filter (the spec: "each
// only if set and not all"). Whether an agent or carrier id names one is the service's check.

// A day the calendar has, between the first and last any date filter may name (isoDayProblem).
const day = filterDay(ADMIN_REPORT_MESSAGES.dateFormat);

const id = (message: string) =>
  z.preprocess(unsetFilter, z.string({ invalid_type_error: message }).trim().max(64, message).optional());

export const adminReportFiltersSchema = z
  .object({
    dateFrom: day,
    dateTo: day,
    agentId: id(ADMIN_REPORT_MESSAGES.unknownAgent),
    carrierId: id(ADMIN_REPORT_MESSAGES.unknownCarrier),
    status: z.preprocess(
      unsetFilter,
      z
        .enum(ADMIN_REPORT_STATUSES as unknown as [AdminReportStatus, ...AdminReportStatus[]], {
          errorMap: () => ({ message: ADMIN_REPORT_MESSAGES.unknownStatus }),
        })
        .default("all"),
    ),
  })
  .superRefine((filters, ctx) => refuseReversedDays(filters, ctx, ADMIN_REPORT_MESSAGES.reversed));

export type AdminReportFilters = z.infer<typeof adminReportFiltersSchema>;

export type AdminReportFilterReading = FilterReading<AdminReportFilterField, AdminReportFilters>;

/** The page's and the export's reading of the URL: the filters, or each refused one's message at its field, values as typed. */
export const readAdminReportFilters = (params: URLSearchParams): AdminReportFilterReading =>
  readFilterParams(adminReportFiltersSchema, ADMIN_REPORT_FILTER_FIELDS, params);

/** The Agents tab's ?page=: a whole number from 1, anything else the first page. */
export const adminReportPage = pageNumberParam;
