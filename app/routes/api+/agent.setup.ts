import { setupSchema, setupSkipFlagSchema } from "~/domain/schemas/setup";
import { completeSetup, getAgentSetup, skipSetup } from "~/services/carriers.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

const api = apiRoute({
  /** GET /api/agent/setup: the agent's saved carriers, products and licensed states. */
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    return apiJson(await getAgentSetup(agent));
  },
  /**
   * POST /api/agent/setup with { carriers, licensedStates } completes the setup; { "skip": true }
   * is Skip for Now (we take an explicit flag so an empty list by mistake is refused, not skipped).
   * The client then refreshes the current user from GET /api/auth/me.
   */
  POST: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    const { skip } = await parseBody(request.clone(), setupSkipFlagSchema);
    if (skip) {
      const setup = await skipSetup(agent);
      return apiJson({ success: true, message: "Setup skipped", ...setup });
    }
    const input = await parseBody(request, setupSchema);
    const setup = await completeSetup(agent, input);
    return apiJson({ success: true, message: "Setup completed successfully", ...setup });
  },
});

export const loader = api.loader;
export const action = api.action;
