import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { TextAreaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { leadReturnDecisionSchema } from "~/domain/schemas/lead-returns";
import type { LeadReturnView } from "~/services/lead-returns.server";
import { useIntentResult } from "~/utils/intent";

/** Approve or Deny one request, with a note for the agent (?dialog=approve|deny&id=). */
export function ReturnDecisionDialog({
  row,
  decision,
  closeTo,
}: {
  row: LeadReturnView;
  decision: "approve" | "deny";
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: `${decision}-return-${row.id}`,
    lastResult: useIntentResult(decision),
    defaultValue: { note: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadReturnDecisionSchema }),
    shouldRevalidate: "onInput",
  });
  const approve = decision === "approve";
  return (
    <UrlDialog title={approve ? "Approve Return" : "Deny Return"} closeTo={closeTo}>
      <div className="mb-4 space-y-1 text-sm [overflow-wrap:anywhere] text-slate-700">
        <p>
          <span className="font-semibold text-slate-900">{row.leadName}</span>
          {row.agentName ? ` · ${row.agentName}` : ""}
          {row.sourceName ? ` · ${row.sourceName}` : ""}
        </p>
        <p>
          {row.reasonLabel}
          {row.notes ? `: ${row.notes}` : ""}
        </p>
        <p className="text-slate-600">
          {approve
            ? "The lead is marked Returned and leaves the agent's lists, its order gets the call back, and the source is credited."
            : "The lead stays with the agent as it is."}
        </p>
      </div>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields fields={{ id: row.id }} />
        <TextAreaField
          label="Note to the agent"
          rows={3}
          hint="Optional."
          {...getTextareaProps(fields.note)}
          errors={fields.note.errors}
        />
        <DialogActions closeTo={closeTo}>
          <SubmitButton
            intent={decision}
            pendingLabel={approve ? "Approving..." : "Denying..."}
            variant={approve ? "primary" : "danger"}
          >
            {approve ? "Approve Return" : "Deny Return"}
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}
