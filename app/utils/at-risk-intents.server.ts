import type { SessionUser } from "~/services/sessions.server";
import { ServiceError } from "~/services/errors.server";
import { updatePaymentTracking } from "~/services/retention.server";
import type { IntentFailureToast, IntentHandler } from "./intent.server";
import { redirectWithToast } from "./toast.server";

// The at-risk queue's Mark paid, on the agent's and the admin's page (docs/decisions/076): the
// tracker's payment service (updatePaymentTracking, PATCH /api/payment-tracking/{paymentId}), so
// an agent marks only their own sale's month and an admin any.

/** The spec's error toast for a payment that could not be updated (part 2, section 8). */
export const AT_RISK_INTENT_FAILURES: Record<string, IntentFailureToast> = {
  paid: { title: "Update failed", description: "Failed to update payment status" },
};

/** Marks the posted month (`id`) paid, then back to the queue with the tracker's toast. */
export function markPaidIntent(user: SessionUser, back: string): IntentHandler {
  return async (form) => {
    let month: number;
    try {
      ({ monthNumber: month } = await updatePaymentTracking(user, String(form.get("id") ?? ""), { status: "paid" }));
    } catch (error) {
      // Another agent's payment (or none) is a 404 from the page too, as from the API.
      if (error instanceof ServiceError && error.code === "not_found") {
        throw new Response(error.message, { status: 404 });
      }
      throw error;
    }
    return redirectWithToast(back, {
      title: "Payment Status Updated",
      description: `Month ${month} is marked paid.`,
    });
  };
}
