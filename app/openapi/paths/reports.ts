import { activityApiQuery } from "~/domain/schemas/activity";
import { adminReportFiltersSchema } from "~/domain/schemas/admin-reports";
import { adminDashboardQuery, agentDashboardQuery } from "~/domain/schemas/dashboard";
import { leadSourceReportApiQuery } from "~/domain/schemas/lead-source-report";
import { adminPersistencyQuery, agentPersistencyQuery } from "~/domain/schemas/persistency";
import { reportApiQuery } from "~/domain/schemas/reports";
import { CHART_RANGES } from "~/domain/sales-chart";
import type { AgentReport } from "~/services/reports.server";
import type { adminReportJson } from "~/utils/admin-reports-api.server";
import type { adminDashboardJson, agentDashboardJson, recentLeadJson } from "~/utils/dashboard-api.server";
import {
  agentRef,
  day,
  dollars,
  ExposureBreakdown,
  ExposureTotal,
  id,
  instant,
  objectWith,
  placementRate,
  usd,
} from "../answers";
import { z, type Operation } from "../kit";

const dashboards = "Dashboards";
const reports = "Reports";

/** A dashboard's newest lead, with its agent and primary phone (the first one added if none is). */
const RecentLead = z
  .object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    status: z.string(),
    coverageAmount: dollars,
    monthlyPremium: dollars,
    createdAt: instant,
    primaryPhone: z.string().nullable(),
    agent: agentRef.nullable(),
  })
  .openapi("RecentLead") satisfies z.ZodType<ReturnType<typeof recentLeadJson>>;

/** Of the converted (submitted) sales: issued, decided and the placement rate (decision 074). */
const placement = {
  issued: z.number().int(),
  decided: z.number().int(),
  placementRate,
};

const AgentDashboard = z
  .object({
    stats: z.object({
      totalLeads: z.number().int(),
      pending: z.number().int(),
      converted: z.number().int(),
      conversionRate: z.number().describe("Percent, one decimal."),
      ...placement,
      callbacks: z.number().int(),
      callbacksDueToday: z.number().int(),
      commissionThisMonth: z.number().describe("Dollars: the period's commission."),
      issuedCommissionThisMonth: z.number().describe("Dollars: of it, on issued policies."),
    }),
    recentApplications: z.array(RecentLead),
    callsLeft: z.number().int(),
    exposure: ExposureTotal,
  })
  .openapi("AgentDashboard") satisfies z.ZodType<ReturnType<typeof agentDashboardJson>>;

const AdminDashboard = z
  .object({
    stats: z.object({
      activeAgents: z.number().int(),
      totalLeads: z.number().int(),
      converted: z.number().int(),
      ...placement,
      pending: z.number().int(),
      callbacks: z.number().int(),
      conversionRate: z.number().describe("Percent, one decimal."),
      unassignedLeads: z.number().int().describe("Leads no eligible agent could take, whenever they came."),
      revenueThisMonth: z.number().describe("Dollars: the chosen period's commission."),
      issuedRevenueThisMonth: z.number().describe("Dollars: of it, on issued policies."),
    }),
    recentApplications: z.array(RecentLead),
    salesPerformance: z.object({
      range: z.enum(CHART_RANGES),
      days: z.array(z.object({ date: day, sales: z.number().int(), revenue: usd })),
    }),
    range: z.object({ start: instant.nullable(), end: instant.nullable() }),
    exposure: ExposureBreakdown,
  })
  .openapi("AdminDashboard") satisfies z.ZodType<ReturnType<typeof adminDashboardJson>>;

/** The agent's report: one page of the leads the filters select, and the figures of all of them. */
const AgentReportAnswer = z
  .object({
    applications: z.array(
      z.object({
        id,
        createdAt: instant,
        firstName: z.string(),
        lastName: z.string(),
        status: z.string(),
        carrierId: id.nullable(),
        carrier: z.object({ id, name: z.string() }).nullable(),
        coverageAmount: dollars,
        monthlyPremium: dollars,
      }),
    ),
    metrics: z.object({
      totalLeads: z.number().int(),
      totalSales: z.number().int(),
      conversionRate: z.number().describe("Percent, one decimal."),
      totalRevenue: z.number().describe("Dollars: the sales' monthly premiums."),
      totalCommission: usd,
      averagePremium: z.number().describe("Dollars: the sales' average monthly premium, 0 with none."),
      issuedSales: z.number().int(),
      issuedRevenue: usd,
      issuedCommission: usd,
      decidedSales: z.number().int(),
      placementRate,
    }),
  })
  .openapi("AgentReport") satisfies z.ZodType<{
  applications: AgentReport["applications"]["rows"];
  metrics: AgentReport["metrics"];
}>;

const percentChange = z
  .number()
  .nullable()
  .describe("Percent against the previous period; null without an earlier figure.");

