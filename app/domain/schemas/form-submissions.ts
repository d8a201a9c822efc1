import { z } from "zod";
import { listQuery, type ListParams } from "~/domain/list-query";
import { INQUIRY_MESSAGE_MAX, INQUIRY_SERVICES, MIN_PHONE_DIGITS } from "../inquiries";
import { FORM_SUBMISSION_STATUSES, type FormSubmissionStatus } from "../statuses";
import { optionalText, requiredText } from "./fields";

// One schema per form: the landing page's inquiry action, POST /api/form-submissions and the
// admin edit dialog (page and PUT /api/admin/form-submissions/{id}) parse with these.

/** text@text.text, the contact form's rule (part 1, section 5). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const INQUIRY_MESSAGES = {
  fullName: "Full name is required",
  email: "Email is required",
  emailShape: "Please enter a valid email address",
  phone: "Phone number is required",
  phoneShape: "Please enter a valid phone number (at least 10 digits)",
  service: "Please select a service",
} as const;

export const inquirySchema = z.object({
  fullName: requiredText("Full name", 200, { required: INQUIRY_MESSAGES.fullName, tooLong: "Full name is too long" }),
  companyName: optionalText("Company name", 200, { tooLong: "Company name is too long", notGiven: null }),
  email: requiredText("Email", 254, { required: INQUIRY_MESSAGES.email, tooLong: "Email is too long" }).pipe(
    z.string().regex(EMAIL_SHAPE, INQUIRY_MESSAGES.emailShape),
  ),
  // People type "(813) 555-0142" or "813.555.0142"; only the digits are kept.
  phone: requiredText("Phone", 32, { required: INQUIRY_MESSAGES.phone, tooLong: INQUIRY_MESSAGES.phoneShape })
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
  message: optionalText("Message", INQUIRY_MESSAGE_MAX, { notGiven: null }),
  // The honeypot: hidden from people, so anything in it was typed by a bot.
  website: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string()),
});

export type InquiryInput = z.infer<typeof inquirySchema>;

const statusEnum = z.enum(FORM_SUBMISSION_STATUSES as unknown as [FormSubmissionStatus, ...FormSubmissionStatus[]], {
  errorMap: () => ({ message: "Choose one of: new, contacted, converted, closed" }),
});

export const formSubmissionUpdateSchema = z.object({
  status: statusEnum,
  notes: optionalText("Notes", 5000, { notGiven: null }),
});

export type FormSubmissionUpdate = z.infer<typeof formSubmissionUpdateSchema>;

export const FORM_SUBMISSION_FILTERS = ["all", ...FORM_SUBMISSION_STATUSES] as const;
type FormSubmissionFilter = (typeof FORM_SUBMISSION_FILTERS)[number];

/** ?status=&page=&pageSize= for the admin list and GET /api/admin/form-submissions. */
export const formSubmissionList = listQuery({ statuses: FORM_SUBMISSION_FILTERS, pageSize: 20 });

export type FormSubmissionListQuery = ListParams<FormSubmissionFilter>;
