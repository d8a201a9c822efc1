import { listCallingRules } from "~/services/calling-rules.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/calling-rules: the federal default and every state's own rule (decision 071). */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiJson(await listCallingRules(actor));
  },
});

export const loader = api.loader;
export const action = api.action;
