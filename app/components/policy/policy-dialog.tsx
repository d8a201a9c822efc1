import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Alert } from "~/components/ui/card";
import { DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { Field, SelectField, TextAreaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { POLICY_INTENT, POLICY_MOVES } from "~/domain/policy";
import { policyUpdateSchema } from "~/domain/schemas/policy";
import { policyStatusStyle } from "~/domain/statuses";
import type { PolicyView } from "~/services/policy.server";
import { useIntentResult } from "~/utils/intent";
import { PolicyStatusBadge } from "./policy-section";

/**
 * Update Policy (?dialog=policy): the statuses the policy may move to (and its own, to correct the
 * number or dates), the number, issue and effective dates and a note, posted as the "policy"
 * intent to the page it opened on. Bad input or a refused move stays in the dialog with the
 * message at its field and everything typed. A final status (declined, not taken, cancelled)
 * says so and offers only Close.
 */
export function PolicyDialog({
  lead,
  today,
  closeTo,
}: {
  lead: { id: string; name: string; policy: PolicyView };
  today: string;
  closeTo: string;
}) {
  const { policy } = lead;
  const current = policyStatusStyle(policy.status);
  const moves = POLICY_MOVES[current.value];
  const [form, fields] = useForm({
    id: `update-policy-${lead.id}`,
    lastResult: useIntentResult(POLICY_INTENT),
    defaultValue: {
      status: "",
      policyNumber: policy.policyNumber ?? "",
      issueDate: policy.issueDate ?? "",
      effectiveDate: policy.effectiveDate ?? "",
      notes: "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: policyUpdateSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <UrlDialog title="Update Policy" closeTo={closeTo}>
      <p className="mb-4 flex flex-wrap items-center gap-2 text-sm [overflow-wrap:anywhere] text-slate-600">
        <span>{lead.name} · now</span> <PolicyStatusBadge status={policy.status} />
      </p>
      {moves.length === 0 ? (
        <>
          <Alert tone="info">A {current.label} policy is final: its status cannot be changed.</Alert>
          <DialogActions closeTo={closeTo} closeLabel="Close">
            {null}
          </DialogActions>
        </>
      ) : (
        <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
          <HiddenFields fields={{ id: lead.id }} />
          <SelectField label="Policy status" {...getSelectProps(fields.status)} errors={fields.status.errors}>
            <option value="">Choose a status</option>
            {moves.map((status) => (
              <option key={status} value={status}>
                {policyStatusStyle(status).label}
              </option>
            ))}
            <option value={current.value}>Keep {current.label} (correct the number or dates)</option>
          </SelectField>
          <p className="text-xs text-slate-600">
            Issued, Lapse Pending, Reinstated and Lapsed need the policy number and issue date. Declined, Not Taken,
            Lapsed and Cancelled cancel the payments not made yet, and the advance not yet earned is charged back;
            Reinstated restores those payments.
          </p>
          <Field
            label="Policy number"
            autoComplete="off"
            {...getInputProps(fields.policyNumber, { type: "text" })}
            errors={fields.policyNumber.errors}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Issue date"
              max={today}
              {...getInputProps(fields.issueDate, { type: "date" })}
              errors={fields.issueDate.errors}
            />
            <Field
              label="Effective date"
              {...getInputProps(fields.effectiveDate, { type: "date" })}
              errors={fields.effectiveDate.errors}
            />
          </div>
          <TextAreaField label="Notes" rows={3} {...getTextareaProps(fields.notes)} errors={fields.notes.errors} />
          <DialogActions closeTo={closeTo}>
            <SubmitButton intent={POLICY_INTENT} pendingLabel="Saving...">
              Save Policy
            </SubmitButton>
          </DialogActions>
        </Form>
      )}
    </UrlDialog>
  );
}
