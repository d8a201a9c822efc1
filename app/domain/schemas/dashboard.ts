import { z } from "zod";
import { CHART_RANGES } from "../sales-chart";
import { dayOfDateTime } from "../period-range";
import { TIMEZONES, isTimezone } from "../timezones";
import { periodFields, withCustomRangeRules } from "./period";

const DASHBOARD_MESSAGES = {
  timezone: `Timezone must be one of ${TIMEZONES.map((tz) => tz.value).join(", ")}.`,
  chart: "Chart must be 7d, 30d or 90d.",
} as const;

/**
 * GET /api/admin/dashboard?period=&timezone=&startDate=&endDate=&chart=: the period as the page
 * takes it (a custom range needs both dates, in order), a time zone of the spec's list (the
 * admin's own when left out) and the chart's span. Anything else is a 400 with its field.
 */
const adminDashboardFields = z.object({
  ...periodFields,
  timezone: z
    .string()
    .refine((value) => isTimezone(value), DASHBOARD_MESSAGES.timezone)
    .optional(),
  chart: z.enum(CHART_RANGES, { errorMap: () => ({ message: DASHBOARD_MESSAGES.chart }) }).optional(),
});

const adminDashboardRules = withCustomRangeRules(adminDashboardFields);

/**
 * The admin dashboard's query for an admin whose own time zone is `ownTimezone`. Part 1 sends the
 * custom dates as ISO: YYYY-MM-DD or a full date-time ("2026-03-01T05:00:00.000Z"), which counts
 * as the day it falls on in the dashboard's time zone (dayOfDateTime).
 */
export function adminDashboardQuery(ownTimezone: string) {
  return z.preprocess((raw) => {
    if (!raw || typeof raw !== "object") return raw;
    const query = { ...(raw as Record<string, unknown>) };
    const zone = isTimezone(query.timezone) ? String(query.timezone) : ownTimezone;
    for (const field of ["startDate", "endDate"] as const) {
      if (typeof query[field] === "string") query[field] = dayOfDateTime(query[field], zone);
    }
    return query;
  }, adminDashboardRules);
}

/** GET /api/agent/dashboard?period=&startDate=&endDate= (part 2): the period, all time when left out. */
export const agentDashboardQuery = withCustomRangeRules(z.object(periodFields));
