import { adminCallbackQuery } from "~/domain/schemas/admin-callbacks";
import { listAdminCallbacks } from "~/services/admin-callbacks.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/callbacks?agentId=&page=&pageSize=: every agent's scheduled callbacks (leads in
 * callback or rescheduled), or one agent's, soonest first and those without a date last. Each is
 * the spec's Callback (id, firstName, lastName, createdAt, coverageAmount, monthlyPremium, money in
 * dollars) with its agent, phone, status and callbackDate; the total in X-Total-Count. An agent is
 * refused (403); an agentId that names no agent is a 404.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiPage(await listAdminCallbacks(admin, parseQuery(request, adminCallbackQuery)));
  },
});

export const loader = api.loader;
export const action = api.action;
