import { leadReturnList } from "~/domain/schemas/lead-returns";
import { listLeadReturns } from "~/services/lead-returns.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/lead-returns?status=pending|approved|denied|all&page=&pageSize=, X-Total-Count. */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiPage(await listLeadReturns(admin, parseQuery(request, leadReturnList.schema)));
  },
});

export const loader = api.loader;
export const action = api.action;
