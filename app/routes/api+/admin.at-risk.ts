import { adminAtRiskQuery } from "~/domain/schemas/at-risk";
import { listAdminAtRisk } from "~/services/at-risk.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/at-risk?agentId=&page=&pageSize=: every agent's policies at risk, or one agent's,
 * largest exposure first, each with its agent; the total in X-Total-Count. An agent is refused
 * (403); an agentId that names no agent is a 404. Decision 076.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiPage(await listAdminAtRisk(admin, parseQuery(request, adminAtRiskQuery)));
  },
});

export const loader = api.loader;
export const action = api.action;
