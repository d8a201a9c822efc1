import { z } from "zod";
import { isoDayProblem } from "../period-range";

// What the GET filter forms (Activity, Reports) share: their URL and API query reading. Empty and
// "all" mean no filter, and a refused value is shown again as typed with its message at its field.

/** Nothing given: a blank text, "all", or the parameter left out. */
export const unsetFilter = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && ["", "all"].includes(value.trim()))
    ? undefined
    : value;

/** A From or To day: YYYY-MM-DD that the calendar has, or no filter. */
export const filterDay = (formatMessage: string) =>
  z.preprocess(
    unsetFilter,
    z
      .string({ invalid_type_error: formatMessage })
      .trim()
      .superRefine((value, ctx) => {
        const problem = isoDayProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  );

/** Refuses a From day after the To day, with `message` at the To field (the one to correct). */
export function refuseReversedDays(
  filters: { dateFrom?: string; dateTo?: string },
  ctx: z.RefinementCtx,
  message: string,
) {
  // YYYY-MM-DD text orders as the days do.
  if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo) {
    ctx.addIssue({ code: "custom", message, path: ["dateTo"] });
  }
}

/** What a page shows of a refused value: enough to recognise it, never a 100 KB echo. */
const SHOWN_MAX = 100;

export type FilterReading<Field extends string, Filters> =
  | { values: Record<Field, string>; filters: Filters; fieldErrors: null }
  | { values: Record<Field, string>; filters: null; fieldErrors: Partial<Record<Field, string[]>> };

/** A page's reading of the URL: the filters, or each refused one's message at its field, with every value as typed. */
export function readFilterParams<Field extends string, Filters>(
  schema: z.ZodType<Filters, z.ZodTypeDef, unknown>,
  fields: readonly Field[],
  params: URLSearchParams,
): FilterReading<Field, Filters> {
  const values = Object.fromEntries(
    fields.map((field) => [field, (params.get(field) ?? "").slice(0, SHOWN_MAX)]),
  ) as Record<Field, string>;
  const parsed = schema.safeParse(Object.fromEntries(fields.map((field) => [field, params.get(field)])));
  if (parsed.success) return { values, filters: parsed.data, fieldErrors: null };
  const fieldErrors: Partial<Record<Field, string[]>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return { values, filters: null, fieldErrors };
}

/** A page's ?page=: a whole number from 1, anything else the first page. */
export const pageNumberParam = (params: URLSearchParams) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(params.get("page") ?? 1);
