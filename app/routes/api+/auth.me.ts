import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** GET /api/auth/me: the signed-in user, or 401. */
const api = apiRoute({
  GET: async ({ request }) => apiJson({ user: await requireUser(request) }),
});

export const loader = api.loader;
export const action = api.action;
