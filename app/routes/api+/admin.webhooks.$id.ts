import { webhookUpdateSchema } from "~/domain/schemas/webhooks";
import { deleteWebhook, updateWebhook } from "~/services/webhooks.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PATCH /api/admin/webhooks/{id} with any of { url, events, description, active }: the endpoint
 * changed (`active: false` pauses it, `true` resumes it; what waited is then sent).
 * DELETE /api/admin/webhooks/{id}: the endpoint and its delivery log; what was pending is never sent.
 */
const api = apiRoute({
  PATCH: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    const changes = await parseBody(request, webhookUpdateSchema);
    return apiJson(await updateWebhook(actor, params.id ?? "", changes));
  },
  DELETE: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    await deleteWebhook(actor, params.id ?? "");
    return apiJson({ message: "Endpoint deleted successfully" });
  },
});

export const loader = api.loader;
export const action = api.action;
