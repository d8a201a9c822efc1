import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { SEALED_FIELD, SENSITIVE_FIELDS } from "~/domain/schemas/application-fields";
import { leadEditSchema } from "~/domain/schemas/lead-edit";
import { adminLeadStatusSchema, leadStatusFormSchema } from "~/domain/schemas/lead-status";
import { formatDollars } from "~/domain/format";
import { leadCopyText } from "~/services/admin-leads.server";
import { ServiceError } from "~/services/errors.server";
import { updateLead } from "~/services/lead-edit.server";
import { recordLeadReveal, type RevealPart } from "~/services/lead-reads.server";
import { changeLeadStatus } from "~/services/lead-status.server";
import { markLeadRead } from "~/services/leads.server";
import type { SessionUser } from "~/services/sessions.server";
import { formIntent, type IntentFailureToast, type IntentHandler } from "./intent.server";
import { keepSensitiveNumbers, leadEditBinding, restoreSealedFields } from "./sealed-fields.server";
import { redirectWithToast } from "./toast.server";

// The page actions on one lead that My Leads and the application page share: its status (Update
// Status, Set Disposition, and the Update Disposition prompt after an edit) and the Edit
// Application form. Each calls the same service as the API. Reading a lead's numbers, copying it
// and opening it write (the audit trail, the lead's read mark), so they are posts here, never a
// loader's work: a GET, such as a link from another site, changes nothing (decision 046).

/** The spec's error toasts (part 2, section 8), titled per form. */
export const LEAD_INTENT_FAILURES: Record<string, IntentFailureToast> = {
  status: { title: "Update failed", description: "Failed to update lead status" },
  disposition: { title: "Disposition Failed", description: "Failed to update disposition" },
  edit: { title: "Update Failed", description: "Failed to update application" },
};

const leadIdOf = (form: FormData) => String(form.get("id") ?? "");

/**
 * A lead that is missing or another agent's is a 404 for the page's action too, as it is for the
 * API and the page's loader (runIntent would make any refusal a toast): nothing has changed, and
 * the layout's boundary says Application Not Found.
 */
export function notFoundAsPage(handler: IntentHandler): IntentHandler {
  return async (form, intent) => {
    try {
      return await handler(form, intent);
    } catch (error) {
      if (error instanceof ServiceError && error.code === "not_found")
        throw new Response(error.message, { status: 404 });
      throw error;
    }
  };
}

/**
 * A status form's intent: "status" (My Leads) or "disposition" (Set / Update Disposition). A
 * sale's toast shows its commission for 6 seconds (part 2, section 9).
 */
export function leadStatusIntent(user: SessionUser, intent: "status" | "disposition", back: string): IntentHandler {
  const schema = leadStatusFormSchema(user.timezone, user.role === "admin" ? adminLeadStatusSchema : undefined);
  const handler = formIntent(schema, async (change, form) => {
    const lead = await changeLeadStatus(user, leadIdOf(form), change);
    if (lead.status === "sale") {
      // Laid out on the client's Social Security days, the schedule says so (decision 078).
      const schedule = `The 9-month payment schedule is ready${lead.draftOnSocialSecurityDay ? ", on the client's Social Security days" : ""}.`;
      return redirectWithToast(back, {
        title: "Sale Recorded",
        // A sale without a product (an admin's, decision 043) has its commission still to be decided.
        description:
          lead.calculatedCommission === null
            ? `Commission: TBD until a product is chosen. ${schedule}`
            : `Commission: ${formatDollars(lead.calculatedCommission)}. ${schedule}`,
        durationMs: 6_000,
      });
    }
    return redirectWithToast(
      back,
      intent === "disposition"
        ? { title: "Disposition Updated", description: "The lead status has been updated" }
        : { title: "Status updated successfully", description: "The lead status has been updated" },
    );
  });
  return notFoundAsPage(handler);
}

