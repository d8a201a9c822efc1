import { setCallOutcome } from "~/services/calls.server";
import { apiJson, apiRoute, readBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * POST /api/applications/{id}/calls/{callId}/outcome `{ outcome }` (no_answer, voicemail,
 * contacted, wrong_number, do_not_call): what happened on an allowed call; answers the attempt.
 */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    return apiJson(await setCallOutcome(actor, params.id ?? "", params.callId ?? "", await readBody(request)));
  },
});

export const loader = api.loader;
export const action = api.action;
