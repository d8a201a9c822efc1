import { callCheckQuery } from "~/domain/schemas/calling";
import { checkCall } from "~/services/calls.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/applications/{id}/call-check?phone=: may the admin call any lead now?
 * `{ allowed, reasons, messages, leadLocalTime, timeZone, nextAllowedAt, rule, phone }` (decision
 * 072). Nothing is recorded: Call Now is POST .../calls.
 */
const api = apiRoute({
  GET: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    const { phone } = parseQuery(request, callCheckQuery);
    return apiJson(await checkCall(actor, params.id ?? "", phone));
  },
});

export const loader = api.loader;
export const action = api.action;
