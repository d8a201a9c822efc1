import { z } from "zod";
import { centsFromDollars } from "../format";
import { HEALTH_MASK } from "../health-details";
import { STATES_WITH_DC } from "../states";
import { GENDERS, LEAD_PAYMENT_METHODS, MARITAL_STATUSES, paymentMethodMessage } from "../application-options";
import {
  MAX_BENEFICIARIES,
  MAX_PHONES,
  asRecord,
  asRows,
  beneficiaryRow,
  compactDigits,
  isoDate,
  phoneNumber,
  phoneRow,
  prepareBeneficiaries,
  toBoolean,
  toNumber,
} from "./application-fields";
import { blank, tooLongMessage as tooLong } from "./fields";
import { boundedList } from "./lists";

// An agent's (or an administrator's) edit of a lead's application (part 2, section 5,
// "Application edit"): the Edit Application dialog of My Leads, the application page's edit
// mode, PUT /api/agent/applications/{id} and PATCH /api/applications/{id} all parse with this one
// schema and save through one service (app/services/lead-edit.server.ts).
//
// An edit changes only what it is given: a field that is absent stays as stored, a blank one is
// cleared. The sensitive numbers are the exception (they are never sent to the browser, so their
// boxes start empty): blank or absent keeps the stored number, a new one replaces it, and JSON's
// null clears it. The health details are masked ("••••") until revealed: posted back as the mask
// they stay as stored (decision 070). Unlike the public form, dates in the past stay acceptable (a lead edited next
// month still has last month's first draft), and only the names are required.

/** An edited field: absent keeps the stored value, blank (or null) clears it, anything else is checked. */
function edited<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess(
    (value) => (value === undefined ? undefined : (blank(value) ?? null)),
    schema.nullable().optional(),
  );
}

type PaymentMethodValue = (typeof LEAD_PAYMENT_METHODS)[number]["value"];

const editedText = (label: string, max: number) =>
  edited(z.string({ invalid_type_error: `${label} must be text` }).max(max, tooLong(label, max)));

const editedChoice = <T extends readonly { value: string }[]>(options: T, message: string) =>
  edited(
    z.enum(options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]], {
      errorMap: () => ({ message }),
    }),
  );

/** A name: required whenever it is given (an edit may leave it out, never blank it). */
const name = (label: string) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : (blank(value) ?? "")),
    z
      .string({ invalid_type_error: `${label} is required` })
      .min(1, `${label} is required`)
      .max(100, tooLong(label, 100))
      .optional(),
  );

