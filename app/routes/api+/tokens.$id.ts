import { revokeApiToken } from "~/services/api-tokens.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** DELETE /api/tokens/{id}: revokes one of the caller's tokens at once; anyone else's is a 404. */
const api = apiRoute({
  DELETE: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    await revokeApiToken(actor, params.id ?? "");
    return apiJson({ message: "API token revoked" });
  },
});

export const loader = api.loader;
export const action = api.action;
