import { twoFactorCodeSchema } from "~/domain/schemas/two-factor";
import { regenerateRecoveryCodes } from "~/services/two-factor.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { requestMeta } from "~/utils/session.server";

/**
 * POST /api/auth/two-factor/recovery-codes with { code } (a current code from the app): ten new
 * recovery codes, { recoveryCodes }, shown this once; the old ones stop working.
 */
const api = apiRoute({
  POST: async ({ request, context }) => {
    const user = await requireUser({ request, context });
    const { code } = await parseBody(request, twoFactorCodeSchema);
    return apiJson(await regenerateRecoveryCodes(user, code, requestMeta(request)));
  },
});

export const loader = api.loader;
export const action = api.action;
