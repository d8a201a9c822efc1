import { z } from "zod";
import { STATES_WITH_DC, stateName } from "../states";
import { BANK_METHODS, GENDERS, MARITAL_STATUSES, PAYMENT_METHODS } from "../application-options";
import {
  MAX_BENEFICIARIES,
  MAX_PHONES,
  asRecord,
  asRows,
  beneficiaryRow,
  cardExpiryProblem,
  choice,
  digitString,
  dropUnusedPaymentFields,
  draftDateBounds,
  isTicked,
  isoDate,
  optionalDigits,
  phoneNumber,
  phoneRow,
  positiveAmount,
  prepareBeneficiaries,
  text,
  toBoolean,
  toNumber,
  type KeptNumbers,
} from "./application-fields";
import { socialSecurityDayOnOrAfter } from "../social-security-days";
import { blank, optionalText, requiredText } from "./fields";
import { boundedList } from "./lists";

// The public insurance application (part 2, sections 3 and 5). One schema serves the page (the
// browser for instant feedback, the action as the authority) and POST /api/public/applications.
// It reads both shapes it is given: the page's form fields (strings, conform's
// `phones[0].phoneNumber` naming, "on" for ticked boxes) and JSON (numbers or numeric strings,
// booleans, arrays).

/** A field people cannot see; only bots fill it. */
export const HONEYPOT_FIELD = "website";

const AGENCY_NAME = "Agency CRM";

/**
 * The consent wording, naming the agent once one is chosen. The exact text shown is what the
 * lead records as evidence; without JavaScript the page cannot know the choice before submitting,
 * so it shows (and records) the wording that says "my selected agent".
 */
export function consentTextFor(agentName?: string | null) {
  const who = agentName ? `my selected agent, ${agentName},` : "my selected agent";
  return `I agree to be contacted by phone call and text message, including by automated means, by ${who} and ${AGENCY_NAME} about this application. Consent is not a condition of purchase.`;
}

/**
 * Whether an agent licensed in `licensedStates` (two-letter codes) may take a prospect living in
 * `state`. DC is always allowed: agents record licences in the 50 states only (part 2's
 * licensed-state list), so refusing DC would leave its residents no agent at all. A state not
 * chosen yet is not a reason to refuse (the schema asks for it).
 */
export function isLicensedFor(licensedStates: readonly string[], state: string | null | undefined) {
  return !state || state === "DC" || licensedStates.includes(state);
}

/** The refusal at the agent field when the chosen agent cannot sell in the prospect's state. */
export function agentNotLicensedMessage(state: string) {
  return `The selected agent is not licensed in ${stateName(state)}. Please choose an agent licensed there.`;
}

/** An agent as the form lists it: "Name (License #)". */
export function agentChoiceLabel(agent: { name: string; licenseNumber: string }) {
  return agent.licenseNumber ? `${agent.name} (${agent.licenseNumber})` : agent.name;
}

