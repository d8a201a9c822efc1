import { getAgentPerformance, getAgentStats } from "~/services/profile.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/** GET /api/agent/stats: { totalLeads, conversionRate, totalCommission } and the last 12 months. */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    const [stats, months] = await Promise.all([getAgentStats(agent), getAgentPerformance(agent)]);
    return apiJson({
      ...stats,
      performance: months.map((m) => ({
        month: m.month,
        leads: m.leads,
        sales: m.sales,
        commission: m.commissionCents / 100,
      })),
    });
  },
});

export const loader = api.loader;
export const action = api.action;
