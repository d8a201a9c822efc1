import { countUnreadLeads } from "~/services/leads.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** GET /api/leads/unread-count: `{ count }`, the leads the user has not opened (an agent's own, or all for an admin). */
const api = apiRoute({
  GET: async (args) => apiJson({ count: await countUnreadLeads(await requireUser(args)) }),
});

export const loader = api.loader;
export const action = api.action;
