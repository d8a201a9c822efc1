import { z } from "zod";
import { PERIODS, type Period } from "../periods";

/** A calendar day as YYYY-MM-DD that exists (2023-02-29 does not). */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must be YYYY-MM-DD")
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), { message: "That date does not exist" })
  .optional();

/** ?period=&startDate=&endDate=, the fields every period selector takes (dashboards, lists, the API). */
export const periodFields = {
  period: z.enum(PERIODS as unknown as [Period, ...Period[]]).optional(),
  startDate: isoDay,
  endDate: isoDay,
};

type PeriodShape = { period?: Period; startDate?: string; endDate?: string };

/** The two rules of a custom range, added to any schema that has the period fields. */
export function withCustomRangeRules<T extends z.ZodType<PeriodShape>>(schema: T) {
  return schema
    .refine((q) => q.period !== "custom" || (q.startDate && q.endDate), {
      message: "A custom range needs both a start date and an end date.",
      path: ["startDate"],
    })
    .refine((q) => q.period !== "custom" || !q.startDate || !q.endDate || q.startDate <= q.endDate, {
      message: "The start date must be on or before the end date.",
      path: ["endDate"],
    });
}

const periodQuerySchema = withCustomRangeRules(z.object(periodFields));

export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** Whether a period with its dates can be shown (a custom range needs two dates in order). */
export function isShowablePeriod(query: PeriodShape) {
  return periodQuerySchema.safeParse(query).success;
}

/** Reads the period from a URL, falling back to the default rather than failing a page. */
export function periodFromSearch(
  params: URLSearchParams,
  fallback: Period,
): Required<Pick<PeriodQuery, "period">> & PeriodQuery {
  const parsed = periodQuerySchema.safeParse({
    period: params.get("period") || undefined,
    startDate: params.get("startDate") || undefined,
    endDate: params.get("endDate") || undefined,
  });
  if (!parsed.success) return { period: fallback };
  return { ...parsed.data, period: parsed.data.period ?? fallback };
}
