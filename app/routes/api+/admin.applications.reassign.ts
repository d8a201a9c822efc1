import { reassignLeadsSchema } from "~/domain/schemas/lead-reassign";
import { reassignLeads } from "~/services/lead-reassign.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PUT /api/admin/applications/reassign, { ids: [...], agentId, confirmUnlicensed? }: several
 * leads (up to 100) to one agent in one transaction, all or nothing, with the single route's
 * rules (decision 031). Leads already the agent's are left as they are and listed apart.
 */
const api = apiRoute({
  PUT: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    const input = await parseBody(request, reassignLeadsSchema);
    const result = await reassignLeads(admin, input);
    return apiJson({
      success: true,
      message: `${result.reassigned.length} lead${result.reassigned.length === 1 ? "" : "s"} reassigned to ${result.agent.name}`,
      agent: result.agent,
      reassigned: result.reassigned,
      alreadyAssigned: result.alreadyAssigned,
      unlicensedStates: result.unlicensedStates,
    });
  },
});

export const loader = api.loader;
export const action = api.action;
