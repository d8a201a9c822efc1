import { callbackListQuery } from "~/domain/schemas/callbacks";
import { listAgentCallbacks } from "~/services/callbacks.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/callbacks?category=all|overdue|today|upcoming&page=&pageSize=: the signed-in
 * agent's callbacks (leads in callback or rescheduled), soonest first and those without a date
 * last, each with its priority, days until and category in the agent's time zone; the total in
 * X-Total-Count. An admin is refused (403).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    return apiPage(await listAgentCallbacks(agent, parseQuery(request, callbackListQuery)));
  },
});

export const loader = api.loader;
export const action = api.action;
