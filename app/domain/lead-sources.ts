// Lead sources (issue 24 item 1): the words and numbers the page, the API and the service share.
// No schema code here, so the page's JavaScript stays small; app/domain/schemas/lead-sources.ts
// reads the input with zod.

export const LEAD_SOURCE_STATUSES = ["active", "paused"] as const;
export type LeadSourceStatus = (typeof LEAD_SOURCE_STATUSES)[number];

// The pills' green and gray of app/domain/statuses.ts: the same colour means the same everywhere.
const STATUS_STYLES: Record<LeadSourceStatus, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-green-100 text-green-800 ring-green-600/20" },
  paused: { label: "Paused", className: "bg-gray-100 text-gray-700 ring-gray-500/20" },
};

export function leadSourceStatusStyle(status: LeadSourceStatus) {
  return STATUS_STYLES[status];
}

export const DEFAULT_RETURN_WINDOW_HOURS = 72;
export const MAX_RETURN_WINDOW_HOURS = 720;
export const DEFAULT_DUPLICATE_WINDOW_DAYS = 30;
export const MAX_DUPLICATE_WINDOW_DAYS = 365;
/** The dearest lead taken: $100,000.00, far inside a safe integer of cents. */
export const MAX_COST_PER_LEAD_CENTS = 10_000_000;
export const LEAD_SOURCE_NAME_MAX = 120;

/** Where a vendor posts its leads (issue 24 item 2), with the key in `Authorization: Bearer`. */
export const INTAKE_PATH = "/api/intake/leads";

export const LEAD_SOURCE_MESSAGES = {
  name: "Name is required",
  nameTooLong: `Name must be at most ${LEAD_SOURCE_NAME_MAX} characters`,
  nameTaken: (name: string) => `A source named "${name}" already exists`,
  costPerLead: "Cost per lead is required",
  costPerLeadShape: "Cost per lead must be an amount in dollars with at most two decimals",
  costPerLeadMin: "Cost per lead must be 0 or more",
  costPerLeadMax: "Cost per lead must be at most $100,000.00",
  returnWindow: `Return window must be a whole number of hours from 1 to ${MAX_RETURN_WINDOW_HOURS}`,
  duplicateWindow: `Duplicate window must be a whole number of days from 0 to ${MAX_DUPLICATE_WINDOW_DAYS}`,
  defaultCarrier: "Choose one of the carriers, or none",
  status: "Status must be active or paused",
  notFound: "Lead source not found",
} as const;

export const LEAD_SOURCE_TOASTS = {
  created: "Lead source added",
  createFailed: "Failed to add lead source",
  updated: "Lead source updated",
  updateFailed: "Failed to update lead source",
  paused: "Lead source paused",
  activated: "Lead source activated",
  statusFailed: "Failed to change the source's status",
  rotated: "Posting key rotated",
  rotateFailed: "Failed to rotate the posting key",
} as const;

/** "…abcd": a key told apart by its last four characters, the rest never kept. */
export function keyEnding(last4: string) {
  return `…${last4}`;
}
