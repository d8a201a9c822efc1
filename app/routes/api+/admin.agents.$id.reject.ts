import { rejectAgent } from "~/services/agents.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** PATCH /api/admin/agents/{id}/reject */
const api = apiRoute({
  PATCH: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const agent = await rejectAgent(admin, params.id ?? "");
    return apiJson({ message: "Agent rejected", agent });
  },
});

export const loader = api.loader;
export const action = api.action;
