import type { Period } from "./periods";
import { periodFromSearch, type PeriodSelection } from "./period-range";

// The commissions page's choices, without zod (the page ships this; the API's schema is in
// schemas/commissions.ts).

/** The history's status filter (part 2: Active / Cancelled / All); the first is the default. */
export const COMMISSION_FILTERS = ["all", "active", "cancelled"] as const;
export type CommissionFilter = (typeof COMMISSION_FILTERS)[number];

export const COMMISSION_FILTER_LABELS: Record<CommissionFilter, string> = {
  all: "All",
  active: "Active",
  cancelled: "Cancelled",
};

/** The periods the page offers (part 2: "all or custom date range"). */
export const COMMISSION_PERIODS = ["all", "custom"] as const satisfies readonly Period[];

/** The spec's toasts for Mark as Cancelled (part 2, section 8). */
export const COMMISSION_TOASTS = {
  cancelled: "Commission Cancelled",
  cancelFailed: "Cancel Failed",
} as const;

/**
 * The period a commissions URL asks for: All Time or a custom range of sale dates. Another
 * preset (a hand-edited URL) is All Time; a custom range that cannot be shown comes back refused,
 * with the dates as typed, as on every period selector.
 */
export function commissionPeriodFromSearch(params: URLSearchParams): PeriodSelection {
  const selection = periodFromSearch(params, "all");
  return (COMMISSION_PERIODS as readonly Period[]).includes(selection.period) ? selection : { period: "all" };
}
