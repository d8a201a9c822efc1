import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { Field, FieldErrors, SelectField } from "~/components/ui/field";
import { PHONE_TYPES } from "~/domain/application-options";
import { MAX_PHONES } from "~/domain/schemas/application-fields";
import { Required } from "./form-section";

type PhoneRow = { phoneNumber?: string; phoneType: string };

/** Any form with phone rows: the public application and the agent's edit. */
type Props<F extends Record<string, unknown>> = {
  form: FormMetadata<F>;
  field: FieldMetadata<PhoneRow[] | undefined, F>;
  /** Whether the first number is required (the public application asks for one). */
  firstRequired?: boolean;
};

/** Where the page lands after an Add or Remove without JavaScript: back at these rows. */
const PHONES_ANCHOR = "phones";

/**
 * Phone rows; one always remains. Add and Remove are conform intents: with JavaScript they act in
 * place, without it they are submit buttons the action answers with the updated rows (the
 * fragment in formAction scrolls the answer back to the rows, not to the top of a long form).
 */
export function PhoneRows<F extends Record<string, unknown>>({ form, field, firstRequired = true }: Props<F>) {
  const rows = field.getFieldList();
  return (
    <fieldset id={PHONES_ANCHOR} className="scroll-mt-4 md:col-span-2">
      <legend className="text-sm font-semibold text-slate-800">Phone numbers</legend>
      <p className="mt-0.5 text-xs text-slate-500">The first number is the main contact number.</p>
      <FieldErrors errors={field.errors} />
      <ul className="mt-3 space-y-3">
        {rows.map((row, index) => {
          const phone = row.getFieldset();
          const label = `Phone ${index + 1}`;
          return (
            <li
              key={row.key}
              className="grid gap-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start"
            >
              <Field
                label={index === 0 && firstRequired ? <Required>{label}</Required> : label}
                {...getInputProps(phone.phoneNumber, { type: "tel" })}
                autoComplete={index === 0 ? "tel" : "off"}
                aria-required={index === 0 && firstRequired ? true : undefined}
                placeholder="(555) 123-4567"
                errors={phone.phoneNumber.errors}
              />
              <SelectField label={`${label} type`} {...getSelectProps(phone.phoneType)} errors={phone.phoneType.errors}>
                {PHONE_TYPES.map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.label}
                  </option>
                ))}
              </SelectField>
              {rows.length > 1 ? (
                <Button
                  variant="secondary"
                  className="sm:mt-6"
                  {...form.remove.getButtonProps({ name: field.name, index })}
                  formAction={`#${PHONES_ANCHOR}`}
                  aria-label={`Remove phone ${index + 1}`}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {rows.length < MAX_PHONES ? (
        <Button
          variant="secondary"
          className="mt-3"
          {...form.insert.getButtonProps({ name: field.name, defaultValue: { phoneType: "mobile" } })}
          formAction={`#${PHONES_ANCHOR}`}
        >
          Add phone
        </Button>
      ) : null}
    </fieldset>
  );
}
