// The frame and shape of the portal's bar-and-line charts (the profile's Performance tab, the admin
// dashboard's Sales Performance): shared by the server code that computes them with d3
// (app/utils/performance-chart.server.ts) and the component that draws them
// (app/components/ui/bar-line-chart.tsx), so d3 never reaches the browser.

export const CHART = { width: 720, height: 260, top: 16, right: 56, bottom: 36, left: 40 } as const;

/** Counts as bars on the left axis (one bar per series in each column), money as a line on the right axis. */
export type BarLineChart<S extends string = string> = {
  bars: {
    key: string;
    series: S;
    x: number;
    y: number;
    width: number;
    height: number;
    value: number;
  }[];
  countTicks: { y: number; label: string }[];
  lineTicks: { y: number; label: string }[];
  line: string;
  linePoints: { key: string; x: number; y: number }[];
  /** The x-axis labels: every column's on a short chart, a spaced-out few on a long one. */
  labels: { key: string; x: number; label: string }[];
};

export type PerformanceChart = BarLineChart<"leads" | "sales">;
