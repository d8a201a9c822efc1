import { data } from "@remix-run/node";
import { REASSIGN_INTENT, REASSIGN_TOASTS, reassignIdsOf, type ReassignIntentResult } from "~/domain/lead-reassign";
import { ServiceError } from "~/services/errors.server";
import { UnlicensedStatesError, reassignDialogData, reassignLeads } from "~/services/lead-reassign.server";
import type { SessionUser } from "~/services/sessions.server";
import type { IntentFailureToast } from "./intent.server";
import { hrefWith } from "./list";
import { redirectWithToast } from "./toast.server";

// The All Leads page's "reassign" intent (the Reassign Lead dialog's form), calling the same
// service as PUT /api/admin/applications/{id}/reassign.

/** For the page's runIntent failures: a refusal without a field becomes this toast. */
export const REASSIGN_INTENT_FAILURE: IntentFailureToast = REASSIGN_TOASTS.failure;

/**
 * The open Reassign Lead dialog's data for the page's loader: `?dialog=reassign&ids=a,b,c` (or
 * `&id=` for one lead), else null. A missing lead throws the service's 404.
 */
export async function reassignDialogFor(actor: SessionUser, url: URL) {
  if (url.searchParams.get("dialog") !== REASSIGN_INTENT) return null;
  const ids = reassignIdsOf([...url.searchParams.getAll("ids"), ...url.searchParams.getAll("id")]);
  return reassignDialogData(actor, ids);
}

/**
 * Parses the dialog's form (`ids`, one field per lead or comma-separated; `agentId`;
 * `confirmUnlicensed` with `confirmedFor`, the agent the admin confirmed for, so a confirmation
 * never carries over to another agent picked afterwards without JavaScript) and reassigns.
 * Done: back to the list without the dialog, with the spec's toast and `?highlight=` of the
 * (first) lead, or `doneTo`. A missing lead is a 404 page; other refusals are for the caller's runIntent.
 */
export async function handleReassignIntent(
  actor: SessionUser,
  formData: FormData,
  request: Request,
  /** Where a done reassignment goes instead of the list (the lead dialog's Reassign Agent: itself). */
  doneTo?: string,
) {
  const ids = reassignIdsOf(formData.getAll("ids").map(String));
  const agentId = String(formData.get("agentId") ?? "").trim();
  const confirmUnlicensed =
    formData.get("confirmUnlicensed") === "true" && String(formData.get("confirmedFor") ?? "") === agentId;
  const answer = (status: 400 | 409, fields: Omit<ReassignIntentResult, "intent" | "agentId">) =>
    data<ReassignIntentResult>({ intent: REASSIGN_INTENT, agentId, ...fields }, { status });

  try {
    const result = await reassignLeads(actor, { ids, agentId, confirmUnlicensed });
    const moved = result.reassigned.length;
    const back =
      doneTo ??
      hrefWith(new URL(request.url), {
        dialog: null,
        ids: null,
        id: null,
        highlight: result.reassigned[0]!.id,
      });
    return redirectWithToast(
      back,
      moved === 1
        ? REASSIGN_TOASTS.success
        : {
            title: "Leads reassigned successfully",
            description: `${moved} leads have been assigned to ${result.agent.name}`,
          },
    );
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.code === "not_found") throw new Response(error.message, { status: 404 });
    if (error instanceof UnlicensedStatesError) {
      return answer(409, { agentError: null, confirm: { agentId, message: error.message, states: error.states } });
    }
    const agentError = error.fieldErrors?.agentId?.[0];
    if (agentError) return answer(400, { agentError, confirm: null });
    throw error;
  }
}
