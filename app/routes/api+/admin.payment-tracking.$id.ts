import { adminPaymentStatusSchema } from "~/domain/schemas/admin-retention";
import { setPaymentStatusAsAdmin } from "~/services/admin-retention.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PUT /api/admin/payment-tracking/{id}, { status }: one month of a sale set to pending (stored as
 * not_paid, decision 026), paid or cancelled. A missing or other status is a 400 naming the
 * field; an unknown or malformed id a 404 "Payment not found"; an agent is refused (403).
 * Answers the payment.
 */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const change = await parseBody(request, adminPaymentStatusSchema);
    const payment = await setPaymentStatusAsAdmin(admin, params.id ?? "", change);
    return apiJson({ success: true, message: "Payment status updated", payment });
  },
});

export const loader = api.loader;
export const action = api.action;
