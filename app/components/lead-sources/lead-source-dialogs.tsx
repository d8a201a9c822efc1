import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { ConfirmDialog, DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { dollarsFromCents } from "~/domain/format";
import {
  DEFAULT_DUPLICATE_WINDOW_DAYS,
  DEFAULT_RETURN_WINDOW_HOURS,
  LEAD_SOURCE_NAME_MAX,
  MAX_DUPLICATE_WINDOW_DAYS,
  MAX_RETURN_WINDOW_HOURS,
  keyEnding,
} from "~/domain/lead-sources";
import { leadSourceCreateSchema, leadSourceEditSchema } from "~/domain/schemas/lead-sources";
import type { LeadSourceView } from "~/services/lead-sources.server";
import { useIntentResult } from "~/utils/intent";

type SourceFormValues = Record<
  "name" | "costPerLead" | "returnWindowHours" | "duplicateWindowDays" | "defaultCarrierId",
  string
>;

export type CarrierChoice = { id: string; name: string };

/**
 * Add Source (no source) and Edit Source, one form with the rules of issue 24 item 1. Bad input
 * comes back with the messages at the fields and everything typed kept.
 */
export function LeadSourceFormDialog({
  source,
  carriers,
  closeTo,
}: {
  source?: LeadSourceView;
  carriers: CarrierChoice[];
  closeTo: string;
}) {
  const intent = source ? "update" : "create";
  const schema = source ? leadSourceEditSchema : leadSourceCreateSchema;
  const [form, fields] = useForm<SourceFormValues>({
    id: source ? `edit-source-${source.id}` : "add-source",
    lastResult: useIntentResult(intent),
    defaultValue: source
      ? {
          name: source.name,
          costPerLead: dollarsFromCents(source.costPerLeadCents),
          returnWindowHours: String(source.returnWindowHours),
          duplicateWindowDays: String(source.duplicateWindowDays),
          defaultCarrierId: source.defaultCarrierId ?? "",
        }
      : {
          returnWindowHours: String(DEFAULT_RETURN_WINDOW_HOURS),
          duplicateWindowDays: String(DEFAULT_DUPLICATE_WINDOW_DAYS),
          defaultCarrierId: "",
        },
    // The two schemas' outputs differ; only the field errors matter here.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
    shouldValidate: "onSubmit",
    // Never on blur: a message appearing on blur moves the button from under a click.
    shouldRevalidate: "onInput",
  });
  // The source's carrier, if it is not one of the preset list (typed in by an agent), stays a choice.
  const choices =
    source?.defaultCarrierId && !carriers.some((carrier) => carrier.id === source.defaultCarrierId)
      ? [{ id: source.defaultCarrierId, name: source.defaultCarrierName ?? "Current carrier" }, ...carriers]
      : carriers;

  return (
    <UrlDialog title={source ? "Edit Source" : "Add Source"} closeTo={closeTo} size="lg">
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        {source ? <HiddenFields fields={{ id: source.id }} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Name"
            {...getInputProps(fields.name, { type: "text" })}
            errors={fields.name.errors}
            maxLength={LEAD_SOURCE_NAME_MAX}
            autoComplete="off"
            required
            className="sm:col-span-2"
          />
          <Field
            label="Cost per Lead ($)"
            {...getInputProps(fields.costPerLead, { type: "number" })}
            errors={fields.costPerLead.errors}
            min={0}
            step={0.01}
            inputMode="decimal"
            required
          />
          <SelectField
            label="Default Carrier (optional)"
            {...getSelectProps(fields.defaultCarrierId)}
            errors={fields.defaultCarrierId.errors}
          >
            <option value="">No default carrier</option>
            {choices.map((carrier) => (
              <option key={carrier.id} value={carrier.id}>
                {carrier.name}
              </option>
            ))}
          </SelectField>
          <Field
            label="Return Window (hours)"
            {...getInputProps(fields.returnWindowHours, { type: "number" })}
            errors={fields.returnWindowHours.errors}
            min={1}
            max={MAX_RETURN_WINDOW_HOURS}
            step={1}
            inputMode="numeric"
            hint={`How long an agent may return a bad lead: 1 to ${MAX_RETURN_WINDOW_HOURS} hours.`}
            required
          />
          <Field
            label="Duplicate Window (days)"
            {...getInputProps(fields.duplicateWindowDays, { type: "number" })}
            errors={fields.duplicateWindowDays.errors}
            min={0}
            max={MAX_DUPLICATE_WINDOW_DAYS}
            step={1}
            inputMode="numeric"
            hint={`A lead matching one received this many days before is a duplicate: 0 to ${MAX_DUPLICATE_WINDOW_DAYS}.`}
            required
          />
        </div>
        {source ? null : (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
            Adding the source makes its posting key, shown once on the next screen.
          </p>
        )}
        <DialogActions closeTo={closeTo}>
          <SubmitButton intent={intent} pendingLabel={source ? "Saving..." : "Adding..."}>
            {source ? "Save Changes" : "Add Source"}
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}

/** Rotate key: asks first, since the vendor's posts fail from that moment until they get the new key. */
export function RotateKeyDialog({ source, closeTo }: { source: LeadSourceView; closeTo: string }) {
  return (
    <ConfirmDialog
      title="Rotate Posting Key"
      closeTo={closeTo}
      intent="rotate"
      fields={{ id: source.id }}
      confirmLabel="Rotate Key"
      pendingLabel="Rotating..."
      danger
    >
      <p>
        Make a new posting key for <strong className="[overflow-wrap:anywhere]">{source.name}</strong>?
      </p>
      <p className="text-slate-600">
        The current key (ending {keyEnding(source.keyLast4)}) stops working at once: the vendor&apos;s posts are refused
        until they use the new key, which is shown once on the next screen.
      </p>
    </ConfirmDialog>
  );
}
