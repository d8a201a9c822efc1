import { markNotificationRead } from "~/services/notifications.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** POST /api/notifications/{id}/read: marks one of the caller's notifications read (again is fine). */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    const notification = await markNotificationRead(actor, params.id ?? "");
    return apiJson({ message: "Notification marked as read", notification });
  },
});

export const loader = api.loader;
export const action = api.action;
