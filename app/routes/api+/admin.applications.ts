import { allLeadsQuerySchema } from "~/domain/schemas/admin-leads";
import { listLeadRecords } from "~/services/admin-lead-records.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/applications?search=&status=&agentId=&carrierId=&state=&dateFrom=&dateTo=&unread=1
 * &sort=&page=&pageSize=: every lead, as All Leads lists them (same service), as an array; the
 * filtered total in X-Total-Count. dateFrom and dateTo are days in the admin's time zone. Each row
 * has every Lead field of part 1 (phones, beneficiaries, paymentTracking included); the SSN,
 * routing, account and card numbers are their last four digits only (`revealed: false`).
 * With status=sale each row also carries saleDate and its months' due flags, and
 * paymentStatus=pending|paid|cancelled keeps the sales with a month in that status. An agent is
 * refused (403).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    const query = parseQuery(request, allLeadsQuerySchema);
    return apiPage(await listLeadRecords(admin, query));
  },
});

export const loader = api.loader;
export const action = api.action;
