import { allLeadsQuerySchema } from "~/domain/schemas/admin-leads";
import { listAllLeads } from "~/services/admin-leads.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/applications?search=&status=&agentId=&carrierId=&state=&dateFrom=&dateTo=&unread=1
 * &sort=&page=&pageSize=: every lead, as All Leads lists them (same service), as an array; the
 * filtered total in X-Total-Count. dateFrom and dateTo are days in the admin's time zone. An
 * agent is refused (403).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiPage(await listAllLeads(admin, parseQuery(request, allLeadsQuerySchema)));
  },
});

export const loader = api.loader;
export const action = api.action;
