import { requestLeadReturn } from "~/services/lead-returns.server";
import { apiJson, apiRoute, readBody } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * POST /api/agent/applications/{id}/return, { reason, notes }: the signed-in agent asks to return
 * their own lead (another's is 404, nothing recorded; an admin 403). Answers 201 with the request;
 * bad input is a 400 with fieldErrors, a lead that cannot be returned now a 409 saying why.
 */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const agent = await requireAgent({ request, context });
    const body = await readBody(request);
    return apiJson(await requestLeadReturn(agent, params.id ?? "", body), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
