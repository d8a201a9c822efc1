import { endSession } from "~/services/sessions.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { clearSessionCookieHeader, readSessionToken } from "~/utils/session.server";

/** POST /api/auth/logout: ends the session, if any, and clears the cookie. */
const api = apiRoute({
  POST: async ({ request }) => {
    await endSession(await readSessionToken(request));
    return apiJson({ success: true }, { headers: { "Set-Cookie": await clearSessionCookieHeader() } });
  },
});

export const loader = api.loader;
export const action = api.action;
