import { Card } from "~/components/ui/card";
import { formatMoney } from "~/domain/format";
import { CHART, type PerformanceChart } from "~/domain/performance-chart";

export type PerformanceRow = { month: string; label: string; leads: number; sales: number; commissionCents: number };

/** Leads, sales and commission per month for the last 12 months: a drawn chart and the same figures as a table. */
export function PerformancePanel({ rows, chart }: { rows: PerformanceRow[]; chart: PerformanceChart }) {
  const first = rows[0]?.label ?? "";
  const last = rows.at(-1)?.label ?? "";
  const totals = rows.reduce(
    (sum, r) => ({ leads: sum.leads + r.leads, sales: sum.sales + r.sales, cents: sum.cents + r.commissionCents }),
    { leads: 0, sales: 0, cents: 0 },
  );
  const axisY = CHART.height - CHART.bottom;
  return (
    <div className="space-y-4">
      <Card className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Last 12 months</h2>
        <p className="mt-1 text-sm text-slate-600">
          {first} to {last}: {totals.leads} leads, {totals.sales} sales, {formatMoney(totals.cents)} commission.
        </p>
        <ul className="mt-3 flex flex-wrap gap-4 text-sm text-slate-700" aria-hidden="true">
          <li className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm bg-brand-600" /> Leads
          </li>
          <li className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm bg-green-600" /> Sales
          </li>
          <li className="flex items-center gap-2">
            <span className="inline-block h-0.5 w-4 bg-amber-600" /> Commission (right axis)
          </li>
        </ul>
        {/* On a phone the chart keeps a readable size and scrolls sideways (a Tab stop, so keys scroll it too). */}
        <div
          className="mt-3 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Chart (scrolls sideways on small screens)"
        >
          <svg
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            role="img"
            aria-labelledby="performance-title performance-desc"
            className="h-auto w-full min-w-[36rem] sm:min-w-0"
          >
            <title id="performance-title">Leads, sales and commission per month</title>
            <desc id="performance-desc">
              {rows
                .map(
                  (r) => `${r.label}: ${r.leads} leads, ${r.sales} sales, ${formatMoney(r.commissionCents)} commission`,
                )
                .join("; ")}
            </desc>
            {chart.countTicks.map((t) => (
              <g key={`c${t.label}`}>
                <line x1={CHART.left} x2={CHART.width - CHART.right} y1={t.y} y2={t.y} className="stroke-slate-200" />
                <text x={CHART.left - 6} y={t.y + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
                  {t.label}
                </text>
              </g>
            ))}
            {chart.commissionTicks.map((t) => (
              <text
                key={`d${t.label}`}
                x={CHART.width - CHART.right + 6}
                y={t.y + 4}
                className="fill-amber-800 text-[11px]"
              >
                {t.label}
              </text>
            ))}
            {chart.bars.map((b) => (
              <rect
                key={b.key}
                x={b.x}
                y={b.y}
                width={b.width}
                height={b.height}
                className={b.series === "leads" ? "fill-brand-600" : "fill-green-600"}
              />
            ))}
            <path d={chart.commissionLine} fill="none" strokeWidth={2} className="stroke-amber-600" />
            {chart.commissionPoints.map((p) => (
              <circle key={p.key} cx={p.x} cy={p.y} r={3} className="fill-amber-600" />
            ))}
            <line x1={CHART.left} x2={CHART.width - CHART.right} y1={axisY} y2={axisY} className="stroke-slate-400" />
            {chart.months.map((m) => (
              <text key={m.key} x={m.x} y={axisY + 18} textAnchor="middle" className="fill-slate-600 text-[11px]">
                {m.label}
              </text>
            ))}
          </svg>
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
