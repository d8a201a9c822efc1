import { adminLeadStatusSchema } from "~/domain/schemas/lead-status";
import { requireAdmin } from "~/utils/auth.server";
import { apiRoute } from "~/utils/api.server";
import { leadStatusPut } from "~/utils/lead-status-api.server";

/**
 * PUT /api/admin/applications/{id}/status, { status (any of part 1 section 4, or rescheduled),
 * notes?, productId (a sale: one of the lead's agent's products for its carrier), callbackDate
 * (callback, rescheduled) }: the same service as the agent's status change, with an admin's
 * reach (any lead; an unknown id is 404). An agent is refused (403).
 */
const api = apiRoute({ PUT: leadStatusPut(requireAdmin, adminLeadStatusSchema) });

export const loader = api.loader;
export const action = api.action;
