import { z } from "zod";
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_FILTER_FIELDS,
  ACTIVITY_MESSAGES,
  type ActivityAction,
  type ActivityFieldErrors,
  type ActivityFilterField,
  type ActivityFilterValues,
} from "../activity";
import { isoDayProblem } from "../period-range";
import { pagingSchema } from "~/utils/list-query";

// The Activity page's filters (?userId=&action=&applicationId=&dateFrom=&dateTo=), read by the
// page and GET /api/admin/activity alike. Empty and "all" mean no filter.

const unset = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && ["", "all"].includes(value.trim()))
    ? undefined
    : value;

const day = z.preprocess(
  unset,
  z
    .string({ invalid_type_error: ACTIVITY_MESSAGES.dateFormat })
    .trim()
    .superRefine((value, ctx) => {
      const problem = isoDayProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
);

const id = (message: string) =>
  z.preprocess(unset, z.string({ invalid_type_error: message }).trim().uuid(message).optional());

export const activityFiltersSchema = z
  .object({
    userId: id(ACTIVITY_MESSAGES.unknownUser),
    action: z.preprocess(
      unset,
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
  .superRefine((filters, ctx) => {
    // YYYY-MM-DD text orders as the days do; the message is at To date.
    if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo) {
      ctx.addIssue({ code: "custom", message: ACTIVITY_MESSAGES.reversed, path: ["dateTo"] });
    }
  });

export type ActivityFilters = z.infer<typeof activityFiltersSchema>;

/** GET /api/admin/activity: the filters and a page (?page=&pageSize=, 100 by default, at most 500). */
export const activityApiQuery = z.intersection(activityFiltersSchema, pagingSchema);

/** What the page shows of a refused value: enough to recognise it, never a 100 KB echo. */
const SHOWN_MAX = 100;

export type ActivityFilterReading =
  | { values: ActivityFilterValues; filters: ActivityFilters; fieldErrors: null }
  | { values: ActivityFilterValues; filters: null; fieldErrors: ActivityFieldErrors };

/** The page's reading of the URL: the filters, or each refused one's message at its field, with every value as typed. */
export function readActivityFilters(params: URLSearchParams): ActivityFilterReading {
  const values = Object.fromEntries(
    ACTIVITY_FILTER_FIELDS.map((field) => [field, (params.get(field) ?? "").slice(0, SHOWN_MAX)]),
  ) as ActivityFilterValues;
  const parsed = activityFiltersSchema.safeParse(
    Object.fromEntries(ACTIVITY_FILTER_FIELDS.map((field) => [field, params.get(field)])),
  );
  if (parsed.success) return { values, filters: parsed.data, fieldErrors: null };
  const fieldErrors: ActivityFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ActivityFilterField;
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return { values, filters: null, fieldErrors };
}

/** The page's ?page=: a whole number from 1, anything else the first page. */
export const activityPageNumber = (params: URLSearchParams) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(params.get("page") ?? 1);
