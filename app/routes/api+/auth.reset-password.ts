import { resetPasswordApiSchema } from "~/domain/schemas/password-reset";
import { resetPasswordWithToken } from "~/services/password-resets.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";

/**
 * POST /api/auth/reset-password with { token, password }: sets a new password through an approved
 * reset link (the /reset-password page).
 */
const api = apiRoute({
  POST: async ({ request }) => {
    const { token, password } = await parseBody(request, resetPasswordApiSchema);
    const { message } = await resetPasswordWithToken(token, password);
    return apiJson({ message });
  },
});

export const loader = api.loader;
export const action = api.action;
