import { leadRevealBody } from "~/domain/schemas/leads";
import { recordLeadReveal } from "~/services/lead-reads.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * POST /api/applications/{id}/reveal, body `{ parts?: ["sensitive", "banking", "health"] }` (every
 * part when left out): records who revealed which part of which lead in the activity log (never a
 * value) and answers the lead as GET /api/applications/{id} does, with those parts in full. A
 * post, so that no link or page from another site can write the audit trail (a GET never does).
 * An agent reaches only their own leads, an admin any; anything else is 404 and nothing is recorded.
 */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    const { parts } = await parseBody(request, leadRevealBody);
    return apiJson(await recordLeadReveal(actor, params.id ?? "", parts ?? true));
  },
});

export const loader = api.loader;
export const action = api.action;
