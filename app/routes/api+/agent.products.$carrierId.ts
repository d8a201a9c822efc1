import { listAgentProducts } from "~/services/carriers.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/products/{carrierId}: the signed-in agent's own products for that carrier,
 * [{ id, name, compPercentage }]. Unknown carrier: 404; a carrier the agent does not carry: [].
 */
const api = apiRoute({
  GET: async ({ request, params, context }) => {
    const agent = await requireAgent({ request, context });
    return apiJson(await listAgentProducts(agent, params.carrierId ?? ""));
  },
});

export const loader = api.loader;
export const action = api.action;
