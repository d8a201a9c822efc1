import { listBdms } from "~/services/agents.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/bdms: the business development managers an agent can be assigned to. */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiJson(await listBdms(admin));
  },
});

export const loader = api.loader;
export const action = api.action;
