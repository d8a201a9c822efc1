import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { BeneficiaryRows } from "~/components/application-form/beneficiary-rows";
import { PhoneRows } from "~/components/application-form/phone-rows";
import { Alert } from "~/components/ui/card";
import { DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { Field, SelectField, TextAreaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import {
  BANK_METHODS,
  CARD_METHODS,
  GENDERS,
  LEAD_PAYMENT_METHODS,
  MARITAL_STATUSES,
  PAYMENT_METHOD_GROUPS,
  optionLabel,
} from "~/domain/application-options";
import { HEALTH_FIELDS, HEALTH_MASK } from "~/domain/health-details";
import { addDaysIso } from "~/domain/periods";
import { SEALED_FIELD, type KeptNumbers, type SensitiveField } from "~/domain/schemas/application-fields";
import { leadEditSchema, type LeadEdit, type LeadEditFormValue } from "~/domain/schemas/lead-edit";
import type { LeadDetail } from "~/services/lead-reads.server";
import { useHydrated } from "~/utils/hydrated";
import { LeadPhones } from "./lead-details";
import { EDIT_INTENT } from "./lead-links";
import {
  AddressFields,
  DraftFields,
  MedicalFields,
  PolicyDetailFields,
} from "~/components/application-form/shared-fields";
import { SocialSecurityDaySelect } from "~/components/application-form/social-security-day";

/** The last answer of the edit form's action: conform's result, and the numbers the server keeps sealed. */
export type LeadEditResult = {
  result?: SubmissionResult<string[]>;
  kept?: { sealed: string; endings: KeptNumbers } | null;
  formMessage?: string | null;
};

/**
 * A lead as the edit form starts: every field as its box shows it (sensitive boxes start empty; a
 * health detail's box holds its mask unless revealed, which posted back keeps it: decision 070).
 */
function formValues(lead: LeadDetail) {
  const text = (v: string | number | null) => (v === null ? "" : String(v));
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: text(lead.email),
    gender: text(lead.gender),
    dateOfBirth: text(lead.dateOfBirth),
    stateBornIn: text(lead.stateBornIn),
    address: text(lead.address),
    city: text(lead.city),
    state: text(lead.state),
    zipCode: text(lead.zipCode),
    height: text(lead.height),
    weight: text(lead.weight),
    maritalStatus: text(lead.maritalStatus),
    smoker: lead.smoker === null ? "" : lead.smoker ? "yes" : "no",
    doctorName: text(lead.doctorName),
    doctorPhone: text(lead.doctorPhone),
    medications: text(lead.medications),
    medicalHistory: text(lead.medicalHistory),
    carrierId: text(lead.carrierId),
    coverageAmount: text(lead.coverageAmount),
    monthlyPremium: lead.monthlyPremium === null ? "" : lead.monthlyPremium.toFixed(2),
    productType: text(lead.productType),
    policyTerm: text(lead.policyTerm),
    riders: text(lead.riders),
    policyNotes: text(lead.policyNotes),
    paymentMethod: text(lead.paymentMethod),
    bankName: text(lead.bankName),
    cardExpiry: text(lead.cardExpiry),
    firstDraftDate: text(lead.firstDraftDate),
    futureDraftDate: text(lead.futureDraftDate),
    draftOnSocialSecurityDay: lead.draftOnSocialSecurityDay ? "yes" : "no",
    paymentNotes: text(lead.paymentNotes),
    notes: text(lead.notes),
    phones: lead.phones.length
      ? lead.phones.map((p) => ({ phoneNumber: p.phoneNumber, phoneType: p.phoneType }))
      : [{ phoneNumber: "", phoneType: "mobile" }],
    beneficiaries: lead.beneficiaries.length
      ? lead.beneficiaries.map((b) => ({
          name: b.name,
          relationship: b.relationship,
          otherRelationship: text(b.otherRelationship),
          dateOfBirth: text(b.dateOfBirth),
          age: text(b.age),
          phone: text(b.phone),
          percentage: text(b.percentage),
        }))
      : [{}],
  };
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-md p-4 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * The sensitive boxes start empty and say what is kept: the number the lead has stored, or one
 * typed in an earlier round trip and sealed by the server (docs/decisions/015).
 */
function keptHint(field: SensitiveField, stored: string | null, kept: KeptNumbers | undefined, rule?: string) {
  const sealed = kept?.[field];
  const ending = sealed !== undefined ? sealed : stored;
  const what = ending ? `Stored: ending ${ending}` : ending === "" ? "Stored" : null;
  if (!what) return { hint: rule };
  return { placeholder: what, hint: `${what}. Leave it empty to keep it${rule ? `; ${rule.toLowerCase()}` : ""}.` };
}

/**
 * The Edit Application form, shared by My Leads' dialog and the application page's edit mode:
 * every field of the lead (part 2, section 3) with the rules of section 5, beneficiaries added
 * and removed, phones editable in the dialog and read-only on the page. Bad input stays in the
 * form with the message at its field; the sensitive numbers never come back into the page.
 */
export function LeadEditForm({
  lead,
  carriers,
  today,
  answer,
  closeTo,
  phonesEditable,
}: {
  lead: LeadDetail;
  carriers: { id: string; name: string }[];
  today: string;
  answer?: LeadEditResult;
  closeTo: string;
  phonesEditable: boolean;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm<LeadEditFormValue, LeadEdit>({
    id: `edit-${lead.id}`,
    lastResult: answer?.result,
    defaultValue: formValues(lead) as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadEditSchema, disableAutoCoercion: true }),
    // Messages appear at submit and then change as the user types, never on blur: a message
    // appearing or leaving on blur moves the button from under a click (press and release apart).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const kept = answer?.kept?.endings;
  const method = typeof fields.paymentMethod.value === "string" ? fields.paymentMethod.value : "";
  // Without JavaScript nothing can reveal fields, so both kinds are shown, each saying when it applies.
  const showBank = !hydrated || BANK_METHODS.includes(method);
  const showCard = !hydrated || CARD_METHODS.includes(method);
  const sold = Boolean(lead.soldAt);

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-5">
      {/* Enter in a text box saves the application, not the first Add/Remove button. */}
      <button type="submit" name="intent" value={EDIT_INTENT} tabIndex={-1} aria-hidden="true" className="sr-only">
        Save Changes
      </button>
      {/* The Add/Remove row buttons post no intent of their own; this says which form they belong to. */}
      <HiddenFields fields={{ id: lead.id, intent: EDIT_INTENT }} />
      {answer?.kept ? <input type="hidden" name={SEALED_FIELD} value={answer.kept.sealed} /> : null}
      {answer?.formMessage ? <Alert tone="error">{answer.formMessage}</Alert> : null}
      {form.status === "error" ? (
        <Alert tone="error">Please correct the fields marked below; nothing you typed has been lost.</Alert>
      ) : null}

      <Group title="Personal Information">
        <Field
          label="First name"
          {...getInputProps(fields.firstName, { type: "text" })}
          aria-required
          errors={fields.firstName.errors}
        />
        <Field
          label="Last name"
          {...getInputProps(fields.lastName, { type: "text" })}
          aria-required
          errors={fields.lastName.errors}
        />
        <Field label="Email" {...getInputProps(fields.email, { type: "email" })} errors={fields.email.errors} />
        <SelectField label="Gender" {...getSelectProps(fields.gender)} errors={fields.gender.errors}>
          <option value="">Not given</option>
          {GENDERS.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </SelectField>
        <Field
          label="Date of birth"
          {...getInputProps(fields.dateOfBirth, { type: "date" })}
          max={today}
          errors={fields.dateOfBirth.errors}
        />
        <Field
          label="State born in"
          {...getInputProps(fields.stateBornIn, { type: "text" })}
          errors={fields.stateBornIn.errors}
        />
        <AddressFields fields={fields} required={false} />
        <SelectField
          label="Marital status"
          {...getSelectProps(fields.maritalStatus)}
          errors={fields.maritalStatus.errors}
        >
          <option value="">Not given</option>
          {MARITAL_STATUSES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectField>
        <Field
          label="Height"
          {...getInputProps(fields.height, { type: "text" })}
          placeholder={`e.g. 5'10"`}
          errors={fields.height.errors}
        />
        <Field
          label="Weight (lbs)"
          {...getInputProps(fields.weight, { type: "number" })}
          min={0}
          step={1}
          inputMode="numeric"
          errors={fields.weight.errors}
        />
        <Field
          label="SSN"
          {...getInputProps(fields.ssn, { type: "text" })}
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          {...keptHint("ssn", lead.ssn, kept, "Digits only, at most 9")}
          errors={fields.ssn.errors}
        />
      </Group>

      <Group title="Phone Numbers">
        {phonesEditable ? (
          <PhoneRows form={form} field={fields.phones} firstRequired={false} />
        ) : (
          <div className="md:col-span-2">
            <LeadPhones phones={lead.phones} />
            <p className="mt-2 text-xs text-slate-500">
              Phone numbers are changed from My Leads&apos; Edit Application.
            </p>
          </div>
        )}
      </Group>

      <Group title="Medical Information">
        <MedicalFields
          fields={fields}
          smokerRequired={false}
          masked={HEALTH_FIELDS.filter((field) => lead[field] === HEALTH_MASK)}
        />
      </Group>

      <Group title="Policy Information">
        <SelectField
          className="md:col-span-2"
          label="Carrier"
          {...getSelectProps(fields.carrierId)}
          disabled={sold}
          hint={sold ? "A sold lead keeps the carrier its sale was recorded with." : undefined}
          errors={fields.carrierId.errors}
        >
          <option value="">Not chosen</option>
          {carriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {/* A disabled box posts nothing; the carrier stays as stored. */}
        <Field
          label="Coverage amount ($)"
          {...getInputProps(fields.coverageAmount, { type: "number" })}
          min={0}
          step={1}
          inputMode="numeric"
          hint="Whole dollars."
          errors={fields.coverageAmount.errors}
        />
        <Field
          label="Monthly premium ($)"
          {...getInputProps(fields.monthlyPremium, { type: "number" })}
          min={0}
          step={0.01}
          inputMode="decimal"
          readOnly={sold}
          hint={sold ? "Fixed by the sale, with its commission and payment schedule." : undefined}
          errors={fields.monthlyPremium.errors}
        />
        <PolicyDetailFields fields={fields} />
      </Group>

      <Group title="Payment Information">
        <SelectField
          className="md:col-span-2"
          label="Payment method"
          {...getSelectProps(fields.paymentMethod)}
          // Without JavaScript every field shows: say which apply (part 1, section 5).
          hint={
            hydrated
              ? undefined
              : "Bank fields are for checking or savings, card fields for debit or credit; a paper check needs neither."
          }
          errors={fields.paymentMethod.errors}
        >
          <option value="">Not chosen</option>
          {/* Grouped under part 1's names: bank (checking, savings), card (debit, credit), check. */}
          {PAYMENT_METHOD_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.values.map((value) => (
                <option key={value} value={value}>
                  {optionLabel(LEAD_PAYMENT_METHODS, value)}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        {showBank ? (
          <>
            <Field
              className="md:col-span-2"
              label={hydrated ? "Bank name" : "Bank name (checking or savings)"}
              {...getInputProps(fields.bankName, { type: "text" })}
              errors={fields.bankName.errors}
            />
            <Field
              label="Routing number"
              {...getInputProps(fields.routingNumber, { type: "text" })}
              inputMode="numeric"
              maxLength={11}
              autoComplete="off"
              {...keptHint("routingNumber", lead.routingNumber, kept, "Digits only, at most 9")}
              errors={fields.routingNumber.errors}
            />
            <Field
              label="Account number"
              {...getInputProps(fields.accountNumber, { type: "text" })}
              inputMode="numeric"
              maxLength={20}
              autoComplete="off"
              {...keptHint("accountNumber", lead.accountNumber, kept)}
              errors={fields.accountNumber.errors}
            />
          </>
        ) : null}
        {showCard ? (
          <>
            <Field
              className="md:col-span-2"
              label={hydrated ? "Card number" : "Card number (debit or credit)"}
              {...getInputProps(fields.cardNumber, { type: "text" })}
              inputMode="numeric"
              maxLength={23}
              autoComplete="off"
              {...keptHint("cardNumber", lead.cardNumber, kept)}
              errors={fields.cardNumber.errors}
            />
            <Field
              label="Card expiry (MM/YY)"
              {...getInputProps(fields.cardExpiry, { type: "text" })}
              placeholder="MM/YY"
              maxLength={5}
              errors={fields.cardExpiry.errors}
            />
            <Field
              label="CVV"
              {...getInputProps(fields.cardCvv, { type: "text" })}
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              disabled={sold}
              {...keptHint(
                "cardCvv",
                null,
                kept,
                sold ? "Not kept once the sale is recorded" : "Kept only until the first draft",
              )}
              errors={fields.cardCvv.errors}
            />
          </>
        ) : null}
        <DraftFields
          fields={fields}
          dayChoice={<SocialSecurityDaySelect fields={fields} from={addDaysIso(today, 1)} sold={sold} />}
        />
      </Group>

      <Group title="Beneficiaries">
        <BeneficiaryRows
          form={form}
          field={fields.beneficiaries}
          hydrated={hydrated}
          today={today}
          firstRequired={false}
        />
      </Group>

      <Group title="Notes">
        <TextAreaField
          className="md:col-span-2"
          label="Notes"
          rows={3}
          {...getTextareaProps(fields.notes)}
          errors={fields.notes.errors}
        />
      </Group>

      <DialogActions closeTo={closeTo}>
        <SubmitButton intent={EDIT_INTENT} pendingLabel="Saving...">
          Save Changes
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
