import { policyUpdateSchema } from "~/domain/schemas/policy";
import { policyStatusStyle } from "~/domain/statuses";
import { updatePolicy } from "~/services/policy.server";
import type { SessionUser } from "~/services/sessions.server";
import { formIntent, type IntentFailureToast, type IntentHandler } from "./intent.server";
import { notFoundAsPage } from "./lead-intents.server";
import { redirectWithToast } from "./toast.server";

/** Update Policy's failure toast (the service's reason follows it). */
export const POLICY_FAILURE: IntentFailureToast = { title: "Failed to update policy" };

/**
 * The Update Policy dialog's action on the lead's page, My Leads and All Leads: the same service as
 * PUT /api/applications/{id}/policy. Bad input or a refused move keeps the dialog open with the
 * message at its field; another agent's lead is the page's 404.
 */
export function policyIntent(user: SessionUser, back: (id: string) => string): IntentHandler {
  return notFoundAsPage(
    formIntent(policyUpdateSchema, async (change, form) => {
      const { id, policy } = await updatePolicy(user, String(form.get("id") ?? ""), change);
      return redirectWithToast(back(id), {
        title: "Policy updated",
        description: `${policyStatusStyle(policy.status).label}${policy.policyNumber ? ` · Policy ${policy.policyNumber}` : ""}`,
      });
    }),
  );
}
