import { denyResetRequest } from "~/services/password-resets.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** POST /api/admin/password-reset-requests/{id}/deny */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const { request: resetRequest } = await denyResetRequest(admin, params.id ?? "");
    return apiJson({ message: "Request denied", request: resetRequest });
  },
});

export const loader = api.loader;
export const action = api.action;
