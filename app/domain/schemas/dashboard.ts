import { z } from "zod";
import { CHART_RANGES } from "../sales-chart";
import { TIMEZONES, isTimezone } from "../timezones";
import { periodFields, withCustomRangeRules } from "./period";

export const DASHBOARD_MESSAGES = {
  timezone: `Timezone must be one of ${TIMEZONES.map((tz) => tz.value).join(", ")}.`,
  chart: "Chart must be 7d, 30d or 90d.",
} as const;

/**
 * GET /api/admin/dashboard?period=&timezone=&startDate=&endDate=&chart=: the period as the page
 * takes it (a custom range needs both YYYY-MM-DD dates, in order), a time zone of the spec's list
 * (the admin's own when left out) and the chart's span. Anything else is a 400 with its field.
 */
const adminDashboardFields = z.object({
  ...periodFields,
  timezone: z
    .string()
    .refine((value) => isTimezone(value), DASHBOARD_MESSAGES.timezone)
    .optional(),
  chart: z.enum(CHART_RANGES, { errorMap: () => ({ message: DASHBOARD_MESSAGES.chart }) }).optional(),
});

export const adminDashboardQuery = withCustomRangeRules(adminDashboardFields);
