import { z } from "zod";
import { conversionRate } from "~/domain/commission";
import { csvLine } from "~/domain/csv";
import { centsAsDollars, dollarsFromCents, fullName } from "~/domain/format";
import { localDateLabeler, parseIsoDate, todayIn, zonedMidnight, type PeriodRange } from "~/domain/periods";
import { placementRate } from "~/domain/placement";
import { REPORT_CSV_COLUMNS, REPORT_MESSAGES, reportFileName } from "~/domain/reports";
import type { ReportFilters } from "~/domain/schemas/reports";
import { leadStatusStyle } from "~/domain/statuses";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { badRequest } from "./errors.server";
import { agentLeadsWhere, listAgentLeads, type AgentLeadFilters } from "./lead-reads.server";
import { assertAgent, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, raw, selectOne, selectRows, sql } from "./sql/reads.server";
import { CUBE, summaryRows } from "./sql/report-summaries.server";

// The agent's report (/agent/reports, GET /api/agent/reports, /agent/reports/export): the
// agent's own leads created between two days of their calendar, of a status and a carrier; six
// figures about them, one page of them, and all of them as CSV. Built on the lead list
// (agentLeadsWhere, listAgentLeads), so the report lists exactly the leads My Leads would.
// What each figure means is docs/decisions/028.

/**
 * The six figures (part 2, Report): counts, a percentage with one decimal, dollars. Beyond the spec
 * (issue 26): of the sales (the submitted), those whose policy is issued with their revenue and
 * commission, those underwriting has decided, and the placement rate (issued / decided, percent;
 * null when none is decided).
 */
type ReportMetrics = {
  totalLeads: number;
  totalSales: number;
  conversionRate: number;
  totalRevenue: number;
  totalCommission: number;
  averagePremium: number;
  issuedSales: number;
  issuedRevenue: number;
  issuedCommission: number;
  decidedSales: number;
  placementRate: number | null;
};

/** One lead of the report's table and of GET /api/agent/reports' applications: nothing sensitive. */
export type ReportApplication = {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  status: string;
  carrierId: string | null;
  carrier: { id: string; name: string } | null;
  coverageAmount: number | null;
  monthlyPremium: number | null;
};

export type CarrierChoice = { id: string; name: string };

/**
 * Days beyond which a bound selects nothing more: no lead was created before 1970, and the last
 * day a YYYY-MM-DD date can name has no midnight after it. Far-off years are also where the
 * databases' date writers falter (year 10000, local mean time offsets), so such a bound is left out.
 */
const FIRST_DAY = "1970-01-01";
const LAST_DAY = "9999-12-31";

/**
 * The filters as the lead list takes them: From and To are whole days of the agent's calendar,
 * both included, so the range runs from From's local midnight to the midnight after To. A carrier
 * must exist (a 400 at carrierId otherwise); one with none of the agent's leads is an empty report.
 */
async function leadFilters(actor: SessionUser, filters: ReportFilters): Promise<AgentLeadFilters> {
  if (filters.carrierId) {
    const carrier = isUuid(filters.carrierId)
      ? await selectOne(sql`SELECT id FROM carriers WHERE id = ${filters.carrierId}`, z.object({ id: column.text }))
      : null;
    if (!carrier) {
      throw badRequest(REPORT_MESSAGES.unknownCarrier, { carrierId: [REPORT_MESSAGES.unknownCarrier] });
    }
  }
  // The schema has checked that both days exist; day + 1 rolls over into the next month or year.
  const midnight = (day: string, after: 0 | 1) => {
    const { year, month, day: date } = parseIsoDate(day)!;
    return zonedMidnight(year, month, date + after, actor.timezone);
  };
  const created: PeriodRange = {
    start: filters.dateFrom && filters.dateFrom > FIRST_DAY ? midnight(filters.dateFrom, 0) : null,
    end: filters.dateTo && filters.dateTo < LAST_DAY ? midnight(filters.dateTo, 1) : null,
  };
  return { status: filters.status, created, carrierId: filters.carrierId };
}

/**
 * The six figures in one statement over the report's summary rows (migration 024, the full cube
 * through its index by agent), so the time grows with the days the report covers, not with the
 * agent's leads: all the leads, and those sold (status sale). Revenue is the sold leads' monthly
 * premiums; commission their first-year commissions, less those cancelled; the average premium is
 * revenue per sale, to the cent. The issued and decided figures come from the same rows (migration 043).
 */
