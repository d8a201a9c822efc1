import { z } from "zod";
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_FILTER_FIELDS,
  ACTIVITY_MESSAGES,
  type ActivityAction,
  type ActivityFilterField,
} from "../activity";
import {
  filterDay,
  pageNumberParam,
  readFilterParams,
  refuseReversedDays,
  unsetFilter,
  type FilterReading,
} from "./filter-query";
import { pagingSchema } from "~/domain/list-query";

// The Activity page's filters (?userId=&action=&applicationId=&dateFrom=&dateTo=), read by the
// page and GET /api/admin/activity alike. Empty and "all" mean no filter.

const day = filterDay(ACTIVITY_MESSAGES.dateFormat);

const id = (message: string) =>
  z.preprocess(unsetFilter, z.string({ invalid_type_error: message }).trim().uuid(message).optional());

const activityFiltersSchema = z
  .object({
    userId: id(ACTIVITY_MESSAGES.unknownUser),
    action: z.preprocess(
      unsetFilter,
      z
        .enum(ACTIVITY_ACTIONS as unknown as [ActivityAction, ...ActivityAction[]], {
          errorMap: () => ({ message: ACTIVITY_MESSAGES.unknownAction }),
        })
        .optional(),
    ),
    applicationId: id(ACTIVITY_MESSAGES.unknownLead),
    dateFrom: day,
    dateTo: day,
  })
  .superRefine((filters, ctx) => refuseReversedDays(filters, ctx, ACTIVITY_MESSAGES.reversed));

export type ActivityFilters = z.infer<typeof activityFiltersSchema>;

/** GET /api/admin/activity: the filters and a page (?page=&pageSize=, 100 by default, at most 500). */
export const activityApiQuery = z.intersection(activityFiltersSchema, pagingSchema);

export type ActivityFilterReading = FilterReading<ActivityFilterField, ActivityFilters>;

/** The page's reading of the URL: the filters, or each refused one's message at its field, with every value as typed. */
export const readActivityFilters = (params: URLSearchParams): ActivityFilterReading =>
  readFilterParams(activityFiltersSchema, ACTIVITY_FILTER_FIELDS, params);

/** The page's ?page=: a whole number from 1, anything else the first page. */
export const activityPageNumber = pageNumberParam;
