import { reassignOneSchema } from "~/domain/schemas/lead-reassign";
import { REASSIGN_TOASTS } from "~/domain/lead-reassign";
import { reassignLeads } from "~/services/lead-reassign.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PUT /api/admin/applications/{id}/reassign, { agentId, confirmUnlicensed? }: administrators only
 * (403 for agents). 404 an unknown lead; 400 an agent who cannot receive it (unknown, paused,
 * pending, rejected, or the lead's current agent); 409, naming the state, an agent not licensed
 * in the lead's state unless confirmUnlicensed is true.
 */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const input = await parseBody(request, reassignOneSchema);
    const result = await reassignLeads(admin, { ...input, ids: [params.id ?? ""] });
    const [lead] = result.reassigned;
    return apiJson({
      success: true,
      message: REASSIGN_TOASTS.success.title,
      application: { id: lead!.id, agentId: result.agent.id, agentName: result.agent.name },
      previousAgent: lead!.fromAgentId ? { id: lead!.fromAgentId, name: lead!.fromAgentName } : null,
      unlicensedStates: result.unlicensedStates,
    });
  },
});

export const loader = api.loader;
export const action = api.action;
