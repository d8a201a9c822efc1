import { z } from "zod";
import { centsFromDollars, digitsOnly } from "../format";
import { addDaysIso, parseIsoDate, todayIn } from "../periods";
import { STATES_WITH_DC } from "../states";
import { boundedList } from "./lists";

// The public insurance application (part 2, sections 3 and 5). One schema serves the page (the
// browser for instant feedback, the action as the authority) and POST /api/public/applications.
// It reads both shapes it is given: the page's form fields (strings, conform's
// `phones[0].phoneNumber` naming, "on" for ticked boxes) and JSON (numbers or numeric strings,
// booleans, arrays).

/** Draft dates are calendar days of the agency, which works on New York time. */
const APPLICATION_TIMEZONE = "America/New_York";

export const GENDERS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Other" },
] as const;

export const MARITAL_STATUSES = [
  { value: "single", label: "Single" },
  { value: "married", label: "Married" },
  { value: "divorced", label: "Divorced" },
  { value: "widowed", label: "Widowed" },
] as const;

export const PHONE_TYPES = [
  { value: "mobile", label: "Mobile" },
  { value: "home", label: "Home" },
  { value: "work", label: "Work" },
] as const;

export const RELATIONSHIPS = [
  { value: "spouse", label: "Spouse" },
  { value: "partner", label: "Partner" },
  { value: "son", label: "Son" },
  { value: "daughter", label: "Daughter" },
  { value: "step_child", label: "Step child" },
  { value: "grandson", label: "Grandson" },
  { value: "granddaughter", label: "Granddaughter" },
  { value: "brother", label: "Brother" },
  { value: "sister", label: "Sister" },
  { value: "nephew", label: "Nephew" },
  { value: "niece", label: "Niece" },
  { value: "cousin", label: "Cousin" },
  { value: "father", label: "Father" },
  { value: "mother", label: "Mother" },
  { value: "friend", label: "Friend" },
  { value: "other", label: "Other" },
] as const;

export const PAYMENT_METHODS = [
  { value: "checking", label: "Checking account" },
  { value: "savings", label: "Savings account" },
  { value: "debit", label: "Debit card" },
  { value: "credit", label: "Credit card" },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];
export const BANK_METHODS: readonly string[] = ["checking", "savings"];
export const CARD_METHODS: readonly string[] = ["debit", "credit"];
const BANK_FIELDS = ["bankName", "routingNumber", "accountNumber"] as const;
const CARD_FIELDS = ["cardNumber", "cardExpiry", "cardCvv"] as const;

/**
 * Never sent back to the browser after a failed submission and never kept in a browser draft:
 * the prospect types them again. Echoing them would put them in an HTML response (and the
 * browser's history and form-restore caches) a second time for no gain.
 */
export const SENSITIVE_FIELDS = ["ssn", "routingNumber", "accountNumber", "cardNumber", "cardCvv"] as const;
export type SensitiveField = (typeof SENSITIVE_FIELDS)[number];

/**
 * The hidden field that carries the sensitive numbers from one round trip of the page to the
 * next, sealed by the server (app/utils/sealed-fields.server.ts): an Add phone without JavaScript
 * or a refused submission keeps them without writing them into the page.
 */
export const SEALED_FIELD = "keptNumbers";

/** Which numbers the server keeps sealed, each with what the page may show of it. */
export type KeptNumbers = Partial<Record<SensitiveField, string>>;

/**
 * What the page shows of a kept number: its last four digits, as lists show them; nothing of
 * the CVV, whose last four digits are all of it.
 */
export function keptEndings(values: Partial<Record<string, string>>): KeptNumbers {
  const endings: KeptNumbers = {};
  for (const field of SENSITIVE_FIELDS) {
    const value = values[field];
    if (value) endings[field] = field === "cardCvv" ? "" : value.replace(/\D/g, "").slice(-4);
  }
  return endings;
}

export const MAX_PHONES = 10;
export const MAX_BENEFICIARIES = 10;

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

/** Today and tomorrow on the agency's calendar, for the draft-date defaults and limits. */
export function draftDateBounds(now: Date = new Date()) {
  const today = todayIn(APPLICATION_TIMEZONE, now);
  return { today, tomorrow: addDaysIso(today, 1) };
}

