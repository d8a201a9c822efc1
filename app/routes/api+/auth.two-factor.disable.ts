import { twoFactorCodeSchema } from "~/domain/schemas/two-factor";
import { disableTwoFactor } from "~/services/two-factor.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { requestMeta } from "~/utils/session.server";

/**
 * POST /api/auth/two-factor/disable with { code } (a current code from the app): an agent turns
 * two-factor sign-in off; administrators must keep it (403). Answers { success: true }.
 */
const api = apiRoute({
  POST: async ({ request, context }) => {
    const user = await requireUser({ request, context });
    const { code } = await parseBody(request, twoFactorCodeSchema);
    await disableTwoFactor(user, code, requestMeta(request));
    return apiJson({ success: true });
  },
});

export const loader = api.loader;
export const action = api.action;
