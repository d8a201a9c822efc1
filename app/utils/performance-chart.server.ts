import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { CHART, type BarLineChart, type PerformanceChart } from "~/domain/performance-chart";
import type { SalesDay } from "~/domain/sales-chart";
import type { LeadSourceMonth } from "~/services/lead-source-report.server";
import type { MonthPerformance } from "~/services/profile.server";

// The portal's charts are drawn here, in the loader: the page receives only numbers and a path,
// so the SVG renders on the server and d3 never reaches the browser.

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-03" as "Mar 2026" (the key is already the agent's month; no time zone math here). */
export function monthLabel(key: string, withYear = true) {
  const [year, month] = key.split("-").map(Number);
  return withYear ? `${MONTH_NAMES[month - 1]} ${year}` : MONTH_NAMES[month - 1]!;
}

/** "2026-03-07" as "Mar 7" (the key is already the admin's day). */
export function dayLabel(key: string) {
  const [, month, day] = key.split("-").map(Number);
  return `${MONTH_NAMES[month - 1]} ${day}`;
}

/** One column of a bar-and-line chart: its counts per series and the money the line shows. */
export type ChartColumn<S extends string> = { key: string; label: string; counts: Record<S, number>; cents: number };

// Made once: a compact currency format costs about 0.3 ms to set up (ICU loads its patterns on the
// first format), more than the rest of a chart; formatting with it is microseconds.
const compact = new Intl.NumberFormat("en-US", { notation: "compact", style: "currency", currency: "USD" });

// About twelve labels fit under the 720-unit axis; a longer chart labels every nth column, counted
// back from the last so the newest column is always named.
const MAX_LABELS = 12;

/** Each series as a bar per column on the left (count) axis, the money as a line on the right axis. */
export function barLineChart<S extends string>(columns: ChartColumn<S>[], series: readonly S[]): BarLineChart<S> {
  const { width, height, top, right, bottom, left } = CHART;
  const x = scaleBand<string>()
    .domain(columns.map((c) => c.key))
    .range([left, width - right])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const within = scaleBand<S>().domain(series).range([0, x.bandwidth()]).padding(0.08);
  const counts = scaleLinear()
    .domain([0, Math.max(4, ...columns.flatMap((c) => series.map((s) => c.counts[s])))])
    .nice(4)
    .range([height - bottom, top]);
  const dollars = scaleLinear()
    .domain([0, Math.max(100, ...columns.map((c) => c.cents / 100))])
    .nice(4)
    .range([height - bottom, top]);
  const round = (n: number) => Math.round(n * 10) / 10;
  const bars = columns.flatMap((c) =>
    series.map((s) => {
      const value = c.counts[s];
      const y = counts(value);
      return {
        key: `${c.key}-${s}`,
        series: s,
        x: round((x(c.key) ?? 0) + (within(s) ?? 0)),
        y: round(y),
        width: round(within.bandwidth()),
        height: round(height - bottom - y),
        value,
      };
    }),
  );
  const centre = (key: string) => round((x(key) ?? 0) + x.bandwidth() / 2);
  const points = columns.map((c) => ({ key: c.key, x: centre(c.key), y: round(dollars(c.cents / 100)) }));
  const every = Math.ceil(columns.length / MAX_LABELS);
  return {
    bars,
    countTicks: counts.ticks(4).map((t) => ({ y: round(counts(t)), label: String(t) })),
    lineTicks: dollars.ticks(4).map((t) => ({ y: round(dollars(t)), label: compact.format(t) })),
    line:
      line<{ x: number; y: number }>()
        .x((p) => p.x)
        .y((p) => p.y)(points) ?? "",
    linePoints: points,
    labels: columns
      .filter((_, i) => (columns.length - 1 - i) % every === 0)
      .map((c) => ({ key: c.key, x: centre(c.key), label: c.label })),
  };
}

/** The profile's Performance tab: leads and sales as paired bars, commission as the line. */
export function performanceChart(months: MonthPerformance[]): PerformanceChart {
  return barLineChart(
    months.map((m) => ({
      key: m.month,
      label: monthLabel(m.month, false),
      counts: { leads: m.leads, sales: m.sales },
      cents: m.commissionCents,
    })),
    ["leads", "sales"] as const,
  );
}

/** The admin dashboard's Sales Performance: sales per day as bars, their monthly premiums as the line. */
export function salesChart(days: SalesDay[]) {
  return barLineChart(
    days.map((d) => ({ key: d.date, label: dayLabel(d.date), counts: { sales: d.sales }, cents: d.revenueCents })),
    ["sales"] as const,
  );
}

/**
 * The Lead Sources tab: spend and first-year commission per month as paired bars on one dollar
 * axis, since comparing the two is the point (two axes would make any pair look alike). The bars'
 * layout is barLineChart's; the left axis is labelled in dollars and there is no line.
 */
export function spendCommissionChart(months: LeadSourceMonth[]): BarLineChart<"spend" | "commission"> {
  const chart = barLineChart(
    months.map((m) => ({
      key: m.month,
      label: monthLabel(m.month, false),
      counts: { spend: m.spendCents / 100, commission: m.commissionCents / 100 },
      cents: 0,
    })),
    ["spend", "commission"] as const,
  );
  return {
    ...chart,
    countTicks: chart.countTicks.map((t) => ({ y: t.y, label: compact.format(Number(t.label)) })),
    lineTicks: [],
    line: "",
    linePoints: [],
  };
}
