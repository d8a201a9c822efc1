// The Performance chart's frame and the shape the loader hands the page: shared by the server
// code that computes it (app/utils/performance-chart.server.ts, with d3) and the component that
// draws it (app/components/profile/performance-panel.tsx, no d3 in the browser).

export const CHART = { width: 720, height: 260, top: 16, right: 56, bottom: 36, left: 40 } as const;

export type PerformanceChart = {
  bars: {
    key: string;
    series: "leads" | "sales";
    x: number;
    y: number;
    width: number;
    height: number;
    value: number;
  }[];
  countTicks: { y: number; label: string }[];
  commissionTicks: { y: number; label: string }[];
  commissionLine: string;
  commissionPoints: { key: string; x: number; y: number }[];
  months: { key: string; x: number; label: string }[];
};
