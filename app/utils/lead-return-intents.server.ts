import { leadReturnRequestSchema } from "~/domain/schemas/lead-returns";
import { requestLeadReturn } from "~/services/lead-returns.server";
import type { SessionUser } from "~/services/sessions.server";
import { formIntent, type IntentFailureToast } from "./intent.server";
import { redirectWithToast } from "./toast.server";

/** The Request Return failure toast (the service's reason follows it). */
export const LEAD_RETURN_FAILURE: IntentFailureToast = { title: "Failed to request return" };

/**
 * The Request Return dialog's action, on the lead's page and on My Leads: the same service as POST
 * /api/agent/applications/{id}/return; bad input keeps the dialog open with its messages, a
 * refusal (past the window, already asked) is the error toast with the reason.
 */
export function leadReturnIntent(user: SessionUser, back: (id: string) => string) {
  return formIntent(leadReturnRequestSchema, async (request, form) => {
    const id = String(form.get("id") ?? "");
    await requestLeadReturn(user, id, request);
    return redirectWithToast(back(id), {
      title: "Return requested",
      description: "An admin will review your request.",
    });
  });
}
