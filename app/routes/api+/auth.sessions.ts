import { listAccountSessions } from "~/services/account-sessions.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { bearerToken, requireUser } from "~/utils/auth.server";
import { readSessionToken } from "~/utils/session.server";

/**
 * GET /api/auth/sessions: the caller's open sessions, the one in use first (`current`); a caller
 * signed in by an API token has no session in use.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const user = await requireUser({ request, context });
    const current = bearerToken(request) ? null : await readSessionToken(request);
    return apiJson(await listAccountSessions(user, current));
  },
});

export const loader = api.loader;
export const action = api.action;
