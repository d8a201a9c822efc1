import { denyLeadReturn } from "~/services/lead-returns.server";
import { apiJson, apiRoute, readBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** POST /api/admin/lead-returns/{id}/deny, { note }: a pending request only (409 once decided). */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const body = await readBody(request);
    return apiJson(await denyLeadReturn(admin, params.id ?? "", body));
  },
});

export const loader = api.loader;
export const action = api.action;