const fields = {
  agentId: z.preprocess(
    blank,
    z
      .string({ required_error: "Please select an agent", invalid_type_error: "Please select an agent" })
      .uuid("Please select an agent from the list"),
  ),
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  gender: choice(GENDERS, "Please select a gender"),
  dateOfBirth: z.preprocess(
    blank,
    isoDate("Date of birth", (v, today) => {
      if (v >= today) return "Date of birth must be in the past";
      if (Number(v.slice(0, 4)) < Number(today.slice(0, 4)) - 130) return "Date of birth is too far in the past";
      return null;
    }),
  ),
  hasEmail: z.preprocess(
    toBoolean,
    z.boolean({ invalid_type_error: "I have an email address must be yes or no" }).default(false),
  ),
  // Checked together with hasEmail below: ignored when the box is not ticked.
  email: z.preprocess(blank, z.string().optional()),
  phones: boundedList(
    MAX_PHONES,
    z
      .array(phoneRow, { invalid_type_error: "Phones must be a list" })
      .max(MAX_PHONES, `At most ${MAX_PHONES} phone numbers`),
  ),
  address: requiredText("Address", 255),
  city: requiredText("City", 120),
  state: choice(
    STATES_WITH_DC.map((s) => ({ value: s.code })),
    "Please select a state",
  ),
  zipCode: z.preprocess(
    blank,
    z
      .string({ required_error: "Zip code is required", invalid_type_error: "Zip code is required" })
      .regex(/^\d{5}(-\d{4})?$/, "Zip code must be 5 digits (or ZIP+4: 12345-6789)"),
  ),
  stateBornIn: requiredText("State born in", 64),
  maritalStatus: choice(MARITAL_STATUSES, "Please select a marital status"),
  height: requiredText("Height", 32),
  weight: z.preprocess(
    toNumber,
    z
      .number({ required_error: "Weight is required", invalid_type_error: "Weight must be a number (lbs)" })
      .positive("Weight must be greater than 0")
      .max(1500, "Weight must be at most 1500 lbs"),
  ),
  ssn: digitString("SSN must be digits only (at most 9)", 9, "SSN is required"),
  beneficiaries: boundedList(
    MAX_BENEFICIARIES,
    z
      .array(beneficiaryRow, { invalid_type_error: "Beneficiaries must be a list" })
      .max(MAX_BENEFICIARIES, `At most ${MAX_BENEFICIARIES} beneficiaries`),
  ),
  doctorName: optionalText("Doctor name", 200),
  doctorPhone: z.preprocess(blank, phoneNumber("Doctor phone").optional()),
  medications: optionalText("Medications", 5000),
  medicalHistory: optionalText("Medical history", 5000),
  smoker: z.preprocess(
    toBoolean,
    z.boolean({
      required_error: "Please answer whether the applicant smokes",
      invalid_type_error: "Please answer whether the applicant smokes",
    }),
  ),
  coverageAmount: positiveAmount("Coverage amount"),
  monthlyPremium: positiveAmount("Monthly premium"),
  productType: optionalText("Product type", 120),
  policyTerm: optionalText("Policy term", 120),
  riders: optionalText("Riders", 2000),
  policyNotes: optionalText("Policy notes", 5000),
  carrierId: z.preprocess(
    blank,
    z
      .string({ required_error: "Please select a carrier", invalid_type_error: "Please select a carrier" })
      .uuid("Please select a carrier from the list"),
  ),
  paymentMethod: choice(PAYMENT_METHODS, "Please select a payment method"),
  bankName: optionalText("Bank name", 200),
  routingNumber: optionalDigits("Routing number must be digits only (at most 9)", /^\d{1,9}$/),
  accountNumber: optionalDigits("Account number must be digits only (at most 17)", /^\d{1,17}$/),
  cardNumber: optionalDigits("Card number must be 12 to 19 digits", /^\d{12,19}$/),
  cardExpiry: z.preprocess(
    blank,
    z
      .string({ invalid_type_error: "Card expiry must be MM/YY" })
      .superRefine((v, ctx) => {
        const problem = cardExpiryProblem(v, draftDateBounds().today);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  ),
  cardCvv: z.preprocess(
    (value) => blank(typeof value === "number" ? String(value) : value),
    z
      .string({ invalid_type_error: "CVV must be 3 or 4 digits" })
      .regex(/^\d{3,4}$/, "CVV must be 3 or 4 digits")
      .optional(),
  ),
  firstDraftDate: z.preprocess(
    blank,
    isoDate("First draft date", (v, today) =>
      v < today ? "First draft date cannot be before today" : null,
    ).optional(),
  ),
  futureDraftDate: z.preprocess(
    blank,
    isoDate("Future draft date", (v, today) =>
      v < today ? "Future draft date cannot be before today" : null,
    ).optional(),
  ),
  // The draft dates on the client's Social Security day (decision 078): see withDerivedValues.
  draftOnSocialSecurityDay: z.preprocess(
    toBoolean,
    z.boolean({ invalid_type_error: "Draft on my Social Security day must be yes or no" }).default(false),
  ),
  paymentNotes: optionalText("Payment notes", 5000),
  consent: z.preprocess(toBoolean, z.boolean({ invalid_type_error: "Consent must be yes or no" }).default(false)),
  consentText: optionalText("Consent text", 1000),
};

/**
 * Rules that span several fields, checked on the raw values so every message shows at once
 * (zod skips an object's refinements while any of its fields is invalid). It also sets aside
 * what the spec says to ignore before it can raise an error: beneficiary rows without a name, the
 * email when "I have an email address" is not ticked, and the bank or card fields the chosen
 * payment method does not use.
 */
function prepare(raw: unknown, ctx: z.RefinementCtx) {
  const input = { ...asRecord(raw) };

  if (isTicked(input.hasEmail)) {
    const email = text(input.email);
    if (!email) ctx.addIssue({ code: "custom", path: ["email"], message: "Email is required" });
    else if (email.length > 254 || !z.string().email().safeParse(email).success) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "Please enter a valid email address" });
    }
  } else {
    delete input.email;
  }

  const phones = asRows(input.phones);
  input.phones = phones;
  if (Array.isArray(phones) && !text(phones[0]?.phoneNumber)) {
    ctx.addIssue({ code: "custom", path: ["phones", 0, "phoneNumber"], message: "Phone number is required" });
  }

  input.beneficiaries = prepareBeneficiaries(input.beneficiaries, ctx, { firstRequired: true });
  dropUnusedPaymentFields(input);

  return input;
}

