import { describe, expect, it } from "vitest";
import { CHART } from "~/domain/performance-chart";
import { monthLabel, performanceChart } from "~/utils/performance-chart.server";

const month = (key: string, leads: number, sales: number, commissionCents: number) => ({
  month: key,
  leads,
  sales,
  commissionCents,
});

describe("the Performance chart's geometry", () => {
  const months = [month("2025-12", 0, 0, 0), month("2026-01", 8, 2, 50_000), month("2026-02", 4, 1, 25_000)];
  const chart = performanceChart(months);
  const baseline = CHART.height - CHART.bottom;

  it("draws a leads bar and a sales bar per month, standing on the baseline, taller for more", () => {
    expect(chart.bars).toHaveLength(6);
    for (const bar of chart.bars) expect(bar.y + bar.height).toBeCloseTo(baseline, 0);
    const height = (key: string) => chart.bars.find((b) => b.key === key)!.height;
    expect(height("2025-12-leads")).toBe(0);
    expect(height("2026-01-leads")).toBeCloseTo(2 * height("2026-02-leads"), 0);
    expect(height("2026-01-sales")).toBeCloseTo(2 * height("2026-02-sales"), 0);
    // Bars stay inside the plot.
    for (const bar of chart.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(CHART.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(CHART.width - CHART.right);
    }
  });

  it("puts the commission on its own axis as a line through each month's centre", () => {
    expect(chart.linePoints.map((p) => p.key)).toEqual(["2025-12", "2026-01", "2026-02"]);
    expect(chart.linePoints[0]!.y).toBe(baseline);
    expect(chart.line.startsWith(`M${chart.linePoints[0]!.x},${baseline}`)).toBe(true);
    expect(chart.lineTicks[0]!.label).toBe("$0");
    expect(chart.labels.map((m) => m.label)).toEqual(["Dec", "Jan", "Feb"]);
  });

  it("an empty year still has a scale (no division by zero) and flat zero bars", () => {
    const empty = performanceChart([month("2026-01", 0, 0, 0), month("2026-02", 0, 0, 0)]);
    expect(empty.bars.every((b) => b.height === 0 && Number.isFinite(b.y))).toBe(true);
    expect(empty.countTicks.length).toBeGreaterThan(1);
  });

  it("names months for the table", () => {
    expect(monthLabel("2026-03")).toBe("Mar 2026");
    expect(monthLabel("2025-12", false)).toBe("Dec");
  });
});
