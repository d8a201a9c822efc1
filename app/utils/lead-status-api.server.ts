import type { z } from "zod";
import { changeLeadStatus } from "~/services/lead-status.server";
import type { SessionUser } from "~/services/sessions.server";
import { apiJson, parseBody, type ApiHandler } from "./api.server";
import type { GuardArgs } from "./auth.server";

/**
 * The PUT handler of /api/{admin,agent}/applications/{id}/status: the role's guard and the statuses it may
 * set are all that differ, so both routes answer alike (the sale's calculatedCommission also at the
 * top level).
 */
export function leadStatusPut(
  requireRole: (args: GuardArgs) => Promise<SessionUser>,
  schema: z.ZodTypeAny,
): ApiHandler {
  return async ({ request, params, context }) => {
    const user = await requireRole({ request, context });
    const input = await parseBody(request, schema);
    const application = await changeLeadStatus(user, params.id ?? "", input);
    return apiJson({
      success: true,
      message: "Status updated successfully",
      application,
      ...(application.status === "sale" ? { calculatedCommission: application.calculatedCommission } : {}),
    });
  };
}
