import { z } from "zod";
import { PAYMENT_MONTHS } from "~/domain/commission";
import { adminReportFileName } from "~/domain/admin-reports";
import { csvLine, type CsvValue } from "~/domain/csv";
import { dollarsFromCents, formatDate, fullName } from "~/domain/format";
import {
  LEAD_SOURCE_CSV_COLUMNS,
  NO_SOURCE_NAME,
  TOTAL_ROW_NAME,
  addCounts,
  firstDirection,
  leadSourceFigures,
  sortLeadSourceRows,
  type LeadSourceCounts,
  type LeadSourceRow,
  type LeadSourceSort,
  type SortDirection,
} from "~/domain/lead-source-report";
import { todayIn } from "~/domain/periods";
import type { LeadSourceReportDates } from "~/domain/schemas/lead-source-report";
import { logActivity } from "./activity.server";
import { reportScope, type ReportRange, type Scope } from "./admin-reports.server";
import { paymentCounts } from "./commissions.server";
import { assertAdmin, assertAgent } from "./permissions.server";
import { REPORT_EXPORTED } from "./reports.server";
import type { SessionUser } from "./sessions.server";
import { bucketCase, column, selectRows, sql, type Sql } from "./sql/reads.server";

// Cost per sale by lead source (issue 24 item 7; docs/decisions/065): per source, the leads
// received between two days of the reader's calendar (created_at, as every report counts), what
// became of them and what they cost. An admin reads the agency's (the Lead Sources tab, its CSV,
// GET /api/admin/reports/lead-sources); an agent reads the same figures of their own leads only
// (/agent/reports?tab=lead-sources, GET /api/agent/reports/lead-sources). Four statements run
// together, each one GROUP BY over an index range: the leads by source and month, the leads reached
// on a call (the call log's Contacted, for the contact rate: issue 25 item 5), the sales by source
// and month with their ledger (decision 027's rule, as the Commissions page sums it), and the
// duplicates by source (admins only: a duplicate is nobody's lead). Rows are one per source,
// so sorting and the totals happen here.

export type LeadSourceMonth = { month: string; spendCents: number; commissionCents: number };

export type LeadSourceReport = {
  range: ReportRange;
  sort: LeadSourceSort;
  dir: SortDirection;
  /** The sources and the leads with none, in the chosen order. */
  rows: LeadSourceRow[];
  total: LeadSourceRow;
  /** Every month of the range (of the reader's calendar), the chart's spend against commission. */
  months: LeadSourceMonth[];
};

export type LeadSourceReportQuery = LeadSourceReportDates & { sort: LeadSourceSort; dir?: SortDirection };

/** The no-source group's key in the statements' rows (lead_source_id IS NULL). */
const NONE = "none";

const LeadGroup = z.object({
  sourceId: column.text.nullable(),
  month: column.integer,
  leads: column.integer,
  billable: column.sum,
  returns: column.sum,
  contacted: column.sum,
  sales: column.sum,
});

const SaleGroup = z.object({
  sourceId: column.text.nullable(),
  month: column.integer,
  commissionCents: column.sum,
  chargebackCents: column.sum,
});

/** The leads the report reads: received in the range, and the agent's own when an agent reads. */
function leadsWhere(scope: Scope, agentId: string | null): Sql {
  return sql`a.created_at >= ${scope.start} AND a.created_at < ${scope.end}${agentId ? sql` AND a.agent_id = ${agentId}` : sql``}`;
}

/** Which month of the range a lead was received in, counted from 0 (the WHERE keeps it inside). */
const monthOf = (scope: Scope) => bucketCase(sql`a.created_at`, [...scope.months.map((m) => m.start), scope.end]);

/**
 * The leads per source and month: received, billable, returned with the return approved (the
 * lead's returned_at is set by the approval, in its transaction: decision 064), contacted (status
 * past pending) and sold. From the (created_at, lead_source_id, ...) index of migration 031, or
 * the agent's (agent_id, created_at) range.
 */
function leadGroups(scope: Scope, agentId: string | null) {
  return selectRows(
    sql`SELECT a.lead_source_id AS "sourceId", ${monthOf(scope)} AS "month", COUNT(*) AS "leads",
       SUM(CASE WHEN a.billable THEN 1 ELSE 0 END) AS "billable",
       SUM(CASE WHEN a.billable AND a.returned_at IS NOT NULL THEN 1 ELSE 0 END) AS "returns",
       SUM(CASE WHEN a.status <> 'pending' THEN 1 ELSE 0 END) AS "contacted",
       SUM(CASE WHEN a.sold_at IS NOT NULL THEN 1 ELSE 0 END) AS "sales"
     FROM applications a WHERE ${leadsWhere(scope, agentId)}
     GROUP BY 1, 2`,
    LeadGroup,
  );
}

