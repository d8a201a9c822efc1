import { agentPersistencyQuery } from "~/domain/schemas/persistency";
import { agentPersistency } from "~/services/persistency.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/reports/persistency?period=&startDate=&endDate=: the signed-in agent's own
 * policies issued in the period, with the admin route's figures and shape (docs/decisions/077)
 * and `byAgent: null`. Agents only; bad input is a 400 naming the field.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    return apiJson(await agentPersistency(agent, parseQuery(request, agentPersistencyQuery)));
  },
});

export const loader = api.loader;
export const action = api.action;
