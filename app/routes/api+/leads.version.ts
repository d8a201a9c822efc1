import { leadListVersion } from "~/services/lead-list-version.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * GET /api/leads/version: `{ version }` of the user's lead list (My Leads for an agent, All Leads
 * for an admin). The lists' 60 s refresh asks this and re-reads the page only when it changed.
 */
const api = apiRoute({
  GET: async (args) => apiJson({ version: await leadListVersion(await requireUser(args)) }),
});

export const loader = api.loader;
export const action = api.action;
