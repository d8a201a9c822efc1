import { optOutLead } from "~/services/dnc.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * POST /api/agent/applications/{id}/opt-out: the lead asked not to be called. Every phone of the
 * lead joins the do-not-call list (customer request) for every agent at once; answers { leadId,
 * listed, added, alreadyListed } (numbers in E.164). The lead's agent, or an admin for any lead;
 * another agent's lead is 404 "Application Not Found"; 409 for a lead without a phone that can be
 * listed (decision 069).
 */
const api = apiRoute({
  POST: async ({ request, context, params }) => {
    const actor = await requireUser({ request, context });
    return apiJson(await optOutLead(actor, params.id ?? ""));
  },
});

export const loader = api.loader;
export const action = api.action;
