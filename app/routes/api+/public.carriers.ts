import { listPublicCarriersPage } from "~/services/carriers.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { pagingSchema } from "~/domain/list-query";

/**
 * GET /api/public/carriers: [{ id, name }] for everyone, signed in or not. The spec's "cached
 * 5 min" (part 2, §9) is the browser app's own query cache, not HTTP caching: like every /api
 * answer this one is `Cache-Control: no-store`, so a carrier an agent adds shows at once.
 */
const api = apiRoute({
  GET: async ({ request }) => apiPage(await listPublicCarriersPage(parseQuery(request, pagingSchema))),
});

export const loader = api.loader;
export const action = api.action;
