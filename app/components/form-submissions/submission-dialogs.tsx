import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { ConfirmDialog, DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { SelectField, TextAreaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { formSubmissionUpdateSchema } from "~/domain/schemas/form-submissions";
import { FORM_SUBMISSION_STATUSES, formSubmissionStatusStyle } from "~/domain/statuses";
import type { FormSubmissionView } from "~/services/form-submissions.server";
import { useIntentResult } from "~/utils/intent";

/** Status and admin notes of one inquiry; bad input stays in the dialog with its message. */
export function EditSubmissionDialog({ submission, closeTo }: { submission: FormSubmissionView; closeTo: string }) {
  const [form, fields] = useForm({
    id: `edit-submission-${submission.id}`,
    lastResult: useIntentResult("update"),
    defaultValue: { status: formSubmissionStatusStyle(submission.status).value, notes: submission.notes ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formSubmissionUpdateSchema }),
    // Messages appear at submit and then change as the user types, never on blur: a message
    // appearing or leaving on blur moves the button from under a click (press and release apart).
    shouldRevalidate: "onInput",
  });
  return (
    <UrlDialog title="Edit Submission" closeTo={closeTo}>
      <p className="mb-4 text-sm [overflow-wrap:anywhere] text-slate-600">
        {submission.fullName} · {submission.email}
      </p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields fields={{ id: submission.id }} />
        <SelectField label="Status" {...getSelectProps(fields.status)} errors={fields.status.errors}>
          {FORM_SUBMISSION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {formSubmissionStatusStyle(status).label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Admin Notes"
          rows={4}
          {...getTextareaProps(fields.notes)}
          errors={fields.notes.errors}
          placeholder="Add notes about this inquiry"
        />
        <DialogActions closeTo={closeTo}>
          <SubmitButton intent="update" pendingLabel="Saving...">
            Save Changes
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}

export function DeleteSubmissionDialog({ submission, closeTo }: { submission: FormSubmissionView; closeTo: string }) {
  return (
    <ConfirmDialog
      title="Delete Submission"
      closeTo={closeTo}
      intent="delete"
      fields={{ id: submission.id }}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      danger
    >
      <p>Are you sure you want to delete this submission?</p>
      <p className="[overflow-wrap:anywhere] text-slate-600">
        {submission.fullName} ({submission.email}). This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
