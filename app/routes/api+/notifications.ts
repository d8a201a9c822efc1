import { notificationListSchema } from "~/domain/schemas/notifications";
import { listNotifications } from "~/services/notifications.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** GET /api/notifications?limit=n: the signed-in user's newest notifications (limit 1..100, default 20). */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireUser({ request, context });
    return apiJson(await listNotifications(actor, parseQuery(request, notificationListSchema)));
  },
});

export const loader = api.loader;
export const action = api.action;
