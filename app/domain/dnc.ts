import { z } from "zod";
import { listQuery } from "./list-query";

// The agency's do-not-call list (issue 25 items 1 and 2, decision 069): its reasons, the words the
// page and the API say, the forms' schemas and the file upload's limits. Isomorphic and free of
// libphonenumber (server only): a number is read into E.164 by the service, which answers a
// number it cannot read at the phone field.

export const DNC_REASONS = ["customer_request", "internal", "national_registry", "state_registry"] as const;
export type DncReasonName = (typeof DNC_REASONS)[number];

export const DNC_REASON_LABELS: Record<DncReasonName, string> = {
  customer_request: "Customer request",
  internal: "Internal",
  national_registry: "National registry",
  state_registry: "State registry",
};

/** The reasons a file of numbers is uploaded for: a registry's extract, or the agency's own list. */
export const DNC_IMPORT_REASONS = ["national_registry", "state_registry", "internal"] as const;

/** The job that lists one uploaded file's numbers (app/jobs/dnc-import.server.ts). */
export const DNC_IMPORT_JOB = "import-dnc-numbers";

/** The largest file taken: about three million numbers as a registry writes them. */
export const DNC_IMPORT_LIMITS = { bytes: 48 * 1024 * 1024 } as const;

/** The page's and the API's messages, word for word (the tests compare them). */
export const DNC_MESSAGES = {
  phoneRequired: "Enter a phone number.",
  phoneInvalid: "Enter a valid phone number, such as (305) 555-0142.",
  reasonInvalid: "Choose a reason: customer request, internal, national registry or state registry.",
  importReasonInvalid: "Choose a reason: national registry, state registry or internal.",
  removalReasonRequired: "Say why the number comes off the list.",
  removalReasonTooLong: "Keep the reason to 500 characters.",
  alreadyListed: "This number is already on the do-not-call list.",
  notListed: "This number is not on the do-not-call list.",
  noPhones: "This lead has no phone number that can be listed.",
  fileMissing: "Choose a CSV file of phone numbers to upload.",
  tooLarge: "The file is larger than 48 MB. Split it into files of at most 48 MB.",
  noNumbers: "The file has no phone numbers.",
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  importNotFound: "Import not found",
} as const;

export const DNC_TOASTS = {
  added: "Number added to the do-not-call list",
  alreadyListed: "Number already on the do-not-call list",
  addFailed: "Failed to add the number",
  removed: "Number removed from the do-not-call list",
  removeFailed: "Failed to remove the number",
  uploaded: "File uploaded: its numbers are being listed",
  uploadFailed: "Failed to upload the file",
  optedOut: "Asked not to be called: recorded",
  optOutFailed: "Failed to record the request",
} as const;

const phoneField = z
  .string({ required_error: DNC_MESSAGES.phoneRequired, invalid_type_error: DNC_MESSAGES.phoneInvalid })
  .trim()
  .min(1, DNC_MESSAGES.phoneRequired)
  .max(40, DNC_MESSAGES.phoneInvalid);

/** Add a number: POST /api/admin/dnc and the page's Add form. */
export const dncAddSchema = z.object({
  phone: phoneField,
  reason: z.enum(DNC_REASONS, { errorMap: () => ({ message: DNC_MESSAGES.reasonInvalid }) }),
});

/** Remove a number: why it comes off (DELETE /api/admin/dnc/{phone} and the page's Remove dialog). */
export const dncRemoveSchema = z.object({
  reason: z
    .string({
      required_error: DNC_MESSAGES.removalReasonRequired,
      invalid_type_error: DNC_MESSAGES.removalReasonRequired,
    })
    .trim()
    .min(1, DNC_MESSAGES.removalReasonRequired)
    .max(500, DNC_MESSAGES.removalReasonTooLong),
});

/** The reason given with an uploaded file (a form field beside the file). */
export const dncImportReasonSchema = z.enum(DNC_IMPORT_REASONS, {
  errorMap: () => ({ message: DNC_MESSAGES.importReasonInvalid }),
});

/** The list's URL: ?search=&page=&pageSize= (the page's 20 a page, the API's 100). */
export const dncList = listQuery({ pageSize: 20 });

/** A listed number as the page and the API show it. */
export type DncEntryView = {
  phone: string;
  reason: DncReasonName;
  reasonLabel: string;
  addedById: string | null;
  addedByName: string | null;
  sourceApplicationId: string | null;
  importId: string | null;
  createdAt: string;
};

export type DncImportStatusName = "queued" | "running" | "completed" | "failed";

/** An uploaded file's progress as its page and GET /api/admin/dnc/import/{id} answer it. */
export type DncImportProgress = {
  id: string;
  fileName: string;
  reason: DncReasonName;
  status: DncImportStatusName;
  total: number;
  processed: number;
  added: number;
  alreadyListed: number;
  invalid: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export const isDncImportInFlight = (status: DncImportStatusName) => status === "queued" || status === "running";
