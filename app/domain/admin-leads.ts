import { LEAD_STATUSES } from "./statuses";

// All Leads' choices, without schema code, so the page's JavaScript stays small
// (app/domain/schemas/admin-leads.ts reads them from the URL with zod).

/** The status filter: every status of part 1 section 4, and rescheduled. */
export const ADMIN_LEAD_FILTERS = ["all", ...LEAD_STATUSES] as const;
export type AdminLeadFilter = (typeof ADMIN_LEAD_FILTERS)[number];

/** The agent filter's choice for the leads no agent holds (?agentId=unassigned): those waiting for an admin. */
export const UNASSIGNED_AGENT = "unassigned";

/** Sorting: by Submitted (newest first, the default, or oldest first) or by the lead's name. */
export const ADMIN_LEAD_SORTS = ["newest", "oldest", "name"] as const;
export type AdminLeadSort = (typeof ADMIN_LEAD_SORTS)[number];
export const ADMIN_LEAD_SORT_LABELS: Record<AdminLeadSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A-Z)",
};

/** The lead dialog's parts the URL can reveal (&reveal=sensitive,banking,health). */
const LEAD_REVEALS = ["sensitive", "banking", "health"] as const;
export type LeadReveal = (typeof LEAD_REVEALS)[number];

/** ?reveal= as the set of parts it names; anything else is ignored. */
export function revealsOf(value: string | null): LeadReveal[] {
  const named = new Set((value ?? "").split(","));
  return LEAD_REVEALS.filter((part) => named.has(part));
}

/** ?reveal= with `part` shown (on) or hidden (off), null when nothing is left shown. */
export function toggledReveal(current: readonly LeadReveal[], part: LeadReveal, on: boolean): string | null {
  const next = LEAD_REVEALS.filter((p) => (p === part ? on : current.includes(p)));
  return next.length ? next.join(",") : null;
}
