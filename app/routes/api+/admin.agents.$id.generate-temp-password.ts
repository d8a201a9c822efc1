import { generateTemporaryPassword } from "~/services/agents.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PUT /api/admin/agents/{id}/generate-temp-password: answers {temporaryPassword} once. The agent
 * must replace it at the next sign-in (we never keep or show a password the agent chose). An
 * agent who is not approved or paused is a 409, as the pages offer it to those only.
 */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const { temporaryPassword } = await generateTemporaryPassword(admin, params.id ?? "");
    return apiJson({ temporaryPassword });
  },
});

export const loader = api.loader;
export const action = api.action;
