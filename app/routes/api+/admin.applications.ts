import { allLeadsQuerySchema } from "~/domain/schemas/admin-leads";
import { listAllLeads } from "~/services/admin-leads.server";
import { listSalesWithPayments } from "~/services/admin-retention.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/applications?search=&status=&agentId=&carrierId=&state=&dateFrom=&dateTo=&unread=1
 * &sort=&page=&pageSize=: every lead, as All Leads lists them (same service), as an array; the
 * filtered total in X-Total-Count. dateFrom and dateTo are days in the admin's time zone.
 * With status=sale each row also carries saleDate and paymentTracking (its months), and
 * paymentStatus=pending|paid|cancelled keeps the sales with a month in that status. An agent is
 * refused (403).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    const query = parseQuery(request, allLeadsQuerySchema);
    // ?status=sale is retention by sale: the same rows, each with its sale date and paymentTracking.
    if (query.status === "sale") return apiPage(await listSalesWithPayments(admin, query));
    return apiPage(await listAllLeads(admin, query));
  },
});

export const loader = api.loader;
export const action = api.action;