/** A whole number of `unit`s from 0 to `max` (the spec parses weight and coverage as integers). */
const wholeNumber = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : (toNumber(value) ?? null)),
    z
      .number({ invalid_type_error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} must be at most ${max.toLocaleString("en-US")}`)
      .nullable()
      .optional(),
  );

const money = (label: string) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : (toNumber(value) ?? null)),
    z
      .number({ invalid_type_error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(100_000_000, `${label} is too large`)
      .refine((v) => centsFromDollars(v) !== null, { message: `${label} can have at most two decimals` })
      .nullable()
      .optional(),
  );

/**
 * A sensitive number: blank or absent keeps the stored one (its box starts empty), null clears it,
 * anything else must be digits (spaces and dashes typed for readability are ignored).
 */
const sensitiveDigits = (message: string, pattern: RegExp) =>
  z.preprocess(
    (value) => (value === null ? null : compactDigits(value)),
    z.string({ invalid_type_error: message }).regex(pattern, message).nullable().optional(),
  );

/**
 * A health detail (decision 070): the lead is read with each one masked until it is revealed, so
 * the mask posted back unchanged (the edit form's box, an API client's read-modify-write) is
 * absent and keeps the stored value; blank still clears it, anything else replaces it.
 */
const keptWhenMasked = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === HEALTH_MASK ? undefined : value), schema);

/** MM/YY with a real month. An edit keeps an expired card's expiry: the lead's history may need it. */
const cardExpiry = edited(
  z
    .string({ invalid_type_error: "Card expiry must be MM/YY" })
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, "Card expiry must be MM/YY (month 01 to 12)"),
);

const date = (label: string, check?: (iso: string, today: string) => string | null) => edited(isoDate(label, check));

const fields = {
  firstName: name("First name"),
  lastName: name("Last name"),
  email: edited(
    z
      .string({ invalid_type_error: "Please enter a valid email address" })
      .max(254, "Please enter a valid email address")
      .email("Please enter a valid email address")
      .transform((v) => v.toLowerCase()),
  ),
  gender: editedChoice(GENDERS, "Please select a gender"),
  dateOfBirth: date("Date of birth", (v, today) => (v >= today ? "Date of birth must be in the past" : null)),
  stateBornIn: editedText("State born in", 64),
  address: editedText("Address", 255),
  city: editedText("City", 120),
  state: editedChoice(
    STATES_WITH_DC.map((s) => ({ value: s.code })),
    "Please select a state",
  ),
  zipCode: edited(
    z
      .string({ invalid_type_error: "Zip code must be 5 digits (or ZIP+4: 12345-6789)" })
      .regex(/^\d{5}(-\d{4})?$/, "Zip code must be 5 digits (or ZIP+4: 12345-6789)"),
  ),
  height: editedText("Height", 32),
  weight: wholeNumber("Weight", 1500),
  maritalStatus: editedChoice(MARITAL_STATUSES, "Please select a marital status"),
  ssn: sensitiveDigits("SSN must be digits only (at most 9)", /^\d{1,9}$/),
  smoker: edited(
    z.preprocess(toBoolean, z.boolean({ invalid_type_error: "Please answer whether the applicant smokes" })),
  ),
  doctorName: keptWhenMasked(editedText("Doctor name", 200)),
  doctorPhone: keptWhenMasked(edited(phoneNumber("Doctor phone"))),
  medications: keptWhenMasked(editedText("Medications", 5000)),
  medicalHistory: keptWhenMasked(editedText("Medical history", 5000)),
  carrierId: edited(
    z.string({ invalid_type_error: "Please select a carrier" }).uuid("Please select a carrier from the list"),
  ),
  coverageAmount: wholeNumber("Coverage amount", 100_000_000),
  monthlyPremium: money("Monthly premium"),
  productType: editedText("Product type", 120),
  policyTerm: editedText("Policy term", 120),
  riders: editedText("Riders", 2000),
  policyNotes: editedText("Policy notes", 5000),
  // The five stored methods; part 1's "bank" and "card" name a kind, answered with the choices.
  paymentMethod: edited(
    z.enum(LEAD_PAYMENT_METHODS.map((o) => o.value) as [PaymentMethodValue, ...PaymentMethodValue[]], {
      errorMap: (_issue, ctx) => ({ message: paymentMethodMessage(ctx.data) }),
    }),
  ),
  bankName: editedText("Bank name", 200),
  routingNumber: sensitiveDigits("Routing number must be digits only (at most 9)", /^\d{1,9}$/),
  accountNumber: sensitiveDigits("Account number must be digits only (at most 17)", /^\d{1,17}$/),
  cardNumber: sensitiveDigits("Card number must be 12 to 19 digits", /^\d{12,19}$/),
  cardExpiry,
  cardCvv: sensitiveDigits("CVV must be 3 or 4 digits", /^\d{3,4}$/),
  firstDraftDate: date("First draft date"),
  futureDraftDate: date("Future draft date"),
  // The draft dates on the client's Social Security day (decision 078): the service moves them.
  draftOnSocialSecurityDay: edited(
    z.preprocess(
      toBoolean,
      z.boolean({ invalid_type_error: "Please choose the draft dates as chosen or the client's Social Security day" }),
    ),
  ),
  paymentNotes: editedText("Payment notes", 5000),
  notes: editedText("Notes", 5000),
  // Given, the list replaces the lead's phones (rows without a number are left out; the first is
  // the primary); absent, the phones stay as they are (the application page shows them read-only).
  phones: boundedList(
    MAX_PHONES,
    z
      .array(phoneRow, { invalid_type_error: "Phones must be a list" })
      .max(MAX_PHONES, `At most ${MAX_PHONES} phone numbers`)
      .optional(),
  ),
  beneficiaries: boundedList(
    MAX_BENEFICIARIES,
    z
      .array(beneficiaryRow, { invalid_type_error: "Beneficiaries must be a list" })
      .max(MAX_BENEFICIARIES, `At most ${MAX_BENEFICIARIES} beneficiaries`)
      .optional(),
  ),
};

/** Rules over raw rows, so every row's message shows at once (see prepareBeneficiaries). */
function prepare(raw: unknown, ctx: z.RefinementCtx) {
  const input = { ...asRecord(raw) };
  if (input.phones !== undefined) input.phones = asRows(input.phones);
  if (input.beneficiaries !== undefined) {
    input.beneficiaries = prepareBeneficiaries(input.beneficiaries, ctx, { firstRequired: false });
  }
  return input;
}

const leadEditFields = z.object(fields);

/** The form's shape as the page edits it (conform's field metadata is typed from it). */
export type LeadEditFormValue = z.output<typeof leadEditFields>;

export const leadEditSchema = z.preprocess(prepare, leadEditFields).transform((value) => ({
  ...value,
  phones: value.phones
    ?.filter((p): p is { phoneNumber: string; phoneType: "mobile" | "home" | "work" } => !!p.phoneNumber)
    .map((p) => ({ phoneNumber: p.phoneNumber, phoneType: p.phoneType })),
  beneficiaries: value.beneficiaries
    ?.filter((b): b is typeof b & { name: string; relationship: string } => !!b.name && !!b.relationship)
    .map((b) => ({ ...b, otherRelationship: b.relationship === "other" ? (b.otherRelationship ?? null) : null })),
}));

export type LeadEdit = z.output<typeof leadEditSchema>;

/** PUT /api/agent/applications/{id} replaces the application, so it must name the lead. */
export const leadReplaceSchema = leadEditSchema.superRefine((value, ctx) => {
  if (value.firstName === undefined)
    ctx.addIssue({ code: "custom", path: ["firstName"], message: "First name is required" });
  if (value.lastName === undefined)
    ctx.addIssue({ code: "custom", path: ["lastName"], message: "Last name is required" });
});
