import { forgotPasswordSchema } from "~/domain/schemas/password-reset";
import { requestPasswordReset } from "~/services/password-resets.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requestMeta } from "~/utils/session.server";

/**
 * POST /api/auth/request-password-reset with { email }: the same answer whether or not the email
 * has an account.
 */
const api = apiRoute({
  POST: async ({ request }) => {
    const { email } = await parseBody(request, forgotPasswordSchema);
    return apiJson(await requestPasswordReset(email, requestMeta(request)));
  },
});

export const loader = api.loader;
export const action = api.action;
