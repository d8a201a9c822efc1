import { agentAtRiskQuery } from "~/domain/schemas/at-risk";
import { listAgentAtRisk } from "~/services/at-risk.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/at-risk?page=&pageSize=: the signed-in agent's policies at risk (a payment unpaid
 * 3 days past its due date, or lapse pending), largest exposure (unearned advance) first, each
 * with the client's phone, the missed month, days late and the exposure; the total in
 * X-Total-Count. Only their own: an agentId is a 400. An admin is refused (403). Decision 076.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    return apiPage(await listAgentAtRisk(agent, parseQuery(request, agentAtRiskQuery)));
  },
});

export const loader = api.loader;
export const action = api.action;
