import { Card } from "~/components/ui/card";
import { formatMoney } from "~/domain/format";
import { BarLineChartSvg, ChartLegend } from "~/components/ui/bar-line-chart";
import type { PerformanceChart } from "~/domain/performance-chart";

export type PerformanceRow = { month: string; label: string; leads: number; sales: number; commissionCents: number };

/** Leads, sales and commission per month for the last 12 months: a drawn chart and the same figures as a table. */
export function PerformancePanel({ rows, chart }: { rows: PerformanceRow[]; chart: PerformanceChart }) {
  const first = rows[0]?.label ?? "";
  const last = rows.at(-1)?.label ?? "";
  const totals = rows.reduce(
    (sum, r) => ({ leads: sum.leads + r.leads, sales: sum.sales + r.sales, cents: sum.cents + r.commissionCents }),
    { leads: 0, sales: 0, cents: 0 },
  );
  return (
    <div className="space-y-4">
      <Card className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Last 12 months</h2>
        <p className="mt-1 text-sm text-slate-600">
          {first} to {last}: {totals.leads} leads, {totals.sales} sales, {formatMoney(totals.cents)} commission.
        </p>
        <ChartLegend
          items={[
            { label: "Leads", color: "bg-brand-600" },
            { label: "Sales", color: "bg-green-600" },
            { label: "Commission (right axis)", color: "bg-amber-600", line: true },
          ]}
        />
        <div className="mt-3">
          <BarLineChartSvg
            chart={chart}
            id="performance"
            title="Leads, sales and commission per month"
            description={rows
              .map(
                (r) => `${r.label}: ${r.leads} leads, ${r.sales} sales, ${formatMoney(r.commissionCents)} commission`,
              )
              .join("; ")}
            barClass={{ leads: "fill-brand-600", sales: "fill-green-600" }}
            newestInView
          />
        </div>
      </Card>

      <Card className="overflow-x-auto p-0">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Leads, sales and commission per month</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium sm:px-4">
                Month
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium sm:px-4">
                Leads
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium sm:px-4">
                Sales
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium sm:px-4">
                Commission
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[...rows].reverse().map((r) => (
              <tr key={r.month}>
                <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap text-slate-900 sm:px-4">
                  {r.label}
                </th>
                <td className="px-3 py-2 text-right tabular-nums sm:px-4">{r.leads}</td>
                <td className="px-3 py-2 text-right tabular-nums sm:px-4">{r.sales}</td>
                <td className="px-3 py-2 text-right tabular-nums sm:px-4">{formatMoney(r.commissionCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