async function reportMetrics(agentId: string, filters: AgentLeadFilters): Promise<ReportMetrics> {
  const rows = summaryRows(
    CUBE.full,
    [filters.created ?? { start: null, end: null }],
    [
      sql`s.agent_id = ${agentId}`,
      filters.status !== "all" && sql`s.status = ${filters.status}`,
      filters.carrierId && sql`s.carrier_id = ${filters.carrierId}`,
    ],
  );
  const figures = (await selectOne(
    sql`SELECT SUM(s.leads) AS "totalLeads", SUM(s.sales) AS "totalSales", SUM(s.premium_cents) AS "revenueCents",
          SUM(s.commission_cents) AS "commissionCents", SUM(s.issued_sales) AS "issuedSales",
          SUM(s.issued_premium_cents) AS "issuedRevenueCents", SUM(s.issued_commission_cents) AS "issuedCommissionCents",
          SUM(s.decided_sales) AS "decidedSales" FROM ${rows}`,
    z.object({
      totalLeads: column.sum,
      totalSales: column.sum,
      revenueCents: column.sum,
      commissionCents: column.sum,
      issuedSales: column.sum,
      issuedRevenueCents: column.sum,
      issuedCommissionCents: column.sum,
      decidedSales: column.sum,
    }),
  ))!;
  return {
    totalLeads: figures.totalLeads,
    totalSales: figures.totalSales,
    conversionRate: conversionRate(figures.totalSales, figures.totalLeads),
    totalRevenue: centsAsDollars(figures.revenueCents),
    totalCommission: centsAsDollars(figures.commissionCents),
    averagePremium:
      figures.totalSales === 0 ? 0 : centsAsDollars(Math.round(figures.revenueCents / figures.totalSales)),
    issuedSales: figures.issuedSales,
    issuedRevenue: centsAsDollars(figures.issuedRevenueCents),
    issuedCommission: centsAsDollars(figures.issuedCommissionCents),
    decidedSales: figures.decidedSales,
    placementRate: placementRate(figures.issuedSales, figures.decidedSales),
  };
}

export type AgentReport = { applications: Page<ReportApplication>; metrics: ReportMetrics };

/**
 * /agent/reports and GET /api/agent/reports: the figures of the signed-in agent's leads that the
 * filters select, and one page of those leads, newest first (My Leads' query: the page's ids from
 * an index, then its rows). Only an agent has a report (403 otherwise); an unknown carrier is a
 * 400 at carrierId.
 */
export async function agentReport(
  actor: SessionUser,
  filters: ReportFilters,
  paging: { page: number; pageSize: number },
): Promise<AgentReport> {
  const agentId = assertAgent(actor);
  const query = await leadFilters(actor, filters);
  const [list, metrics] = await Promise.all([
    listAgentLeads(actor, { ...query, ...paging }),
    reportMetrics(agentId, query),
  ]);
  return {
    applications: {
      ...list,
      rows: list.rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt,
        firstName: row.firstName,
        lastName: row.lastName,
        status: row.status,
        carrierId: row.carrierId,
        carrier: row.carrier,
        coverageAmount: row.coverageAmount,
        monthlyPremium: row.monthlyPremium,
      })),
    },
    metrics,
  };
}

/**
 * The Carrier filter's choices: the carriers the agent carries and those named on any of their
 * leads (the index by carrier answers which), plus the one chosen, by name.
 */
export async function reportCarrierChoices(actor: SessionUser, chosen?: string): Promise<CarrierChoice[]> {
  const agentId = assertAgent(actor);
  return selectRows(
    sql`SELECT c.id, c.name FROM carriers c
        WHERE c.id IN (SELECT a.carrier_id FROM applications a WHERE a.agent_id = ${agentId} AND a.carrier_id IS NOT NULL)
          OR c.id IN (SELECT g.carrier_id FROM agent_carriers g WHERE g.agent_id = ${agentId})
          ${chosen && isUuid(chosen) ? sql`OR c.id = ${chosen}` : raw("")}
        ORDER BY LOWER(c.name), c.id`,
    z.object({ id: column.text, name: column.text }),
  );
}

// ---------------------------------------------------------------------------------------------
// The CSV export

/** Rows read per statement: a 100,000-lead export is 200 short reads, never all rows at once. */
const EXPORT_BATCH_SIZE = 500;

/** The activity log's action for an export; its summary names the filters, never a lead. */
export const REPORT_EXPORTED = "report_exported";

