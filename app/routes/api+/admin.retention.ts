import { retentionAccountsQuerySchema } from "~/domain/schemas/admin-retention";
import { listRetentionAccounts, retentionManagementSummary } from "~/services/admin-retention.server";
import { apiJson, apiRoute, parseQuery, totalHeaders } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/retention?search=&agentId=&page=&pageSize=: Retention Management's data as
 * `{ accounts, summary }`. accounts are the spec's Retention accounts (id, customerName, phone,
 * agentName, carrier, monthlyPremium, saleDate, paymentDueSoon, payments), every sold policy,
 * newest sale first, one page (total in X-Total-Count); summary holds the cards (totalAccounts,
 * paymentsDueSoon, dueToday, dueTomorrow, paidPayments, totalPayments, successRate), over every
 * account the filters keep, not the page. An agent is refused (403).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    const query = parseQuery(request, retentionAccountsQuerySchema);
    const [list, summary] = await Promise.all([
      listRetentionAccounts(admin, query),
      retentionManagementSummary(admin, query),
    ]);
    return apiJson({ accounts: list.rows, summary }, { headers: totalHeaders(list) });
  },
});

export const loader = api.loader;
export const action = api.action;
