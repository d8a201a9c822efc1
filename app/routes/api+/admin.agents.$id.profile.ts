import { getAgentProfileForAdmin } from "~/services/agent-management.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/agents/{id}/profile: the agent's basic information, licensed states, carriers
 * and products with comp %, and activity summary; 404 "Agent profile not found".
 */
const api = apiRoute({
  GET: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiJson(await getAgentProfileForAdmin(admin, params.id ?? ""));
  },
});

export const loader = api.loader;
export const action = api.action;
