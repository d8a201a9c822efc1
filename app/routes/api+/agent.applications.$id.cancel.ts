import { COMMISSION_TOASTS } from "~/domain/commissions";
import { cancelCommission } from "~/services/commissions.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * PUT /api/agent/applications/{applicationId}/cancel, no body (any body is ignored): the
 * signed-in agent's commission on that sale is cancelled, one way. Another agent's lead is 404
 * with nothing changed; a lead never sold or a commission already cancelled is 409 with the
 * reason. Answers the commission as it now is.
 */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const agent = await requireAgent({ request, context });
    const commission = await cancelCommission(agent, params.id ?? "");
    return apiJson({ success: true, message: COMMISSION_TOASTS.cancelled, commission });
  },
});

export const loader = api.loader;
export const action = api.action;