const applicationFields = z.object(fields);

/** Field names in the order the form shows them, for listing problems top to bottom. */
export const APPLICATION_FIELD_ORDER: readonly string[] = Object.keys(fields);

/** The form's shape as the page edits it (conform's field metadata is typed from it). */
export type ApplicationFormValue = z.output<typeof applicationFields>;

const withDerivedValues = (value: ApplicationFormValue) => {
  const usesBank = BANK_METHODS.includes(value.paymentMethod);
  return {
    ...value,
    email: value.hasEmail ? value.email!.toLowerCase() : null,
    phones: value.phones
      .filter((p): p is { phoneNumber: string; phoneType: "mobile" | "home" | "work" } => !!p.phoneNumber)
      .map((p) => ({ phoneNumber: p.phoneNumber, phoneType: p.phoneType })),
    beneficiaries: value.beneficiaries
      .filter((b): b is typeof b & { name: string; relationship: string } => !!b.name && !!b.relationship)
      .map((b) => ({ ...b, otherRelationship: b.relationship === "other" ? (b.otherRelationship ?? null) : null })),
    ...(usesBank
      ? { cardNumber: undefined, cardExpiry: undefined, cardCvv: undefined }
      : { bankName: undefined, routingNumber: undefined, accountNumber: undefined }),
    ...draftDates(value),
  };
};

/**
 * The draft dates: a first draft date left blank means "as soon as possible", tomorrow on the
 * agency's calendar. With "Draft on my Social Security day" each date moves to the first day
 * Social Security pays the client on or after it (decision 078).
 */
function draftDates(value: ApplicationFormValue) {
  const first = value.firstDraftDate ?? draftDateBounds().tomorrow;
  if (!value.draftOnSocialSecurityDay) return { firstDraftDate: first };
  const onPayDay = (date: string) => socialSecurityDayOnOrAfter(value.dateOfBirth, date);
  return {
    firstDraftDate: onPayDay(first),
    futureDraftDate: value.futureDraftDate ? onPayDay(value.futureDraftDate) : value.futureDraftDate,
  };
}

export const publicApplicationSchema = z.preprocess(prepare, applicationFields).transform(withDerivedValues);

export type PublicApplicationInput = z.output<typeof publicApplicationSchema>;

/**
 * The browser's check while the server keeps some numbers sealed: a kept SSN counts as given
 * while its box is empty (the server puts it back before its own check, which stays the
 * authority). The other numbers are optional anyway.
 */
export function publicApplicationSchemaKeeping(
  kept: KeptNumbers | null | undefined,
): z.ZodType<PublicApplicationInput, z.ZodTypeDef, unknown> {
  if (kept?.ssn === undefined) return publicApplicationSchema;
  const relaxed = applicationFields.extend({ ssn: fields.ssn.optional() });
  // Only used to find problems: the value it makes is never sent anywhere.
  return z.preprocess(prepare, relaxed).transform((value) => withDerivedValues({ ...value, ssn: value.ssn ?? "" }));
}
