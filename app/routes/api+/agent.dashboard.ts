import { agentDashboardQuery } from "~/domain/schemas/dashboard";
import { getAgentDashboard } from "~/services/dashboard.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";
import { agentDashboardJson } from "~/utils/dashboard-api.server";

/**
 * GET /api/agent/dashboard?period=&startDate=&endDate=: `{ stats, recentApplications, callsLeft,
 * exposure }`, the figures of /agent/dashboard from the same service (part 2, section 7). The period
 * is all time when left out (the page's default), counted in the agent's own time zone; a custom
 * range takes two YYYY-MM-DD days. Of the converted (submitted) sales, `issued`, `decided` and
 * `placementRate` (percent, null when none is decided), and `issuedCommissionThisMonth`;
 * `exposure` is the advance not yet earned now (decision 075). Money is dollars. An admin is
 * refused (403).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    const query = parseQuery(request, agentDashboardQuery);
    const dashboard = await getAgentDashboard(agent, { ...query, period: query.period ?? "all" });
    return apiJson(agentDashboardJson(dashboard));
  },
});

export const loader = api.loader;
export const action = api.action;
