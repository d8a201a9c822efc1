import { z } from "zod";
import { conversionRate } from "~/domain/commission";
import { placementRate } from "~/domain/placement";
import { isoDate, localDateParts, periodRange, zonedMidnight, type Period } from "~/domain/periods";
import { CHART_RANGE_DAYS, DEFAULT_CHART_RANGE, type ChartRange, type SalesDay } from "~/domain/sales-chart";
import type { RecentLeadFilter } from "~/domain/statuses";
import { SCHEDULED_CALLBACK, todaysCallbackBounds, callbacksDueTodaySql } from "./callbacks.server";
import type { SessionUser } from "./sessions.server";
import { assertAdmin, assertAgent } from "./permissions.server";
import { recentActivityList, toActivityEntry } from "./activity.server";
import { agencyExposureColumn, agentExposureColumn, exposureBreakdownOf, exposureTotalOf } from "./exposure.server";
import { decidedPolicy, issuedPolicy } from "./sql/policy-figures.server";
import { and, bucketCase, column, listColumn, pageReads, sql, withinRange, type Sql } from "./sql/reads.server";

export type PeriodInput = { period: Period; startDate?: string; endDate?: string };

type Range = { start: Date | null; end: Date | null };

/**
 * A dashboard's figures in one statement of index-driven subqueries: the leads created in the
 * range (all, and those now sold, pending or in callback) and the commission earned on sales
 * recorded in the commission range, leaving out cancelled commissions. COUNT(*), not COUNT(id):
 * SQLite reads every row to count a column (135 ms against 11 ms at 100,000 leads). Of the sales
 * (the submitted), those whose policy is issued and those underwriting has decided (decision 074),
 * and the issued sales' commission: each sale's row is read for its policy, as the commission's is.
 */
function leadFigures(scope: { agentId?: string }, created: Range, sold: Range) {
  const agent = scope.agentId ? sql`agent_id = ${scope.agentId}` : null;
  const createdIn = withinRange(sql`created_at`, created);
  // An agent's figures leave out their returned leads (decision 064), counted from the partial
  // index that holds only those, so the count of the rest still reads its index alone.
  const leads = (status?: Sql) =>
    scope.agentId
      ? sql`SELECT (SELECT COUNT(*) FROM applications WHERE ${and([agent, status, createdIn])})
          - (SELECT COUNT(*) FROM applications WHERE ${and([agent, sql`returned_at IS NOT NULL`, status, createdIn])})`
      : sql`SELECT COUNT(*) FROM applications WHERE ${and([agent, status, createdIn])}`;
  return {
    totalLeads: leads(),
    converted: leads(sql`status = 'sale'`),
    issued: leads(sql`status = 'sale' AND ${issuedPolicy("")}`),
    decided: leads(sql`status = 'sale' AND ${decidedPolicy("")}`),
    pending: leads(sql`status = 'pending'`),
    callbacks: leads(SCHEDULED_CALLBACK),
    commissionCents: sql`SELECT SUM(calculated_commission_cents) FROM applications
      WHERE ${and([agent, sql`status = 'sale' AND commission_cancelled_at IS NULL`, withinRange(sql`sold_at`, sold)])}`,
    issuedCommissionCents: sql`SELECT SUM(calculated_commission_cents) FROM applications
      WHERE ${and([agent, sql`status = 'sale' AND commission_cancelled_at IS NULL`, issuedPolicy(""), withinRange(sql`sold_at`, sold)])}`,
  };
}

/** A recent lead's row with its agent's name and primary phone, as the dashboards show it. */
const RecentLeadRow = z.object({
  id: column.text,
  firstName: column.text,
  lastName: column.text,
  email: column.text.nullable(),
  status: column.text,
  coverageAmountCents: column.cents.nullable(),
  monthlyPremiumCents: column.cents.nullable(),
  createdAt: column.isoDate,
  agentId: column.text.nullable(),
  agentFirstName: column.text.nullable(),
  agentLastName: column.text.nullable(),
  primaryPhone: column.text.nullable(),
});

export type RecentLead = ReturnType<typeof toRecentLead>;

/**
 * The newest leads with their agent's name and primary phone (the first one added if none is), as
 * a list that rides in the dashboard's one statement (pageReads).
 */
function recentLeadsList(scope: { agentId?: string; status?: string }, created: Range, limit = 10) {
  const where = and([
    // A returned lead leaves the agent's lists (decision 064); the admin's list keeps it.
    scope.agentId && sql`a.agent_id = ${scope.agentId} AND a.returned_at IS NULL`,
    scope.status && sql`a.status = ${scope.status}`,
    withinRange(sql`a.created_at`, created),
  ]);
  return listColumn(
    sql`SELECT a.id, a.first_name AS "firstName", a.last_name AS "lastName", a.email, a.status,
       a.coverage_amount_cents AS "coverageAmountCents", a.monthly_premium_cents AS "monthlyPremiumCents",
       a.created_at AS "createdAt", g.id AS "agentId", u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
       (SELECT p.phone_number FROM phones p WHERE p.application_id = a.id
         ORDER BY p.is_primary DESC, p.created_at ASC LIMIT 1) AS "primaryPhone"
     FROM applications a
     LEFT JOIN agents g ON g.id = a.agent_id
     LEFT JOIN users u ON u.id = g.user_id
     WHERE ${where}
     ORDER BY a.created_at DESC
     LIMIT ${limit}`,
    RecentLeadRow,
  );
}

