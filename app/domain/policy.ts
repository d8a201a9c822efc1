import { policyStatusStyle, type PolicyStatus } from "./statuses";

// A sold lead's policy after the sale (issue 26, docs/decisions/074). A sale is an application
// submitted to the carrier; underwriting issues or declines it, the client takes it or not, and
// an issued policy stays in force while its premiums are paid. The moves allowed between those
// states, and what each move does to the nine-month payment schedule (and so to the ledger's
// advance and chargeback, app/domain/ledger.ts), are decided here and nowhere else.

/** What a policy form posts as its intent, on the lead's page, My Leads and All Leads. */
export const POLICY_INTENT = "policy";

/** Each status and the statuses a policy in it may move to. */
export const POLICY_MOVES: Record<PolicyStatus, readonly PolicyStatus[]> = {
  submitted: ["pending_underwriting", "issued", "declined", "not_taken", "cancelled"],
  pending_underwriting: ["issued", "declined", "not_taken", "cancelled"],
  // Not taken after issue: the client refused the delivered policy (inside the free look).
  issued: ["lapse_pending", "lapsed", "not_taken", "cancelled"],
  // A missed premium made good before the carrier lapses it puts the policy back in force.
  lapse_pending: ["issued", "lapsed", "cancelled"],
  lapsed: ["reinstated"],
  reinstated: ["lapse_pending", "lapsed", "cancelled"],
  declined: [],
  not_taken: [],
  cancelled: [],
};

/** The statuses an issued policy is in force in: premiums are due and the advance is being earned. */
export const IN_FORCE_STATUSES = ["issued", "lapse_pending", "reinstated"] as const satisfies readonly PolicyStatus[];

/** The statuses underwriting has not decided yet: neither issued nor refused. */
export const UNDECIDED_STATUSES = ["submitted", "pending_underwriting"] as const satisfies readonly PolicyStatus[];

/**
 * The statuses that end the payment schedule: the months not paid yet are cancelled (marked as
 * cancelled by the policy), which the ledger reads as a lapse and charges the unearned advance back.
 */
const SCHEDULE_ENDING_STATUSES = [
  "declined",
  "not_taken",
  "lapsed",
  "cancelled",
] as const satisfies readonly PolicyStatus[];

/** What a move does to the payment schedule: end it, restore what a policy change ended, or nothing. */
export type ScheduleEffect = "end" | "restore" | null;

export function scheduleEffect(to: PolicyStatus): ScheduleEffect {
  if ((SCHEDULE_ENDING_STATUSES as readonly string[]).includes(to)) return "end";
  return to === "reinstated" ? "restore" : null;
}

export function canMovePolicy(from: PolicyStatus, to: PolicyStatus): boolean {
  return POLICY_MOVES[from].includes(to);
}

/** The refusal of a move the machine does not allow, naming the moves it does. */
export function policyMoveRefusal(from: PolicyStatus, to: PolicyStatus): string {
  const label = (status: PolicyStatus) => policyStatusStyle(status).label;
  const allowed = POLICY_MOVES[from];
  if (from === to) return `The policy is already ${label(from)}.`;
  if (allowed.length === 0) return `A ${label(from)} policy is final: its status cannot be changed.`;
  return `A ${label(from)} policy cannot become ${label(to)}. It can become ${allowed.map(label).join(", ")}.`;
}

/** Whether a move needs the policy number and issue date (every move into an issued state does). */
export function needsIssueDetails(to: PolicyStatus): boolean {
  return (IN_FORCE_STATUSES as readonly string[]).includes(to) || to === "lapsed";
}