const ExportRow = z.object({
  id: column.text,
  /** created_at as the database writes it as text, to carry on after it exactly (see exportBatches). */
  cursor: column.text,
  createdAt: column.date,
  firstName: column.text,
  lastName: column.text,
  status: column.text,
  carrierName: column.text.nullable(),
  coverageAmountCents: column.cents.nullable(),
  monthlyPremiumCents: column.cents.nullable(),
  calculatedCommissionCents: column.cents.nullable(),
  commissionCancelledAt: column.date.nullable(),
});
type ExportRow = z.output<typeof ExportRow>;

/**
 * The Commission column: a sale's first-year commission, 0.00 once it is cancelled, empty for a
 * lead that is not sold; so the column adds up to the Total Commission figure.
 */
function commissionCell(row: ExportRow) {
  if (row.status !== "sale") return "";
  return row.commissionCancelledAt ? "0.00" : dollarsFromCents(row.calculatedCommissionCents);
}

function csvRecord(row: ExportRow, localDate: (date: Date) => string) {
  return csvLine([
    localDate(row.createdAt),
    fullName(row),
    leadStatusStyle(row.status).label,
    row.carrierName,
    dollarsFromCents(row.coverageAmountCents),
    dollarsFromCents(row.monthlyPremiumCents),
    commissionCell(row),
  ]);
}

/**
 * The filtered leads newest first, EXPORT_BATCH_SIZE at a time. Each batch carries on after the
 * last row of the one before (created_at, then id, the list's order) through the same index, so
 * every batch costs the same however far the export has gone: a row-value comparison, which both
 * databases seek to in the index (an OR of the two columns is only a filter on Postgres, read
 * from the top every time). The position is created_at as text: Postgres keeps microseconds,
 * which a JavaScript Date would drop and so skip rows.
 */
async function* exportBatches(agentId: string, filters: AgentLeadFilters, batchSize: number) {
  const where = agentLeadsWhere(agentId, filters);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows: ExportRow[] = await selectRows(
      sql`SELECT a.id, CAST(a.created_at AS TEXT) AS "cursor", a.created_at AS "createdAt", a.first_name AS "firstName",
            a.last_name AS "lastName", a.status, (SELECT c.name FROM carriers c WHERE c.id = a.carrier_id) AS "carrierName",
            a.coverage_amount_cents AS "coverageAmountCents", a.monthly_premium_cents AS "monthlyPremiumCents",
            a.calculated_commission_cents AS "calculatedCommissionCents",
            a.commission_cancelled_at AS "commissionCancelledAt"
          FROM applications a
          WHERE ${where} ${after ? sql`AND (a.created_at, a.id) < (${after.at}, ${after.id})` : raw("")}
          ORDER BY a.created_at DESC, a.id DESC
          LIMIT ${batchSize}`,
      ExportRow,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor, id: last.id };
  }
}

export type ReportExport = { filename: string; lines: AsyncGenerator<string> };

/**
 * /agent/reports/export: the report's leads as CSV (RFC 4180, cells that a spreadsheet would run
 * neutralised), with the columns Date, Customer, Status, Carrier, Coverage, Monthly Premium,
 * Commission, dates on the agent's calendar, and named agent-report-{today}.csv. The filters are
 * checked and the export recorded in the activity log before any row is read; the rows then come
 * in batches, so the caller can stream them. Nothing sensitive is in it.
 */
export async function exportAgentReport(
  actor: SessionUser,
  filters: ReportFilters,
  now = new Date(),
  batchSize = EXPORT_BATCH_SIZE,
): Promise<ReportExport> {
  const agentId = assertAgent(actor);
  const query = await leadFilters(actor, filters);
  const chosen = [
    `from ${filters.dateFrom ?? "the first lead"}`,
    `to ${filters.dateTo ?? "today"}`,
    `status ${filters.status}`,
    `carrier ${filters.carrierId ?? "all"}`,
  ].join(", ");
  await logActivity({
    userId: actor.id,
    action: REPORT_EXPORTED,
    entityType: "report",
    summary: `${fullName(actor)} exported their lead report (${chosen})`,
  });
  const timeZone = actor.timezone;
  async function* lines() {
    const localDate = localDateLabeler(timeZone);
    yield csvLine(REPORT_CSV_COLUMNS);
    for await (const batch of exportBatches(agentId, query, batchSize)) {
      yield batch.map((row) => csvRecord(row, localDate)).join("");
    }
  }
  return { filename: reportFileName(todayIn(timeZone, now)), lines: lines() };
}
