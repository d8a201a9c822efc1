import { PROFILE_MESSAGES, profileUpdateSchema } from "~/domain/schemas/profile";
import { getAgentProfile, updateAgentProfile } from "~/services/profile.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/profile, and PUT with either shape of part 2 section 7:
 * { firstName, lastName, phone, carriers, products, licensedStates } or
 * { basicInfo: { firstName, lastName, phone }, carriers, products, licensedStates }.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    return apiJson(await getAgentProfile(agent));
  },
  PUT: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    const input = await parseBody(request, profileUpdateSchema);
    const profile = await updateAgentProfile(agent, input);
    return apiJson({ success: true, message: PROFILE_MESSAGES.updated, ...profile });
  },
});

export const loader = api.loader;
export const action = api.action;
