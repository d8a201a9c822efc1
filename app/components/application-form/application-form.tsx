import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Alert } from "~/components/ui/card";
import { Field, FieldErrors, SelectField } from "~/components/ui/field";
import { BANK_METHODS, CARD_METHODS, GENDERS, MARITAL_STATUSES, PAYMENT_METHODS } from "~/domain/application-options";
import { SEALED_FIELD, type KeptNumbers, type SensitiveField } from "~/domain/schemas/application-fields";
import {
  APPLICATION_FIELD_ORDER,
  HONEYPOT_FIELD,
  agentChoiceLabel,
  agentNotLicensedMessage,
  consentTextFor,
  isLicensedFor,
  publicApplicationSchemaKeeping,
  type ApplicationFormValue,
  type PublicApplicationInput,
} from "~/domain/schemas/public-application";
import { STATES_WITH_DC } from "~/domain/states";
import { useHydrated } from "~/utils/hydrated";
import { BeneficiaryRows } from "./beneficiary-rows";
import { browserStorage, clearDraft, readDraft, saveDraft } from "./draft";
import { ErrorSummary, type SummaryItem } from "./error-summary";
import { FormSection, Required, SubGroup } from "./form-section";
import { PhoneRows } from "./phone-rows";
import { AddressFields, DraftFields, MedicalFields, PolicyDetailFields } from "./shared-fields";
import { SocialSecurityDayCheckbox } from "./social-security-day";

/** An agent the form offers, with the states (two-letter codes) they are licensed in. */
export type AgentChoice = { id: string; name: string; licenseNumber: string; licensedStates: readonly string[] };
type CarrierChoice = { id: string; name: string };

type Props = {
  agents: AgentChoice[];
  carriers: CarrierChoice[];
  today: string;
  tomorrow: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** A refusal only the server can give (agent not accepting, too many submissions). */
  formMessage?: string | null;
  submitting: boolean;
  /** The page was just reached through a successful submission: the draft is done with. */
  justSubmitted: boolean;
  /** The sensitive numbers the server keeps sealed from the last round trip (decision 015). */
  kept?: { sealed: string; endings: KeptNumbers } | null;
};

/** Why these numbers never show again once sent (see SENSITIVE_FIELDS and decision 015). */
const NEVER_SHOWN = {
  ssn: "Digits only, at most 9. For your security it is never shown again once sent: the server keeps it, encrypted, while you finish the form.",
  bank: "For your security, routing and account numbers are never shown again once sent: the server keeps them, encrypted, while you finish the form.",
  card: "For your security, the card number and CVV are never shown again once sent: the server keeps them, encrypted, while you finish the form.",
};

/** A sensitive box the server holds a number for: it stays empty and says what it keeps. */
function keptProps(kept: KeptNumbers | undefined, field: SensitiveField, hint?: string) {
  const ending = kept?.[field];
  if (ending === undefined) return { hint };
  const what = ending ? `Kept: ending ${ending}` : "Kept";
  return {
    placeholder: what,
    hint: `${what}. Leave it empty to keep it, or type a new number to change it.`,
  };
}

function summaryItems(formId: string, allErrors: Record<string, string[]>): SummaryItem[] {
  const rank = (name: string) => {
    const top = name.split(/[.[]/)[0] ?? name;
    const index = APPLICATION_FIELD_ORDER.indexOf(top);
    return index === -1 ? APPLICATION_FIELD_ORDER.length : index;
  };
  return Object.entries(allErrors)
    .filter(([name, errors]) => name !== "" && errors.length > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, "en-US", { numeric: true }))
    .map(([name, errors]) => ({ fieldId: `${formId}-${name}`, message: errors[0]! }));
}

/**
 * An agent's choice in the list once the prospect's state is known: "(not licensed in AL)" after
 * those who cannot sell there. Only the text changes: the options keep their order and stay
 * choosable, so a choice already made survives a change of state (a disabled option that is
 * selected would be left out of the post and read "Please select an agent").
 */
function agentOptionLabel(agent: AgentChoice, state: string) {
  const label = agentChoiceLabel(agent);
  return isLicensedFor(agent.licensedStates, state) ? label : `${label} (not licensed in ${state})`;
}