/**
 * The leads reached per source and month: leads of the range with a call attempt whose outcome is
 * Contacted (the call log, decision 072), each counted once. A statement of its own, run beside
 * the others: the calls come from call_attempts' (created_at, outcome) index from the range's
 * start (a lead is called after it is received), joined to their leads by id. An EXISTS probe per
 * lead in leadGroups was 2.8 times its time at 500,000 leads (docs/performance.md).
 */
function reachedGroups(scope: Scope, agentId: string | null) {
  return selectRows(
    sql`SELECT a.lead_source_id AS "sourceId", ${monthOf(scope)} AS "month", COUNT(DISTINCT a.id) AS "reached"
     FROM call_attempts c JOIN applications a ON a.id = c.application_id
     WHERE c.created_at >= ${scope.start} AND c.outcome = 'contacted' AND ${leadsWhere(scope, agentId)}
     GROUP BY 1, 2`,
    z.object({ sourceId: column.text.nullable(), month: column.integer, reached: column.integer }),
  );
}

/**
 * The sales per source and month: their first-year commissions (cancelled included: the advance)
 * and what they charge back, by the ledger's rule as commissionFigures sums it (decision 027):
 * earned = advanced x months paid / 9 as (2 x advanced x paid + 9) / 18 in integers; a sale whose
 * commission or any payment is cancelled charges back what was not earned. The per-sale rows are
 * a MATERIALIZED CTE so each sale's payment counts run once.
 */
function saleGroups(scope: Scope, agentId: string | null) {
  return selectRows(
    sql`WITH x AS MATERIALIZED (
       SELECT a.lead_source_id AS source_id, ${monthOf(scope)} AS month,
         COALESCE(a.calculated_commission_cents, 0) AS commission,
         CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE 1 END AS cancelled,
         CASE WHEN a.calculated_commission_cents > 0 THEN a.calculated_commission_cents ELSE 0 END AS advanced,
         ${paymentCounts()}
       FROM applications a WHERE ${leadsWhere(scope, agentId)} AND a.sold_at IS NOT NULL
     ), s AS (
       SELECT x.source_id, x.month, x.commission, x.advanced,
         (2 * x.advanced * (CASE WHEN x."monthsPaid" > ${PAYMENT_MONTHS} THEN ${PAYMENT_MONTHS} ELSE x."monthsPaid" END) + 9) / 18 AS earned,
         CASE WHEN x.cancelled = 1 OR x."anyPaymentCancelled" = 1 THEN 1 ELSE 0 END AS lapsed
       FROM x
     )
     SELECT s.source_id AS "sourceId", s.month AS "month", SUM(s.commission) AS "commissionCents",
       SUM(CASE WHEN s.lapsed = 1 THEN s.advanced - s.earned ELSE 0 END) AS "chargebackCents"
     FROM s GROUP BY 1, 2`,
    SaleGroup,
  );
}

/** The duplicates per source received in the range, from lead_duplicates' (lead_source_id, created_at) index. */
function duplicateGroups(scope: Scope) {
  return selectRows(
    sql`SELECT d.lead_source_id AS "sourceId", COUNT(*) AS "duplicates" FROM lead_duplicates d
     WHERE d.created_at >= ${scope.start} AND d.created_at < ${scope.end} GROUP BY d.lead_source_id`,
    z.object({ sourceId: column.text, duplicates: column.integer }),
  );
}

const SourceRow = z.object({
  id: column.text,
  name: column.text,
  costPerLeadCents: column.cents,
  status: column.text,
});

const zeroCounts = (withDuplicates: boolean): LeadSourceCounts => ({
  leads: 0,
  duplicates: withDuplicates ? 0 : null,
  billable: 0,
  returns: 0,
  contacted: 0,
  reached: 0,
  sales: 0,
  commissionCents: 0,
  chargebackCents: 0,
  spendCents: 0,
});

