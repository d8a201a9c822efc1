import { listPublicAgentsPage } from "~/services/applications.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { pagingSchema } from "~/domain/list-query";

/**
 * GET /api/public/agents: the agents a prospect may choose on the public form (approved agents,
 * by name; setup complete), as the spec's array of { id, name, licenseNumber }. Public. Paged like every list.
 */
const api = apiRoute({
  GET: async ({ request }) => apiPage(await listPublicAgentsPage(parseQuery(request, pagingSchema))),
});

export const loader = api.loader;
export const action = api.action;
