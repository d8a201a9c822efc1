import { callCheckQuery } from "~/domain/schemas/calling";
import { checkCall } from "~/services/calls.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/applications/{id}/call-check?phone=: may the agent call their lead now?
 * `{ allowed, reasons, messages, leadLocalTime, timeZone, nextAllowedAt, rule, phone }` (decision
 * 072). Another agent's lead is a 404. Nothing is recorded: Call Now is POST .../calls.
 */
const api = apiRoute({
  GET: async ({ request, params, context }) => {
    const actor = await requireAgent({ request, context });
    const { phone } = parseQuery(request, callCheckQuery);
    return apiJson(await checkCall(actor, params.id ?? "", phone));
  },
});

export const loader = api.loader;
export const action = api.action;
