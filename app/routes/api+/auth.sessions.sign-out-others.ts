import { endOtherAccountSessions } from "~/services/account-sessions.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { bearerToken, requireUser } from "~/utils/auth.server";
import { readSessionToken } from "~/utils/session.server";

/**
 * POST /api/auth/sessions/sign-out-others: signs out every session of the caller but the one in
 * use, answering `{ ended }`. Called with an API token, no session is in use: all of them end.
 */
const api = apiRoute({
  POST: async ({ request, context }) => {
    const user = await requireUser({ request, context });
    const current = bearerToken(request) ? null : await readSessionToken(request);
    return apiJson({ ended: await endOtherAccountSessions(user, current) });
  },
});

export const loader = api.loader;
export const action = api.action;
