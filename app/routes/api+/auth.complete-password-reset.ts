import type { ActionFunctionArgs } from "@remix-run/node";
import { completePasswordResetApiSchema } from "~/domain/schemas/password-reset";
import { resetPasswordWithToken } from "~/services/password-resets.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";

export const loader = () => apiError(405, "Method not allowed");

/**
 * Sets a new password with the token sign-in hands to a user who must change theirs (the
 * /set-new-password page). Every session of the user ends, so they sign in again afterwards.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return apiError(405, "Method not allowed");
    const { token, password } = await parseBody(request, completePasswordResetApiSchema);
    const { message } = await resetPasswordWithToken(token, password);
    return apiJson({ message });
  });
