import { conversionRate } from "~/domain/commission";
import { isoDate, localDateParts, periodRange, zonedMidnight, type Period } from "~/domain/periods";
import { CHART_RANGE_DAYS, DEFAULT_CHART_RANGE, type ChartRange, type SalesDay } from "~/domain/sales-chart";
import type { RecentLeadFilter } from "~/domain/statuses";
import { CALLBACKS_DUE_TODAY_SQL, SCHEDULED_CALLBACK_SQL, callbacksDueTodayReplacements } from "./callbacks.server";
import type { SessionUser } from "./sessions.server";
import { assertAdmin, assertAgent } from "./permissions.server";
import { RECENT_ACTIVITY_LIST, toActivityEntry } from "./activity.server";
import { bucketCase, pageReads, withinRange, type ListQuery } from "./sql.server";

export type PeriodInput = { period: Period; startDate?: string; endDate?: string };

type Range = { start: Date | null; end: Date | null };

/**
 * A dashboard's figures in one statement of index-driven subqueries: the leads created in the
 * range (all, and those now sold, pending or in callback) and the commission earned on sales
 * recorded in the commission range, leaving out cancelled commissions. COUNT(*), not COUNT(id):
 * SQLite reads every row to count a column (135 ms against 11 ms at 100,000 leads).
 */
function leadFigures(scope: { agentId?: string }, created: Range, sold: Range) {
  const agent = scope.agentId ? "agent_id = :agentId AND " : "";
  const createdIn = withinRange("created_at", created, "created");
  const soldIn = withinRange("sold_at", sold, "sold");
  const leads = (status?: string) =>
    `SELECT COUNT(*) FROM applications WHERE ${agent}${status ? `${status} AND ` : ""}${createdIn.sql}`;
  return {
    subqueries: {
      totalLeads: leads(),
      converted: leads("status = 'sale'"),
      pending: leads("status = 'pending'"),
      callbacks: leads(SCHEDULED_CALLBACK_SQL),
      commissionCents: `SELECT SUM(calculated_commission_cents) FROM applications WHERE ${agent}status = 'sale' AND commission_cancelled_at IS NULL AND ${soldIn.sql}`,
    },
    replacements: { agentId: scope.agentId ?? null, ...createdIn.replacements, ...soldIn.replacements },
  };
}

export type RecentLead = ReturnType<typeof toRecentLead>;

/** A recent lead's row as SQL reads it: SQLite answers date strings, and nulls for no agent. */
type RecentLeadRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  status: string;
  coverageAmountCents: number | string | null;
  monthlyPremiumCents: number | string | null;
  createdAt: Date | string;
  agentId: string | null;
  agentFirstName: string | null;
  agentLastName: string | null;
  primaryPhone: string | null;
};

const RECENT_LEAD_COLUMNS = [
  "id",
  "firstName",
  "lastName",
  "email",
  "status",
  "coverageAmountCents",
  "monthlyPremiumCents",
  "createdAt",
  "agentId",
  "agentFirstName",
  "agentLastName",
  "primaryPhone",
] as const satisfies readonly (keyof RecentLeadRow)[];

/**
 * The newest leads with their agent's name and primary phone (the first one added if none is), as
 * a list that rides in the dashboard's one statement (pageReads).
 */
function recentLeadsList(scope: { agentId?: string; status?: string }, created: Range, limit = 10) {
  const createdIn = withinRange("a.created_at", created, "recentCreated");
  const conditions = [
    ...(scope.agentId ? ["a.agent_id = :agentId"] : []),
    ...(scope.status ? ["a.status = :recentStatus"] : []),
    createdIn.sql,
  ];
  const list: ListQuery = {
    sql: `SELECT a.id, a.first_name AS "firstName", a.last_name AS "lastName", a.email, a.status,
       a.coverage_amount_cents AS "coverageAmountCents", a.monthly_premium_cents AS "monthlyPremiumCents",
       a.created_at AS "createdAt", g.id AS "agentId", u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
       (SELECT p.phone_number FROM phones p WHERE p.application_id = a.id
         ORDER BY p.is_primary DESC, p.created_at ASC LIMIT 1) AS "primaryPhone"
     FROM applications a
     LEFT JOIN agents g ON g.id = a.agent_id
     LEFT JOIN users u ON u.id = g.user_id
     WHERE ${conditions.join(" AND ")}
     ORDER BY a.created_at DESC
     LIMIT :recentLimit`,
    columns: RECENT_LEAD_COLUMNS,
  };
  return {
    list,
    replacements: { recentStatus: scope.status ?? null, recentLimit: limit, ...createdIn.replacements },
  };
}

function toRecentLead(value: Record<string, unknown>) {
  const row = value as RecentLeadRow;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? null,
    status: row.status,
    coverageAmountCents: row.coverageAmountCents === null ? null : Number(row.coverageAmountCents),
    monthlyPremiumCents: row.monthlyPremiumCents === null ? null : Number(row.monthlyPremiumCents),
    createdAt: new Date(row.createdAt).toISOString(),
    primaryPhone: row.primaryPhone ?? null,
    agent: row.agentId
      ? { id: row.agentId, firstName: row.agentFirstName ?? "", lastName: row.agentLastName ?? "" }
      : null,
  };
}

/**
 * The chart's days, oldest first, today last, as the admin's calendar has them: each day's key and
 * its local midnight, plus tomorrow's midnight to close the last day. Days across a daylight-saving
 * change are 23 or 25 hours long.
 */
