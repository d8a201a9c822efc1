import { completePasswordResetApiSchema } from "~/domain/schemas/password-reset";
import { resetPasswordWithToken } from "~/services/password-resets.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";

/**
 * POST /api/auth/complete-password-reset: sets a new password with the token sign-in hands to a
 * user who must change theirs (the /set-new-password page). Every session of the user ends, so
 * they sign in again afterwards.
 */
const api = apiRoute({
  POST: async ({ request }) => {
    const { token, password } = await parseBody(request, completePasswordResetApiSchema);
    const { message } = await resetPasswordWithToken(token, password);
    return apiJson({ message });
  },
});

export const loader = api.loader;
export const action = api.action;
