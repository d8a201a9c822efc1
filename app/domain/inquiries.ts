// The landing-page inquiry's constants and mail draft, free of zod so the public page's
// browser bundle stays small (the schema in schemas/form-submissions.ts builds on these).

export const INQUIRY_SERVICES = ["CRM Only", "CRM + Leads"] as const;

export const MIN_PHONE_DIGITS = 10;
export const INQUIRY_MESSAGE_MAX = 5000;

export type InquiryDetails = {
  fullName: string;
  companyName: string | null;
  email: string;
  phone: string;
  service: string;
  message: string | null;
};

/**
 * The mail draft opened after an inquiry (part 1, section 2): to the info address, subject
 * "New {service} Inquiry from {fullName}", and a body listing what was sent.
 */
export function inquiryMailto(to: string, inquiry: InquiryDetails): string {
  const subject = `New ${inquiry.service} Inquiry from ${inquiry.fullName}`;
  const body = [
    `Name: ${inquiry.fullName}`,
    `Company: ${inquiry.companyName || "Not specified"}`,
    `Email: ${inquiry.email}`,
    `Phone: ${inquiry.phone}`,
    `Service Interest: ${inquiry.service}`,
    `Message: ${inquiry.message || "No additional message"}`,
    "",
    "This inquiry has also been saved to the admin portal.",
  ].join("\n");
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
