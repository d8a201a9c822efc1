import { verifyTwoFactorSchema } from "~/domain/schemas/two-factor";
import { verifyTwoFactorSignIn } from "~/services/two-factor.server";
import { endSession } from "~/services/sessions.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { readSessionToken, requestMeta, sessionCookieHeader } from "~/utils/session.server";

/**
 * POST /api/auth/verify-two-factor with { challenge, code }: the second step of a sign-in that
 * answered requireTwoFactor; answers as /api/auth/login does (the user and the session cookie).
 */
const api = apiRoute({
  POST: async ({ request }) => {
    const input = await parseBody(request, verifyTwoFactorSchema);
    const result = await verifyTwoFactorSignIn(input, requestMeta(request));
    await endSession(await readSessionToken(request));
    if (result.kind === "must-change-password") {
      return apiJson({ requirePasswordReset: true, resetToken: result.resetToken });
    }
    return apiJson(
      { user: result.user, requirePasswordReset: false },
      { headers: { "Set-Cookie": await sessionCookieHeader(result.sessionToken) } },
    );
  },
});

export const loader = api.loader;
export const action = api.action;