/** The agency's report: the overview against the previous period, the monthly trend, the range. */
const AdminReportAnswer = z
  .object({
    overview: z.object({
      totalRevenue: z.number().describe("Dollars: the sales' monthly premiums."),
      totalLeads: z.number().int(),
      totalSales: z.number().int(),
      conversionRate: z.number().describe("Percent, one decimal."),
      averagePremium: usd,
      issuedSales: z.number().int(),
      issuedRevenue: usd,
      decidedSales: z.number().int(),
      placementRate,
      changes: z.object({
        totalRevenue: percentChange,
        totalLeads: percentChange,
        conversionRate: percentChange.describe("Points against the previous period; null without an earlier figure."),
        averagePremium: percentChange,
      }),
      topPerformers: z.array(
        z.object({
          agentId: id.nullable().describe("Null for the leads no agent holds."),
          name: z.string(),
          leads: z.number().int(),
          conversions: z.number().int(),
          revenue: usd,
          issuedConversions: z.number().int(),
          issuedRevenue: usd,
        }),
      ),
    }),
    performance: z.object({
      monthlyTrend: z.array(
        z.object({
          month: z.string().regex(/^\d{4}-\d{2}$/),
          leads: z.number().int(),
          sales: z.number().int(),
          revenue: usd,
          issuedSales: z.number().int(),
          issuedRevenue: usd,
          growth: percentChange.describe(
            "The revenue's change against the month before, percent; null for the first month or after a month without revenue.",
          ),
        }),
      ),
    }),
    range: z.object({ dateFrom: day, dateTo: day, previousFrom: day, previousTo: day, days: z.number().int() }),
  })
  .openapi("AdminReport") satisfies z.ZodType<ReturnType<typeof adminReportJson>>;

/** Persistency (decision 077): each group's policies in force 3, 6 and 9 months after issue. */
const PersistencyGroup = z.object({
  key: z.string().nullable(),
  name: z.string(),
  policies: z.number().int(),
  months: z.array(
    z.object({
      month: z.number().int(),
      measurable: z.number().int(),
      inForce: z.number().int(),
      rate: z.number().nullable(),
    }),
  ),
});
const Persistency = objectWith({
  total: objectWith({}),
  byAgent: z.array(PersistencyGroup).nullable(),
  byCarrier: z.array(PersistencyGroup),
  byProduct: z.array(PersistencyGroup),
  bySource: z.array(PersistencyGroup).nullable(),
}).openapi("Persistency");

/** Cost per sale by lead source (decision 065). */
const LeadSourceReport = objectWith({
  sources: z.array(objectWith({ id: id.nullable(), name: z.string() })),
  total: objectWith({}),
}).openapi("LeadSourceReport");

export const reportPaths: Operation[] = [
  {
    method: "get",
    path: "/api/agent/dashboard",
    tag: dashboards,
    summary: "The agent dashboard's figures",
    description: "All time when the period is left out, in the agent's time zone; money in dollars.",
    access: "agent",
    query: agentDashboardQuery,
    answers: { description: "The figures.", body: AgentDashboard },
  },
  {
    method: "get",
    path: "/api/admin/dashboard",
    tag: dashboards,
    summary: "The admin dashboard's figures",
    description: "Today when the period is left out, in `timezone` (the admin's own when left out); money in dollars.",
    access: "admin",
    query: adminDashboardQuery("UTC"),
    answers: { description: "The figures.", body: AdminDashboard },
  },
  {
    method: "get",
    path: "/api/agent/reports",
    tag: reports,
    summary: "The agent's report",
    description:
      "The metrics cover every lead the filters select; `applications` is one page of them (total in X-Total-Count).",
    access: "agent",
    query: reportApiQuery,
    answers: {
      description: "The report.",
      body: AgentReportAnswer,
    },
  },
  {
    method: "get",
    path: "/api/admin/reports",
    tag: reports,
    summary: "The agency's report",
    description: "The last twelve months of the admin's calendar without dates (decision 038).",
    access: "admin",
    query: adminReportFiltersSchema,
    answers: {
      description: "The overview, the monthly trend and the range.",
      body: AdminReportAnswer,
    },
  },
  {
    method: "get",
    path: "/api/agent/reports/lead-sources",
    tag: reports,
    summary: "The agent's leads by lead source",
    access: "agent",
    query: leadSourceReportApiQuery,
    answers: { description: "The report.", body: LeadSourceReport },
  },
  {
    method: "get",
    path: "/api/admin/reports/lead-sources",
    tag: reports,
    summary: "Cost per sale by lead source",
    access: "admin",
    query: leadSourceReportApiQuery,
    answers: { description: "The report.", body: LeadSourceReport },
  },
  {
    method: "get",
    path: "/api/agent/reports/persistency",
    tag: reports,
    summary: "The agent's policies in force 3, 6 and 9 months after issue",
    access: "agent",
    query: agentPersistencyQuery,
    answers: { description: "The report, `byAgent: null`.", body: Persistency },
  },
  {
    method: "get",
    path: "/api/admin/reports/persistency",
    tag: reports,
    summary: "Policies in force 3, 6 and 9 months after issue",
    access: "admin",
    query: adminPersistencyQuery,
    answers: { description: "The report.", body: Persistency },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/admin/activity",
    tag: reports,
    summary: "The audit trail",
    description: "Newest first; days are the admin's calendar days, both inclusive.",
    access: "admin",
    query: activityApiQuery,
    answers: {
      description: "One page of entries.",
      list: objectWith({ id, action: z.string(), createdAt: instant }),
    },
  },
];
