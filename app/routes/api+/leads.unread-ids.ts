import { unreadLeadIds } from "~/services/leads.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * GET /api/leads/unread-ids: the ids of the leads the user has not opened (an agent's own, or all
 * for an admin), newest first, at most UNREAD_IDS_LIMIT of them (the count is exact).
 */
const api = apiRoute({
  GET: async (args) => apiJson(await unreadLeadIds(await requireUser(args))),
});

export const loader = api.loader;
export const action = api.action;
