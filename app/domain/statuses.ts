export type StatusStyle<V extends string> = { value: V; label: string; className: string };

// Pill colours shared by every status badge, so the same colour means the same thing everywhere.
const TONE = {
  yellow: "bg-yellow-100 text-yellow-800 ring-yellow-600/20",
  blue: "bg-blue-100 text-blue-800 ring-blue-600/20",
  orange: "bg-orange-100 text-orange-800 ring-orange-600/20",
  green: "bg-green-100 text-green-800 ring-green-600/20",
  red: "bg-red-100 text-red-800 ring-red-600/20",
  indigo: "bg-indigo-100 text-indigo-800 ring-indigo-600/20",
  purple: "bg-purple-100 text-purple-800 ring-purple-600/20",
  teal: "bg-teal-100 text-teal-800 ring-teal-600/20",
  gray: "bg-gray-100 text-gray-700 ring-gray-500/20",
} as const;

type Tone = keyof typeof TONE;

/**
 * Builds a badge lookup that never fails: values arrive from the database, URLs and older API
 * clients, so matching ignores case and surrounding spaces, and anything unknown gets the fallback.
 */
function statusStyles<V extends string>(
  table: Record<V, readonly [label: string, tone: Tone]>,
  fallback: V,
  aliases: Record<string, V> = {},
): (status: string | null | undefined) => StatusStyle<V> {
  const byKey = new Map<string, V>();
  for (const value of Object.keys(table) as V[]) byKey.set(value.toLowerCase(), value);
  for (const [alias, value] of Object.entries(aliases)) byKey.set(alias.toLowerCase(), value);
  return (status) => {
    const value = byKey.get((status ?? "").trim().toLowerCase()) ?? fallback;
    const [label, tone] = table[value];
    return { value, label, className: TONE[tone] };
  };
}

