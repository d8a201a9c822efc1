import type { ActionFunctionArgs } from "@remix-run/node";
import { forgotPasswordSchema } from "~/domain/schemas/password-reset";
import { requestPasswordReset } from "~/services/password-resets.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";
import { requestMeta } from "~/utils/session.server";

export const loader = () => apiError(405, "Method not allowed");

/** The same answer whether or not the email has an account. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return apiError(405, "Method not allowed");
    const { email } = await parseBody(request, forgotPasswordSchema);
    return apiJson(await requestPasswordReset(email, requestMeta(request)));
  });
