import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { Field, FieldErrors, SelectField } from "~/components/ui/field";
import { RELATIONSHIPS } from "~/domain/application-options";
import { MAX_BENEFICIARIES } from "~/domain/schemas/application-fields";
import { Required } from "./form-section";

type BeneficiaryRow = {
  name?: string;
  relationship?: string;
  otherRelationship?: string;
  dateOfBirth?: string;
  age?: number;
  phone?: string;
  percentage?: number;
};

/** Any form with beneficiary rows: the public application and the agent's edit. */
type Props<F extends Record<string, unknown>> = {
  form: FormMetadata<F>;
  field: FieldMetadata<BeneficiaryRow[] | undefined, F>;
  hydrated: boolean;
  today: string;
  /** Whether the first beneficiary is required (the public application asks for one). */
  firstRequired?: boolean;
};

/** A short visible label; screen readers also hear which beneficiary it belongs to. */
function labelFor(n: number, text: string, required = false) {
  const content = (
    <>
      <span className="sr-only">Beneficiary {n} </span>
      {text}
    </>
  );
  return required ? <Required>{content}</Required> : content;
}

/** Where the page lands after an Add or Remove without JavaScript: back at these rows. */
const BENEFICIARIES_ANCHOR = "beneficiaries";

/**
 * Beneficiary rows; one always remains and later rows without a name are ignored. "Other"
 * reveals its specification with JavaScript; without it the field is always there, marked
 * "if Other".
 */
export function BeneficiaryRows<F extends Record<string, unknown>>({
  form,
  field,
  hydrated,
  today,
  firstRequired = true,
}: Props<F>) {
  const rows = field.getFieldList();
  return (
    <div id={BENEFICIARIES_ANCHOR} className="scroll-mt-4 md:col-span-2">
      <FieldErrors errors={field.errors} />
      <ul className="space-y-4">
        {rows.map((row, index) => {
          const b = row.getFieldset();
          const n = index + 1;
          // As the email and payment groups of application-form.tsx: hidden by CSS before hydration.
          const otherChosen = b.relationship.value === "other";
          const showOther = !hydrated || otherChosen;
          return (
            <li key={row.key}>
              <fieldset className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4">
                <legend className="sr-only">Beneficiary {n}</legend>
                <div className="mb-3 flex items-center justify-between gap-2">
                  <p aria-hidden="true" className="text-sm font-semibold text-slate-800">
                    Beneficiary {n}
                  </p>
                  {rows.length > 1 ? (
                    <Button
                      variant="ghost"
                      className="text-red-700"
                      {...form.remove.getButtonProps({ name: field.name, index })}
                      formAction={`#${BENEFICIARIES_ANCHOR}`}
                      aria-label={`Remove beneficiary ${n}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </div>
                <div className="grid gap-4 md:grid-cols-2">
                  <Field
                    label={labelFor(n, "Name", index === 0 && firstRequired)}
                    {...getInputProps(b.name, { type: "text" })}
                    autoComplete="off"
                    aria-required={index === 0 && firstRequired ? true : undefined}
                    errors={b.name.errors}
                  />
                  <SelectField
                    label={labelFor(n, "Relationship", index === 0 && firstRequired)}
                    {...getSelectProps(b.relationship)}
                    aria-required={index === 0 && firstRequired ? true : undefined}
                    errors={b.relationship.errors}
                  >
                    <option value="">Select relationship</option>
                    {RELATIONSHIPS.map((r) => (
                      <option key={r.value} value={r.value}>
                        {r.label}
                      </option>
                    ))}
                  </SelectField>
                  {showOther ? (
                    <Field
                      className={otherChosen ? "md:col-span-2" : "md:col-span-2 [.js_&]:hidden"}
                      label={labelFor(n, "Relationship, please specify")}
                      {...getInputProps(b.otherRelationship, { type: "text" })}
                      hint={hydrated ? undefined : "Only if the relationship is Other."}
                      errors={b.otherRelationship.errors}
                    />
                  ) : null}
                  <Field
                    label={labelFor(n, "Date of birth")}
                    {...getInputProps(b.dateOfBirth, { type: "date" })}
                    max={today}
                    errors={b.dateOfBirth.errors}
                  />
                  <Field
                    label={labelFor(n, "Age")}
                    {...getInputProps(b.age, { type: "number" })}
                    min={0}
                    max={130}
                    step={1}
                    inputMode="numeric"
                    errors={b.age.errors}
                  />
                  <Field
                    label={labelFor(n, "Phone")}
                    {...getInputProps(b.phone, { type: "tel" })}
                    autoComplete="off"
                    errors={b.phone.errors}
                  />
                  <Field
                    label={labelFor(n, "Percentage")}
                    {...getInputProps(b.percentage, { type: "number" })}
                    min={0}
                    max={100}
                    step={0.01}
                    inputMode="decimal"
                    hint="Share of the benefit, 0 to 100."
                    errors={b.percentage.errors}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      {rows.length < MAX_BENEFICIARIES ? (
        <Button
          variant="secondary"
          className="mt-3"
          {...form.insert.getButtonProps({ name: field.name })}
          formAction={`#${BENEFICIARIES_ANCHOR}`}
        >
          Add beneficiary
        </Button>
      ) : null}
    </div>
  );
}
