import { periodRange, todayIn, type Period } from "./periods";
import { formatDate } from "./format";

// Persistency (issue 26 item 3, docs/decisions/077): of the policies issued in a range of days, the
// share still in force 3, 6 and 9 months after their issue date, in all and by agent, carrier,
// product and lead source. What counts is decided in the service's one statement
// (app/services/persistency.server.ts) and written down in the decision; this module holds what
// the pages, the API and the CSV share: the months, the shapes, the labels. No zod or d3 here: the
// pages' components import it.

/** The months after the issue date at which a policy is looked at. */
export const PERSISTENCY_MONTHS = [3, 6, 9] as const;
export type PersistencyMonthNumber = (typeof PERSISTENCY_MONTHS)[number];

/** The periods the pages offer: a cohort is read over months, so the short presets would only show "—". */
export const PERSISTENCY_PERIODS = ["all", "custom"] as const satisfies readonly Period[];

/** A page's period when the URL names none (or one the page does not offer): every issue date. */
export const DEFAULT_PERSISTENCY_PERIOD: Period = "all";

/** One month of a group: how many policies can be looked at yet, how many were in force, the share. */
export type PersistencyMonth = {
  month: PersistencyMonthNumber;
  /** Policies whose month has arrived (issue date + month <= now). */
  measurable: number;
  /** Of those, the ones in force at that month. */
  inForce: number;
  /** inForce / measurable in percent with one decimal; null when none is measurable yet. */
  rate: number | null;
};

/** A group of the cohort (an agent, a carrier, a product, a source, or all of it). */
export type PersistencyGroup = {
  /** The agent's, carrier's or source's id, the product's name; null for the policies without one. */
  key: string | null;
  name: string;
  /** The policies of the cohort in the group: issued in the range. */
  policies: number;
  months: PersistencyMonth[];
};

export type PersistencyBreakdown = "agent" | "carrier" | "product" | "source";

export type PersistencyReport = {
  /** The issue dates read, both included, in the reader's calendar; null for an open end. */
  range: { period: Period; issuedFrom: string | null; issuedTo: string | null };
  /** The instant the months were measured at (a month not arrived by then is not counted). */
  asOf: string;
  total: PersistencyGroup;
  /** Null when the reader is an agent (their own policies only). */
  byAgent: PersistencyGroup[] | null;
  byCarrier: PersistencyGroup[];
  byProduct: PersistencyGroup[];
  /** Null when the agency has no lead source. */
  bySource: PersistencyGroup[] | null;
};

export const PERSISTENCY_NAMES = {
  total: "All policies",
  noAgent: "Unassigned",
  noCarrier: "No carrier",
  noProduct: "No product",
  noSource: "Direct / web form",
  removedSource: "Removed source",
} as const;

export const PERSISTENCY_BREAKDOWN_LABELS: Record<PersistencyBreakdown, string> = {
  agent: "Agent",
  carrier: "Carrier",
  product: "Product",
  source: "Lead Source",
};

/** The share in percent with one decimal, or null when nothing can be measured (never NaN). */
export function persistencyRate(inForce: number, measurable: number): number | null {
  return measurable === 0 ? null : Math.round((inForce / measurable) * 1000) / 10;
}

/** "92.0%", or "—" when no policy of the group has reached the month yet. */
export function rateLabel(month: Pick<PersistencyMonth, "rate">): string {
  return month.rate === null ? "—" : `${month.rate.toFixed(1)}%`;
}

/** "23 of 25 measurable": how many of the group's policies the month could be read for. */
export function measurableLabel(month: Pick<PersistencyMonth, "measurable">, policies: number): string {
  return `${month.measurable} of ${policies} measurable`;
}

/** "In force: 21 of 23" for a month with measurable policies, else "Not reached yet". */
export function inForceLabel(month: Pick<PersistencyMonth, "inForce" | "measurable">): string {
  return month.measurable === 0 ? "Not reached yet" : `${month.inForce} of ${month.measurable} in force`;
}

/**
 * The issue dates a period covers, both included, as days of `timeZone`'s calendar: a custom
 * range's two days, a preset's from its first instant's day to its last one's; All Time is open
 * at both ends.
 */
export function issueDays(
  period: Period,
  opts: { timeZone: string; now?: Date; startDate?: string; endDate?: string },
): { issuedFrom: string | null; issuedTo: string | null } {
  if (period === "custom") return { issuedFrom: opts.startDate ?? null, issuedTo: opts.endDate ?? null };
  const { start, end } = periodRange(period, opts);
  return {
    issuedFrom: start ? todayIn(opts.timeZone, start) : null,
    issuedTo: end ? todayIn(opts.timeZone, new Date(end.getTime() - 1)) : null,
  };
}

/** "Policies issued Jan 1, 2003 to Dec 31, 2003", "... on or after ...", or "... at any time". */
export function issuedRangeText(range: Pick<PersistencyReport["range"], "issuedFrom" | "issuedTo">): string {
  const day = (iso: string) => formatDate(iso, "UTC");
  const { issuedFrom, issuedTo } = range;
  if (issuedFrom && issuedTo) {
    return issuedFrom === issuedTo
      ? `Policies issued on ${day(issuedFrom)}`
      : `Policies issued ${day(issuedFrom)} to ${day(issuedTo)}`;
  }
  if (issuedFrom) return `Policies issued on or after ${day(issuedFrom)}`;
  if (issuedTo) return `Policies issued on or before ${day(issuedTo)}`;
  return "Policies issued at any time";
}

/** The CSV's header row: one row per group, Total first, then each breakdown's groups. */
export const PERSISTENCY_CSV_COLUMNS = [
  "Breakdown",
  "Name",
  "Policies Issued",
  ...PERSISTENCY_MONTHS.flatMap((m) => [`Month ${m} Measurable`, `Month ${m} In Force`, `Month ${m} Persistency (%)`]),
] as const;

/** persistency-{today}.csv (the admin's), my-persistency-{today}.csv (an agent's own). */
export function persistencyFileName(today: string, own: boolean) {
  return `${own ? "my-persistency" : "persistency"}-${today}.csv`;
}

/** The chart's frame: small enough that its words keep their size on a 390 px phone. */
export const PERSISTENCY_CHART = { width: 360, height: 230, top: 26, right: 8, bottom: 46, left: 42 } as const;

/** The month 3, 6 and 9 shares of a group as bars on a 0-100% axis (app/utils/persistency-chart.server.ts). */
export type PersistencyChart = {
  ticks: { y: number; label: string }[];
  bars: {
    month: PersistencyMonthNumber;
    x: number;
    centre: number;
    y: number;
    width: number;
    height: number;
    /** "83.3%", or "—" when no policy has reached the month (no bar then). */
    value: string;
    /** "5 of 6 in force", or "Not reached yet". */
    caption: string;
  }[];
};
