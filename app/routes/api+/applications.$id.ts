import { leadDetailQuery } from "~/domain/schemas/leads";
import { getLeadDetail } from "~/services/lead-reads.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * GET /api/applications/{id}[?reveal=1]: one lead with its phones, beneficiaries, paymentTracking
 * and statusHistory. An agent reaches only their own leads, an admin any; anything else is 404.
 * Sensitive numbers are their last four unless ?reveal=1 (recorded in the activity log).
 */
const api = apiRoute({
  GET: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    const { reveal } = parseQuery(request, leadDetailQuery);
    return apiJson(await getLeadDetail(actor, params.id ?? "", { reveal }));
  },
});

export const loader = api.loader;
export const action = api.action;
