import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, FieldErrors, SelectField, TextAreaField } from "~/components/ui/field";
import { HEALTH_MASK_HINT, type HealthField } from "~/domain/health-details";
import { STATES_WITH_DC } from "~/domain/states";
import { Required } from "./form-section";

// Groups of an application's fields that the public form and the agent's Edit Application show
// alike. Each takes the form's own fields (conform's metadata, whatever the form's schema) and
// whether the form requires them: the public form asks for them, the edit leaves them optional.

/** Any form's field: these pieces read only its name, id, value and errors. */
type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;
type Fields<K extends string> = Record<K, AnyField>;

function label(text: ReactNode, required: boolean) {
  return required ? <Required>{text}</Required> : text;
}

/** Address, city, state (50 states and DC) and zip code. */
export function AddressFields({
  fields,
  required,
}: {
  fields: Fields<"address" | "city" | "state" | "zipCode">;
  required: boolean;
}) {
  const must = required ? { "aria-required": true } : {};
  return (
    <>
      <Field
        className="md:col-span-2"
        label={label("Address", required)}
        {...getInputProps(fields.address, { type: "text" })}
        autoComplete="street-address"
        {...must}
        errors={fields.address.errors}
      />
      <Field
        label={label("City", required)}
        {...getInputProps(fields.city, { type: "text" })}
        autoComplete="address-level2"
        {...must}
        errors={fields.city.errors}
      />
      <SelectField
        label={label("State", required)}
        {...getSelectProps(fields.state)}
        autoComplete="address-level1"
        {...must}
        errors={fields.state.errors}
      >
        <option value="">{required ? "Select state" : "Not given"}</option>
        {STATES_WITH_DC.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <Field
        label={label("Zip code", required)}
        {...getInputProps(fields.zipCode, { type: "text" })}
        inputMode="numeric"
        maxLength={10}
        autoComplete="postal-code"
        {...must}
        errors={fields.zipCode.errors}
      />
    </>
  );
}

/**
 * Smoker (yes or no), doctor, doctor's phone, medications and medical history. `masked` names the
 * health details an edit starts with as their mask (decision 070), each box saying what it does.
 */
export function MedicalFields({
  fields,
  smokerRequired,
  masked = [],
}: {
  fields: Fields<"smoker" | HealthField>;
  smokerRequired: boolean;
  masked?: readonly HealthField[];
}) {
  const hint = (field: HealthField) => (masked.includes(field) ? HEALTH_MASK_HINT : undefined);
  return (
    <>
      <fieldset className="md:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">
          {label("Does the applicant smoke?", smokerRequired)}
        </legend>
        <div className="flex gap-6">
          {getCollectionProps(fields.smoker, { type: "radio", options: ["yes", "no"] }).map(({ key, ...props }) => (
            <label key={key} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
              <input {...props} className="h-4 w-4 border-slate-300 text-brand-600" />
              {props.value === "yes" ? "Yes" : "No"}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.smoker.errorId} errors={fields.smoker.errors} />
      </fieldset>
      <Field
        label="Doctor name"
        {...getInputProps(fields.doctorName, { type: "text" })}
        hint={hint("doctorName")}
        errors={fields.doctorName.errors}
      />
      <Field
        label="Doctor phone"
        {...getInputProps(fields.doctorPhone, { type: "tel" })}
        hint={hint("doctorPhone")}
        errors={fields.doctorPhone.errors}
      />
      <TextAreaField
        label="Medications"
        {...getTextareaProps(fields.medications)}
        rows={3}
        hint={hint("medications")}
        errors={fields.medications.errors}
      />
      <TextAreaField
        label="Medical history"
        {...getTextareaProps(fields.medicalHistory)}
        rows={3}
        hint={hint("medicalHistory")}
        errors={fields.medicalHistory.errors}
      />
    </>
  );
}

/** The policy's product type, term, riders and notes. */
export function PolicyDetailFields({
  fields,
}: {
  fields: Fields<"productType" | "policyTerm" | "riders" | "policyNotes">;
}) {
  return (
    <>
      <Field
        label="Product type"
        {...getInputProps(fields.productType, { type: "text" })}
        errors={fields.productType.errors}
      />
      <Field
        label="Policy term"
        {...getInputProps(fields.policyTerm, { type: "text" })}
        errors={fields.policyTerm.errors}
      />
      <TextAreaField label="Riders" {...getTextareaProps(fields.riders)} rows={2} errors={fields.riders.errors} />
      <TextAreaField
        label="Policy notes"
        {...getTextareaProps(fields.policyNotes)}
        rows={2}
        errors={fields.policyNotes.errors}
      />
    </>
  );
}

/**
 * The first and future draft dates and the payment notes; `min` is the earliest date a box offers,
 * `dayChoice` the Social Security day's choice shown under the dates (decision 078).
 */
export function DraftFields({
  fields,
  min,
  firstDraftHint,
  dayChoice,
}: {
  fields: Fields<"firstDraftDate" | "futureDraftDate" | "paymentNotes">;
  min?: string;
  firstDraftHint?: string;
  dayChoice?: ReactNode;
}) {
  return (
    <>
      <Field
        label="First draft date"
        {...getInputProps(fields.firstDraftDate, { type: "date" })}
        min={min}
        hint={firstDraftHint}
        errors={fields.firstDraftDate.errors}
      />
      <Field
        label="Future draft date"
        {...getInputProps(fields.futureDraftDate, { type: "date" })}
        min={min}
        errors={fields.futureDraftDate.errors}
      />
      {dayChoice}
      <TextAreaField
        className="md:col-span-2"
        label="Payment notes"
        {...getTextareaProps(fields.paymentNotes)}
        rows={2}
        errors={fields.paymentNotes.errors}
      />
    </>
  );
}
