import { z } from "zod";
import { pagingSchema } from "~/domain/list-query";

// The at-risk queue's parameters (docs/decisions/076): GET /api/agent/at-risk?page=&pageSize= and
// GET /api/admin/at-risk?agentId=&page=&pageSize= (default 100, at most 500), strict, a bad value
// a 400 naming the field; the pages read the same names leniently (20 a page).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @internal Exported for tests. */
export const AT_RISK_QUERY_MESSAGES = {
  agentId: "Agent must be an agent's id",
  agentFilterAdminOnly: "Only an administrator can filter by agent: your queue holds your own policies.",
} as const;

const agentIdField = z.string().trim().regex(UUID, AT_RISK_QUERY_MESSAGES.agentId).optional();

/** The agent's queue: their own policies only, so an agent filter is refused rather than ignored. */
export const agentAtRiskQuery = pagingSchema.extend({
  agentId: z.undefined({ invalid_type_error: AT_RISK_QUERY_MESSAGES.agentFilterAdminOnly }),
});

/** The admin's queue: every agent's policies, or one agent's. */
export const adminAtRiskQuery = pagingSchema.extend({ agentId: agentIdField });

export type AtRiskQuery = { agentId?: string; page: number; pageSize: number };

/** Rows per page on the queue's pages. */
const AT_RISK_PAGE_SIZE = 20;

/** The page's ?agentId=&page= (lenient: anything unreadable is every agent, the first page). */
export function atRiskQueryFromSearch(search: URLSearchParams): AtRiskQuery {
  const agent = agentIdField.safeParse(search.get("agentId") || undefined);
  const page = Number(search.get("page"));
  return {
    agentId: agent.success ? agent.data : undefined,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: AT_RISK_PAGE_SIZE,
  };
}
