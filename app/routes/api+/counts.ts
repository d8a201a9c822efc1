import { shellCounts } from "~/services/navigation.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * GET /api/counts: the figures the signed-in user's shell shows, and nothing else (an admin's
 * pending agents, resets, new submissions, unread leads and notifications; an agent's unread leads
 * and notifications and calls left). The shell polls it every 30 s while the tab is visible, in
 * place of re-running every loader of the page.
 */
const api = apiRoute({
  GET: async (args) => apiJson(await shellCounts(await requireUser(args))),
});

export const loader = api.loader;
export const action = api.action;
