import { rotateLeadSourceKey } from "~/services/lead-sources.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** POST /api/admin/lead-sources/{id}/rotate-key: { postingKey }, the new key, answered this once; the old one stops working. */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    const { postingKey } = await rotateLeadSourceKey(actor, params.id ?? "");
    return apiJson({ postingKey });
  },
});

export const loader = api.loader;
export const action = api.action;
