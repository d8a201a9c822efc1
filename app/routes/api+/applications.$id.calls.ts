import { listLeadCalls, placeCall } from "~/services/calls.server";
import { apiError, apiJson, apiRoute, readBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * POST /api/applications/{id}/calls `{ phone?, overrideReason? }`: runs the call check and records
 * the attempt. 201 `{ callId, dial }` (dial: the tel: URI) when allowed; 409 `{ error, reasons,
 * messages, nextAllowedAt, callId }` when not (the refused attempt is recorded too). An admin's
 * `overrideReason` overrides any refusal but `dnc`. GET: the lead's call log, newest first.
 * An agent reaches only their own leads, an admin any (404 otherwise).
 */
const api = apiRoute({
  GET: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    return apiJson(await listLeadCalls(actor, params.id ?? ""));
  },
  POST: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    const placed = await placeCall(actor, params.id ?? "", await readBody(request));
    if (placed.allowed)
      return apiJson({ callId: placed.callId, dial: placed.dial, overridden: placed.overridden }, { status: 201 });
    return apiError(409, placed.check.messages.join(" "), {
      reasons: placed.check.reasons,
      messages: placed.check.messages,
      nextAllowedAt: placed.check.nextAllowedAt,
      callId: placed.callId,
    });
  },
});

export const loader = api.loader;
export const action = api.action;
