import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Alert } from "~/components/ui/card";
import { DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { Field, TextAreaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { formatDateTime, fullName } from "~/domain/format";
import { localDateTimeValue } from "~/domain/periods";
import { rescheduleFormSchema } from "~/domain/schemas/callbacks";
import { useIntentResult } from "~/utils/intent";

const RESCHEDULE_INTENT = "reschedule";

/** What the Reschedule dialog shows of its callback. */
export type RescheduleLead = { id: string; firstName: string; lastName: string; callbackDate: string | null };

/**
 * Reschedule: a new callback date and time, in the agent's own time zone, and optional notes.
 * Saving makes the lead rescheduled and records the change in its status history. It posts the
 * `reschedule` intent to the Callbacks page; without JavaScript the server's answer shows the
 * messages at the fields with everything typed kept.
 */
export function RescheduleDialog({
  lead,
  timezone,
  closeTo,
}: {
  lead: RescheduleLead;
  timezone: string;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: `${RESCHEDULE_INTENT}-${lead.id}`,
    lastResult: useIntentResult(RESCHEDULE_INTENT),
    defaultValue: { callbackDate: lead.callbackDate ? localDateTimeValue(lead.callbackDate, timezone) : "", notes: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rescheduleFormSchema(timezone) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <UrlDialog title="Reschedule Callback" closeTo={closeTo}>
      <p className="mb-4 text-sm [overflow-wrap:anywhere] text-slate-600">
        {fullName(lead)}
        {lead.callbackDate ? ` · currently ${formatDateTime(lead.callbackDate, timezone)}` : " · no date set"}
      </p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields fields={{ id: lead.id }} />
        <Field
          label="New callback date and time"
          {...getInputProps(fields.callbackDate, { type: "datetime-local" })}
          hint={`In your time zone (${timezone.replace(/_/g, " ")}).`}
          errors={fields.callbackDate.errors}
        />
        <TextAreaField
          label="Notes (optional)"
          rows={3}
          {...getTextareaProps(fields.notes)}
          errors={fields.notes.errors}
          placeholder="Why the call moved"
        />
        {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
        <DialogActions closeTo={closeTo}>
          <SubmitButton intent={RESCHEDULE_INTENT} pendingLabel="Rescheduling...">
            Reschedule
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}
