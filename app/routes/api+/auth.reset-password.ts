import type { ActionFunctionArgs } from "@remix-run/node";
import { resetPasswordApiSchema } from "~/domain/schemas/password-reset";
import { resetPasswordWithToken } from "~/services/password-resets.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";

export const loader = () => apiError(405, "Method not allowed");

/** Sets a new password through an approved reset link (the /reset-password page). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return apiError(405, "Method not allowed");
    const { token, password } = await parseBody(request, resetPasswordApiSchema);
    const { message } = await resetPasswordWithToken(token, password);
    return apiJson({ message });
  });
