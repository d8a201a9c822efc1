import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { Field, FieldErrors, SelectField, TextAreaField, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import {
  DNC_IMPORT_LIMITS,
  DNC_IMPORT_REASONS,
  DNC_MESSAGES,
  DNC_REASON_LABELS,
  DNC_REASONS,
  dncAddSchema,
  dncRemoveSchema,
  type DncEntryView,
} from "~/domain/dnc";
import { formatPhone } from "~/domain/format";
import { useIntentResult } from "~/utils/intent";

/**
 * Add a number: the phone in any form and the reason. A number that cannot be a phone number comes
 * back at the field with everything typed kept (the server reads it; no phone library in the page).
 */
export function AddNumberForm() {
  const [form, fields] = useForm({
    id: "dnc-add",
    lastResult: useIntentResult("add"),
    defaultValue: { phone: "", reason: "customer_request" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dncAddSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <Field
        label="Phone number"
        autoComplete="off"
        inputMode="tel"
        {...getInputProps(fields.phone, { type: "text" })}
        errors={fields.phone.errors}
        placeholder="(305) 555-0142"
      />
      <SelectField label="Reason" {...getSelectProps(fields.reason)} errors={fields.reason.errors}>
        {DNC_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {DNC_REASON_LABELS[reason]}
          </option>
        ))}
      </SelectField>
      <div className="sm:pt-6">
        <SubmitButton intent="add" pendingLabel="Adding...">
          Add to list
        </SubmitButton>
      </div>
    </Form>
  );
}

/** Remove a number: a URL-addressed dialog that asks why (required, kept with the removal and in the audit trail). */
export function RemoveNumberDialog({ entry, closeTo }: { entry: DncEntryView; closeTo: string }) {
  const [form, fields] = useForm({
    id: `dnc-remove-${entry.phone}`,
    lastResult: useIntentResult("remove"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dncRemoveSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <UrlDialog title="Remove from Do Not Call" closeTo={closeTo}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields fields={{ phone: entry.phone }} />
        <p className="text-sm text-slate-700">
          Agents may call <span className="font-medium whitespace-nowrap">{formatPhone(entry.phone)}</span> again once
          it is removed. It was listed for: {entry.reasonLabel}.
        </p>
        <TextAreaField
          label="Why is it removed?"
          rows={3}
          {...getTextareaProps(fields.reason)}
          errors={fields.reason.errors}
          placeholder="For example: listed in error, the customer asked to be called again"
        />
        <DialogActions closeTo={closeTo}>
          <SubmitButton intent="remove" pendingLabel="Removing..." variant="danger">
            Remove number
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}

/**
 * A registry's file of numbers, as a plain multipart form posted to /admin/dnc/import (it works
 * without JavaScript; the server refuses a file past 48 MB at the field). With JavaScript a file
 * past 48 MB is refused before it is sent.
 */
export function UploadNumbersForm({ errors }: { errors: string[] | null }) {
  const [tooLarge, setTooLarge] = useState(false);
  const shown = tooLarge ? [DNC_MESSAGES.tooLarge] : errors;
  return (
    <Form
      method="post"
      action="/admin/dnc/import"
      encType="multipart/form-data"
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      onSubmit={(event) => {
        if (tooLarge) event.preventDefault();
      }}
    >
      <div>
        <label htmlFor="dnc-file" className="mb-1 block text-sm font-medium text-slate-800">
          CSV or text file
        </label>
        <input
          id="dnc-file"
          name="file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          required
          aria-invalid={shown?.length ? true : undefined}
          aria-describedby={["dnc-file-hint", shown?.length ? "dnc-file-error" : null].filter(Boolean).join(" ")}
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium`}
          onChange={(event) => setTooLarge((event.currentTarget.files?.[0]?.size ?? 0) > DNC_IMPORT_LIMITS.bytes)}
        />
        <p id="dnc-file-hint" className="mt-1 text-xs text-slate-600">
          One number a line (a header line is skipped), or a registry&apos;s area code and number. Up to 48 MB.
        </p>
        <FieldErrors id="dnc-file-error" errors={shown} />
      </div>
      <SelectField label="Reason" id="dnc-file-reason" name="reason" defaultValue="national_registry">
        {DNC_IMPORT_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {DNC_REASON_LABELS[reason]}
          </option>
        ))}
      </SelectField>
      <div className="sm:pt-6">
        <SubmitButton intent="upload" pendingLabel="Uploading..." variant="secondary">
          Upload numbers
        </SubmitButton>
      </div>
    </Form>
  );
}
