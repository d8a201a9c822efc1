import { COMMISSION_TBD, formatMoney } from "~/domain/format";
import { premiumQuerySchema } from "~/domain/schemas/premiums";
import { listPremiums, type PremiumRow } from "~/services/premiums.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/commissions?period=&startDate=&endDate=&agentId=&timezone=&page=&pageSize=:
 * the spec's Premium rows (part 2, section 3), newest sale first: premium and commission as
 * currency strings ("$1,234.50"), compPercentage a number, saleDate an ISO instant, and beyond the
 * spec commissionCancelled for a commission the agent cancelled and the policy's policyStatus. The period is today
 * when left out, counted in `timezone` (the admin's own when left out); the filtered total is in
 * X-Total-Count. The body stays the spec's array, so the page's cards are not in it (decision 036):
 * they are GET /api/admin/premiums.
 * An agent is refused (403); an agentId that names no agent is a 404.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    const query = parseQuery(request, premiumQuerySchema);
    return apiPage(await listPremiums(admin, { ...query, period: query.period ?? "today" }), toPremiumJson);
  },
});

function toPremiumJson(row: PremiumRow) {
  return {
    id: row.id,
    leadName: row.leadName,
    agentName: row.agentName,
    carrier: row.carrier,
    product: row.product,
    premium: formatMoney(row.premiumCents),
    compPercentage: row.compPercentage,
    commission: row.commissionCents === null ? COMMISSION_TBD : formatMoney(row.commissionCents),
    commissionCancelled: row.commissionCancelled,
    saleDate: row.saleDate,
    policyStatus: row.policyStatus,
  };
}

export const loader = api.loader;
export const action = api.action;
