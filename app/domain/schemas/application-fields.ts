import { z } from "zod";
import { centsFromDollars, digitsOnly } from "../format";
import { BANK_METHODS, CARD_METHODS, RELATIONSHIPS } from "../application-options";
import { addDaysIso, parseIsoDate, todayIn } from "../periods";
import { LAST_FILTER_DAY } from "../period-range";
import { blank, optionalText } from "./fields";

// The fields of a lead's application that the public form and the agent's edit share (part 2,
// sections 3 and 5): the option lists, the sensitive numbers and how they are kept across round
// trips, and one builder per kind of field. Each reads both shapes it is given: a page's form
// fields (strings, conform's `phones[0].phoneNumber` naming, "on" for ticked boxes) and JSON
// (numbers or numeric strings, booleans, arrays).

/** Draft dates are calendar days of the agency, which works on New York time. */
const APPLICATION_TIMEZONE = "America/New_York";

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

/** Today and tomorrow on the agency's calendar, for the draft-date defaults and limits. */
export function draftDateBounds(now: Date = new Date()) {
  const today = todayIn(APPLICATION_TIMEZONE, now);
  return { today, tomorrow: addDaysIso(today, 1) };
}

// ---------------------------------------------------------------------------------------------
// Reading raw values

/** Numbers arrive as numbers (JSON) or text (forms, older clients): "1,500", "$12.50". */
export function toNumber(value: unknown) {
  const cleaned = blank(value);
  if (typeof cleaned !== "string") return cleaned;
  const compact = cleaned.replace(/[$,\s]/g, "");
  return compact !== "" && Number.isFinite(Number(compact)) ? Number(compact) : cleaned;
}

/** Ticked boxes post "on"; radios post "yes"/"no"; JSON sends booleans. */
export function toBoolean(value: unknown) {
  const cleaned = blank(value);
  if (typeof cleaned === "boolean" || cleaned === undefined) return cleaned;
  const text = String(cleaned).toLowerCase();
  if (["true", "yes", "on", "1"].includes(text)) return true;
  if (["false", "no", "off", "0"].includes(text)) return false;
  return cleaned;
}

export function isTicked(value: unknown) {
  return toBoolean(value) === true;
}

export function text(value: unknown) {
  const cleaned = blank(value);
  return typeof cleaned === "string" ? cleaned : cleaned === undefined ? "" : String(cleaned);
}

// ---------------------------------------------------------------------------------------------
// Field schemas

export const choice = <T extends readonly { value: string }[]>(options: T, message: string) =>
  z.preprocess(
    blank,
    z.enum(options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]], {
      errorMap: () => ({ message }),
    }),
  );

export const phoneNumber = (label: string) =>
  z
    .string()
    .max(32, `${label} is too long`)
    .refine((v) => /^[\d\s()+.-]+$/.test(v) && digitsOnly(v).length >= 10 && digitsOnly(v).length <= 15, {
      message: `${label} must be a valid phone number (at least 10 digits)`,
    });

/** The first day a date of an application may name (a date of birth included). */
const FIRST_RECORD_DAY = "1900-01-01";

/** A YYYY-MM-DD calendar date from 1900 to 2999; `check` adds a rule about which dates are acceptable. */
export const isoDate = (label: string, check?: (iso: string, today: string) => string | null) =>
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
      // Far-off years are typing slips, and the databases' date handling falters at them.
      if (value < FIRST_RECORD_DAY || value > LAST_FILTER_DAY) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be between ${FIRST_RECORD_DAY} and ${LAST_FILTER_DAY}`,
        });
        return;
      }
      const problem = check?.(value, draftDateBounds().today);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

export function compactDigits(value: unknown) {
  const cleaned = blank(typeof value === "number" ? String(value) : value);
  return typeof cleaned === "string" ? cleaned.replace(/[\s-]/g, "") : cleaned;
}

/** Digits only; spaces and dashes typed for readability ("123-45-6789") are ignored. */
export const digitString = (message: string, max: number, requiredMessage: string) =>
  z.preprocess(
    compactDigits,
    z
      .string({ required_error: requiredMessage, invalid_type_error: message })
      .regex(new RegExp(`^\\d{1,${max}}$`), message),
  );

export const optionalDigits = (message: string, pattern: RegExp) =>
  z.preprocess(compactDigits, z.string({ invalid_type_error: message }).regex(pattern, message).optional());

export const positiveAmount = (label: string) =>
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

export const phoneRow = z.object({
  phoneNumber: z.preprocess(blank, phoneNumber("Phone number").optional()),
  phoneType: z.preprocess(
    blank,
    z
      .enum(["mobile", "home", "work"], { errorMap: () => ({ message: "Choose mobile, home or work" }) })
      .default("mobile"),
  ),
});

export const beneficiaryRow = z.object({
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
export function cardExpiryProblem(value: string, today: string): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return "Card expiry must be MM/YY";
  const month = Number(match[1]);
  if (month < 1 || month > 12) return "Card expiry month must be 01 to 12";
  const expiryYear = 2000 + Number(match[2]);
  const [year, currentMonth] = today.split("-").map(Number) as [number, number];
  if (expiryYear < year || (expiryYear === year && month < currentMonth)) return "This card has expired";
  return null;
}

export type RawRecord = Record<string, unknown>;

export function asRecord(value: unknown): RawRecord {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as RawRecord) : {};
}

/**
 * Phone or beneficiary rows as records. Only one row more than either list allows is read, so
 * the list's "At most 10" message still shows and a posted list of 500,000 rows costs nothing.
 */
export function asRows(value: unknown): RawRecord[] | unknown {
  if (value === undefined || value === null || value === "") return [];
  if (!Array.isArray(value)) return value;
  return value.slice(0, Math.max(MAX_PHONES, MAX_BENEFICIARIES) + 1).map(asRecord);
}

/**
 * Beneficiary rows as a form posts them, checked on the raw rows so every message shows at once:
 * a row without a name is left out (with `firstRequired`, the first row is the one the form
 * requires, so its name is asked for), a named row needs a relationship, and "other" needs its
 * specification.
 */
export function prepareBeneficiaries(
  value: unknown,
  ctx: z.RefinementCtx,
  { firstRequired }: { firstRequired: boolean },
) {
  const rows = asRows(value);
  if (!Array.isArray(rows)) return rows;
  const issue = (index: number, field: string, message: string) =>
    ctx.addIssue({ code: "custom", path: ["beneficiaries", index, field], message });
  if (firstRequired && rows.length === 0) {
    issue(0, "name", "Beneficiary name is required");
    issue(0, "relationship", "Beneficiary relationship is required");
  }
  return rows.map((row, index) => {
    const name = text(row.name);
    if (!name && !(firstRequired && index === 0)) return {};
    if (!name) issue(index, "name", "Beneficiary name is required");
    const relationship = text(row.relationship);
    if (!relationship) issue(index, "relationship", "Beneficiary relationship is required");
    else if (relationship === "other" && !text(row.otherRelationship)) {
      issue(index, "otherRelationship", "Please specify the relationship");
    }
    return row;
  });
}

/** The bank fields go with checking and savings, the card fields with debit and credit: the others are set aside. */
export function dropUnusedPaymentFields(input: RawRecord) {
  const method = text(input.paymentMethod);
  if (BANK_METHODS.includes(method)) for (const name of CARD_FIELDS) delete input[name];
  if (CARD_METHODS.includes(method)) for (const name of BANK_FIELDS) delete input[name];
}
