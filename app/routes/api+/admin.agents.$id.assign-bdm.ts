import { assignBdmSchema } from "~/domain/schemas/agents";
import { assignBdm } from "~/services/agents.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** POST /api/admin/agents/{id}/assign-bdm with {bdmId}. */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const { bdmId } = await parseBody(request, assignBdmSchema);
    const agent = await assignBdm(admin, params.id ?? "", bdmId);
    return apiJson({ message: "BDM Assigned", agent });
  },
});

export const loader = api.loader;
export const action = api.action;
