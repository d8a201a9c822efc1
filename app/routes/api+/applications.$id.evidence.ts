import { openConsentEvidence } from "~/services/consent-evidence.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * GET /api/applications/{id}/evidence: the lead's consent evidence pack (issue 25 item 6) as JSON,
 * the same as the printable page /applications/{id}/evidence. An agent reaches only their own
 * leads, an admin any; anything else is 404 and nothing is recorded. Reading it is the audited
 * event, so this GET records `lead_evidence_opened` (decision 073, the one exception to decision
 * 046's rule that a GET never writes).
 */
const api = apiRoute({
  GET: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    return apiJson(await openConsentEvidence(actor, params.id ?? ""));
  },
});

export const loader = api.loader;
export const action = api.action;
