import { leadDetailQuery } from "~/domain/schemas/leads";
import { updateLead } from "~/services/lead-edit.server";
import { getLeadDetail } from "~/services/lead-reads.server";
import { apiJson, apiRoute, parseQuery, readBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * GET /api/applications/{id}[?reveal=1]: one lead with its phones, beneficiaries, paymentTracking
 * and statusHistory. PATCH /api/applications/{id}: an edit of the fields given (absent ones stay;
 * blank ones are cleared; sensitive numbers left empty stay), answering the lead as GET does. An
 * agent reaches only their own leads, an admin any; anything else is 404 and changes nothing.
 * Sensitive numbers are their last four: POST /api/applications/{id}/reveal records a reveal and
 * answers them in full; ?reveal=1 shows them again only within a few minutes of that post. A GET
 * never writes the audit trail, so a link from another site cannot reveal or record anything.
 */
const api = apiRoute({
  GET: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    const { reveal } = parseQuery(request, leadDetailQuery);
    return apiJson(await getLeadDetail(actor, params.id ?? "", { reveal }));
  },
  PATCH: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    return apiJson(await updateLead(actor, params.id ?? "", await readBody(request)));
  },
});

export const loader = api.loader;
export const action = api.action;
