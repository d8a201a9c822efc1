import { startTwoFactorSetup } from "~/services/two-factor.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * POST /api/auth/two-factor/setup: a new TOTP secret for the signed-in user, { secret, otpauthUrl },
 * waiting for a code from it at /api/auth/two-factor/enable. 409 when two-factor sign-in is on.
 */
const api = apiRoute({
  POST: async ({ request, context }) => {
    const user = await requireUser({ request, context });
    return apiJson(await startTwoFactorSetup(user));
  },
});

export const loader = api.loader;
export const action = api.action;