export function ApplicationForm({
  agents,
  carriers,
  today,
  tomorrow,
  lastResult,
  formMessage,
  submitting,
  justSubmitted,
  kept,
}: Props) {
  const hydrated = useHydrated();
  const [draftNote, setDraftNote] = useState<"saved" | "restored" | null>(null);

  const [form, fields] = useForm<ApplicationFormValue, PublicApplicationInput>({
    id: "application",
    lastResult,
    defaultValue: { phones: [{ phoneType: "mobile" }], beneficiaries: [{}], firstDraftDate: tomorrow },
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        // The server's licence check, ahead of the post: the agent must sell in the prospect's state.
        schema: publicApplicationSchemaKeeping(kept?.endings).superRefine((value, context) => {
          const agent = agents.find((choice) => choice.id === value.agentId);
          if (agent && !isLicensedFor(agent.licensedStates, value.state)) {
            context.addIssue({ code: "custom", path: ["agentId"], message: agentNotLicensedMessage(value.state) });
          }
        }),
      }),
    // Messages appear at submit and then change as the user types, never on blur: a message
    // appearing or leaving on blur moves the button from under a click (press and release apart).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // A saved draft comes back when the prospect returns; after a successful submission it is
  // cleared instead, so the emptied form stays empty.
  useEffect(() => {
    const storage = browserStorage();
    if (!storage) return;
    if (justSubmitted) {
      clearDraft(storage);
      return;
    }
    if (lastResult) return;
    const draft = readDraft(storage);
    if (draft) {
      form.update({ value: draft.value as never });
      setDraftNote("restored");
    }
    // Only when the form first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After a refused submission (in the browser or by the server) focus goes to the summary, so
  // keyboard and screen-reader users start from the list of problems.
  const [refusals, setRefusals] = useState(0);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const isRowButton = submitter?.getAttribute("name") === "__intent__";
    if (event.defaultPrevented && !isRowButton) setRefusals((n) => n + 1);
  };
  useEffect(() => {
    if (refusals === 0 && !lastResult) return;
    const summaryBox = document.getElementById("application-error-summary");
    if (!summaryBox) return;
    summaryBox.focus({ preventScroll: true });
    summaryBox.scrollIntoView({ block: "start" });
  }, [refusals, lastResult]);

  const onSaveDraft = () => {
    const storage = browserStorage();
    if (!storage) return;
    saveDraft(storage, form.value as Record<string, unknown>);
    setDraftNote("saved");
  };
  const onDiscardDraft = () => {
    const storage = browserStorage();
    if (storage) clearDraft(storage);
    form.reset();
    setDraftNote(null);
  };

  const selectedAgent = agents.find((agent) => agent.id === fields.agentId.value) ?? null;
  // The agent list follows the prospect's state once it is known: as it is chosen with JavaScript,
  // from the refused post without (the server also says it at the agent field then).
  const prospectState = typeof fields.state.value === "string" ? fields.state.value : "";
  const selectedUnlicensed =
    selectedAgent && prospectState && !isLicensedFor(selectedAgent.licensedStates, prospectState)
      ? agentNotLicensedMessage(prospectState)
      : undefined;
  const consentText = consentTextFor(selectedAgent?.name);
  const method = typeof fields.paymentMethod.value === "string" ? fields.paymentMethod.value : "";
  // Without JavaScript nothing can reveal fields, so every conditional field is shown, labelled
  // with when it applies; the server ignores the ones that do not.
  // What the choices show with JavaScript. Before hydration every group is in the page (so the form
  // works without JavaScript) and the `js` class of root.tsx hides, from the first paint, the ones
  // the choices leave out; after hydration those are not rendered at all, so they are not sent.
  // Deciding it at hydration instead moved the page under the reader (docs/decisions/053).
  const emailChosen = fields.hasEmail.value === "on";
  const bankChosen = BANK_METHODS.includes(method);
  const cardChosen = CARD_METHODS.includes(method);
  const showEmail = !hydrated || emailChosen;
  const showBank = !hydrated || bankChosen;
  const showCard = !hydrated || cardChosen;
  const summary = summaryItems(form.id, form.allErrors);
  const showSummary = form.status === "error" && (summary.length > 0 || !!formMessage || !!form.errors?.length);

  // noValidate even without JavaScript: the browser's bubbles show one problem at a time and in
  // its own words; the server answers every problem at once, at each field and in the summary.
  return (
    <Form method="post" {...getFormProps(form)} onSubmit={onSubmit} noValidate className="space-y-6">
      {/* Enter in a text box submits the application, not the first Add/Remove button. */}
      <button
        type="submit"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute -left-[9999px] h-px w-px overflow-hidden"
      >
        Submit Application
      </button>

      {showSummary ? (
        // A refusal by the server comes with a form-level error; the schema's own checks are per field.
        <ErrorSummary formMessage={formMessage ?? form.errors?.[0]} items={summary} failed={!!form.errors?.length} />
      ) : null}

      {draftNote === "restored" ? (
        <Alert tone="info">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p>
              <span className="font-semibold">Draft restored.</span> SSN, bank and card numbers are never saved in a
              draft; please enter them again.
            </p>
            <Button type="button" variant="secondary" onClick={onDiscardDraft}>
              Discard draft
            </Button>
          </div>
        </Alert>
      ) : null}

      {kept ? <input type="hidden" name={SEALED_FIELD} value={kept.sealed} /> : null}

      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="application-website">Website (leave this empty)</label>
        <input id="application-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <FormSection
        id="section-agent"
        title="Agent Assignment"
        description="Choose the licensed agent who will handle your application."
      >
        {agents.length === 0 ? (
          <div className="md:col-span-2">
            <Alert tone="warning">No agents are accepting applications right now. Please try again later.</Alert>
          </div>
        ) : null}
        <SelectField
          className="md:col-span-2"
          label={<Required>Agent</Required>}
          {...getSelectProps(fields.agentId)}
          aria-required
          hint={fields.agentId.errors?.length ? undefined : selectedUnlicensed}
          errors={fields.agentId.errors}
        >
          <option value="">Select an agent</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agentOptionLabel(agent, prospectState)}
            </option>
          ))}
        </SelectField>
      </FormSection>

      <FormSection id="section-personal" title="Personal Information">
        <Field
          label={<Required>First name</Required>}
          {...getInputProps(fields.firstName, { type: "text" })}
          autoComplete="given-name"
          aria-required
          errors={fields.firstName.errors}
        />
        <Field
          label={<Required>Last name</Required>}
          {...getInputProps(fields.lastName, { type: "text" })}
          autoComplete="family-name"
          aria-required
          errors={fields.lastName.errors}
        />
        <SelectField
          label={<Required>Gender</Required>}
          {...getSelectProps(fields.gender)}
          aria-required
          errors={fields.gender.errors}
        >
          <option value="">Select gender</option>
          {GENDERS.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </SelectField>
        <Field
          label={<Required>Date of birth</Required>}
          {...getInputProps(fields.dateOfBirth, { type: "date" })}
          max={today}
          autoComplete="bday"
          aria-required
          errors={fields.dateOfBirth.errors}
        />

        <PhoneRows form={form} field={fields.phones} />

        <div className="md:col-span-2">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input
              {...getInputProps(fields.hasEmail, { type: "checkbox" })}
              className="h-4 w-4 rounded border-slate-300 text-brand-600"
            />
            I have an email address
          </label>
          <FieldErrors errors={fields.hasEmail.errors} />
        </div>
        {showEmail ? (
          <Field
            className={emailChosen ? "md:col-span-2" : "md:col-span-2 [.js_&]:hidden"}
            label="Email"
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="email"
            hint={hydrated ? undefined : "Only if you ticked I have an email address."}
            errors={fields.email.errors}
          />
        ) : null}

        <AddressFields fields={fields} required />
        <Field
          label={<Required>State born in</Required>}
          {...getInputProps(fields.stateBornIn, { type: "text" })}
          list="application-state-names"
          autoComplete="off"
          aria-required
          errors={fields.stateBornIn.errors}
        />
        <datalist id="application-state-names">
          {STATES_WITH_DC.map((s) => (
            <option key={s.code} value={s.name} />
          ))}
        </datalist>
        <SelectField
          label={<Required>Marital status</Required>}
          {...getSelectProps(fields.maritalStatus)}
          aria-required
          errors={fields.maritalStatus.errors}
        >
          <option value="">Select marital status</option>
          {MARITAL_STATUSES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectField>
        <Field
          label={<Required>Height</Required>}
          {...getInputProps(fields.height, { type: "text" })}
          placeholder={`e.g. 5'10"`}
          aria-required
          errors={fields.height.errors}
        />
        <Field
          label={<Required>Weight (lbs)</Required>}
          {...getInputProps(fields.weight, { type: "number" })}
          min={1}
          step={1}
          inputMode="numeric"
          aria-required
          errors={fields.weight.errors}
        />
        <Field
          label={<Required>SSN</Required>}
          {...getInputProps(fields.ssn, { type: "text" })}
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          aria-required={kept?.endings.ssn === undefined}
          {...keptProps(kept?.endings, "ssn", NEVER_SHOWN.ssn)}
          errors={fields.ssn.errors}
        />
      </FormSection>

      <FormSection
        id="section-beneficiaries"
        title="Beneficiaries"
        description="Who receives the benefit. Rows without a name are left out."
      >
        <BeneficiaryRows form={form} field={fields.beneficiaries} hydrated={hydrated} today={today} />
      </FormSection>

      <FormSection id="section-medical" title="Medical Information">
        <MedicalFields fields={fields} smokerRequired />
      </FormSection>

      <FormSection id="section-policy" title="Policy Information">
        <SelectField
          className="md:col-span-2"
          label={<Required>Carrier</Required>}
          {...getSelectProps(fields.carrierId)}
          aria-required
          errors={fields.carrierId.errors}
        >
          <option value="">Select a carrier</option>
          {carriers.map((carrier) => (
            <option key={carrier.id} value={carrier.id}>
              {carrier.name}
            </option>
          ))}
        </SelectField>
        <Field
          label={<Required>Coverage amount ($)</Required>}
          {...getInputProps(fields.coverageAmount, { type: "number" })}
          min={0.01}
          step={0.01}
          inputMode="decimal"
          aria-required
          errors={fields.coverageAmount.errors}
        />
        <Field
          label={<Required>Monthly premium ($)</Required>}
          {...getInputProps(fields.monthlyPremium, { type: "number" })}
          min={0.01}
          step={0.01}
          inputMode="decimal"
          aria-required
          errors={fields.monthlyPremium.errors}
        />
        <PolicyDetailFields fields={fields} />
      </FormSection>

      <FormSection id="section-payment" title="Payment Information">
        <SelectField
          className="md:col-span-2"
          label={<Required>Payment method</Required>}
          {...getSelectProps(fields.paymentMethod)}
          aria-required
          errors={fields.paymentMethod.errors}
        >
          <option value="">Select a payment method</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectField>
        {!method ? (
          <p className="hidden text-sm text-slate-500 md:col-span-2 [.js_&]:block">
            Choose a payment method to enter the bank or card details.
          </p>
        ) : null}
        {showBank ? (
          <SubGroup
            title="Bank account (for checking or savings)"
            hint={NEVER_SHOWN.bank}
            className={bankChosen ? undefined : "[.js_&]:hidden"}
          >
            <Field
              className="md:col-span-2"
              label="Bank name"
              {...getInputProps(fields.bankName, { type: "text" })}
              errors={fields.bankName.errors}
            />
            <Field
              label="Routing number"
              {...getInputProps(fields.routingNumber, { type: "text" })}
              inputMode="numeric"
              maxLength={9}
              autoComplete="off"
              {...keptProps(kept?.endings, "routingNumber", "Digits only, at most 9.")}
              errors={fields.routingNumber.errors}
            />
            <Field
              label="Account number"
              {...getInputProps(fields.accountNumber, { type: "text" })}
              inputMode="numeric"
              maxLength={17}
              autoComplete="off"
              {...keptProps(kept?.endings, "accountNumber")}
              errors={fields.accountNumber.errors}
            />
          </SubGroup>
        ) : null}
        {showCard ? (
          <SubGroup
            title="Card (for debit or credit)"
            hint={NEVER_SHOWN.card}
            className={cardChosen ? undefined : "[.js_&]:hidden"}
          >
            <Field
              className="md:col-span-2"
              label="Card number"
              {...getInputProps(fields.cardNumber, { type: "text" })}
              inputMode="numeric"
              maxLength={23}
              autoComplete="cc-number"
              {...keptProps(kept?.endings, "cardNumber")}
              errors={fields.cardNumber.errors}
            />
            <Field
              label="Card expiry (MM/YY)"
              {...getInputProps(fields.cardExpiry, { type: "text" })}
              placeholder="MM/YY"
              maxLength={5}
              autoComplete="cc-exp"
              errors={fields.cardExpiry.errors}
            />
            <Field
              label="CVV"
              {...getInputProps(fields.cardCvv, { type: "text" })}
              inputMode="numeric"
              maxLength={4}
              autoComplete="cc-csc"
              {...keptProps(kept?.endings, "cardCvv")}
              errors={fields.cardCvv.errors}
            />
          </SubGroup>
        ) : null}
        <DraftFields
          fields={fields}
          min={today}
          firstDraftHint="Tomorrow unless you choose another day."
          dayChoice={<SocialSecurityDayCheckbox fields={fields} from={tomorrow} />}
        />
      </FormSection>

      <section
        aria-labelledby="section-consent"
        className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="section-consent" className="sr-only">
          Consent
        </h2>
        <input type="hidden" name="consentText" value={consentText} />
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input
            {...getInputProps(fields.consent, { type: "checkbox" })}
            className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600"
          />
          <span>{consentText}</span>
        </label>
        <FieldErrors errors={fields.consent.errors} />
      </section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {hydrated ? (
          <div className="flex flex-col gap-1 sm:mr-auto sm:max-w-sm">
            <Button type="button" variant="secondary" onClick={onSaveDraft}>
              Save as Draft
            </Button>
            <p className="text-xs text-slate-500">
              Drafts are kept on this device only and never include SSN, bank or card numbers or health details.
            </p>
            {draftNote === "saved" ? (
              <p role="status" className="text-xs font-medium text-green-700">
                Draft saved on this device.
              </p>
            ) : null}
          </div>
        ) : null}
        <Button name="intent" value="submit" disabled={submitting} className="sm:min-w-48">
          {submitting ? "Submitting..." : "Submit Application"}
        </Button>
      </div>
    </Form>
  );
}
