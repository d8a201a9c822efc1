import { markAllNotificationsRead } from "~/services/notifications.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** POST /api/notifications/mark-all-read: every unread notification of the caller becomes read. */
const api = apiRoute({
  POST: async ({ request, context }) => {
    const updated = await markAllNotificationsRead(await requireUser({ request, context }));
    return apiJson({ message: "All notifications marked as read", updated });
  },
});

export const loader = api.loader;
export const action = api.action;
