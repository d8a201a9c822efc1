import type { ActionFunctionArgs } from "@remix-run/node";
import { rejectAgent } from "~/services/agents.server";
import { apiError, apiJson, handleApi } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** PATCH /api/admin/agents/{id}/reject */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "PATCH") throw apiError(405, "Method not allowed");
    const admin = await requireAdmin(request);
    const agent = await rejectAgent(admin, params.id ?? "");
    return apiJson({ message: "Agent rejected", agent });
  });

/** Only the method above changes anything here; a GET is answered in JSON too. */
export const loader = () => apiError(405, "Method not allowed");
