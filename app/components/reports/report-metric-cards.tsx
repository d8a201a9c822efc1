import { StatCards } from "~/components/ui/card";
import { SubmittedIssued } from "~/components/ui/submitted-issued";
import { formatDollars } from "~/domain/format";
import { placementLabel } from "~/domain/placement";
import type { AgentReport } from "~/services/reports.server";

/**
 * The agent's report figures (part 2, Report): leads, sales, conversion, revenue, commission and
 * the average premium; sales, revenue and commission told as submitted and issued, with the
 * placement rate (issue 26).
 */
export function ReportMetricCards({ metrics }: { metrics: AgentReport["metrics"] }) {
  return (
    <StatCards
      items={[
        { label: "Total Leads", value: metrics.totalLeads },
        {
          label: "Total Sales",
          value: <SubmittedIssued submitted={metrics.totalSales} issued={metrics.issuedSales} />,
        },
        { label: "Conversion Rate", value: `${metrics.conversionRate.toFixed(1)}%`, caption: "Sales / leads" },
        {
          label: "Placement Rate",
          value: placementLabel(metrics.placementRate),
          caption: `${metrics.issuedSales} issued of ${metrics.decidedSales} decided`,
        },
        {
          label: "Total Revenue",
          value: (
            <SubmittedIssued
              submitted={formatDollars(metrics.totalRevenue)}
              issued={formatDollars(metrics.issuedRevenue)}
            />
          ),
          caption: "Monthly premium of sales",
        },
        {
          label: "Total Commission",
          value: (
            <SubmittedIssued
              submitted={formatDollars(metrics.totalCommission)}
              issued={formatDollars(metrics.issuedCommission)}
            />
          ),
          caption: "First-year, cancelled left out",
        },
        { label: "Average Premium", value: formatDollars(metrics.averagePremium), caption: "Monthly, per sale" },
      ]}
    />
  );
}
