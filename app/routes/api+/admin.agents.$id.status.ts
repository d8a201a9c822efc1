import { agentStatusSchema } from "~/domain/schemas/agents";
import { setAgentStatus } from "~/services/agents.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** PUT /api/admin/agents/{id}/status with {status: "paused" | "approved"}: pause or activate. */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const { status } = await parseBody(request, agentStatusSchema);
    const agent = await setAgentStatus(admin, params.id ?? "", status);
    return apiJson({ message: status === "paused" ? "Agent paused" : "Agent activated", agent });
  },
});

export const loader = api.loader;
export const action = api.action;
