import { markLeadRead } from "~/services/leads.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * POST /api/leads/{id}/mark-read, no body: the lead is read for the signed-in user (only). An
 * agent may mark only their own leads (another's is 404, nothing recorded); marking twice is
 * harmless. The spec names no answer; `{ success: true }`.
 */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    await markLeadRead(actor, params.id ?? "");
    return apiJson({ success: true });
  },
});

export const loader = api.loader;
export const action = api.action;