export function chartDays(range: ChartRange, timeZone: string, now = new Date()) {
  const { year, month, day } = localDateParts(now, timeZone);
  const count = CHART_RANGE_DAYS[range];
  const first = day - count + 1;
  return Array.from({ length: count + 1 }, (_, i) => ({
    date: isoDate(year, month, first + i),
    start: zonedMidnight(year, month, first + i, timeZone),
  }));
}

type SalesDayRow = { bucket: number | string; sales: number | string; revenueCents: number | string | null };

/**
 * The Sales Performance chart's grouped query: the sales recorded (sold_at) each day and the sum of
 * their monthly premiums (docs/decisions/033). One range of the (sold_at) index.
 */
function salesByDay(days: { start: Date }[]) {
  const replacements: Record<string, Date> = {};
  days.forEach((d, i) => (replacements[`day${i}`] = d.start));
  const last = days.length - 1;
  return {
    sql: `SELECT ${bucketCase("sold_at", "day", last)} AS "bucket", COUNT(*) AS "sales",
        SUM(monthly_premium_cents) AS "revenueCents"
      FROM applications WHERE status = 'sale' AND sold_at >= :day0 AND sold_at < :day${last} GROUP BY 1`,
    replacements,
  };
}

/**
 * The admin's Performance Overview for a period (default today, in the admin's time zone) and the
 * Sales Performance chart over the last 7, 30 or 90 days (whatever the period), the newest leads and,
 * when `activityEntries` asks for them, the audit trail's newest entries: all in one statement.
 */
export async function getAdminDashboard(
  actor: SessionUser,
  input: PeriodInput & { chart?: ChartRange; activityEntries?: number },
  now = new Date(),
) {
  assertAdmin(actor);
  const range = periodRange(input.period, {
    timeZone: actor.timezone,
    now,
    startDate: input.startDate,
    endDate: input.endDate,
  });
  const chart = input.chart ?? DEFAULT_CHART_RANGE;
  const days = chartDays(chart, actor.timezone, now);
  const figures = leadFigures({}, range, range);
  const series = salesByDay(days);
  const recent = recentLeadsList({}, range);
  const {
    numbers: stats,
    lists,
    groups,
  } = await pageReads(
    {
      numbers: { ...figures.subqueries, activeAgents: "SELECT COUNT(*) FROM agents WHERE status = 'approved'" },
      // The page shows the audit trail's newest entries; the API asks for none (LIMIT 0).
      lists: { recentApplications: recent.list, activity: RECENT_ACTIVITY_LIST },
      grouped: { sql: series.sql, key: "bucket" },
    },
    {
      ...figures.replacements,
      ...series.replacements,
      ...recent.replacements,
      activityLimit: input.activityEntries ?? 0,
    },
  );
  const byDay = new Map((groups as SalesDayRow[]).map((g) => [Number(g.bucket), g]));
  const salesDays: SalesDay[] = days.slice(0, -1).map((d, i) => ({
    date: d.date,
    sales: Number(byDay.get(i)?.sales ?? 0),
    revenueCents: Number(byDay.get(i)?.revenueCents ?? 0),
  }));
  return {
    stats: {
      activeAgents: stats.activeAgents,
      totalLeads: stats.totalLeads,
      converted: stats.converted,
      pending: stats.pending,
      callbacks: stats.callbacks,
      conversionRate: conversionRate(stats.converted, stats.totalLeads),
      revenueThisPeriodCents: stats.commissionCents,
    },
    recentApplications: lists.recentApplications.map(toRecentLead),
    activity: lists.activity.map(toActivityEntry),
    salesPerformance: { range: chart, days: salesDays },
    range: { start: range.start?.toISOString() ?? null, end: range.end?.toISOString() ?? null },
  };
}

/** An agent's own figures: every query is scoped to the agent's id. */
export async function getAgentDashboard(
  actor: SessionUser,
  input: PeriodInput & { recentStatus?: RecentLeadFilter },
  now = new Date(),
) {
  const agentId = assertAgent(actor);
  const range = periodRange(input.period, {
    timeZone: actor.timezone,
    now,
    startDate: input.startDate,
    endDate: input.endDate,
  });
  const month = periodRange("thismonth", { timeZone: actor.timezone, now });
  const figures = leadFigures({ agentId }, range, month);
  // The newest leads whenever they came, whatever the period.
  const recent = recentLeadsList(
    { agentId, status: input.recentStatus && input.recentStatus !== "all" ? input.recentStatus : undefined },
    { start: null, end: null },
  );
  const { numbers: stats, lists } = await pageReads(
    {
      numbers: { ...figures.subqueries, callbacksDueToday: CALLBACKS_DUE_TODAY_SQL },
      lists: { recentApplications: recent.list },
    },
    { ...figures.replacements, ...callbacksDueTodayReplacements(actor, now), ...recent.replacements },
  );
  return {
    stats: {
      totalLeads: stats.totalLeads,
      pending: stats.pending,
      converted: stats.converted,
      conversionRate: conversionRate(stats.converted, stats.totalLeads),
      callbacks: stats.callbacks,
      // Whenever they were created: the calls to make today, as the Callbacks page counts them.
      callbacksDueToday: stats.callbacksDueToday,
      commissionThisMonthCents: stats.commissionCents,
    },
    recentApplications: lists.recentApplications.map(toRecentLead),
    // Read with the session user in this same request (the shell shows the same figure).
    callsLeft: actor.agent?.callsLeft ?? 0,
  };
}
