import { loginSchema } from "~/domain/schemas/auth";
import { signIn } from "~/services/auth.server";
import { endSession } from "~/services/sessions.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { readSessionToken, requestMeta, sessionCookieHeader } from "~/utils/session.server";

/**
 * POST /api/auth/login with { email, password }: the user, or requirePasswordReset with resetToken,
 * or requireTwoFactor with the challenge for /api/auth/verify-two-factor.
 */
const api = apiRoute({
  POST: async ({ request }) => {
    const input = await parseBody(request, loginSchema);
    const result = await signIn(input, requestMeta(request));
    await endSession(await readSessionToken(request));
    if (result.kind === "must-change-password") {
      return apiJson({ requirePasswordReset: true, resetToken: result.resetToken });
    }
    // A second factor: the client completes the sign-in at /api/auth/verify-two-factor.
    if (result.kind === "two-factor") return apiJson({ requireTwoFactor: true, challenge: result.challenge });
    return apiJson(
      { user: result.user, requirePasswordReset: false },
      { headers: { "Set-Cookie": await sessionCookieHeader(result.sessionToken) } },
    );
  },
});

export const loader = api.loader;
export const action = api.action;