/**
 * The Edit Application form's intent. The sensitive numbers never go back into the page: a
 * refused save, or an Add/Remove row button without JavaScript, answers the form as typed with
 * those numbers sealed (docs/decisions/015). Saved, it goes to `afterSave(leadId)`, where the
 * Update Disposition prompt asks whether the status changes too.
 */
export function leadEditIntent(
  user: SessionUser,
  afterSave: (leadId: string) => string,
  saved: Parameters<typeof redirectWithToast>[1] = {
    title: "Application updated successfully",
    description: "Would you like to update the disposition?",
  },
): IntentHandler {
  return notFoundAsPage(async (formData, intent) => {
    const id = leadIdOf(formData);
    const binding = leadEditBinding(id, user.id);
    const { forgotten } = await restoreSealedFields(formData, SEALED_FIELD, SENSITIVE_FIELDS, [binding]);
    const submission = parseWithZod(formData, { schema: leadEditSchema, disableAutoCoercion: true });
    const hideFields = [...SENSITIVE_FIELDS];
    const answer = (result: ReturnType<typeof submission.reply>, status: number, formMessage: string | null = null) =>
      data({ intent, result, kept: keepSensitiveNumbers(formData, binding), formMessage }, { status });
    if (submission.status !== "success") {
      // The Add/Remove row buttons arrive here as conform intents, with no status.
      const refused = submission.status === "error";
      return answer(submission.reply({ hideFields }), refused ? 400 : 200, refused ? forgotten : null);
    }
    try {
      await updateLead(user, id, submission.value);
    } catch (error) {
      if (error instanceof ServiceError && error.fieldErrors) {
        return answer(submission.reply({ fieldErrors: error.fieldErrors, hideFields }), error.status);
      }
      throw error;
    }
    return redirectWithToast(afterSave(id), saved);
  });
}

/** Which numbers a Show button reveals: "all" (the agent's Show Sensitive), or one part of the admin's. */
const revealPartField = z.enum(["all", "sensitive", "banking", "health"]);
export type RevealButtonPart = z.infer<typeof revealPartField>;

/**
 * Show Sensitive / Show Banking / Show Health: records the reveal (recordLeadReveal), then goes to `to(id,
 * part)`, the page's URL with ?reveal=, whose loader shows the numbers because they were recorded.
 */
export function leadRevealIntent(user: SessionUser, to: (id: string, part: RevealButtonPart) => string): IntentHandler {
  return notFoundAsPage(async (form) => {
    const part = revealPartField.safeParse(form.get("part"));
    if (!part.success) throw new Response("Choose what to show.", { status: 400 });
    const parts: true | RevealPart[] = part.data === "all" ? true : [part.data];
    const id = leadIdOf(form);
    await recordLeadReveal(user, id, parts);
    return redirect(to(id, part.data));
  });
}

/**
 * Copy All Info: records the copy and answers its text. With JavaScript the button's fetcher asks
 * for the text itself (`answer=text`) and puts it on the clipboard; without, the page goes to
 * `to(id)` (the dialog with &copy=1), whose loader shows the text recorded a moment ago.
 */
export function leadCopyIntent(user: SessionUser, to: (id: string) => string): IntentHandler {
  return notFoundAsPage(async (form, intent) => {
    const id = leadIdOf(form);
    const copyText = await leadCopyText(user, id);
    // IntentHandler's data answers are form failures; this one is the fetcher's text, read by CopyLeadButton.
    if (form.get("answer") === "text") return data({ intent, copyText }) as unknown as Response;
    return redirect(to(id));
  });
}

/**
 * Opening a lead from a list without JavaScript (its Details button): marks it read for this
 * user, then goes to `to(id)`, the open lead, so its badges and the sidebar's count already drop.
 */
export function leadOpenIntent(user: SessionUser, to: (id: string) => string): IntentHandler {
  return notFoundAsPage(async (form) => {
    const id = leadIdOf(form);
    await markLeadRead(user, id);
    return redirect(to(id));
  });
}
