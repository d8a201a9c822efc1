import { approveResetRequest } from "~/services/password-resets.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { absoluteUrl } from "~/utils/public-url.server";

/**
 * POST /api/admin/password-reset-requests/{id}/approve. The one-time link is in this answer only;
 * the database keeps just its hash.
 */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const { request: resetRequest, token, resetPath } = await approveResetRequest(admin, params.id ?? "");
    return apiJson({
      message: "Request approved",
      request: resetRequest,
      resetLink: absoluteUrl(request, resetPath),
      token,
    });
  },
});

export const loader = api.loader;
export const action = api.action;
