import { activityApiQuery } from "~/domain/schemas/activity";
import { adminReportFiltersSchema } from "~/domain/schemas/admin-reports";
import { adminDashboardQuery, agentDashboardQuery } from "~/domain/schemas/dashboard";
import { leadSourceReportApiQuery } from "~/domain/schemas/lead-source-report";
import { adminPersistencyQuery, agentPersistencyQuery } from "~/domain/schemas/persistency";
import { reportApiQuery } from "~/domain/schemas/reports";
import { id, instant, objectWith } from "../answers";
import { z, type Operation } from "../kit";

const dashboards = "Dashboards";
const reports = "Reports";

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
    answers: {
      description: "The figures.",
      body: objectWith({
        stats: objectWith({}),
        recentApplications: z.array(objectWith({ id })),
        callsLeft: z.number().int(),
      }),
    },
  },
  {
    method: "get",
    path: "/api/admin/dashboard",
    tag: dashboards,
    summary: "The admin dashboard's figures",
    description: "Today when the period is left out, in `timezone` (the admin's own when left out); money in dollars.",
    access: "admin",
    query: adminDashboardQuery("UTC"),
    answers: {
      description: "The figures.",
      body: objectWith({ stats: objectWith({}), recentApplications: z.array(objectWith({ id })) }),
    },
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
      body: objectWith({ applications: z.array(objectWith({ id })), metrics: objectWith({}) }),
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
      body: objectWith({
        overview: objectWith({ totalLeads: z.number().int(), totalSales: z.number().int() }),
        performance: objectWith({ monthlyTrend: z.array(objectWith({ month: z.string() })) }),
        range: objectWith({}),
      }),
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
