import { z } from "zod";
import { conversionRate, growthPercent, percentOf } from "~/domain/commission";
import {
  ADMIN_REPORT_CSV_COLUMNS,
  ADMIN_REPORT_MESSAGES,
  ADMIN_REPORT_TAB_LABELS,
  DEFAULT_REPORT_MONTHS,
  FIRST_REPORT_DAY,
  MAX_REPORT_MONTHS,
  TOP_PERFORMERS,
  adminReportFileName,
  type AdminReportTab,
} from "~/domain/admin-reports";
import { csvLine, type CsvValue } from "~/domain/csv";
import { dollarsFromCents, formatDate, fullName } from "~/domain/format";
import { placementRate } from "~/domain/placement";
import { addDaysIso, isoDate, parseIsoDate, todayIn, zonedMidnight } from "~/domain/periods";
import type { AdminReportFilters } from "~/domain/schemas/admin-reports";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { badRequest } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import { REPORT_EXPORTED } from "./reports.server";
import type { SessionUser } from "./sessions.server";
import { bucketCase, column, selectOne, selectRows, sql, type Sql } from "./sql/reads.server";
import { CUBE, NONE, hourOf, summaryRows } from "./sql/report-summaries.server";

// The admin's Reports & Analytics (/admin/reports, its CSV export, GET /api/admin/reports): the
// agency's leads created between two days of the admin's calendar, of an agent, a carrier and a
// status, as figures (Overview), a monthly trend (Performance), revenue by carrier, product and
// month (Revenue) and per-agent figures (Agents). Every figure is one GROUP BY or one pass of
// conditional aggregates in SQL; a tab reads only what it shows. What each figure means, the
// default range and the previous period are docs/decisions/038; they follow the agent's report
// (decision 028): a lead counts on the day it was created, a sale is a lead whose status is now
// sale, revenue is the sales' monthly premiums.

/** The days a report covers, both included, and the period of the same length just before. */
export type ReportRange = {
  dateFrom: string;
  dateTo: string;
  previousFrom: string;
  previousTo: string;
  days: number;
};

export type Scope = {
  range: ReportRange;
  /** Instants: the previous period's start, the report's start and its end (exclusive). */
  previousStart: Date;
  start: Date;
  end: Date;
  /** The report's calendar months ("2026-03"), each with the first instant of it inside the range. */
  months: { key: string; start: Date }[];
  agentId?: string;
  carrierId?: string;
  status: AdminReportFilters["status"];
};

const monthIndex = (iso: string) => {
  const { year, month } = parseIsoDate(iso)!;
  return year * 12 + month - 1;
};

const daysBetween = (from: string, to: string) => {
  const a = parseIsoDate(from)!;
  const b = parseIsoDate(to)!;
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
};

/**
 * The filters as instants of the admin's calendar. To Date defaults to today (or to From Date if
 * that is later); From Date to the first day of the month DEFAULT_REPORT_MONTHS - 1 months before
 * To's, so a bare report is the last twelve calendar months. The agent and the carrier must exist
 * (a 400 at their field otherwise), and the range may span at most MAX_REPORT_MONTHS months.
 */
