import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** GET /api/auth/me: the signed-in user, or 401. */
const api = apiRoute({
  GET: async ({ request, context }) => apiJson({ user: await requireUser({ request, context }) }),
});

export const loader = api.loader;
export const action = api.action;
