import { orderCreateSchema, orderListQuery } from "~/domain/schemas/orders";
import { createOrder, listOrders, orderJson } from "~/services/orders.server";
import { apiJson, apiPage, apiRoute, parseBody, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/orders?period=&startDate=&endDate=&bdm=&timezone=&page=&pageSize=: newest first,
 * an array with the total in X-Total-Count (period left out: all time). POST adds an order.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiPage(await listOrders(actor, parseQuery(request, orderListQuery)), orderJson);
  },
  POST: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    const input = await parseBody(request, orderCreateSchema);
    return apiJson(orderJson(await createOrder(actor, input)), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