export async function reportScope(actor: SessionUser, filters: AdminReportFilters, now: Date): Promise<Scope> {
  const today = todayIn(actor.timezone, now);
  const dateTo = filters.dateTo ?? (filters.dateFrom && filters.dateFrom > today ? filters.dateFrom : today);
  let dateFrom = filters.dateFrom;
  if (!dateFrom) {
    const to = parseIsoDate(dateTo)!;
    const first = isoDate(to.year, to.month - (DEFAULT_REPORT_MONTHS - 1), 1);
    dateFrom = first < FIRST_REPORT_DAY ? FIRST_REPORT_DAY : first;
  }
  const monthCount = monthIndex(dateTo) - monthIndex(dateFrom) + 1;
  if (monthCount > MAX_REPORT_MONTHS) {
    throw badRequest(ADMIN_REPORT_MESSAGES.tooLong, { dateFrom: [ADMIN_REPORT_MESSAGES.tooLong] });
  }
  const Found = z.object({ id: column.text });
  const [agent, carrier] = await Promise.all([
    filters.agentId && isUuid(filters.agentId)
      ? selectOne(sql`SELECT id FROM agents WHERE id = ${filters.agentId}`, Found)
      : null,
    filters.carrierId && isUuid(filters.carrierId)
      ? selectOne(sql`SELECT id FROM carriers WHERE id = ${filters.carrierId}`, Found)
      : null,
  ]);
  const fieldErrors: Record<string, string[]> = {};
  if (filters.agentId && !agent) fieldErrors.agentId = [ADMIN_REPORT_MESSAGES.unknownAgent];
  if (filters.carrierId && !carrier) fieldErrors.carrierId = [ADMIN_REPORT_MESSAGES.unknownCarrier];
  if (Object.keys(fieldErrors).length > 0) {
    throw badRequest(Object.values(fieldErrors)[0]![0]!, fieldErrors);
  }

  const days = daysBetween(dateFrom, dateTo) + 1;
  const previousFrom = addDaysIso(dateFrom, -days);
  const midnight = (iso: string) => {
    const { year, month, day } = parseIsoDate(iso)!;
    return zonedMidnight(year, month, day, actor.timezone);
  };
  const start = midnight(dateFrom);
  const first = parseIsoDate(dateFrom)!;
  const months = Array.from({ length: monthCount }, (_, i) => {
    const key = isoDate(first.year, first.month + i, 1).slice(0, 7);
    return { key, start: i === 0 ? start : midnight(`${key}-01`) };
  });
  return {
    range: { dateFrom, dateTo, previousFrom, previousTo: addDaysIso(dateFrom, -1), days },
    previousStart: midnight(previousFrom),
    start,
    end: midnight(addDaysIso(dateTo, 1)),
    months,
    agentId: filters.agentId,
    carrierId: filters.carrierId,
    status: filters.status,
  };
}

/**
 * The summary rows (a FROM source named s, migration 024) of the leads a report counts: created in
 * the report's range (or in it and the previous period, or in each of its months), of the chosen
 * agent, carrier and status, and meeting `more`. `cube` has what the statement groups by; a filter
 * it does not keep (agent, carrier, or a status when `cube` keeps none) sends the statement to the
 * full cube, through its index by agent or by carrier or (by status alone) its primary key.
 */
function summariesFrom(
  scope: Scope,
  cube: number,
  periods: "report" | "both" | "months" = "report",
  more: Sql | false = false,
): Sql {
  const keepsStatus = cube === CUBE.status || cube === CUBE.full;
  const full = Boolean(scope.agentId || scope.carrierId || (scope.status !== "all" && !keepsStatus));
  // Every bucket read lies inside one period: the periods' ends are where a figure is split.
  const ends =
    periods === "report"
      ? [scope.start, scope.end]
      : periods === "both"
        ? [scope.previousStart, scope.start, scope.end]
        : [...scope.months.map((m) => m.start), scope.end];
  return summaryRows(
    full ? CUBE.full : cube,
    ends.slice(1).map((end, i) => ({ start: ends[i]!, end })),
    [
      scope.agentId && sql`s.agent_id = ${scope.agentId}`,
      scope.carrierId && sql`s.carrier_id = ${scope.carrierId}`,
      scope.status !== "all" && sql`s.status = ${scope.status}`,
      more,
    ],
  );
}

// ---------------------------------------------------------------------------------------------
// Overview

type OverviewFigures = {
  totalRevenueCents: number;
  totalLeads: number;
  totalSales: number;
  conversionRate: number;
  averagePremiumCents: number;
  /** Of the sales (the submitted), those whose policy is issued and their revenue (issue 26). */
  issuedSales: number;
  issuedRevenueCents: number;
  /** The sales underwriting has decided; the placement rate is issued / decided (null when none is). */
  decidedSales: number;
  placementRate: number | null;
};

/** A period's sums as the overview reads them from the summaries. */
type OverviewSums = {
  leads: number;
  sales: number;
  revenueCents: number;
  issuedSales: number;
  issuedRevenueCents: number;
  decidedSales: number;
};

