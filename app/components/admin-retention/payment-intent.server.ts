import type { ActionFunctionArgs } from "@remix-run/node";
import { setPaymentStatusAsAdmin } from "~/services/admin-retention.server";
import { ServiceError } from "~/services/errors.server";
import type { SessionUser } from "~/services/sessions.server";
import { requireAdmin } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { hrefWith } from "~/utils/list";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The `payment` intent of both admin retention screens: one month's status from its select
 * (saved at once with JavaScript, by its Save button without), then back to the same list with
 * the spec's toast. A refusal (bad status, a payment gone) is the spec's failure toast, word for
 * word (part 1, section 8: "Error / Failed to update payment status. Please try again.").
 */
function paymentStatusIntent(user: SessionUser, back: string) {
  return async (form: FormData) => {
    try {
      await setPaymentStatusAsAdmin(user, String(form.get("id") ?? ""), { status: form.get("status") });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return redirectWithToast(back, {
        type: "error",
        title: "Error",
        description: "Failed to update payment status. Please try again.",
      });
    }
    return redirectWithToast(back, {
      title: "Payment Status Updated",
      description: "The payment status has been successfully updated",
    });
  };
}

/** The action of both admin retention screens (their only intent is `payment`), back to the list as it was. */
export async function paymentStatusAction({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const back = hrefWith(new URL(request.url), {});
  return runIntent(request, { back, intents: { payment: paymentStatusIntent(user, back) } });
}
