import { centsAsDollars } from "~/domain/format";
import type { adminReport, AgentFigures, MonthFigures } from "~/services/admin-reports.server";

// GET /api/admin/reports's answer: the service's overview and monthly trend, money in dollars.

const performer = (a: AgentFigures) => ({
  agentId: a.agentId,
  name: a.name,
  leads: a.leads,
  conversions: a.sales,
  revenue: centsAsDollars(a.revenueCents),
  issuedConversions: a.issuedSales,
  issuedRevenue: centsAsDollars(a.issuedRevenueCents),
});

const month = (m: MonthFigures) => ({
  month: m.month,
  leads: m.leads,
  sales: m.sales,
  revenue: centsAsDollars(m.revenueCents),
  issuedSales: m.issuedSales,
  issuedRevenue: centsAsDollars(m.issuedRevenueCents),
  growth: m.growth,
});

/** The overview, the monthly trend and the range of an admin report read with those two parts. */
export function adminReportJson(report: Awaited<ReturnType<typeof adminReport>>) {
  const { current, changes, topPerformers } = report.overview!;
  return {
    overview: {
      totalRevenue: centsAsDollars(current.totalRevenueCents),
      totalLeads: current.totalLeads,
      totalSales: current.totalSales,
      conversionRate: current.conversionRate,
      averagePremium: centsAsDollars(current.averagePremiumCents),
      issuedSales: current.issuedSales,
      issuedRevenue: centsAsDollars(current.issuedRevenueCents),
      decidedSales: current.decidedSales,
      placementRate: current.placementRate,
      changes,
      topPerformers: topPerformers.map(performer),
    },
    performance: { monthlyTrend: report.performance!.monthlyTrend.map(month) },
    range: report.range,
  };
}
