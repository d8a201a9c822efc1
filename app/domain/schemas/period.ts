import { z } from "zod";
import { PERIODS, type Period } from "../periods";
import { customRangeErrors, isoDayProblem, type PeriodShape } from "../period-range";

/** A calendar day as YYYY-MM-DD that exists (2023-02-29 does not). */
const isoDay = z
  .string()
  .superRefine((day, ctx) => {
    const problem = isoDayProblem(day);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .optional();

/** ?period=&startDate=&endDate=, the fields every period selector takes (dashboards, lists, the API). */
export const periodFields = {
  period: z.enum(PERIODS as unknown as [Period, ...Period[]]).optional(),
  startDate: isoDay,
  endDate: isoDay,
};

/**
 * The rules of a custom range, added to any schema that has the period fields. The schema's own
 * output type is kept (superRefine on a ZodType<PeriodShape> would narrow it to the period fields).
 */
export function withCustomRangeRules<T extends z.ZodType<PeriodShape>>(
  schema: T,
): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return schema.superRefine((q, ctx) => {
    if (q.period !== "custom") return;
    const errors = customRangeErrors(q.startDate, q.endDate) ?? {};
    for (const [path, messages] of Object.entries(errors)) {
      for (const message of messages) ctx.addIssue({ code: z.ZodIssueCode.custom, message, path: [path] });
    }
  }) as z.ZodEffects<T, z.output<T>, z.input<T>>;
}

const periodQuerySchema = withCustomRangeRules(z.object(periodFields));

/** Whether a period with its dates can be shown (a custom range needs two real dates in order). */
export function isShowablePeriod(query: PeriodShape) {
  return periodQuerySchema.safeParse(query).success;
}
