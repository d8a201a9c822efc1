import { addDaysIso, parseIsoDate } from "./periods";
import { IN_FORCE_STATUSES, UNDECIDED_STATUSES } from "./policy";
import type { PolicyStatus } from "./statuses";

// The at-risk queue (issue 26 item 5, docs/decisions/076): sold policies with a payment left unpaid
// 3 days past its due date, or in lapse pending, largest unearned advance first. What counts as
// missed, and how it reads on the page, is decided here.

/** A month unpaid this many days after its due date (in the reader's calendar) is missed. */
const MISSED_AFTER_DAYS = 3;

/**
 * The statuses whose unpaid months are chased: not decided yet (the carrier drafts the first
 * premium while underwriting runs) and in force. Declined, not taken, lapsed and cancelled
 * cancel their unpaid months, so they have none left.
 */
export const CHASED_POLICY_STATUSES = [
  ...UNDECIDED_STATUSES,
  ...IN_FORCE_STATUSES,
] as const satisfies readonly PolicyStatus[];

/** Why a policy is in the queue: a missed payment, or the carrier's lapse notice (lapse pending). */
export type AtRiskReason = "missed_payment" | "lapse_pending";

/** The whole days from `from` to `to` (YYYY-MM-DD each): 3 from Nov 20 to Nov 23. */
export function daysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new Error(`Invalid dates "${from}", "${to}": expected YYYY-MM-DD.`);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** The last due date that is missed on `today`: 3 days before it. */
export function missedCutoff(today: string): string {
  return addDaysIso(today, -MISSED_AFTER_DAYS);
}

const SHORT_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Month 3, due Nov 20": a month of the schedule and its due day. */
export function missedMonthLabel(monthNumber: number, dueDate: string): string {
  const day = parseIsoDate(dueDate);
  const due = day ? SHORT_DAY.format(new Date(Date.UTC(day.year, day.month - 1, day.day))) : dueDate;
  return `Month ${monthNumber}, due ${due}`;
}

/** "1 day late", "12 days late"; "Due today" and "Not due yet" for a month not late. */
export function daysLateText(days: number): string {
  if (days <= 0) return days === 0 ? "Due today" : "Not due yet";
  return days === 1 ? "1 day late" : `${days} days late`;
}
