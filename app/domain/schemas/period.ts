import { z } from "zod";
import { PERIODS, type Period } from "../periods";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must be YYYY-MM-DD");

/** ?period=…&startDate=…&endDate=… as the dashboards, reports and the API take it. */
const periodQuerySchema = z
  .object({
    period: z.enum(PERIODS as unknown as [Period, ...Period[]]).optional(),
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
  })
  .refine((q) => q.period !== "custom" || (q.startDate && q.endDate), {
    message: "A custom range needs both a start date and an end date.",
    path: ["startDate"],
  })
  .refine((q) => q.period !== "custom" || !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: "The start date must be on or before the end date.",
    path: ["endDate"],
  });

export type PeriodQuery = z.infer<typeof periodQuerySchema>;

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
