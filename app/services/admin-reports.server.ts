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
import { dollarsFromCents, formatDate } from "~/domain/format";
import { addDaysIso, isoDate, parseIsoDate, todayIn, zonedMidnight } from "~/domain/periods";
import type { AdminReportFilters } from "~/domain/schemas/admin-reports";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { badRequest } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import { REPORT_EXPORTED } from "./reports.server";
import type { SessionUser } from "./sessions.server";
import { bucketCase, selectRows } from "./sql.server";

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

type Scope = {
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
async function reportScope(actor: SessionUser, filters: AdminReportFilters, now: Date): Promise<Scope> {
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
  const [agent, carrier] = await Promise.all([
    filters.agentId && isUuid(filters.agentId)
      ? selectRows<{ id: string }>("SELECT id FROM agents WHERE id = :id", { id: filters.agentId })
      : [],
    filters.carrierId && isUuid(filters.carrierId)
      ? selectRows<{ id: string }>("SELECT id FROM carriers WHERE id = :id", { id: filters.carrierId })
      : [],
  ]);
  const fieldErrors: Record<string, string[]> = {};
  if (filters.agentId && agent.length === 0) fieldErrors.agentId = [ADMIN_REPORT_MESSAGES.unknownAgent];
  if (filters.carrierId && carrier.length === 0) fieldErrors.carrierId = [ADMIN_REPORT_MESSAGES.unknownCarrier];
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
 * The WHERE of the leads a report counts: created from `from` (the report's start, or the previous
 * period's) up to the report's end, of the chosen agent, carrier and status. Each filter has an
 * index that starts with its column and goes on with created_at (docs/decisions/038).
 */
function leadsWhere(scope: Scope, from: "start" | "previousStart" = "start") {
  const conditions = ["a.created_at >= :from", "a.created_at < :end"];
  if (scope.agentId) conditions.push("a.agent_id = :agentId");
  if (scope.carrierId) conditions.push("a.carrier_id = :carrierId");
  if (scope.status !== "all") conditions.push("a.status = :status");
  return {
    where: conditions.join(" AND "),
    replacements: {
      from: scope[from],
      start: scope.start,
      end: scope.end,
      agentId: scope.agentId ?? null,
      carrierId: scope.carrierId ?? null,
      status: scope.status,
    },
  };
}

const number = (value: number | string | null | undefined) => Number(value ?? 0);

// ---------------------------------------------------------------------------------------------
// Overview

export type OverviewFigures = {
  totalRevenueCents: number;
  totalLeads: number;
  totalSales: number;
  conversionRate: number;
  averagePremiumCents: number;
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

function figures(leads: number, sales: number, revenueCents: number): OverviewFigures {
  return {
    totalRevenueCents: revenueCents,
    totalLeads: leads,
    totalSales: sales,
    conversionRate: conversionRate(sales, leads),
    averagePremiumCents: sales === 0 ? 0 : Math.round(revenueCents / sales),
  };
}

/**
 * The four figures of the report's period and of the one before it, in one pass over both periods'
 * leads: conditional COUNTs and SUMs split each row by which side of the report's start it falls.
 */
async function overviewFigures(scope: Scope) {
  const { where, replacements } = leadsWhere(scope, "previousStart");
  const [row] = await selectRows<Record<string, number | string | null>>(
    `SELECT
       COUNT(CASE WHEN a.created_at >= :start THEN 1 END) AS "leads",
       COUNT(CASE WHEN a.created_at >= :start AND a.status = 'sale' THEN 1 END) AS "sales",
       SUM(CASE WHEN a.created_at >= :start AND a.status = 'sale' THEN a.monthly_premium_cents END) AS "revenueCents",
       COUNT(CASE WHEN a.created_at < :start THEN 1 END) AS "previousLeads",
       COUNT(CASE WHEN a.created_at < :start AND a.status = 'sale' THEN 1 END) AS "previousSales",
       SUM(CASE WHEN a.created_at < :start AND a.status = 'sale' THEN a.monthly_premium_cents END) AS "previousRevenueCents"
     FROM applications a WHERE ${where}`,
    replacements,
  );
  const current = figures(number(row?.leads), number(row?.sales), number(row?.revenueCents));
  const previous = figures(number(row?.previousLeads), number(row?.previousSales), number(row?.previousRevenueCents));
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
};

type AgentRow = {
  agentId: string | null;
  firstName: string | null;
  lastName: string | null;
  leads: number | string;
  sales: number | string;
  revenueCents: number | string;
  commissionCents: number | string;
  total: number | string;
};

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
  const { where, replacements } = leadsWhere(scope);
  const rows = await selectRows<AgentRow>(
    `SELECT s.agent_id AS "agentId", u.first_name AS "firstName", u.last_name AS "lastName", s.leads AS "leads",
       s.sales AS "sales", s.revenue_cents AS "revenueCents", s.commission_cents AS "commissionCents",
       COUNT(*) OVER () AS "total"
     FROM (
       SELECT a.agent_id, COUNT(*) AS leads, COUNT(CASE WHEN a.status = 'sale' THEN 1 END) AS sales,
         COALESCE(SUM(CASE WHEN a.status = 'sale' THEN a.monthly_premium_cents END), 0) AS revenue_cents,
         COALESCE(SUM(CASE WHEN a.status = 'sale' AND a.commission_cancelled_at IS NULL
           THEN a.calculated_commission_cents END), 0) AS commission_cents
       FROM applications a WHERE ${where}${assignedOnly ? " AND a.agent_id IS NOT NULL" : ""}
       GROUP BY a.agent_id
     ) s
     LEFT JOIN agents g ON g.id = s.agent_id
     LEFT JOIN users u ON u.id = g.user_id
     ORDER BY s.revenue_cents DESC, s.sales DESC, s.leads DESC, u.last_name, u.first_name, s.agent_id
     LIMIT :limit OFFSET :offset`,
    { ...replacements, ...paging },
  );
  return {
    total: number(rows[0]?.total),
    rows: rows.map((row) => {
      const leads = number(row.leads);
      const sales = number(row.sales);
      return {
        agentId: row.agentId ?? null,
        name: row.agentId ? `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim() : UNASSIGNED_AGENT,
        leads,
        sales,
        conversionRate: percentOf(sales, leads),
        revenueCents: number(row.revenueCents),
        commissionCents: number(row.commissionCents),
      };
    }),
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
  /** Revenue change against the month before, 1 decimal; null for the first month or after a month without revenue. */
  growth: number | null;
};

/**
 * The report's leads per month of the admin's calendar, every month of the range (zeros where
 * nothing happened): one GROUP BY, each row put in its month by comparing created_at with the
 * month starts (SQLite knows no time zones), as the dashboard's chart finds its day.
 */
async function monthlyTrend(scope: Scope): Promise<MonthFigures[]> {
  const { where, replacements } = leadsWhere(scope);
  const bounds: Record<string, Date> = {};
  scope.months.forEach((m, i) => (bounds[`m${i}`] = m.start));
  bounds[`m${scope.months.length}`] = scope.end;
  const rows = await selectRows<{
    bucket: number | string;
    leads: number | string;
    sales: number | string;
    revenueCents: number | string | null;
  }>(
    `SELECT ${bucketCase("a.created_at", "m", scope.months.length)} AS "bucket", COUNT(*) AS "leads",
       COUNT(CASE WHEN a.status = 'sale' THEN 1 END) AS "sales",
       SUM(CASE WHEN a.status = 'sale' THEN a.monthly_premium_cents END) AS "revenueCents"
     FROM applications a WHERE ${where} GROUP BY 1`,
    { ...replacements, ...bounds },
  );
  const byBucket = new Map(rows.map((row) => [number(row.bucket), row]));
  let before: number | null = null;
  return scope.months.map((m, i) => {
    const row = byBucket.get(i);
    const revenueCents = number(row?.revenueCents);
    const growth = before === null ? null : growthPercent(revenueCents, before);
    before = revenueCents;
    return { month: m.key, leads: number(row?.leads), sales: number(row?.sales), revenueCents, growth };
  });
}

export type RevenueLine = { key: string; name: string; sales: number; revenueCents: number };

export type ReportRevenue = { byCarrier: RevenueLine[]; byProduct: RevenueLine[]; byMonth: MonthFigures[] };

/**
 * The report's sales by carrier and by product (as sold, with its carrier), most revenue first:
 * one statement each, the sales grouped first and the groups then named.
 */
async function revenueBreakdown(scope: Scope): Promise<Omit<ReportRevenue, "byMonth">> {
  const { where, replacements } = leadsWhere(scope);
  type Row = {
    carrierId: string | null;
    carrierName: string | null;
    product?: string | null;
    sales: number | string;
    revenueCents: number | string;
  };
  const grouped = (extra: string) =>
    selectRows<Row>(
      `SELECT s.carrier_id AS "carrierId", c.name AS "carrierName"${extra ? ', s.product AS "product"' : ""},
         s.sales AS "sales", s.revenue_cents AS "revenueCents"
       FROM (
         SELECT a.carrier_id${extra ? `, ${extra} AS product` : ""}, COUNT(*) AS sales,
           COALESCE(SUM(a.monthly_premium_cents), 0) AS revenue_cents
         FROM applications a WHERE ${where} AND a.status = 'sale'
         GROUP BY a.carrier_id${extra ? `, ${extra}` : ""}
       ) s LEFT JOIN carriers c ON c.id = s.carrier_id
       ORDER BY s.revenue_cents DESC, s.sales DESC, c.name${extra ? ", s.product" : ""}`,
      replacements,
    );
  const [carriers, products] = await Promise.all([grouped(""), grouped("a.sold_product_name")]);
  const carrierName = (row: Row) => row.carrierName ?? "No carrier";
  return {
    byCarrier: carriers.map((row) => ({
      key: row.carrierId ?? "none",
      name: carrierName(row),
      sales: number(row.sales),
      revenueCents: number(row.revenueCents),
    })),
    byProduct: products.map((row) => ({
      key: `${row.carrierId ?? "none"}:${row.product ?? ""}`,
      name: `${row.product ?? "No product recorded"} (${carrierName(row)})`,
      sales: number(row.sales),
      revenueCents: number(row.revenueCents),
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
  return selectRows<Choice>("SELECT c.id, c.name FROM carriers c ORDER BY LOWER(c.name), c.id");
}

// ---------------------------------------------------------------------------------------------
// The CSV export

const money = (cents: number) => dollarsFromCents(cents);

function overviewRecords(overview: ReportOverview): CsvValue[][] {
  const { current, previous, changes } = overview;
  return [
    ["Total Revenue", money(current.totalRevenueCents), money(previous.totalRevenueCents), changes.totalRevenue, "%"],
    ["Total Leads", current.totalLeads, previous.totalLeads, changes.totalLeads, "%"],
    ["Conversion Rate (%)", current.conversionRate, previous.conversionRate, changes.conversionRate, "pts"],
    [
      "Avg. Premium",
      money(current.averagePremiumCents),
      money(previous.averagePremiumCents),
      changes.averagePremium,
      "%",
    ],
  ];
}

const monthRecord = (m: MonthFigures): CsvValue[] => [m.month, m.leads, m.sales, money(m.revenueCents), m.growth];

function revenueRecords(revenue: ReportRevenue): CsvValue[][] {
  return [
    ...revenue.byCarrier.map((r) => ["Carrier", r.name, r.sales, money(r.revenueCents)]),
    ...revenue.byProduct.map((r) => ["Product", r.name, r.sales, money(r.revenueCents)]),
    ...revenue.byMonth.map((m) => ["Month", m.month, m.sales, money(m.revenueCents)]),
  ];
}

const agentRecord = (a: AgentFigures): CsvValue[] => [
  a.name,
  a.leads,
  a.sales,
  a.conversionRate,
  money(a.revenueCents),
  money(a.commissionCents),
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
  tab: AdminReportTab,
  now = new Date(),
): Promise<AdminReportExport> {
  assertAdmin(actor);
  const scope = await reportScope(actor, filters, now);
  const { range } = scope;
  await logActivity({
    userId: actor.id,
    action: REPORT_EXPORTED,
    entityType: "report",
    summary: `${actor.firstName} ${actor.lastName} exported the ${ADMIN_REPORT_TAB_LABELS[tab]} report (from ${formatDate(range.dateFrom, "UTC")} to ${formatDate(range.dateTo, "UTC")}, agent ${filters.agentId ?? "all"}, carrier ${filters.carrierId ?? "all"}, status ${filters.status})`,
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
