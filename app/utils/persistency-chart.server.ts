import { scaleBand, scaleLinear } from "d3-scale";
import {
  PERSISTENCY_CHART,
  inForceLabel,
  rateLabel,
  type PersistencyChart,
  type PersistencyGroup,
} from "~/domain/persistency";

// The persistency chart is laid out here, in the loader, as the portal's other charts are
// (app/utils/performance-chart.server.ts): the page gets numbers only, so the SVG draws on the
// server and d3 never reaches the browser.

const round = (n: number) => Math.round(n * 10) / 10;

/** A group's month 3, 6 and 9 shares as bars on a 0-100% axis, each with its share and how many were measurable. */
export function persistencyChart(group: PersistencyGroup): PersistencyChart {
  const { width, height, top, right, bottom, left } = PERSISTENCY_CHART;
  const x = scaleBand<string>()
    .domain(group.months.map((m) => String(m.month)))
    .range([left, width - right])
    .paddingInner(0.35)
    .paddingOuter(0.2);
  const y = scaleLinear()
    .domain([0, 100])
    .range([height - bottom, top]);
  return {
    ticks: y.ticks(4).map((t) => ({ y: round(y(t)), label: `${t}%` })),
    bars: group.months.map((m) => {
      const top = y(m.rate ?? 0);
      const start = x(String(m.month)) ?? 0;
      return {
        month: m.month,
        x: round(start),
        centre: round(start + x.bandwidth() / 2),
        y: round(top),
        width: round(x.bandwidth()),
        height: m.rate === null ? 0 : round(height - bottom - top),
        value: rateLabel(m),
        caption: inForceLabel(m),
      };
    }),
  };
}
