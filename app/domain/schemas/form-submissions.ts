import { z } from "zod";
import { listQuery, type ListParams } from "~/domain/list-query";
import { INQUIRY_MESSAGE_MAX, INQUIRY_SERVICES, MIN_PHONE_DIGITS } from "../inquiries";
import { FORM_SUBMISSION_STATUSES, type FormSubmissionStatus } from "../statuses";

// One schema per form: the landing page's inquiry action, POST /api/form-submissions and the
// admin edit dialog (page and PUT /api/admin/form-submissions/{id}) parse with these.

/** text@text.text, the contact form's rule (part 1, section 5). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const INQUIRY_MESSAGES = {
  fullName: "Full name is required",
  email: "Email is required",
  emailShape: "Please enter a valid email address",
  phone: "Phone number is required",
  phoneShape: "Please enter a valid phone number (at least 10 digits)",
  service: "Please select a service",
} as const;

/** Form posts send "" for an empty optional field and JSON clients may send null; both mean none. */
const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (v == null ? undefined : v),
    z
      .string()
      .trim()
      .max(max, tooLong)
      .optional()
      .transform((v) => (v ? v : null)),
  );

const requiredText = (message: string) =>
  z.preprocess((v) => (v == null ? "" : v), z.string({ invalid_type_error: message }).trim().min(1, message));

export const inquirySchema = z.object({
  fullName: requiredText(INQUIRY_MESSAGES.fullName).pipe(z.string().max(200, "Full name is too long")),
  companyName: optionalText(200, "Company name is too long"),
  email: requiredText(INQUIRY_MESSAGES.email).pipe(
    z.string().max(254, "Email is too long").regex(EMAIL_SHAPE, INQUIRY_MESSAGES.emailShape),
  ),
  // People type "(813) 555-0142" or "813.555.0142"; only the digits are kept.
  phone: requiredText(INQUIRY_MESSAGES.phone)
    .pipe(z.string().max(32, INQUIRY_MESSAGES.phoneShape))
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(
      z
        .string()
        .min(MIN_PHONE_DIGITS, INQUIRY_MESSAGES.phoneShape)
        .max(15, "Please enter a valid phone number (at most 15 digits)"),
    ),
  service: z.preprocess(
    (v) => (v == null ? "" : v),
    z.enum(INQUIRY_SERVICES, { errorMap: () => ({ message: INQUIRY_MESSAGES.service }) }),
  ),
  message: optionalText(INQUIRY_MESSAGE_MAX, `Message must be at most ${INQUIRY_MESSAGE_MAX} characters`),
  // The honeypot: hidden from people, so anything in it was typed by a bot.
  website: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string()),
});

export type InquiryInput = z.infer<typeof inquirySchema>;

const statusEnum = z.enum(FORM_SUBMISSION_STATUSES as unknown as [FormSubmissionStatus, ...FormSubmissionStatus[]], {
  errorMap: () => ({ message: "Choose one of: new, contacted, converted, closed" }),
});

export const formSubmissionUpdateSchema = z.object({
  status: statusEnum,
  notes: optionalText(5000, "Notes must be at most 5000 characters"),
});

export type FormSubmissionUpdate = z.infer<typeof formSubmissionUpdateSchema>;

export const FORM_SUBMISSION_FILTERS = ["all", ...FORM_SUBMISSION_STATUSES] as const;
export type FormSubmissionFilter = (typeof FORM_SUBMISSION_FILTERS)[number];

/** ?status=&page=&pageSize= for the admin list and GET /api/admin/form-submissions. */
export const formSubmissionList = listQuery({ statuses: FORM_SUBMISSION_FILTERS, pageSize: 20 });

export type FormSubmissionListQuery = ListParams<FormSubmissionFilter>;
