import type { LoaderFunctionArgs } from "@remix-run/node";
import { listAgentProducts } from "~/services/carriers.server";
import { apiJson, handleApi } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/products/{carrierId}: the signed-in agent's own products for that carrier,
 * [{ id, name, compPercentage }]. Unknown carrier: 404; a carrier the agent does not carry: [].
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const agent = await requireAgent(request);
    return apiJson(await listAgentProducts(agent, params.carrierId ?? ""));
  });
