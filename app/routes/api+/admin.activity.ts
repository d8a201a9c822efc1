import { activityApiQuery } from "~/domain/schemas/activity";
import { listActivity } from "~/services/audit.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/activity?userId=&action=&applicationId=&dateFrom=&dateTo=&page=&pageSize=: the
 * audit trail newest first, as an array of { id, action, userName, applicationId, createdAt,
 * details }, the filtered total in X-Total-Count. Days are the admin's calendar days, both
 * inclusive. A bad filter is a 400 at its field; an agent is refused (403).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiPage(await listActivity(actor, parseQuery(request, activityApiQuery)));
  },
});

export const loader = api.loader;
export const action = api.action;
