import type { ActionFunctionArgs } from "@remix-run/node";
import { approveAgentApiSchema } from "~/domain/schemas/agents";
import { approveAgent } from "~/services/agents.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** POST or PATCH /api/admin/agents/{id}/approve, with {callsOrdered, phone, email, companyName, assignedBdm} or no body. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST" && request.method !== "PATCH") throw apiError(405, "Method not allowed");
    const admin = await requireAdmin(request);
    const input = await parseBody(request, approveAgentApiSchema);
    const agent = await approveAgent(admin, params.id ?? "", input);
    return apiJson({ message: "Agent approved", agent });
  });

/** Only the method above changes anything here; a GET is answered in JSON too. */
export const loader = () => apiError(405, "Method not allowed");
