import type { ActionFunctionArgs } from "@remix-run/node";
import { assignBdmSchema } from "~/domain/schemas/agents";
import { assignBdm } from "~/services/agents.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** POST /api/admin/agents/{id}/assign-bdm with {bdmId}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw apiError(405, "Method not allowed");
    const admin = await requireAdmin(request);
    const { bdmId } = await parseBody(request, assignBdmSchema);
    const agent = await assignBdm(admin, params.id ?? "", bdmId);
    return apiJson({ message: "BDM Assigned", agent });
  });

/** Only the method above changes anything here; a GET is answered in JSON too. */
export const loader = () => apiError(405, "Method not allowed");
