import { leadStatusSchema } from "~/domain/schemas/lead-status";
import { changeLeadStatus } from "~/services/lead-status.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * PUT /api/agent/applications/{id}/status, { status, notes?, productId (sale), callbackDate
 * (callback, rescheduled: an ISO date-time with its offset) }. The signed-in agent's own lead
 * only (another's is 404, nothing changed); an admin is refused (403), as on every /api/agent
 * route. The answer is the lead's status and sale fields, money in dollars, with the sale's
 * calculatedCommission also at the top level.
 */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const agent = await requireAgent({ request, context });
    const input = await parseBody(request, leadStatusSchema);
    const application = await changeLeadStatus(agent, params.id ?? "", input);
    return apiJson({
      success: true,
      message: "Status updated successfully",
      application,
      ...(application.status === "sale" ? { calculatedCommission: application.calculatedCommission } : {}),
    });
  },
});

export const loader = api.loader;
export const action = api.action;
