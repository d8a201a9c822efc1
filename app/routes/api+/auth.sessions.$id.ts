import { endAccountSession } from "~/services/account-sessions.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** DELETE /api/auth/sessions/{id}: signs out one of the caller's sessions (another's is a 404). */
const api = apiRoute({
  DELETE: async ({ request, params, context }) => {
    const user = await requireUser({ request, context });
    await endAccountSession(user, params.id ?? "");
    return apiJson({ message: "Session signed out." });
  },
});

export const loader = api.loader;
export const action = api.action;
