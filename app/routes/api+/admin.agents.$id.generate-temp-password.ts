import type { ActionFunctionArgs } from "@remix-run/node";
import { generateTemporaryPassword } from "~/services/agents.server";
import { apiError, apiJson, handleApi } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PUT /api/admin/agents/{id}/generate-temp-password: answers {temporaryPassword} once. The agent
 * must replace it at the next sign-in (we never keep or show a password the agent chose).
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "PUT") throw apiError(405, "Method not allowed");
    const admin = await requireAdmin(request);
    const { temporaryPassword } = await generateTemporaryPassword(admin, params.id ?? "");
    return apiJson({ temporaryPassword });
  });

/** Only the method above changes anything here; a GET is answered in JSON too. */
export const loader = () => apiError(405, "Method not allowed");
