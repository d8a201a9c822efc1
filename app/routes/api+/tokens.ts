import { API_TOKEN_MESSAGES as M } from "~/domain/api-tokens";
import { apiTokenCreateSchema } from "~/domain/schemas/api-tokens";
import { createApiToken, listApiTokens } from "~/services/api-tokens.server";
import { apiError, apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { bearerToken, requireUser } from "~/utils/auth.server";

/**
 * GET /api/tokens: the caller's API tokens not revoked, newest first (at most 20, never a token
 * nor its hash; X-Total-Count). POST `{ name, scope, expiresInDays? | expiresAt? }` makes one and
 * answers 201 with it and `token`: the only time the token is ever answered. A token cannot make
 * another (403): a leaked token must not be able to outlive its own revocation.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireUser({ request, context });
    const tokens = await listApiTokens(actor);
    return apiJson(tokens, { headers: { "X-Total-Count": String(tokens.length) } });
  },
  POST: async ({ request, context }) => {
    const actor = await requireUser({ request, context });
    if (bearerToken(request)) throw apiError(403, M.madeWithToken);
    const input = await parseBody(request, apiTokenCreateSchema);
    const { token, secret } = await createApiToken(actor, input);
    return apiJson({ ...token, token: secret }, { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
