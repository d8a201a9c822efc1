import { z } from "zod";
import { listQuery, type ListParams } from "~/domain/list-query";
import { TIMEZONES, isTimezone } from "../timezones";

// Premiums Management's URL and GET /api/admin/commissions' query (part 2, section 7: period,
// startDate, endDate, agentId, timezone), with the list kit's page and pageSize. The period is
// today when left out (part 1, section 9: "Admin default period is today"). Strict for the API (a
// bad value is a 400 naming the field), lenient for the page.

const premiumList = listQuery({ period: "today", pageSize: 20 });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @internal Exported for tests. */
export const PREMIUM_QUERY_MESSAGES = {
  agentId: "Agent must be an agent's id",
  timezone: `Timezone must be one of ${TIMEZONES.map((tz) => tz.value).join(", ")}.`,
} as const;

const filterFields = {
  agentId: z.string().trim().regex(UUID, PREMIUM_QUERY_MESSAGES.agentId).optional(),
  timezone: z
    .string()
    .refine((value) => isTimezone(value), PREMIUM_QUERY_MESSAGES.timezone)
    .optional(),
};

export type PremiumQuery = ListParams & { agentId?: string; timezone?: string };

/** GET /api/admin/commissions' query (strict). */
export const premiumQuerySchema = premiumList.schema.and(z.object(filterFields)) as unknown as z.ZodType<PremiumQuery>;

/** The page's URL (lenient: an unreadable agent is all agents, an unreadable period today). */
export function premiumQueryFromSearch(search: URLSearchParams): PremiumQuery {
  const query: PremiumQuery = premiumList.fromSearch(search);
  const agentId = filterFields.agentId.safeParse(search.get("agentId") ?? undefined);
  if (agentId.success && agentId.data) query.agentId = agentId.data;
  return query;
}
