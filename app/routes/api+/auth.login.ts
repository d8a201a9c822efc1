import type { ActionFunctionArgs } from "@remix-run/node";
import { loginSchema } from "~/domain/schemas/auth";
import { signIn } from "~/services/auth.server";
import { endSession } from "~/services/sessions.server";
import { apiJson, handleApi, parseBody } from "~/utils/api.server";
import { readSessionToken, requestMeta, sessionCookieHeader } from "~/utils/session.server";

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    const input = await parseBody(request, loginSchema);
    const result = await signIn(input, requestMeta(request));
    await endSession(await readSessionToken(request));
    if (result.kind === "must-change-password") {
      return apiJson({ requirePasswordReset: true, resetToken: result.resetToken });
    }
    return apiJson(
      { user: result.user, requirePasswordReset: false },
      { headers: { "Set-Cookie": await sessionCookieHeader(result.sessionToken) } },
    );
  });
