import { formatDateTime } from "~/domain/format";
import { rescheduleFormSchema } from "~/domain/schemas/callbacks";
import { rescheduleCallback } from "~/services/callbacks.server";
import type { SessionUser } from "~/services/sessions.server";
import { formIntent, type IntentFailureToast, type IntentHandler } from "./intent.server";
import { LEAD_INTENT_FAILURES, leadStatusIntent, notFoundAsPage } from "./lead-intents.server";
import { redirectWithToast } from "./toast.server";

// The Callbacks page's actions: Reschedule (its own form) and Set Disposition (the lead pages'
// status form and intent, unchanged).

export const CALLBACK_INTENT_FAILURES: Record<string, IntentFailureToast> = {
  reschedule: { title: "Update failed", description: "Failed to reschedule callback" },
  disposition: LEAD_INTENT_FAILURES.disposition!,
};

/**
 * Reschedule: the new date and time typed in the agent's time zone; bad input answers at the
 * field with what was typed kept; another agent's lead is a 404.
 */
export function rescheduleIntent(user: SessionUser, back: string): IntentHandler {
  return notFoundAsPage(
    formIntent(rescheduleFormSchema(user.timezone), async (change, form) => {
      const lead = await rescheduleCallback(user, String(form.get("id") ?? ""), change);
      return redirectWithToast(back, {
        title: "Callback Rescheduled",
        description: `The callback is now ${formatDateTime(lead.callbackDate!, user.timezone)}.`,
      });
    }),
  );
}

export function callbackDispositionIntent(user: SessionUser, back: string): IntentHandler {
  return leadStatusIntent(user, "disposition", back);
}