export const LEAD_STATUSES = [
  "pending",
  "contacted",
  "interested",
  "quoted",
  "sale",
  "declined",
  "callback",
  "not_interested",
  "cancelled",
  "follow_up",
  "rescheduled",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What an agent may pick on the My Leads status form. */
export const AGENT_SETTABLE_STATUSES = [
  "pending",
  "contacted",
  "sale",
  "callback",
  "declined",
] as const satisfies readonly LeadStatus[];

/**
 * Every status an agent may give a lead (part 2, Lead status): the lead screen's five and the
 * disposition dialog's rescheduled. The status service, its API and the lead list's filter use it.
 */
export const AGENT_LEAD_STATUSES = [
  "pending",
  "contacted",
  "sale",
  "callback",
  "declined",
  "rescheduled",
] as const satisfies readonly LeadStatus[];
export type AgentLeadStatus = (typeof AGENT_LEAD_STATUSES)[number];

/** My Leads' status filter and GET /api/agent/applications' ?status= (issue 10 item 12 adds rescheduled). */
export const AGENT_LEAD_FILTERS = ["all", ...AGENT_LEAD_STATUSES] as const;
export type AgentLeadFilter = (typeof AGENT_LEAD_FILTERS)[number];

/** The statuses that ask for a callback date and time: a callback is scheduled. */
export const CALLBACK_STATUSES: readonly AgentLeadStatus[] = ["callback", "rescheduled"];

/** My Recent Leads' status filter on the agent dashboard: All Status, Pending, Contacted, Converted (sale), Declined. */
export const RECENT_LEAD_FILTERS = ["all", "pending", "contacted", "sale", "declined"] as const;
export type RecentLeadFilter = (typeof RECENT_LEAD_FILTERS)[number];

/** Offered after editing an application; a lead cannot be put back to pending from there. */
export const DISPOSITION_STATUSES = [
  "contacted",
  "sale",
  "declined",
  "callback",
  "rescheduled",
] as const satisfies readonly LeadStatus[];

export const leadStatusStyle = statusStyles<LeadStatus>(
  {
    pending: ["Pending", "yellow"],
    contacted: ["Contacted", "blue"],
    interested: ["Interested", "indigo"],
    quoted: ["Quoted", "purple"],
    sale: ["Sale", "green"],
    declined: ["Declined", "red"],
    callback: ["Callback", "orange"],
    not_interested: ["Not Interested", "gray"],
    cancelled: ["Cancelled", "gray"],
    follow_up: ["Follow Up", "teal"],
    rescheduled: ["Rescheduled", "orange"],
  },
  "pending",
);

export const PAYMENT_STATUSES = ["not_paid", "paid", "cancelled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// The admin and lead views of the original product call an unpaid month "pending"; every page
// here says Not Paid (decision 042), so a payment is never confused with a Pending lead.
export const paymentStatusStyle = statusStyles<PaymentStatus>(
  {
    not_paid: ["Not Paid", "yellow"],
    paid: ["Paid", "green"],
    cancelled: ["Cancelled", "red"],
  },
  "not_paid",
  { pending: "not_paid" },
);

/**
 * The admin's retention screens (part 2: "pending/paid/cancelled in the admin and lead views")
 * take pending for an unpaid month, stored as not_paid (decision 026), and show it as Not Paid
 * like every other page (decision 042). Their filter is "all" or one of these words.
 */
export const ADMIN_PAYMENT_STATUSES = ["pending", "paid", "cancelled"] as const;
export const ADMIN_PAYMENT_FILTERS = ["all", ...ADMIN_PAYMENT_STATUSES] as const;
export type AdminPaymentFilter = (typeof ADMIN_PAYMENT_FILTERS)[number];
export const adminPaymentStatusStyle = statusStyles<(typeof ADMIN_PAYMENT_STATUSES)[number]>(
  { pending: ["Not Paid", "yellow"], paid: ["Paid", "green"], cancelled: ["Cancelled", "red"] },
  "pending",
  { not_paid: "pending" },
);

export const AGENT_STATUSES = ["pending", "approved", "rejected", "paused"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

// The spec also shows "active" and "inactive" for agents; they are older names for approved and paused.
export const agentStatusStyle = statusStyles<AgentStatus>(
  {
    pending: ["Pending", "yellow"],
    approved: ["Approved", "green"],
    rejected: ["Rejected", "red"],
    paused: ["Paused", "gray"],
  },
  "pending",
  { active: "approved", inactive: "paused" },
);

export const FORM_SUBMISSION_STATUSES = ["new", "contacted", "converted", "closed"] as const;
export type FormSubmissionStatus = (typeof FORM_SUBMISSION_STATUSES)[number];

export const formSubmissionStatusStyle = statusStyles<FormSubmissionStatus>(
  {
    new: ["New", "blue"],
    contacted: ["Contacted", "yellow"],
    converted: ["Converted", "green"],
    closed: ["Closed", "gray"],
  },
  "new",
);

export const ORDER_STATUSES = ["Active", "Completed", "Refunded", "Paused"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderStatusStyle = statusStyles<OrderStatus>(
  {
    Active: ["Active", "blue"],
    Completed: ["Completed", "green"],
    Refunded: ["Refunded", "red"],
    Paused: ["Paused", "yellow"],
  },
  "Active",
);

// A background job's state (pg-boss's words, which the SQLite runner uses too; /admin/jobs).
export const JOB_STATES = ["created", "retry", "active", "completed", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobStateStyle = statusStyles<JobState>(
  {
    created: ["Queued", "blue"],
    retry: ["Retrying", "orange"],
    active: ["Running", "indigo"],
    completed: ["Completed", "green"],
    failed: ["Failed", "red"],
    cancelled: ["Cancelled", "gray"],
  },
  "created",
);

// A sold lead's policy (issue 26, decision 074): where the carrier and the client have taken it.
export const POLICY_STATUSES = [
  "submitted",
  "pending_underwriting",
  "issued",
  "declined",
  "not_taken",
  "lapse_pending",
  "lapsed",
  "reinstated",
  "cancelled",
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export const policyStatusStyle = statusStyles<PolicyStatus>(
  {
    submitted: ["Submitted", "blue"],
    pending_underwriting: ["Pending Underwriting", "indigo"],
    issued: ["Issued", "green"],
    declined: ["Declined", "red"],
    not_taken: ["Not Taken", "gray"],
    lapse_pending: ["Lapse Pending", "orange"],
    lapsed: ["Lapsed", "red"],
    reinstated: ["Reinstated", "teal"],
    cancelled: ["Cancelled", "gray"],
  },
  "submitted",
);
