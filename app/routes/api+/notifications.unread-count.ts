import { countUnreadNotifications } from "~/services/notifications.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** GET /api/notifications/unread-count: `{ count }`, the signed-in user's unread notifications. */
const api = apiRoute({
  GET: async (args) => apiJson({ count: await countUnreadNotifications(await requireUser(args)) }),
});

export const loader = api.loader;
export const action = api.action;
