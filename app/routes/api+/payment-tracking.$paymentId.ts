import { paymentTrackingUpdateSchema } from "~/domain/schemas/payment-tracking";
import { updatePaymentTracking } from "~/services/retention.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * PATCH /api/payment-tracking/{paymentId}, { status?, notes? }: one month of a sale's schedule.
 * status is not_paid, paid or cancelled (pending is read as not_paid, decision 026); notes are
 * trimmed and blank clears them; at least one of the two. An agent only on their own sales, an
 * administrator on any; anything else is 404 and nothing changes. Answers the payment.
 */
const api = apiRoute({
  PATCH: async ({ request, params, context }) => {
    const actor = await requireUser({ request, context });
    const change = await parseBody(request, paymentTrackingUpdateSchema);
    const payment = await updatePaymentTracking(actor, params.paymentId ?? "", change);
    return apiJson({ success: true, message: "Payment status updated", payment });
  },
});

export const loader = api.loader;
export const action = api.action;
