import { z } from "zod";

// The text fields every form shares, one definition each. A value arrives as a page's form field
// (a string, "" when left empty) or as JSON (a string, null, or something else entirely); both
// shapes read the same.

/** Trims text; blank text and null count as "not given". */
export function blank(value: unknown) {
  if (typeof value === "string") {
    const trimmed = value.trim();
    return trimmed === "" ? undefined : trimmed;
  }
  return value === null ? undefined : value;
}

export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

type TextMessages = {
  /** Missing, blank or not text; "{label} is required" unless given. */
  required?: string;
  /** Longer than the maximum; "{label} must be at most {max} characters" unless given. */
  tooLong?: string;
};

/** Text that must be given, trimmed, at most `max` characters. */
export function requiredText(label: string, max: number, messages: TextMessages = {}) {
  const required = messages.required ?? `${label} is required`;
  return z.preprocess(
    blank,
    z
      .string({ required_error: required, invalid_type_error: required })
      .max(max, messages.tooLong ?? tooLongMessage(label, max)),
  );
}

type OptionalTextOptions = Pick<TextMessages, "tooLong"> & {
  /** What "not given" reads as: undefined, or null for a column an update clears. */
  notGiven?: null;
};

/** Text that may be left out, trimmed, at most `max` characters; blank or null is not given. */
export function optionalText(
  label: string,
  max: number,
  options?: { tooLong?: string },
): z.ZodType<string | undefined, z.ZodTypeDef, unknown>;
export function optionalText(
  label: string,
  max: number,
  options: { tooLong?: string; notGiven: null },
): z.ZodType<string | null, z.ZodTypeDef, unknown>;
export function optionalText(label: string, max: number, options: OptionalTextOptions = {}): z.ZodTypeAny {
  const field = z.preprocess(
    blank,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(max, options.tooLong ?? tooLongMessage(label, max))
      .optional(),
  );
  return options.notGiven === null ? field.transform((value) => value ?? null) : field;
}
