import { verifyResetTokenSchema } from "~/domain/schemas/password-reset";
import { verifyResetToken } from "~/services/password-resets.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";

/** POST /api/auth/verify-reset-token with { token }: { valid, email }. */
const api = apiRoute({
  POST: async ({ request }) => {
    const { token } = await parseBody(request, verifyResetTokenSchema);
    const { valid, email } = await verifyResetToken(token);
    return apiJson({ valid, email });
  },
});

export const loader = api.loader;
export const action = api.action;
