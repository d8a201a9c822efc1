import { updatePolicy } from "~/services/policy.server";
import { apiJson, apiRoute, readBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * PUT /api/applications/{id}/policy, { status, policyNumber?, issueDate?, effectiveDate?, notes? }
 * (dates YYYY-MM-DD): a sold lead's policy status (issue 26 item 1, decision 074). The lead's agent
 * or an admin; another agent's lead is 404 and nothing changes. A move the policy's statuses do not
 * allow is 400 at `status`; a lead never sold is 409. Answers `{ id, policy, paymentTracking }`:
 * the policy with its history, and the schedule as the move left it.
 */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    return apiJson(await updatePolicy(actor, params.id ?? "", await readBody(request)));
  },
});

export const loader = api.loader;
export const action = api.action;
