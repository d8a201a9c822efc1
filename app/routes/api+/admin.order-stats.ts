import { decimalString } from "~/domain/orders";
import { orderListQuery } from "~/domain/schemas/orders";
import { orderStats } from "~/services/orders.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/order-stats with the list's query: { totalOrders, totalCallsOrdered,
 * totalCallsCompleted, totalRevenue, averageCostPerCall }, money as decimal strings.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    const stats = await orderStats(actor, parseQuery(request, orderListQuery));
    return apiJson({
      totalOrders: stats.totalOrders,
      totalCallsOrdered: stats.totalCallsOrdered,
      totalCallsCompleted: stats.totalCallsCompleted,
      totalRevenue: decimalString(stats.totalRevenueCents),
      averageCostPerCall:
        stats.averageCostPerCallCents === null ? "0.00" : decimalString(stats.averageCostPerCallCents),
    });
  },
});

export const loader = api.loader;
export const action = api.action;
