// The admin dashboard's Sales Performance chart: which spans it offers (?chart=7d|30d|90d) and the
// shape of its days. No zod or d3 here: the dashboard's component imports this.

export const CHART_RANGES = ["7d", "30d", "90d"] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** The first button, as the spec's sample chart opened on it. */
export const DEFAULT_CHART_RANGE: ChartRange = "7d";

export const CHART_RANGE_DAYS: Record<ChartRange, number> = { "7d": 7, "30d": 30, "90d": 90 };
export const CHART_RANGE_LABELS: Record<ChartRange, string> = { "7d": "7D", "30d": "30D", "90d": "90D" };
export const CHART_RANGE_NAMES: Record<ChartRange, string> = {
  "7d": "last 7 days",
  "30d": "last 30 days",
  "90d": "last 90 days",
};

function isChartRange(value: unknown): value is ChartRange {
  return typeof value === "string" && (CHART_RANGES as readonly string[]).includes(value);
}

/** The span a page URL asks for; an unknown one (a hand-edited URL) quietly becomes the default. */
export function chartRangeFromSearch(params: URLSearchParams): ChartRange {
  const raw = params.get("chart");
  return isChartRange(raw) ? raw : DEFAULT_CHART_RANGE;
}

/** One day of the chart, a YYYY-MM-DD in the admin's time zone: sales recorded and their monthly premiums. */
export type SalesDay = { date: string; sales: number; revenueCents: number };
