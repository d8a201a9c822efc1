import type { ActionFunctionArgs } from "@remix-run/node";
import { agentStatusSchema } from "~/domain/schemas/agents";
import { setAgentStatus } from "~/services/agents.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** PUT /api/admin/agents/{id}/status with {status: "paused" | "approved"}: pause or activate. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "PUT") throw apiError(405, "Method not allowed");
    const admin = await requireAdmin(request);
    const { status } = await parseBody(request, agentStatusSchema);
    const agent = await setAgentStatus(admin, params.id ?? "", status);
    return apiJson({ message: status === "paused" ? "Agent paused" : "Agent activated", agent });
  });

/** Only the method above changes anything here; a GET is answered in JSON too. */
export const loader = () => apiError(405, "Method not allowed");
