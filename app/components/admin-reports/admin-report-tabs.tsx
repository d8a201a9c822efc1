import { BarLineChartSvg, ChartLegend } from "~/components/ui/bar-line-chart";
import { Card, StatCards } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import { SubmittedIssued } from "~/components/ui/submitted-issued";
import { changeLabel } from "~/domain/admin-reports";
import { percentOf } from "~/domain/commission";
import { formatMoney } from "~/domain/format";
import { placementLabel } from "~/domain/placement";
import type { BarLineChart } from "~/domain/performance-chart";
import type { AgentFigures, ReportOverview, RevenueLine } from "~/services/admin-reports.server";
import type { Page } from "~/utils/list";

/** A month of the trend as the page shows it: the loader adds its label ("Mar 2026"). */
export type MonthView = {
  month: string;
  label: string;
  leads: number;
  sales: number;
  revenueCents: number;
  issuedSales: number;
  issuedRevenueCents: number;
  growth: number | null;
};

const percent = (value: number) => `${value.toFixed(1)}%`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="overflow-hidden">
      <h3 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">{title}</h3>
      {children}
    </Card>
  );
}

/** The change against the previous period, in words for the card's caption. */
function changeCaption(change: number | null, unit: "percent" | "points", noEarlier: string) {
  const label = changeLabel(change, unit);
  return label ? `${label} vs previous period` : noEarlier;
}

const performerColumns: Column<AgentFigures>[] = [
  { header: "Agent", cell: (a) => a.name, truncate: true, title: (a) => a.name },
  { header: "Leads", cell: (a) => a.leads, align: "right" },
  { header: "Conversions", cell: (a) => a.sales, align: "right" },
  { header: "Issued", cell: (a) => a.issuedSales, align: "right" },
  { header: "Conversion", cell: (a) => percent(a.conversionRate), align: "right" },
  { header: "Revenue", cell: (a) => formatMoney(a.revenueCents), align: "right" },
];

/**
 * Overview: the four figures, each with its change against the previous period, the sales and
 * revenue told as submitted and issued with the placement rate (issue 26), and the top agents.
 */
export function OverviewTab({ overview }: { overview: ReportOverview }) {
  const { current, changes } = overview;
  return (
    <div className="space-y-5">
      <StatCards
        items={[
          {
            label: "Total Revenue",
            value: (
              <SubmittedIssued
                submitted={formatMoney(current.totalRevenueCents)}
                issued={formatMoney(current.issuedRevenueCents)}
              />
            ),
            caption: changeCaption(changes.totalRevenue, "percent", "No revenue in the previous period"),
          },
          {
            label: "Total Leads",
            value: current.totalLeads,
            caption: changeCaption(changes.totalLeads, "percent", "No leads in the previous period"),
          },
          {
            label: "Total Sales",
            value: <SubmittedIssued submitted={current.totalSales} issued={current.issuedSales} />,
            caption: "Leads of the range now sold",
          },
          {
            label: "Conversion Rate",
            value: percent(current.conversionRate),
            caption: changeCaption(changes.conversionRate, "points", "No leads in the previous period"),
          },
          {
            label: "Placement Rate",
            value: placementLabel(current.placementRate),
            caption: `${current.issuedSales} issued of ${current.decidedSales} decided`,
          },
          {
            label: "Avg. Premium",
            value: formatMoney(current.averagePremiumCents),
            caption: changeCaption(changes.averagePremium, "percent", "No sales in the previous period"),
          },
        ]}
      />
      <Section title="Top Performing Agents">
        <DataTable
          caption="Top Performing Agents"
          columns={performerColumns}
          rows={overview.topPerformers}
          rowKey={(a) => a.agentId ?? "unassigned"}
          empty="No agent has leads in this range."
        />
      </Section>
    </div>
  );
}

const monthColumns = (withLeads: boolean): Column<MonthView>[] => [
  { header: "Month", cell: (m) => m.label, className: "sm:whitespace-nowrap" },
  ...(withLeads ? [{ header: "Leads", cell: (m: MonthView) => m.leads, align: "right" as const }] : []),
  { header: "Sales", cell: (m) => m.sales, align: "right" },
  { header: "Issued", cell: (m) => m.issuedSales, align: "right" },
  ...(withLeads
    ? [{ header: "Conversion", cell: (m: MonthView) => percent(percentOf(m.sales, m.leads)), align: "right" as const }]
    : []),
  { header: "Revenue", cell: (m) => formatMoney(m.revenueCents), align: "right" },
  ...(withLeads
    ? []
    : [
        {
          header: "Issued Revenue",
          cell: (m: MonthView) => formatMoney(m.issuedRevenueCents),
          align: "right" as const,
        },
      ]),
  ...(withLeads
    ? [{ header: "Growth", cell: (m: MonthView) => changeLabel(m.growth) ?? "—", align: "right" as const }]
    : []),
];

