import { webhookDeliveryList } from "~/domain/schemas/webhooks";
import { listWebhookDeliveries } from "~/services/webhooks.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/webhooks/{id}/deliveries?status=&page=&pageSize=: the endpoint's delivery log,
 * newest first (status, attempts, last response code, event; never the body), total in X-Total-Count.
 */
const api = apiRoute({
  GET: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiPage(
      await listWebhookDeliveries(actor, params.id ?? "", parseQuery(request, webhookDeliveryList.schema)),
    );
  },
});

export const loader = api.loader;
export const action = api.action;
