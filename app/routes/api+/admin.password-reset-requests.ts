import { listResetRequests } from "~/services/password-resets.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/password-reset-requests: open requests and the latest 10 decided or expired ones. */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiJson(await listResetRequests(admin));
  },
});

export const loader = api.loader;
export const action = api.action;
