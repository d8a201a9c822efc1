import { z } from "zod";
import { birthDateOrNull } from "../social-security-days";

// GET /api/social-security-days?dateOfBirth=&from=&count= (issue 26 item 6, decision 078): the
// next days Social Security pays a client. Strict: a bad parameter is a 400 naming it.

const SOCIAL_SECURITY_DAYS_MAX = 24;
/** How many days are answered when `count` is not given: a year's. */
const SOCIAL_SECURITY_DAYS_DEFAULT = 12;

/** @internal Exported for tests. */
export const SOCIAL_SECURITY_DAYS_MESSAGES = {
  dateOfBirth: "Please enter the date of birth as YYYY-MM-DD (a real date from 1900-01-01 on).",
  from: "Please enter the from date as YYYY-MM-DD, between 2000-01-01 and 2100-12-31.",
  count: `Count must be a whole number from 1 to ${SOCIAL_SECURITY_DAYS_MAX}.`,
} as const;

const day = (message: string, first: string, last: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .refine((value) => birthDateOrNull(value) === value && value >= first && value <= last, { message });

export const socialSecurityDaysQuery = z.object({
  dateOfBirth: day(SOCIAL_SECURITY_DAYS_MESSAGES.dateOfBirth, "1900-01-01", "2999-12-31"),
  /** Absent: today in the asking user's time zone. Inclusive: a pay day on `from` is the first answered. */
  from: day(SOCIAL_SECURITY_DAYS_MESSAGES.from, "2000-01-01", "2100-12-31").optional(),
  count: z
    .string({ invalid_type_error: SOCIAL_SECURITY_DAYS_MESSAGES.count })
    .regex(/^\d{1,2}$/, SOCIAL_SECURITY_DAYS_MESSAGES.count)
    .transform(Number)
    .refine((n) => n >= 1 && n <= SOCIAL_SECURITY_DAYS_MAX, SOCIAL_SECURITY_DAYS_MESSAGES.count)
    .optional()
    .transform((n) => n ?? SOCIAL_SECURITY_DAYS_DEFAULT),
});
