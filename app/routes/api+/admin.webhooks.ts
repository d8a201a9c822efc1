import { webhookCreateSchema, webhookList } from "~/domain/schemas/webhooks";
import { createWebhook, listWebhooks } from "~/services/webhooks.server";
import { apiJson, apiPage, apiRoute, parseBody, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/webhooks?page=&pageSize=: the endpoints, newest first, an array (never a secret)
 * with the total in X-Total-Count. POST { url, events, description? } registers one and answers 201
 * with the endpoint and its `secret`: the only time the secret is ever answered.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiPage(await listWebhooks(actor, parseQuery(request, webhookList.schema)));
  },
  POST: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    const input = await parseBody(request, webhookCreateSchema);
    const { webhook, secret } = await createWebhook(actor, input);
    return apiJson({ ...webhook, secret }, { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
