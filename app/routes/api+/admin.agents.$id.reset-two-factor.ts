import { resetAgentTwoFactor } from "~/services/two-factor.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * POST /api/admin/agents/{id}/reset-two-factor: turns the agent's second factor off (a lost phone),
 * audited; the agent signs in with the password and may enrol again. Answers { success: true }.
 */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    await resetAgentTwoFactor(admin, params.id ?? "");
    return apiJson({ success: true });
  },
});

export const loader = api.loader;
export const action = api.action;
