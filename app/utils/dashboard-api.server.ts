import { centsAsDollars } from "~/domain/format";
import type { getAdminDashboard, getAgentDashboard, RecentLead } from "~/services/dashboard.server";
import { exposureBreakdownJson, exposureTotalJson } from "~/utils/exposure-api.server";

// What both dashboards' /api routes send of the service's figures: the page works in cents, the
// API in dollars (as every other /api answer), with the agent named as part 1's Lead does.

/** A row of recentApplications: amounts in dollars and `agent: { id, user: { firstName, lastName } }`. */
export function recentLeadJson({ agent, coverageAmountCents, monthlyPremiumCents, ...lead }: RecentLead) {
  return {
    ...lead,
    coverageAmount: centsAsDollars(coverageAmountCents),
    monthlyPremium: centsAsDollars(monthlyPremiumCents),
    agent: agent ? { id: agent.id, user: { firstName: agent.firstName, lastName: agent.lastName } } : null,
  };
}

/** GET /api/agent/dashboard's answer: the service's figures, money in dollars. */
export function agentDashboardJson(dashboard: Awaited<ReturnType<typeof getAgentDashboard>>) {
  const { commissionThisMonthCents, issuedCommissionThisMonthCents, ...stats } = dashboard.stats;
  return {
    stats: {
      ...stats,
      commissionThisMonth: centsAsDollars(commissionThisMonthCents),
      issuedCommissionThisMonth: centsAsDollars(issuedCommissionThisMonthCents),
    },
    recentApplications: dashboard.recentApplications.map(recentLeadJson),
    callsLeft: dashboard.callsLeft,
    exposure: exposureTotalJson(dashboard.exposure),
  };
}

/** GET /api/admin/dashboard's answer: the service's figures, money in dollars. */
export function adminDashboardJson(dashboard: Awaited<ReturnType<typeof getAdminDashboard>>) {
  const { revenueThisPeriodCents, issuedRevenueThisPeriodCents, ...stats } = dashboard.stats;
  return {
    // revenueThisMonth is the spec's name; it is the chosen period's commission (decision 003).
    stats: {
      ...stats,
      revenueThisMonth: centsAsDollars(revenueThisPeriodCents),
      issuedRevenueThisMonth: centsAsDollars(issuedRevenueThisPeriodCents),
    },
    recentApplications: dashboard.recentApplications.map(recentLeadJson),
    salesPerformance: {
      range: dashboard.salesPerformance.range,
      days: dashboard.salesPerformance.days.map((d) => ({
        date: d.date,
        sales: d.sales,
        revenue: centsAsDollars(d.revenueCents),
      })),
    },
    range: dashboard.range,
    exposure: exposureBreakdownJson(dashboard.exposure),
  };
}
