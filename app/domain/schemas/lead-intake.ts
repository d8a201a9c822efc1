import { z } from "zod";
import { GENDERS } from "../application-options";
import { STATES_WITH_DC } from "../states";
import { isoDate, positiveAmount } from "./application-fields";
import { blank, optionalText, requiredText } from "./fields";

// One lead as a vendor posts it (POST /api/intake/leads, issue 24 item 2) and as a CSV row is
// mapped to it (item 4): the same fields, read by this one schema, so the two ways in agree. The
// phone's E.164 form is checked by the service (libphonenumber-js is server-only), at the phone field.

export const LEAD_INTAKE_MESSAGES = {
  state: "State must be a two-letter US state code",
  phone: "Phone must be a valid phone number",
  email: "Email must be a valid email address",
  zipCode: "Zip code must be 5 digits (or ZIP+4: 12345-6789)",
  gender: "Gender must be male, female or other",
  consentTimestamp: "Consent timestamp must be a date and time (ISO 8601)",
  consentIp: "Consent IP address must be an IPv4 or IPv6 address",
  url: (label: string) => `${label} must be an http or https URL`,
  body: "The lead must be a JSON object",
} as const;

const STATE_CODES = new Set(STATES_WITH_DC.map((state) => state.code));
const GENDER_VALUES = new Set<string>(GENDERS.map((gender) => gender.value));
// Vendors write a gender several ways; what it is stored as is one of the form's three.
const GENDER_ALIASES: Record<string, string> = { m: "male", f: "female", o: "other" };

const httpUrl = (label: string) =>
  z.preprocess(
    blank,
    z
      .string({ invalid_type_error: LEAD_INTAKE_MESSAGES.url(label) })
      .max(2048, `${label} must be at most 2048 characters`)
      .refine((value) => {
        try {
          return ["http:", "https:"].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, LEAD_INTAKE_MESSAGES.url(label))
      .optional(),
  );

const optionalAmount = (label: string) => z.preprocess(blank, positiveAmount(label).optional());

/** The TCPA evidence a vendor sends with the lead, kept as given. */
const consentSchema = z.object(
  {
    timestamp: z.preprocess(
      blank,
      z
        .string({ invalid_type_error: LEAD_INTAKE_MESSAGES.consentTimestamp })
        .datetime({ offset: true, message: LEAD_INTAKE_MESSAGES.consentTimestamp })
        .optional(),
    ),
    ipAddress: z.preprocess(
      blank,
      z
        .string({ invalid_type_error: LEAD_INTAKE_MESSAGES.consentIp })
        .ip({ message: LEAD_INTAKE_MESSAGES.consentIp })
        .optional(),
    ),
    pageUrl: httpUrl("Consent page URL"),
    text: optionalText("Consent text", 5000),
    certificateUrl: httpUrl("Consent certificate URL"),
  },
  { invalid_type_error: "Consent must be an object" },
);

export const leadIntakeSchema = z.object(
  {
    firstName: requiredText("First name", 100),
    lastName: requiredText("Last name", 100),
    phone: requiredText("Phone", 32),
    email: z.preprocess(
      blank,
      z
        .string({ invalid_type_error: LEAD_INTAKE_MESSAGES.email })
        .max(254, "Email must be at most 254 characters")
        .email(LEAD_INTAKE_MESSAGES.email)
        .optional(),
    ),
    address: optionalText("Address", 255),
    city: optionalText("City", 120),
    state: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toUpperCase() || undefined : value),
      z
        .string({ required_error: "State is required", invalid_type_error: LEAD_INTAKE_MESSAGES.state })
        .refine((value) => STATE_CODES.has(value), LEAD_INTAKE_MESSAGES.state),
    ),
    zipCode: z.preprocess(
      (value) => blank(typeof value === "number" ? String(value) : value),
      z
        .string({ invalid_type_error: LEAD_INTAKE_MESSAGES.zipCode })
        .regex(/^\d{5}(-\d{4})?$/, LEAD_INTAKE_MESSAGES.zipCode)
        .optional(),
    ),
    dateOfBirth: z.preprocess(
      blank,
      isoDate("Date of birth", (value, today) =>
        value >= today ? "Date of birth must be in the past" : null,
      ).optional(),
    ),
    gender: z.preprocess(
      (value) => {
        const given = blank(value);
        if (typeof given !== "string") return given;
        const lower = given.toLowerCase();
        return GENDER_ALIASES[lower] ?? lower;
      },
      z
        .string({ invalid_type_error: LEAD_INTAKE_MESSAGES.gender })
        .refine((value) => GENDER_VALUES.has(value), LEAD_INTAKE_MESSAGES.gender)
        .optional(),
    ),
    coverageAmount: optionalAmount("Coverage amount"),
    monthlyPremium: optionalAmount("Monthly premium"),
    externalId: z.preprocess(
      (value) => blank(typeof value === "number" ? String(value) : value),
      z
        .string({ invalid_type_error: "External id must be text" })
        .max(120, "External id must be at most 120 characters")
        .optional(),
    ),
    consent: z.preprocess((value) => (value === null ? undefined : value), consentSchema.optional()),
  },
  { invalid_type_error: LEAD_INTAKE_MESSAGES.body, required_error: LEAD_INTAKE_MESSAGES.body },
);