/** An agent as the form lists it: "Name (License #)". */
export function agentChoiceLabel(agent: { name: string; licenseNumber: string }) {
  return agent.licenseNumber ? `${agent.name} (${agent.licenseNumber})` : agent.name;
}

// ---------------------------------------------------------------------------------------------
// Reading raw values

/** Trims text; blank text and null count as "not given". */
function blank(value: unknown) {
  if (typeof value === "string") {
    const trimmed = value.trim();
    return trimmed === "" ? undefined : trimmed;
  }
  return value === null ? undefined : value;
}

/** Numbers arrive as numbers (JSON) or text (forms, older clients): "1,500", "$12.50". */
function toNumber(value: unknown) {
  const cleaned = blank(value);
  if (typeof cleaned !== "string") return cleaned;
  const compact = cleaned.replace(/[$,\s]/g, "");
  return compact !== "" && Number.isFinite(Number(compact)) ? Number(compact) : cleaned;
}

/** Ticked boxes post "on"; radios post "yes"/"no"; JSON sends booleans. */
function toBoolean(value: unknown) {
  const cleaned = blank(value);
  if (typeof cleaned === "boolean" || cleaned === undefined) return cleaned;
  const text = String(cleaned).toLowerCase();
  if (["true", "yes", "on", "1"].includes(text)) return true;
  if (["false", "no", "off", "0"].includes(text)) return false;
  return cleaned;
}

function isTicked(value: unknown) {
  return toBoolean(value) === true;
}

function text(value: unknown) {
  const cleaned = blank(value);
  return typeof cleaned === "string" ? cleaned : cleaned === undefined ? "" : String(cleaned);
}

// ---------------------------------------------------------------------------------------------
// Field schemas

const requiredText = (label: string, max: number, requiredMessage = `${label} is required`) =>
  z.preprocess(
    blank,
    z
      .string({ required_error: requiredMessage, invalid_type_error: requiredMessage })
      .max(max, `${label} must be at most ${max} characters`),
  );

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blank,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

const choice = <T extends readonly { value: string }[]>(options: T, message: string) =>
  z.preprocess(
    blank,
    z.enum(options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]], {
      errorMap: () => ({ message }),
    }),
  );

const phoneNumber = (label: string) =>
  z
    .string()
    .max(32, `${label} is too long`)
    .refine((v) => /^[\d\s()+.-]+$/.test(v) && digitsOnly(v).length >= 10 && digitsOnly(v).length <= 15, {
      message: `${label} must be a valid phone number (at least 10 digits)`,
    });

