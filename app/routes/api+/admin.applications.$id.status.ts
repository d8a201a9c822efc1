import { adminLeadStatusSchema } from "~/domain/schemas/lead-status";
import { changeLeadStatus } from "~/services/lead-status.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PUT /api/admin/applications/{id}/status, { status (any of part 1 section 4, or rescheduled),
 * notes?, productId (a sale: one of the lead's agent's products for its carrier), callbackDate
 * (callback, rescheduled) }: the same service as the agent's status change, with an admin's
 * reach (any lead; an unknown id is 404). An agent is refused (403).
 */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const input = await parseBody(request, adminLeadStatusSchema);
    const application = await changeLeadStatus(admin, params.id ?? "", input);
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
