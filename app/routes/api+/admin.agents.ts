import { listAgentsGrouped } from "~/services/agents.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/agents: every agent in the groups pending, approved, rejected and paused. */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiJson(await listAgentsGrouped(admin));
  },
});

export const loader = api.loader;
export const action = api.action;
