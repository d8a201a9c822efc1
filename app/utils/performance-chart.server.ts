import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { CHART, type PerformanceChart } from "~/domain/performance-chart";
import type { MonthPerformance } from "~/services/profile.server";

// The Performance tab's chart is drawn here, in the loader: the page receives only numbers and a
// path, so the SVG renders on the server and d3 never reaches the browser.

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-03" as "Mar 2026" (the key is already the agent's month; no time zone math here). */
export function monthLabel(key: string, withYear = true) {
  const [year, month] = key.split("-").map(Number);
  return withYear ? `${MONTH_NAMES[month - 1]} ${year}` : MONTH_NAMES[month - 1]!;
}

/** Leads and sales as paired bars on the left axis, commission as a line on the right axis. */
export function performanceChart(months: MonthPerformance[]): PerformanceChart {
  const { width, height, top, right, bottom, left } = CHART;
  const x = scaleBand<string>()
    .domain(months.map((m) => m.month))
    .range([left, width - right])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const series = scaleBand<"leads" | "sales">().domain(["leads", "sales"]).range([0, x.bandwidth()]).padding(0.08);
  const counts = scaleLinear()
    .domain([0, Math.max(4, ...months.map((m) => Math.max(m.leads, m.sales)))])
    .nice(4)
    .range([height - bottom, top]);
  const dollars = scaleLinear()
    .domain([0, Math.max(100, ...months.map((m) => m.commissionCents / 100))])
    .nice(4)
    .range([height - bottom, top]);
  const round = (n: number) => Math.round(n * 10) / 10;
  const bars = months.flatMap((m) =>
    (["leads", "sales"] as const).map((s) => {
      const value = m[s];
      const y = counts(value);
      return {
        key: `${m.month}-${s}`,
        series: s,
        x: round((x(m.month) ?? 0) + (series(s) ?? 0)),
        y: round(y),
        width: round(series.bandwidth()),
        height: round(height - bottom - y),
        value,
      };
    }),
  );
  const centre = (key: string) => round((x(key) ?? 0) + x.bandwidth() / 2);
  const points = months.map((m) => ({ key: m.month, x: centre(m.month), y: round(dollars(m.commissionCents / 100)) }));
  const compact = new Intl.NumberFormat("en-US", { notation: "compact", style: "currency", currency: "USD" });
  return {
    bars,
    countTicks: counts.ticks(4).map((t) => ({ y: round(counts(t)), label: String(t) })),
    commissionTicks: dollars.ticks(4).map((t) => ({ y: round(dollars(t)), label: compact.format(t) })),
    commissionLine:
      line<{ x: number; y: number }>()
        .x((p) => p.x)
        .y((p) => p.y)(points) ?? "",
    commissionPoints: points,
    months: months.map((m) => ({ key: m.month, x: centre(m.month), label: monthLabel(m.month, false) })),
  };
}
