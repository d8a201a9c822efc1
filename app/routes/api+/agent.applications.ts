import { agentLeadList } from "~/domain/schemas/leads";
import { listAgentLeads } from "~/services/lead-reads.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/applications?status=&search=&page=&pageSize=: the signed-in agent's own leads,
 * newest first, as an array; the filtered total in X-Total-Count. An admin is refused (403).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    return apiPage(await listAgentLeads(agent, parseQuery(request, agentLeadList.schema)));
  },
});

export const loader = api.loader;
export const action = api.action;
