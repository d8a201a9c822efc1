import { deleteWebhook } from "~/services/webhooks.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** DELETE /api/admin/webhooks/{id}: the endpoint and its delivery log; what was pending is never sent. */
const api = apiRoute({
  DELETE: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    await deleteWebhook(actor, params.id ?? "");
    return apiJson({ message: "Endpoint deleted successfully" });
  },
});

export const loader = api.loader;
export const action = api.action;