async function buildReport(
  actor: SessionUser,
  dates: LeadSourceReportDates,
  order: { sort: LeadSourceSort; dir?: SortDirection },
  agentId: string | null,
  now: Date,
): Promise<LeadSourceReport> {
  // The same days, defaults and bounds as every report tab (decision 038), in the reader's calendar.
  const scope = await reportScope(actor, { ...dates, status: "all" }, now);
  const withDuplicates = agentId === null;
  const [leads, reached, sales, duplicates, sources] = await Promise.all([
    leadGroups(scope, agentId),
    reachedGroups(scope, agentId),
    saleGroups(scope, agentId),
    withDuplicates ? duplicateGroups(scope) : [],
    selectRows(
      sql`SELECT s.id, s.name, s.cost_per_lead_cents AS "costPerLeadCents", s.status FROM lead_sources s`,
      SourceRow,
    ),
  ]);
  const sourceById = new Map(sources.map((s) => [s.id, s]));
  const bySource = new Map<string, LeadSourceCounts>();
  const counts = (sourceId: string | null) => {
    const key = sourceId ?? NONE;
    let found = bySource.get(key);
    if (!found) bySource.set(key, (found = zeroCounts(withDuplicates)));
    return found;
  };
  const monthly = scope.months.map((m) => ({ month: m.key, spendCents: 0, commissionCents: 0 }));
  for (const group of leads) {
    const row = counts(group.sourceId);
    // Spend is reckoned per source at its cost per lead: billable leads less approved returns (decision 064).
    const cost = group.sourceId ? (sourceById.get(group.sourceId)?.costPerLeadCents ?? 0) : 0;
    const spend = (group.billable - group.returns) * cost;
    row.leads += group.leads;
    row.billable += group.billable;
    row.returns += group.returns;
    row.contacted += group.contacted;
    row.sales += group.sales;
    row.spendCents += spend;
    monthly[group.month]!.spendCents += spend;
  }
  for (const group of reached) counts(group.sourceId).reached += group.reached;
  for (const group of sales) {
    const row = counts(group.sourceId);
    row.commissionCents += group.commissionCents;
    row.chargebackCents += group.chargebackCents;
    monthly[group.month]!.commissionCents += group.commissionCents;
  }
  for (const group of duplicates) {
    const row = counts(group.sourceId);
    row.duplicates = (row.duplicates ?? 0) + group.duplicates;
  }

  // An admin sees every source (one that sent nothing in the range shows its zeros) and the leads
  // without one; an agent only the sources their leads came from.
  if (withDuplicates) {
    for (const source of sources) counts(source.id);
    counts(null);
  }
  const rows: LeadSourceRow[] = [...bySource.entries()].map(([key, figures]) => {
    const source = key === NONE ? null : sourceById.get(key);
    return {
      key,
      name: key === NONE ? NO_SOURCE_NAME : (source?.name ?? "Removed source"),
      listedCostPerLeadCents: source?.costPerLeadCents ?? null,
      status: source?.status ?? null,
      ...leadSourceFigures(figures),
    };
  });
  const dir = order.dir ?? firstDirection(order.sort);
  return {
    range: scope.range,
    sort: order.sort,
    dir,
    rows: sortLeadSourceRows(rows, order.sort, dir),
    total: {
      key: "total",
      name: TOTAL_ROW_NAME,
      listedCostPerLeadCents: null,
      status: null,
      ...leadSourceFigures(addCounts(rows, withDuplicates)),
    },
    months: monthly,
  };
}

/**
 * The Lead Sources tab and GET /api/admin/reports/lead-sources: every source's figures for the
 * leads received between dateFrom and dateTo (the admin's calendar; the last twelve months
 * without them), the leads without a source, and the totals. Admins only (403); a range over ten
 * years is a 400 at dateFrom, as on every report tab.
 */
export async function adminLeadSourceReport(actor: SessionUser, query: LeadSourceReportQuery, now = new Date()) {
  assertAdmin(actor);
  return buildReport(actor, query, query, null, now);
}

/**
 * The agent's Lead Sources (/agent/reports?tab=lead-sources, GET /api/agent/reports/lead-sources):
 * the same figures of the signed-in agent's own leads only, by the sources they came from; no
 * duplicates (a duplicate is never distributed, so it is no agent's). Agents only (403).
 */
export async function agentLeadSourceReport(actor: SessionUser, query: LeadSourceReportQuery, now = new Date()) {
  const agentId = assertAgent(actor);
  return buildReport(actor, query, query, agentId, now);
}

const money = (cents: number | null) => (cents === null ? null : dollarsFromCents(cents));

function csvRecord(row: LeadSourceRow): CsvValue[] {
  return [
    row.name,
    money(row.listedCostPerLeadCents),
    row.leads,
    row.duplicates,
    row.returns,
    row.returnRate,
    row.contacted,
    row.contactRate,
    row.sales,
    row.closeRate,
    money(row.commissionCents),
    money(row.chargebackCents),
    money(row.spendCents),
    money(row.costPerLeadCents),
    money(row.costPerSaleCents),
    row.costPerSalePercent,
  ];
}

/**
 * The export's Lead Sources tab (/admin/reports/export?tab=lead-sources): the page's rows in its
 * order, then the totals, as CSV (a figure that cannot be worked out is an empty cell), named
 * admin-report-lead-sources-{today}.csv and recorded in the activity log like every report export.
 */
export async function exportLeadSourceReport(actor: SessionUser, query: LeadSourceReportQuery, now = new Date()) {
  const report = await adminLeadSourceReport(actor, query, now);
  await logActivity({
    userId: actor.id,
    action: REPORT_EXPORTED,
    entityType: "report",
    summary: `${fullName(actor)} exported the Lead Sources report (from ${formatDate(report.range.dateFrom, "UTC")} to ${formatDate(report.range.dateTo, "UTC")})`,
  });
  return {
    filename: adminReportFileName("lead-sources", todayIn(actor.timezone, now)),
    text: csvLine(LEAD_SOURCE_CSV_COLUMNS) + [...report.rows, report.total].map((r) => csvLine(csvRecord(r))).join(""),
  };
}
