import { BarLineChartSvg, ChartLegend } from "~/components/ui/bar-line-chart";
import { Card } from "~/components/ui/card";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { formatMoney } from "~/domain/format";
import type { BarLineChart } from "~/domain/performance-chart";
import { CHART_RANGES, CHART_RANGE_LABELS, CHART_RANGE_NAMES, type ChartRange } from "~/domain/sales-chart";

type SalesPerformanceDay = { date: string; label: string; sales: number; revenueCents: number };

type Props = { range: ChartRange; days: SalesPerformanceDay[]; chart: BarLineChart<"sales"> };

const TABS = CHART_RANGES.map((value) => ({ value, label: CHART_RANGE_LABELS[value] }));

/**
 * Sales recorded per day and their monthly premiums over the last 7, 30 or 90 days, drawn on the
 * server. The span is a link (?chart=), so it switches without JavaScript; the figures are also a
 * table behind "Show as table", for screen readers and anyone who wants the numbers.
 */
export function SalesPerformance({ range, days, chart }: Props) {
  const totals = days.reduce((sum, d) => ({ sales: sum.sales + d.sales, cents: sum.cents + d.revenueCents }), {
    sales: 0,
    cents: 0,
  });
  const span = CHART_RANGE_NAMES[range];
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-semibold text-slate-900">Sales Performance</h3>
        <FilterTabs label="Sales Performance span" tabs={TABS} current={range} param="chart" />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {span[0]!.toUpperCase() + span.slice(1)}: {totals.sales} {totals.sales === 1 ? "sale" : "sales"},{" "}
        {formatMoney(totals.cents)} in monthly premiums.
      </p>
      <ChartLegend
        items={[
          { label: "Sales", color: "bg-green-600" },
          { label: "Revenue (right axis)", color: "bg-amber-600", line: true },
        ]}
      />
      <div className="mt-3">
        <BarLineChartSvg
          chart={chart}
          id="sales-performance"
          title={`Sales and revenue per day, ${span}`}
          description={`${totals.sales} sales and ${formatMoney(totals.cents)} in monthly premiums over the ${span}. Every day's figures are in the table below.`}
          barClass={{ sales: "fill-green-600" }}
          newestInView
        />
      </div>
      <details className="mt-3 text-sm">
        <summary className="inline-flex min-h-10 cursor-pointer items-center font-medium text-brand-700">
          Show as table
        </summary>
        <div className="mt-2">
          <table className="w-full text-left">
            <caption className="sr-only">Sales and revenue per day, {span}</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Sales
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...days].reverse().map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap text-slate-900">
                    {d.label}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{d.sales}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(d.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}
