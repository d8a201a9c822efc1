import { leadStatusSchema } from "~/domain/schemas/lead-status";
import { requireAgent } from "~/utils/auth.server";
import { apiRoute } from "~/utils/api.server";
import { leadStatusPut } from "~/utils/lead-status-api.server";

/**
 * PUT /api/agent/applications/{id}/status, { status, notes?, productId (sale), callbackDate
 * (callback, rescheduled: an ISO date-time with its offset) }. The signed-in agent's own lead
 * only (another's is 404, nothing changed); an admin is refused (403), as on every /api/agent
 * route. The answer is the lead's status and sale fields, money in dollars, with the sale's
 * calculatedCommission also at the top level.
 */
const api = apiRoute({ PUT: leadStatusPut(requireAgent, leadStatusSchema) });

export const loader = api.loader;
export const action = api.action;
