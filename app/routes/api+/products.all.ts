import { listAllProducts } from "~/services/carriers.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { pagingSchema } from "~/domain/list-query";
import { requireUser } from "~/utils/auth.server";

/**
 * GET /api/products/all: [{ id, name, compPercentage, carrier: { name } }]. An agent gets their
 * own products; an administrator every agent's (with agentId). Paged with page/pageSize.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const user = await requireUser({ request, context });
    const paging = parseQuery(request, pagingSchema);
    return apiPage({ ...(await listAllProducts(user, paging)), ...paging });
  },
});

export const loader = api.loader;
export const action = api.action;
