import { retentionList } from "~/domain/schemas/payment-tracking";
import { listAgentRetention, retentionSummary } from "~/services/retention.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/retention?page=&pageSize=: the signed-in agent's sold policies, newest sale
 * first, each with its nine payments (`due` flags an unpaid month of an active policy due today
 * or tomorrow in the agent's time zone), as `{ policies, summary }`: the spec's "policies with
 * payments" and the tracker's cards (activeAccounts, monthlyRevenue, paymentsDue, dueToday,
 * dueTomorrow), which count every policy, not the page. The total in X-Total-Count. An admin is
 * refused (403), as on every /api/agent route.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    const query = parseQuery(request, retentionList.schema);
    const [list, summary] = await Promise.all([listAgentRetention(agent, query), retentionSummary(agent)]);
    return apiJson({ policies: list.rows, summary }, { headers: { "X-Total-Count": String(list.total) } });
  },
});

export const loader = api.loader;
export const action = api.action;