function toRecentLead(row: z.output<typeof RecentLeadRow>) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    status: row.status,
    coverageAmountCents: row.coverageAmountCents,
    monthlyPremiumCents: row.monthlyPremiumCents,
    createdAt: row.createdAt,
    primaryPhone: row.primaryPhone,
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

/**
 * The Sales Performance chart's grouped query: the sales recorded (sold_at) each day and the sum of
 * their monthly premiums (docs/decisions/033). One range of the (sold_at) index.
 */
function salesByDay(days: { start: Date }[]) {
  const bounds = days.map((d) => d.start);
  return {
    query: sql`SELECT ${bucketCase(sql`sold_at`, bounds)} AS "bucket", COUNT(*) AS "sales",
        SUM(monthly_premium_cents) AS "revenueCents"
      FROM applications WHERE status = 'sale' AND sold_at >= ${bounds[0]!} AND sold_at < ${bounds[bounds.length - 1]!} GROUP BY 1`,
    key: "bucket",
    row: z.object({ bucket: column.integer, sales: column.integer, revenueCents: column.cents.nullable() }),
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
  const {
    numbers: stats,
    lists,
    groups,
  } = await pageReads({
    numbers: {
      ...leadFigures({}, range, range),
      activeAgents: sql`SELECT COUNT(*) FROM agents WHERE status = 'approved'`,
      // Whenever they came: the leads no eligible agent could take, waiting for an admin (issue
      // 24). One range of the (agent_id, id) index.
      unassignedLeads: sql`SELECT COUNT(*) FROM applications WHERE agent_id IS NULL`,
    },
    // The page shows the audit trail's newest entries; the API asks for none (LIMIT 0).
    lists: {
      recentApplications: recentLeadsList({}, range),
      activity: recentActivityList(input.activityEntries ?? 0),
      // Now, whatever the period (decision 075).
      exposure: agencyExposureColumn(),
    },
    grouped: salesByDay(days),
  });
  const exposure = exposureBreakdownOf(lists.exposure);
  const byDay = new Map(groups.map((g) => [g.bucket, g]));
  const salesDays: SalesDay[] = days.slice(0, -1).map((d, i) => ({
    date: d.date,
    sales: byDay.get(i)?.sales ?? 0,
    revenueCents: byDay.get(i)?.revenueCents ?? 0,
  }));
  return {
    stats: {
      activeAgents: stats.activeAgents,
      totalLeads: stats.totalLeads,
      converted: stats.converted,
      // Of the converted (the submitted): issued, decided, and the placement rate (decision 074).
      issued: stats.issued,
      decided: stats.decided,
      placementRate: placementRate(stats.issued, stats.decided),
      pending: stats.pending,
      callbacks: stats.callbacks,
      conversionRate: conversionRate(stats.converted, stats.totalLeads),
      revenueThisPeriodCents: stats.commissionCents,
      issuedRevenueThisPeriodCents: stats.issuedCommissionCents,
      unassignedLeads: stats.unassignedLeads,
    },
    exposure,
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
  const { numbers: stats, lists } = await pageReads({
    numbers: {
      ...leadFigures({ agentId }, range, month),
      callbacksDueToday: callbacksDueTodaySql(agentId, todaysCallbackBounds(actor, now)),
    },
    lists: {
      // The newest leads whenever they came, whatever the period.
      recentApplications: recentLeadsList(
        { agentId, status: input.recentStatus && input.recentStatus !== "all" ? input.recentStatus : undefined },
        { start: null, end: null },
      ),
      exposure: agentExposureColumn(agentId),
    },
  });
  const exposure = exposureTotalOf(lists.exposure);
  return {
    stats: {
      totalLeads: stats.totalLeads,
      pending: stats.pending,
      converted: stats.converted,
      conversionRate: conversionRate(stats.converted, stats.totalLeads),
      // Of the converted (the submitted): issued, decided, and the placement rate (decision 074).
      issued: stats.issued,
      decided: stats.decided,
      placementRate: placementRate(stats.issued, stats.decided),
      callbacks: stats.callbacks,
      // Whenever they were created: the calls to make today, as the Callbacks page counts them.
      callbacksDueToday: stats.callbacksDueToday,
      commissionThisMonthCents: stats.commissionCents,
      issuedCommissionThisMonthCents: stats.issuedCommissionCents,
    },
    // Now, whatever the period: the advance not yet earned on policies inside their nine months.
    exposure,
    recentApplications: lists.recentApplications.map(toRecentLead),
    // Read with the session user in this same request (the shell shows the same figure).
    callsLeft: actor.agent?.callsLeft ?? 0,
  };
}