/** Performance: leads and sales per month as bars, revenue as the line, and the monthly breakdown with growth. */
export function PerformanceTab({ months, chart }: { months: MonthView[]; chart: BarLineChart<"leads" | "sales"> }) {
  const totals = months.reduce(
    (sum, m) => ({ leads: sum.leads + m.leads, sales: sum.sales + m.sales, cents: sum.cents + m.revenueCents }),
    { leads: 0, sales: 0, cents: 0 },
  );
  const span = months.length === 1 ? months[0]!.label : `${months[0]!.label} to ${months[months.length - 1]!.label}`;
  return (
    <div className="space-y-5">
      <Card className="p-4 sm:p-6">
        <h3 className="font-semibold text-slate-900">Monthly Trend</h3>
        <ChartLegend
          items={[
            { label: "Leads", color: "bg-blue-600" },
            { label: "Sales", color: "bg-green-600" },
            { label: "Revenue (right axis)", color: "bg-amber-600", line: true },
          ]}
        />
        <div className="mt-3">
          <BarLineChartSvg
            chart={chart}
            id="report-trend"
            title={`Leads, sales and revenue per month, ${span}`}
            description={`${totals.leads} leads, ${totals.sales} sales and ${formatMoney(totals.cents)} in monthly premiums. Every month's figures are in the Monthly Breakdown table.`}
            barClass={{ leads: "fill-blue-600", sales: "fill-green-600" }}
            newestInView
          />
        </div>
      </Card>
      <Section title="Monthly Breakdown">
        <DataTable
          caption="Monthly Breakdown"
          columns={monthColumns(true)}
          rows={[...months].reverse()}
          rowKey={(m) => m.month}
          empty="No months in this range."
        />
      </Section>
    </div>
  );
}

const revenueColumns = (header: string): Column<RevenueLine>[] => [
  { header, cell: (r) => r.name, truncate: true, title: (r) => r.name },
  { header: "Sales", cell: (r) => r.sales, align: "right" },
  { header: "Issued", cell: (r) => r.issuedSales, align: "right" },
  { header: "Revenue", cell: (r) => formatMoney(r.revenueCents), align: "right" },
  { header: "Issued Revenue", cell: (r) => formatMoney(r.issuedRevenueCents), align: "right" },
];

/**
 * Revenue: the sales' monthly premiums by carrier, by product and by month, each told as submitted
 * (every sale) and issued (issue 26).
 */
export function RevenueTab({
  byCarrier,
  byProduct,
  byMonth,
}: {
  byCarrier: RevenueLine[];
  byProduct: RevenueLine[];
  byMonth: MonthView[];
}) {
  const total = byCarrier.reduce((sum, r) => sum + r.revenueCents, 0);
  const issued = byCarrier.reduce((sum, r) => sum + r.issuedRevenueCents, 0);
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        Revenue is the monthly premium of each sale: {formatMoney(total)} submitted in this range, {formatMoney(issued)}{" "}
        of it on issued policies.
      </p>
      {/* Side by side only from 1536 px: with the issued columns, two tables at 1280 px cut off their
          last column (found in the layout's screenshots). */}
      <div className="grid gap-5 2xl:grid-cols-2">
        <Section title="Revenue by Carrier">
          <DataTable
            caption="Revenue by Carrier"
            columns={revenueColumns("Carrier")}
            rows={byCarrier}
            rowKey={(r) => r.key}
            empty="No sales in this range."
          />
        </Section>
        <Section title="Revenue by Product">
          <DataTable
            caption="Revenue by Product"
            columns={revenueColumns("Product")}
            rows={byProduct}
            rowKey={(r) => r.key}
            empty="No sales in this range."
          />
        </Section>
      </div>
      <Section title="Revenue by Month">
        <DataTable
          caption="Revenue by Month"
          columns={monthColumns(false)}
          rows={[...byMonth].reverse()}
          rowKey={(m) => m.month}
          empty="No months in this range."
        />
      </Section>
    </div>
  );
}

const agentColumns: Column<AgentFigures>[] = [
  { header: "Agent", cell: (a) => a.name, truncate: true, title: (a) => a.name },
  { header: "Leads", cell: (a) => a.leads, align: "right" },
  { header: "Sales", cell: (a) => a.sales, align: "right" },
  { header: "Issued", cell: (a) => a.issuedSales, align: "right" },
  { header: "Conversion", cell: (a) => percent(a.conversionRate), align: "right" },
  { header: "Revenue", cell: (a) => formatMoney(a.revenueCents), align: "right" },
  { header: "Commission", cell: (a) => formatMoney(a.commissionCents), align: "right" },
  { header: "Issued Commission", cell: (a) => formatMoney(a.issuedCommissionCents), align: "right" },
];

/** Agents: every agent with leads in the range, most revenue first, a page at a time. */
export function AgentsTab({ agents }: { agents: Page<AgentFigures> }) {
  return (
    <div className="space-y-5">
      <Section title={`Agents with leads: ${agents.total}`}>
        <DataTable
          caption="Agent performance"
          columns={agentColumns}
          rows={agents.rows}
          rowKey={(a) => a.agentId ?? "unassigned"}
          empty="No agent has leads in this range."
          dense
        />
      </Section>
      <Pagination page={agents} label="Agent pages" />
    </div>
  );
}