export type ReportOverview = {
  current: OverviewFigures;
  previous: OverviewFigures;
  /** Percent changes against the previous period (the conversion rate's in points); null without an earlier figure. */
  changes: {
    totalRevenue: number | null;
    totalLeads: number | null;
    conversionRate: number | null;
    averagePremium: number | null;
  };
  topPerformers: AgentFigures[];
};

function figures(sums: OverviewSums): OverviewFigures {
  const { leads, sales, revenueCents } = sums;
  return {
    totalRevenueCents: revenueCents,
    totalLeads: leads,
    totalSales: sales,
    conversionRate: conversionRate(sales, leads),
    averagePremiumCents: sales === 0 ? 0 : Math.round(revenueCents / sales),
    issuedSales: sums.issuedSales,
    issuedRevenueCents: sums.issuedRevenueCents,
    decidedSales: sums.decidedSales,
    placementRate: placementRate(sums.issuedSales, sums.decidedSales),
  };
}

/**
 * The four figures of the report's period and of the one before it, in one pass over both periods'
 * leads: conditional COUNTs and SUMs split each row by which side of the report's start it falls.
 */
async function overviewFigures(scope: Scope) {
  const start = hourOf(scope.start);
  const row = await selectOne(
    sql`SELECT
       SUM(CASE WHEN s.bucket >= ${start} THEN s.leads END) AS "leads",
       SUM(CASE WHEN s.bucket >= ${start} THEN s.sales END) AS "sales",
       SUM(CASE WHEN s.bucket >= ${start} THEN s.premium_cents END) AS "revenueCents",
       SUM(CASE WHEN s.bucket >= ${start} THEN s.issued_sales END) AS "issuedSales",
       SUM(CASE WHEN s.bucket >= ${start} THEN s.issued_premium_cents END) AS "issuedRevenueCents",
       SUM(CASE WHEN s.bucket >= ${start} THEN s.decided_sales END) AS "decidedSales",
       SUM(CASE WHEN s.bucket < ${start} THEN s.leads END) AS "previousLeads",
       SUM(CASE WHEN s.bucket < ${start} THEN s.sales END) AS "previousSales",
       SUM(CASE WHEN s.bucket < ${start} THEN s.premium_cents END) AS "previousRevenueCents",
       SUM(CASE WHEN s.bucket < ${start} THEN s.issued_sales END) AS "previousIssuedSales",
       SUM(CASE WHEN s.bucket < ${start} THEN s.issued_premium_cents END) AS "previousIssuedRevenueCents",
       SUM(CASE WHEN s.bucket < ${start} THEN s.decided_sales END) AS "previousDecidedSales"
     FROM ${summariesFrom(scope, CUBE.status, "both")}`,
    z.object({
      leads: column.sum,
      sales: column.sum,
      revenueCents: column.sum,
      issuedSales: column.sum,
      issuedRevenueCents: column.sum,
      decidedSales: column.sum,
      previousLeads: column.sum,
      previousSales: column.sum,
      previousRevenueCents: column.sum,
      previousIssuedSales: column.sum,
      previousIssuedRevenueCents: column.sum,
      previousDecidedSales: column.sum,
    }),
  );
  const current = figures({
    leads: row?.leads ?? 0,
    sales: row?.sales ?? 0,
    revenueCents: row?.revenueCents ?? 0,
    issuedSales: row?.issuedSales ?? 0,
    issuedRevenueCents: row?.issuedRevenueCents ?? 0,
    decidedSales: row?.decidedSales ?? 0,
  });
  const previous = figures({
    leads: row?.previousLeads ?? 0,
    sales: row?.previousSales ?? 0,
    revenueCents: row?.previousRevenueCents ?? 0,
    issuedSales: row?.previousIssuedSales ?? 0,
    issuedRevenueCents: row?.previousIssuedRevenueCents ?? 0,
    decidedSales: row?.previousDecidedSales ?? 0,
  });
  return {
    current,
    previous,
    changes: {
      totalRevenue: growthPercent(current.totalRevenueCents, previous.totalRevenueCents),
      totalLeads: growthPercent(current.totalLeads, previous.totalLeads),
      conversionRate:
        previous.totalLeads === 0 ? null : Math.round((current.conversionRate - previous.conversionRate) * 10) / 10,
      averagePremium:
        previous.totalSales === 0 ? null : growthPercent(current.averagePremiumCents, previous.averagePremiumCents),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Agents (and Top Performing Agents)

export type AgentFigures = {
  /** null for the leads no agent holds. */
  agentId: string | null;
  name: string;
  leads: number;
  sales: number;
  /** Per-agent conversion: sales / leads, 1 decimal (part 1, section 9). */
  conversionRate: number;
  revenueCents: number;
  /** First-year commissions of the sales, cancelled ones left out (decision 028). */
  commissionCents: number;
  /** Of the sales, those whose policy is issued, their revenue and commission (issue 26). */
  issuedSales: number;
  issuedRevenueCents: number;
  issuedCommissionCents: number;
};

/** @internal */
export const UNASSIGNED_AGENT = "Unassigned";

/**
 * The report's leads per agent, most revenue first (then sales, then leads), one page of them and
 * how many agents there are (a window count over the groups, in the same statement). The leads are
 * grouped first and only the page's agents are joined to their names.
 */
async function agentFigures(
  scope: Scope,
  paging: { limit: number; offset: number },
  assignedOnly = false,
): Promise<{ rows: AgentFigures[]; total: number }> {
  const rows = await selectRows(
    sql`SELECT s.agent_id AS "agentId", u.first_name AS "firstName", u.last_name AS "lastName", s.leads AS "leads",
       s.sales AS "sales", s.revenue_cents AS "revenueCents", s.commission_cents AS "commissionCents",
       s.issued_sales AS "issuedSales", s.issued_revenue_cents AS "issuedRevenueCents",
       s.issued_commission_cents AS "issuedCommissionCents", COUNT(*) OVER () AS "total"
     FROM (
       SELECT NULLIF(s.agent_id, ${NONE}) AS agent_id, SUM(s.leads) AS leads, SUM(s.sales) AS sales,
         SUM(s.premium_cents) AS revenue_cents, SUM(s.commission_cents) AS commission_cents,
         SUM(s.issued_sales) AS issued_sales, SUM(s.issued_premium_cents) AS issued_revenue_cents,
         SUM(s.issued_commission_cents) AS issued_commission_cents
       FROM ${summariesFrom(scope, CUBE.agent, "report", assignedOnly && sql`s.agent_id <> ${NONE}`)}
       GROUP BY s.agent_id HAVING SUM(s.leads) > 0
     ) s
     LEFT JOIN agents g ON g.id = s.agent_id
     LEFT JOIN users u ON u.id = g.user_id
     ORDER BY s.revenue_cents DESC, s.sales DESC, s.leads DESC, u.last_name, u.first_name, s.agent_id
     LIMIT ${paging.limit} OFFSET ${paging.offset}`,
    z.object({
      agentId: column.text.nullable(),
      firstName: column.text.nullable(),
      lastName: column.text.nullable(),
      leads: column.integer,
      sales: column.integer,
      revenueCents: column.cents,
      commissionCents: column.cents,
      issuedSales: column.integer,
      issuedRevenueCents: column.cents,
      issuedCommissionCents: column.cents,
      total: column.integer,
    }),
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((row) => ({
      agentId: row.agentId,
      name: row.agentId ? fullName(row) : UNASSIGNED_AGENT,
      leads: row.leads,
      sales: row.sales,
      conversionRate: percentOf(row.sales, row.leads),
      revenueCents: row.revenueCents,
      commissionCents: row.commissionCents,
      issuedSales: row.issuedSales,
      issuedRevenueCents: row.issuedRevenueCents,
      issuedCommissionCents: row.issuedCommissionCents,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Performance (monthly trend) and Revenue

export type MonthFigures = {
  /** "2026-03", a month of the admin's calendar (the first and last may be partly in the range). */
  month: string;
  leads: number;
  sales: number;
  revenueCents: number;
  /** Of the sales, those whose policy is issued and their revenue (issue 26). */
  issuedSales: number;
  issuedRevenueCents: number;
  /** Revenue change against the month before, 1 decimal; null for the first month or after a month without revenue. */
  growth: number | null;
};

/**
 * The report's leads per month of the admin's calendar, every month of the range (zeros where
 * nothing happened): one GROUP BY, each row put in its month by comparing created_at with the
 * month starts (SQLite knows no time zones), as the dashboard's chart finds its day.
 */
async function monthlyTrend(scope: Scope): Promise<MonthFigures[]> {
  const bounds = [...scope.months.map((m) => hourOf(m.start)), hourOf(scope.end)];
  const rows = await selectRows(
    sql`SELECT ${bucketCase(sql`s.bucket`, bounds)} AS "bucket", SUM(s.leads) AS "leads",
       SUM(s.sales) AS "sales", SUM(s.premium_cents) AS "revenueCents", SUM(s.issued_sales) AS "issuedSales",
       SUM(s.issued_premium_cents) AS "issuedRevenueCents"
     FROM ${summariesFrom(scope, CUBE.status, "months")} GROUP BY 1`,
    z.object({
      bucket: column.integer,
      leads: column.integer,
      sales: column.integer,
      revenueCents: column.sum,
      issuedSales: column.sum,
      issuedRevenueCents: column.sum,
    }),
  );
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  let before: number | null = null;
  return scope.months.map((m, i) => {
    const row = byBucket.get(i);
    const revenueCents = row?.revenueCents ?? 0;
    const growth = before === null ? null : growthPercent(revenueCents, before);
    before = revenueCents;
    return {
      month: m.key,
      leads: row?.leads ?? 0,
      sales: row?.sales ?? 0,
      revenueCents,
      issuedSales: row?.issuedSales ?? 0,
      issuedRevenueCents: row?.issuedRevenueCents ?? 0,
      growth,
    };
  });
}

export type RevenueLine = {
  key: string;
  name: string;
  sales: number;
  revenueCents: number;
  /** Of the sales, those whose policy is issued and their revenue (issue 26). */
  issuedSales: number;
  issuedRevenueCents: number;
};

type ReportRevenue = { byCarrier: RevenueLine[]; byProduct: RevenueLine[]; byMonth: MonthFigures[] };

/**
 * The report's sales by carrier and by product (as sold, with its carrier), most revenue first:
 * one statement each, the sales grouped first and the groups then named.
 */
async function revenueBreakdown(scope: Scope): Promise<Omit<ReportRevenue, "byMonth">> {
  // Only sales have revenue: a status filter other than sale leaves none, and sale every one.
  if (scope.status !== "all" && scope.status !== "sale") return { byCarrier: [], byProduct: [] };
  if (scope.status === "sale") scope = { ...scope, status: "all" };
  const Row = z.object({
    carrierId: column.text.nullable(),
    carrierName: column.text.nullable(),
    product: column.text.nullable(),
    sales: column.integer,
    revenueCents: column.cents,
    issuedSales: column.integer,
    issuedRevenueCents: column.cents,
  });
  // Grouped by carrier alone (product NULL), or by carrier and the product as sold.
  const grouped = (product: Sql | null) =>
    selectRows(
      sql`SELECT s.carrier_id AS "carrierId", c.name AS "carrierName", s.product AS "product",
         s.sales AS "sales", s.revenue_cents AS "revenueCents", s.issued_sales AS "issuedSales",
         s.issued_revenue_cents AS "issuedRevenueCents"
       FROM (
         SELECT NULLIF(s.carrier_id, ${NONE}) AS carrier_id, ${product ?? sql`NULL`} AS product, SUM(s.sales) AS sales,
           SUM(s.premium_cents) AS revenue_cents, SUM(s.issued_sales) AS issued_sales,
           SUM(s.issued_premium_cents) AS issued_revenue_cents
         FROM ${summariesFrom(scope, CUBE.carrierProduct)}
         GROUP BY s.carrier_id${product ? sql`, ${product}` : sql``} HAVING SUM(s.sales) > 0
       ) s LEFT JOIN carriers c ON c.id = s.carrier_id
       ORDER BY s.revenue_cents DESC, s.sales DESC, c.name${product ? sql`, s.product` : sql``}`,
      Row,
    );
  const [carriers, products] = await Promise.all([grouped(null), grouped(sql`NULLIF(s.product, '')`)]);
  const carrierName = (row: z.output<typeof Row>) => row.carrierName ?? "No carrier";
  return {
    byCarrier: carriers.map((row) => ({
      key: row.carrierId ?? "none",
      name: carrierName(row),
      sales: row.sales,
      revenueCents: row.revenueCents,
      issuedSales: row.issuedSales,
      issuedRevenueCents: row.issuedRevenueCents,
    })),
    byProduct: products.map((row) => ({
      key: `${row.carrierId ?? "none"}:${row.product ?? ""}`,
      name: `${row.product ?? "No product recorded"} (${carrierName(row)})`,
      sales: row.sales,
      revenueCents: row.revenueCents,
      issuedSales: row.issuedSales,
      issuedRevenueCents: row.issuedRevenueCents,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The report

export type AdminReport = {
  range: ReportRange;
  overview?: ReportOverview;
  performance?: { monthlyTrend: MonthFigures[] };
  revenue?: ReportRevenue;
  agents?: Page<AgentFigures>;
};

export type AdminReportPart = "overview" | "performance" | "revenue" | "agents";

/**
 * /admin/reports (one tab at a time) and GET /api/admin/reports (overview and performance): the
 * parts asked for, each from its own few statements, run together. Only an admin has it (403
 * otherwise); an unknown agent or carrier, or a range over ten years, is a 400 at its field.
 */
export async function adminReport(
  actor: SessionUser,
  filters: AdminReportFilters,
  options: { parts: readonly AdminReportPart[]; agentsPage?: { page: number; pageSize: number } },
  now = new Date(),
): Promise<AdminReport> {
  assertAdmin(actor);
  const scope = await reportScope(actor, filters, now);
  const wants = (part: AdminReportPart) => options.parts.includes(part);
  const paging = options.agentsPage ?? { page: 1, pageSize: 25 };
  const [overview, top, trend, breakdown, agents] = await Promise.all([
    wants("overview") ? overviewFigures(scope) : null,
    wants("overview") ? agentFigures(scope, { limit: TOP_PERFORMERS, offset: 0 }, true) : null,
    wants("performance") || wants("revenue") ? monthlyTrend(scope) : null,
    wants("revenue") ? revenueBreakdown(scope) : null,
    wants("agents")
      ? agentFigures(scope, { limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize })
      : null,
  ]);
  return {
    range: scope.range,
    ...(overview && top ? { overview: { ...overview, topPerformers: top.rows } } : {}),
    ...(trend && wants("performance") ? { performance: { monthlyTrend: trend } } : {}),
    ...(trend && breakdown ? { revenue: { ...breakdown, byMonth: trend } } : {}),
    ...(agents ? { agents: { rows: agents.rows, total: agents.total, ...paging } } : {}),
  };
}

export type Choice = { id: string; name: string };

/** GET /api/carriers and the Carrier filter's choices: every carrier, by name. */
export async function listReportCarriers(actor: SessionUser): Promise<Choice[]> {
  assertAdmin(actor);
  return selectRows(
    sql`SELECT c.id, c.name FROM carriers c ORDER BY LOWER(c.name), c.id`,
    z.object({ id: column.text, name: column.text }),
  );
}

// ---------------------------------------------------------------------------------------------
// The CSV export

function overviewRecords(overview: ReportOverview): CsvValue[][] {
  const { current, previous, changes } = overview;
  return [
    [
      "Total Revenue",
      dollarsFromCents(current.totalRevenueCents),
      dollarsFromCents(previous.totalRevenueCents),
      changes.totalRevenue,
      "%",
    ],
    ["Total Leads", current.totalLeads, previous.totalLeads, changes.totalLeads, "%"],
    ["Conversion Rate (%)", current.conversionRate, previous.conversionRate, changes.conversionRate, "pts"],
    [
      "Avg. Premium",
      dollarsFromCents(current.averagePremiumCents),
      dollarsFromCents(previous.averagePremiumCents),
      changes.averagePremium,
      "%",
    ],
    // Submitted and issued (issue 26): no change is worked out for these.
    ["Total Sales", current.totalSales, previous.totalSales, null, ""],
    ["Issued Sales", current.issuedSales, previous.issuedSales, null, ""],
    [
      "Issued Revenue",
      dollarsFromCents(current.issuedRevenueCents),
      dollarsFromCents(previous.issuedRevenueCents),
      null,
      "",
    ],
    ["Placement Rate (%)", current.placementRate, previous.placementRate, null, ""],
  ];
}

const monthRecord = (m: MonthFigures): CsvValue[] => [
  m.month,
  m.leads,
  m.sales,
  dollarsFromCents(m.revenueCents),
  m.growth,
  m.issuedSales,
  dollarsFromCents(m.issuedRevenueCents),
];

/** A revenue line's record: what it breaks down by, its name, and its sales and revenue, submitted then issued. */
const revenueRecord = (
  breakdown: string,
  line: Pick<RevenueLine, "sales" | "revenueCents" | "issuedSales" | "issuedRevenueCents">,
  name: string,
): CsvValue[] => [
  breakdown,
  name,
  line.sales,
  dollarsFromCents(line.revenueCents),
  line.issuedSales,
  dollarsFromCents(line.issuedRevenueCents),
];

function revenueRecords(revenue: ReportRevenue): CsvValue[][] {
  return [
    ...revenue.byCarrier.map((r) => revenueRecord("Carrier", r, r.name)),
    ...revenue.byProduct.map((r) => revenueRecord("Product", r, r.name)),
    ...revenue.byMonth.map((m) => revenueRecord("Month", m, m.month)),
  ];
}

const agentRecord = (a: AgentFigures): CsvValue[] => [
  a.name,
  a.leads,
  a.sales,
  a.conversionRate,
  dollarsFromCents(a.revenueCents),
  dollarsFromCents(a.commissionCents),
  a.issuedSales,
  dollarsFromCents(a.issuedCommissionCents),
];

/** An Agents export reads every agent, this many at a time. */
const EXPORT_AGENTS_BATCH = 500;

export type AdminReportExport = { filename: string; text: string };

/**
 * /admin/reports/export: the current tab's rows as CSV (RFC 4180, cells a spreadsheet would run
 * neutralised, app/domain/csv.ts) with the filters applied, named admin-report-{tab}-{today}.csv;
 * the Agents tab's every agent, not one page. Recorded in the activity log (report_exported, the
 * tab and the filters, never a lead) once the filters are known to be good. A tab's rows are one
 * per month, carrier, product or agent, so the file is built whole.
 */
export async function exportAdminReport(
  actor: SessionUser,
  filters: AdminReportFilters,
  // The Lead Sources tab has its own reading and export (lead-source-report.server.ts).
  tab: Exclude<AdminReportTab, "lead-sources">,
  now = new Date(),
): Promise<AdminReportExport> {
  assertAdmin(actor);
  const scope = await reportScope(actor, filters, now);
  const { range } = scope;
  await logActivity({
    userId: actor.id,
    action: REPORT_EXPORTED,
    entityType: "report",
    summary: `${fullName(actor)} exported the ${ADMIN_REPORT_TAB_LABELS[tab]} report (from ${formatDate(range.dateFrom, "UTC")} to ${formatDate(range.dateTo, "UTC")}, agent ${filters.agentId ?? "all"}, carrier ${filters.carrierId ?? "all"}, status ${filters.status})`,
  });
  let records: CsvValue[][];
  const header = ADMIN_REPORT_CSV_COLUMNS[tab];
  if (tab === "overview") {
    records = overviewRecords({ ...(await overviewFigures(scope)), topPerformers: [] });
  } else if (tab === "performance") {
    records = (await monthlyTrend(scope)).map(monthRecord);
  } else if (tab === "revenue") {
    const [breakdown, byMonth] = await Promise.all([revenueBreakdown(scope), monthlyTrend(scope)]);
    records = revenueRecords({ ...breakdown, byMonth });
  } else {
    records = [];
    for (let offset = 0; ; offset += EXPORT_AGENTS_BATCH) {
      const batch = await agentFigures(scope, { limit: EXPORT_AGENTS_BATCH, offset });
      records.push(...batch.rows.map(agentRecord));
      if (batch.rows.length < EXPORT_AGENTS_BATCH) break;
    }
  }
  return {
    filename: adminReportFileName(tab, todayIn(actor.timezone, now)),
    text: csvLine(header) + records.map(csvLine).join(""),
  };
}
