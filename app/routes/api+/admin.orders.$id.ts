import { ORDER_TOASTS } from "~/domain/orders";
import { orderPatchSchema } from "~/domain/schemas/orders";
import { deleteOrder, orderJson, updateOrder } from "~/services/orders.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** PATCH /api/admin/orders/{id} with any of the order's fields; DELETE removes it. */
const api = apiRoute({
  PATCH: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    const change = await parseBody(request, orderPatchSchema);
    return apiJson(orderJson(await updateOrder(actor, params.id ?? "", change)));
  },
  DELETE: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    await deleteOrder(actor, params.id ?? "");
    return apiJson({ message: ORDER_TOASTS.deleted });
  },
});

export const loader = api.loader;
export const action = api.action;
