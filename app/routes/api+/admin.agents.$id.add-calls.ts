import type { ActionFunctionArgs } from "@remix-run/node";
import { addCallsSchema } from "~/domain/schemas/agents";
import { addCalls } from "~/services/agents.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** PUT /api/admin/agents/{id}/add-calls with {callsToAdd}: a whole number from 1 to 1000. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "PUT") throw apiError(405, "Method not allowed");
    const admin = await requireAdmin(request);
    const { callsToAdd } = await parseBody(request, addCallsSchema);
    const agent = await addCalls(admin, params.id ?? "", callsToAdd);
    return apiJson({ message: "Calls added successfully", agent });
  });

/** Only the method above changes anything here; a GET is answered in JSON too. */
export const loader = () => apiError(405, "Method not allowed");