/** A YYYY-MM-DD calendar date; `check` adds a rule about which dates are acceptable. */
const isoDate = (label: string, check?: (iso: string, today: string) => string | null) =>
  z
    .string({
      required_error: `${label} is required`,
      invalid_type_error: `${label} must be a valid date (YYYY-MM-DD)`,
    })
    .superRefine((value, ctx) => {
      if (!parseIsoDate(value)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a valid date (YYYY-MM-DD)` });
        return;
      }
      const problem = check?.(value, draftDateBounds().today);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

function compactDigits(value: unknown) {
  const cleaned = blank(typeof value === "number" ? String(value) : value);
  return typeof cleaned === "string" ? cleaned.replace(/[\s-]/g, "") : cleaned;
}

/** Digits only; spaces and dashes typed for readability ("123-45-6789") are ignored. */
const digitString = (message: string, max: number, requiredMessage: string) =>
  z.preprocess(
    compactDigits,
    z
      .string({ required_error: requiredMessage, invalid_type_error: message })
      .regex(new RegExp(`^\\d{1,${max}}$`), message),
  );

const optionalDigits = (message: string, pattern: RegExp) =>
  z.preprocess(compactDigits, z.string({ invalid_type_error: message }).regex(pattern, message).optional());

const positiveAmount = (label: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
      .positive(`${label} must be greater than 0`)
      .max(100_000_000, `${label} is too large`)
      .refine((v) => centsFromDollars(v) !== null, { message: `${label} can have at most two decimals` }),
  );

const optionalNumber = (label: string, min: number, max: number, integer = false) =>
  z.preprocess(
    toNumber,
    z
      .number({ invalid_type_error: `${label} must be a number` })
      .min(min, `${label} must be between ${min} and ${max}`)
      .max(max, `${label} must be between ${min} and ${max}`)
      .refine((v) => !integer || Number.isInteger(v), { message: `${label} must be a whole number` })
      .optional(),
  );

const phoneRow = z.object({
  phoneNumber: z.preprocess(blank, phoneNumber("Phone number").optional()),
  phoneType: z.preprocess(
    blank,
    z
      .enum(["mobile", "home", "work"], { errorMap: () => ({ message: "Choose mobile, home or work" }) })
      .default("mobile"),
  ),
});

const beneficiaryRow = z.object({
  name: optionalText("Beneficiary name", 200),
  relationship: z.preprocess(
    blank,
    z
      .enum(RELATIONSHIPS.map((r) => r.value) as [string, ...string[]], {
        errorMap: () => ({ message: "Choose a relationship from the list" }),
      })
      .optional(),
  ),
  otherRelationship: optionalText("Relationship", 120),
  dateOfBirth: z.preprocess(
    blank,
    isoDate("Beneficiary date of birth", (v, today) =>
      v > today ? "Beneficiary date of birth cannot be in the future" : null,
    ).optional(),
  ),
  age: optionalNumber("Age", 0, 130, true),
  phone: z.preprocess(blank, phoneNumber("Beneficiary phone").optional()),
  percentage: optionalNumber("Percentage", 0, 100),
});

/** The card is good through the last day of its expiry month. */
function cardExpiryProblem(value: string, today: string): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return "Card expiry must be MM/YY";
  const month = Number(match[1]);
  if (month < 1 || month > 12) return "Card expiry month must be 01 to 12";
  const expiryYear = 2000 + Number(match[2]);
  const [year, currentMonth] = today.split("-").map(Number) as [number, number];
  if (expiryYear < year || (expiryYear === year && month < currentMonth)) return "This card has expired";
  return null;
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
  paymentNotes: optionalText("Payment notes", 5000),
  consent: z.preprocess(toBoolean, z.boolean({ invalid_type_error: "Consent must be yes or no" }).default(false)),
  consentText: optionalText("Consent text", 1000),
};

type RawRecord = Record<string, unknown>;

function asRecord(value: unknown): RawRecord {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as RawRecord) : {};
}

function asRows(value: unknown): RawRecord[] | unknown {
  if (value === undefined || value === null || value === "") return [];
  if (!Array.isArray(value)) return value;
  return value.map(asRecord);
}

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

  const beneficiaries = asRows(input.beneficiaries);
  if (Array.isArray(beneficiaries)) {
    input.beneficiaries = beneficiaries.map((row, index) => {
      const name = text(row.name);
      // The first row is the required one; later rows without a name are left out entirely.
      if (index > 0 && !name) return {};
      if (!name)
        ctx.addIssue({
          code: "custom",
          path: ["beneficiaries", index, "name"],
          message: "Beneficiary name is required",
        });
      const relationship = text(row.relationship);
      if (!relationship) {
        ctx.addIssue({
          code: "custom",
          path: ["beneficiaries", index, "relationship"],
          message: "Beneficiary relationship is required",
        });
      } else if (relationship === "other" && !text(row.otherRelationship)) {
        ctx.addIssue({
          code: "custom",
          path: ["beneficiaries", index, "otherRelationship"],
          message: "Please specify the relationship",
        });
      }
      return row;
    });
    if (beneficiaries.length === 0) {
      ctx.addIssue({ code: "custom", path: ["beneficiaries", 0, "name"], message: "Beneficiary name is required" });
      ctx.addIssue({
        code: "custom",
        path: ["beneficiaries", 0, "relationship"],
        message: "Beneficiary relationship is required",
      });
    }
  } else {
    input.beneficiaries = beneficiaries;
  }

  const method = text(input.paymentMethod);
  if (BANK_METHODS.includes(method)) for (const name of CARD_FIELDS) delete input[name];
  if (CARD_METHODS.includes(method)) for (const name of BANK_FIELDS) delete input[name];

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
    // Blank means "as soon as possible": tomorrow on the agency's calendar.
    firstDraftDate: value.firstDraftDate ?? draftDateBounds().tomorrow,
  };
};

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
