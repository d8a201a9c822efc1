import { updateLead } from "~/services/lead-edit.server";
import { apiJson, apiRoute, readBody } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * PUT /api/agent/applications/{id}: the signed-in agent's edit of their own lead's whole
 * application (every field of the spec's Lead, with phones and beneficiaries; firstName and
 * lastName required). Another agent's lead is a 404 and nothing changes; an admin is refused
 * (403), as on every /api/agent route. The answer is the lead as GET /api/applications/{id}
 * gives it. Sensitive numbers left out or empty keep their stored values.
 */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const agent = await requireAgent({ request, context });
    const application = await updateLead(agent, params.id ?? "", await readBody(request), { replace: true });
    return apiJson({ success: true, message: "Application updated successfully", application });
  },
});

export const loader = api.loader;
export const action = api.action;
