// Lead returns (issue 24, item 6): why an agent may send a bought lead back, and where a return
// stands. Plain constants, free of schema code, so a list page and its dialogs can import them.

export const LEAD_RETURN_REASONS = [
  "disconnected_number",
  "wrong_number",
  "duplicate",
  "out_of_state",
  "never_requested",
  "deceased",
  "other",
] as const;

type LeadReturnReason = (typeof LEAD_RETURN_REASONS)[number];

const REASON_LABELS: Record<LeadReturnReason, string> = {
  disconnected_number: "Disconnected number",
  wrong_number: "Wrong number",
  duplicate: "Duplicate",
  out_of_state: "Out of state",
  never_requested: "Never requested",
  deceased: "Deceased",
  other: "Other",
};

export function leadReturnReasonLabel(reason: string): string {
  return REASON_LABELS[reason as LeadReturnReason] ?? reason;
}

export const LEAD_RETURN_STATUSES = ["pending", "approved", "denied"] as const;
export type LeadReturnStatus = (typeof LEAD_RETURN_STATUSES)[number];

/** The admin page's tabs: the requests waiting for a decision first. */
export const LEAD_RETURN_FILTERS = ["pending", "approved", "denied", "all"] as const;
export type LeadReturnFilter = (typeof LEAD_RETURN_FILTERS)[number];

const STATUS_STYLES: Record<LeadReturnStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900" },
  approved: { label: "Approved", className: "bg-green-100 text-green-800" },
  denied: { label: "Denied", className: "bg-red-100 text-red-800" },
};

export function leadReturnStatusStyle(status: string) {
  return STATUS_STYLES[status as LeadReturnStatus] ?? { label: status, className: "bg-slate-100 text-slate-800" };
}

export const LEAD_RETURN_NOTES_MAX = 1000;

/** The intent the Request Return dialog posts, on the lead's page and on My Leads. */
export const RETURN_INTENT = "return";

export const LEAD_RETURN_MESSAGES = {
  reason: "Please choose a reason",
  otherNeedsNotes: "Please describe the problem in the notes when the reason is Other",
  notFromSource: "Only a lead bought from a lead source can be returned.",
  window: (hours: number) => `Returns are accepted within ${hours} hours of receiving the lead.`,
  pending: "A return of this lead is already waiting for a decision.",
  returned: "This lead has already been returned.",
  decided: (status: string) => `This return has already been ${status}.`,
  notFound: "Return request not found",
} as const;

/** How long a request has waited, in words short enough for a table cell: "45 min", "5 h", "3 d". */
export function ageText(fromIso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(fromIso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
