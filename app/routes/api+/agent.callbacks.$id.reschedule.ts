import { rescheduleCallback } from "~/services/callbacks.server";
import { apiJson, apiRoute, readBody } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * PUT /api/agent/callbacks/{id}/reschedule { callbackDate, notes? }: the Callbacks page's
 * Reschedule. callbackDate is an ISO date-time with its offset, not yet past; the lead becomes
 * rescheduled and the change is in its status history. Answers the status change, as
 * PUT /api/agent/applications/{id}/status does. Another agent's lead is a 404.
 */
const api = apiRoute({
  PUT: async ({ request, context, params }) => {
    const agent = await requireAgent({ request, context });
    return apiJson(await rescheduleCallback(agent, params.id ?? "", await readBody(request)));
  },
});

export const loader = api.loader;
export const action = api.action;
