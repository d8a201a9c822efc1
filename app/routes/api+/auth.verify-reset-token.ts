import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyResetTokenSchema } from "~/domain/schemas/password-reset";
import { verifyResetToken } from "~/services/password-resets.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";

export const loader = () => apiError(405, "Method not allowed");

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return apiError(405, "Method not allowed");
    const { token } = await parseBody(request, verifyResetTokenSchema);
    const { valid, email } = await verifyResetToken(token);
    return apiJson({ valid, email });
  });
