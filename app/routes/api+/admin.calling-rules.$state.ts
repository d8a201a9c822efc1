import { removeCallingRule, saveCallingRule } from "~/services/calling-rules.server";
import { apiJson, apiRoute, readBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PUT /api/admin/calling-rules/{state} `{ start, end, maxCallsPer24h, source? }`: sets a state's
 * window and daily limit (adding its row), or the federal default's (`US`). DELETE removes a
 * state's own row; the federal default cannot be removed (409).
 */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiJson(await saveCallingRule(actor, params.state ?? "", await readBody(request)));
  },
  DELETE: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    await removeCallingRule(actor, params.state ?? "");
    return apiJson({ message: "Calling rule removed" });
  },
});

export const loader = api.loader;
export const action = api.action;
