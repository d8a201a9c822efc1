import { twoFactorCodeSchema } from "~/domain/schemas/two-factor";
import { enableTwoFactor } from "~/services/two-factor.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { requestMeta } from "~/utils/session.server";

/**
 * POST /api/auth/two-factor/enable with { code }: a right code from the secret of the setup turns
 * two-factor sign-in on and answers { recoveryCodes } (ten, shown this once).
 */
const api = apiRoute({
  POST: async ({ request, context }) => {
    const user = await requireUser({ request, context });
    const { code } = await parseBody(request, twoFactorCodeSchema);
    return apiJson(await enableTwoFactor(user, code, requestMeta(request)));
  },
});

export const loader = api.loader;
export const action = api.action;
