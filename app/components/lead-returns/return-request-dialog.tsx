import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { SelectField, TextAreaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { formatDateTime } from "~/domain/format";
import { LEAD_RETURN_REASONS, RETURN_INTENT, leadReturnReasonLabel } from "~/domain/lead-returns";
import { leadReturnRequestSchema } from "~/domain/schemas/lead-returns";
import { useIntentResult } from "~/utils/intent";

/**
 * Request Return (?dialog=return&id=): the reason and notes, posted as the "return" intent to the
 * page it opened on; bad input stays in the dialog with its message and everything typed.
 */
export function RequestReturnDialog({
  leadId,
  leadName,
  windowHours,
  closesAt,
  timezone,
  closeTo,
}: {
  leadId: string;
  leadName: string;
  windowHours: number | null;
  closesAt: string | null;
  timezone: string;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: `return-lead-${leadId}`,
    lastResult: useIntentResult(RETURN_INTENT),
    defaultValue: { reason: "", notes: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadReturnRequestSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <UrlDialog title="Request Return" closeTo={closeTo}>
      <p className="mb-4 text-sm [overflow-wrap:anywhere] text-slate-600">
        {leadName}
        {windowHours !== null && closesAt ? (
          <>
            {" "}
            · Returns are accepted within {windowHours} hours of receiving the lead (until{" "}
            <time dateTime={closesAt}>{formatDateTime(closesAt, timezone)}</time>). An admin reviews each request.
          </>
        ) : null}
      </p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields fields={{ id: leadId }} />
        <SelectField label="Reason" {...getSelectProps(fields.reason)} errors={fields.reason.errors}>
          <option value="">Choose a reason</option>
          {LEAD_RETURN_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {leadReturnReasonLabel(reason)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Notes"
          rows={3}
          hint="Required when the reason is Other."
          {...getTextareaProps(fields.notes)}
          errors={fields.notes.errors}
        />
        <DialogActions closeTo={closeTo}>
          <SubmitButton intent={RETURN_INTENT} pendingLabel="Sending...">
            Request Return
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}
