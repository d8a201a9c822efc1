import { clearAllNotifications } from "~/services/notifications.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** DELETE /api/notifications/clear-all: deletes every notification of the caller, no one else's. */
const api = apiRoute({
  DELETE: async ({ request, context }) => {
    const deleted = await clearAllNotifications(await requireUser({ request, context }));
    return apiJson({ message: "All notifications cleared", deleted });
  },
});

export const loader = api.loader;
export const action = api.action;
