import { z } from "zod";
import { sequelize } from "~db";
import { PAYMENT_MONTHS } from "~/domain/commission";
import type { CommissionFilter } from "~/domain/commissions";
import { centsAsDollars, dollarsFromCents, fullName } from "~/domain/format";
import { ledgerLine, type LedgerLine, type LedgerTotals } from "~/domain/ledger";
import { periodRange, type Period } from "~/domain/periods";
import { placementRate } from "~/domain/placement";
import { policyStatusStyle, type PolicyStatus } from "~/domain/statuses";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { conflict, notFound } from "./errors.server";
import { findAccessibleLead } from "./leads.server";
import { assertAgent, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { decidedPolicy, issuedPolicy } from "./sql/policy-figures.server";
import {
  and,
  column,
  contains,
  or,
  searchPatterns,
  selectOne,
  sql,
  sqlPage,
  withinRange,
  type Sql,
  raw,
} from "./sql/reads.server";

// The agent's commissions (part 2, Commission dashboard; issue 11 items 4 and 5): a commission is
// a sale, a lead with soldAt set, whatever its status is now (decision 019); it is active until
// cancelled (commissionCancelledAt, one way). The summary, the history and the advance and
// chargeback ledger (app/domain/ledger.ts) are read in SQL, in the agent's time zone for the
// period of sale dates; which sales the ledger's totals cover: docs/decisions/027.

/** @internal */
export const COMMISSION_ERRORS = {
  notFound: "Commission Not Found",
  notSold: "This lead has no recorded sale, so it has no commission to cancel.",
  alreadyCancelled: "This commission is already cancelled; a cancelled commission cannot be made active again.",
} as const;

/** A sale's ledger line in dollars (the API's `ledger.sales` entry, without the id). */
type LedgerLineView = {
  advanced: number;
  earned: number;
  unearned: number;
  chargedBack: number;
  monthsPaid: number;
};

/** One commission: the spec's Commission record (money in dollars), when it was cancelled, and its ledger line. */
export type CommissionRecord = {
  id: string;
  applicationId: string;
  customerName: string;
  carrier: string | null;
  productName: string | null;
  commissionPercentage: number | null;
  saleDate: string;
  monthlyPremium: number | null;
  /** Null for a sale recorded without a product: the commission is to be decided (decision 043). */
  commission: number | null;
  isCancelled: boolean;
  cancelledAt: string | null;
  /** The policy's status now (decision 074): submitted at the sale, issued, declined... */
  policyStatus: PolicyStatus;
  ledger: LedgerLineView;
};

/**
 * The spec's Commission summary: sales counted, commissions as money strings ("1234.50"). Beyond
 * the spec (issue 26): of the sales (the submitted), those whose policy is issued and those
 * underwriting has decided, the placement rate (issued / decided, percent; null when none is
 * decided), and the active commissions of the issued sales.
 */
export type CommissionSummary = {
  totalSales: number;
  totalActiveSales: number;
  totalCancelledSales: number;
  totalCommissions: string;
  activeCommissions: string;
  cancelledCommissions: string;
  issuedSales: number;
  decidedSales: number;
  placementRate: number | null;
  issuedCommissions: string;
};

export type LedgerTotalsView = {
  advanced: number;
  earned: number;
  unearned: number;
  chargedBack: number;
  balance: number;
};

type PeriodInput = { period?: Period; startDate?: string; endDate?: string };
export type CommissionQuery = PeriodInput & {
  status: CommissionFilter;
  search?: string;
  page: number;
  pageSize: number;
};

function lineView(line: LedgerLine): LedgerLineView {
  return {
    advanced: centsAsDollars(line.advancedCents),
    earned: centsAsDollars(line.earnedCents),
    unearned: centsAsDollars(line.unearnedCents),
    chargedBack: centsAsDollars(line.chargedBackCents),
    monthsPaid: line.monthsPaid,
  };
}

/** The bounds of the period's sale dates, as the agent's calendar has them. */
function saleDateRange(actor: SessionUser, input: PeriodInput, now: Date) {
  return periodRange(input.period ?? "all", {
    timeZone: actor.timezone,
    now,
    startDate: input.startDate,
    endDate: input.endDate,
  });
}

/**
 * The agent's sales in the period, as the WHERE of a query over `applications a`: the
 * (agent_id, sold_at, id) index holds the agent, the sale and the period (migration 009).
 */
function salesWhere(agentId: string, input: PeriodInput, actor: SessionUser, now: Date): Sql {
  return sql`a.agent_id = ${agentId} AND a.sold_at IS NOT NULL AND ${withinRange(sql`a.sold_at`, saleDateRange(actor, input, now))}`;
}

/**
 * The history's filters on top: Active or Cancelled, and every word of the search in the
 * customer's first name, last name or email, the product sold or the carrier (case-insensitive,
 * % and _ taken literally, as My Leads searches).
 */
function historyWhere(agentId: string, query: CommissionQuery, actor: SessionUser, now: Date): Sql {
  return and([
    salesWhere(agentId, query, actor, now),
    query.status === "active" && sql`a.commission_cancelled_at IS NULL`,
    query.status === "cancelled" && sql`a.commission_cancelled_at IS NOT NULL`,
    ...searchPatterns(query.search).map((pattern) =>
      or([
        ...[sql`a.first_name`, sql`a.last_name`, sql`a.email`, sql`a.sold_product_name`].map((name) =>
          contains(name, pattern),
        ),
        sql`EXISTS (SELECT 1 FROM carriers c WHERE c.id = a.carrier_id AND ${contains(sql`c.name`, pattern)})`,
      ]),
    ),
  ]);
}

/**
 * A sale's paid months (at most nine) and whether any is cancelled, from the (application_id,
 * month_number) index, as two columns of a query over `applications a`.
 */
export function paymentCounts(): Sql {
  return sql`(SELECT COUNT(*) FROM payment_trackings t WHERE t.application_id = a.id AND t.status = 'paid') AS "monthsPaid",
   CASE WHEN EXISTS (SELECT 1 FROM payment_trackings t WHERE t.application_id = a.id AND t.status = 'cancelled')
     THEN 1 ELSE 0 END AS "anyPaymentCancelled"`;
}

/** A commission's row: the sale, its carrier and its payment counts, read into the record. */
const RecordRow = z
  .object({
    id: column.text,
    firstName: column.text,
    lastName: column.text,
    carrierName: column.text.nullable(),
    productName: column.text.nullable(),
    compPercentage: column.number.nullable(),
    soldAt: column.isoDate,
    monthlyPremiumCents: column.cents.nullable(),
    commissionCents: column.cents.nullable(),
    cancelledAt: column.isoDate.nullable(),
    policyStatus: column.text.nullable(),
    monthsPaid: column.integer,
    anyPaymentCancelled: column.boolean,
  })
  .transform((row): CommissionRecord => {
    const line = ledgerLine({
      commissionCents: row.commissionCents ?? 0,
      commissionCancelled: row.cancelledAt !== null,
      monthsPaid: row.monthsPaid,
      anyPaymentCancelled: row.anyPaymentCancelled,
    });
    return {
      id: row.id,
      applicationId: row.id,
      customerName: fullName(row),
      carrier: row.carrierName,
      productName: row.productName,
      commissionPercentage: row.compPercentage,
      saleDate: row.soldAt,
      monthlyPremium: centsAsDollars(row.monthlyPremiumCents),
      commission: centsAsDollars(row.commissionCents),
      isCancelled: row.cancelledAt !== null,
      cancelledAt: row.cancelledAt,
      policyStatus: policyStatusStyle(row.policyStatus).value,
      ledger: lineView(line),
    };
  });

const RECORD_COLUMNS = sql`a.id, a.first_name AS "firstName", a.last_name AS "lastName",
  (SELECT c.name FROM carriers c WHERE c.id = a.carrier_id) AS "carrierName",
  a.sold_product_name AS "productName", a.sold_comp_percentage AS "compPercentage", a.sold_at AS "soldAt",
  a.monthly_premium_cents AS "monthlyPremiumCents", a.calculated_commission_cents AS "commissionCents",
  a.commission_cancelled_at AS "cancelledAt", a.policy_status AS "policyStatus", ${paymentCounts()}`;

/**
 * The commission history (the page's table and GET /api/agent/commissions' `commissions`): the
 * signed-in agent's sales in the period of sale dates, newest sale first, Active, Cancelled or
 * All, searched, one page of them with each sale's ledger line, and the filtered total. Plain SQL
 * in two statements run together: the page's ids from the (agent_id, sold_at, id) index, then
 * only its rows with their carrier and payment counts; the total a COUNT(*) of the same WHERE.
 * Only an agent has commissions (403 for anyone else).
 */
export async function listCommissions(
  actor: SessionUser,
  query: CommissionQuery,
  now = new Date(),
): Promise<Page<CommissionRecord>> {
  const agentId = assertAgent(actor);
  return sqlPage(
    {
      select: RECORD_COLUMNS,
      from: sql`applications a`,
      where: historyWhere(agentId, query, actor, now),
      orderBy: sql`a.sold_at DESC, a.id DESC`,
      key: sql`a.id`,
    },
    query,
    RecordRow,
  );
}

/** The summary's and the ledger's sums; a SUM over no sale is NULL. */
const FiguresRow = z.object({
  totalSales: column.integer,
  activeSales: column.integer.nullable(),
  totalCommissions: column.cents.nullable(),
  activeCommissions: column.cents.nullable(),
  advanced: column.cents.nullable(),
  earned: column.cents.nullable(),
  unearned: column.cents.nullable(),
  chargedBack: column.cents.nullable(),
  issuedSales: column.integer.nullable(),
  decidedSales: column.integer.nullable(),
  issuedCommissions: column.cents.nullable(),
});

/**
 * A sale's advance in SQL, app/domain/ledger's rule: its first-year commission, never below 0.
 * `lead` is the applications row's alias.
 */
export function advancedCentsSql(lead: string): Sql {
  return sql`CASE WHEN ${raw(lead)}.calculated_commission_cents > 0 THEN ${raw(lead)}.calculated_commission_cents ELSE 0 END`;
}

/**
 * The part of an advance earned after `paid` months, app/domain/ledger's rule in SQL: advanced x
 * months paid (at most 9) / 9 rounded to the cent, as (2 x advanced x paid + 9) / 18 in integer
 * arithmetic (a ninth never ends in exactly half a cent, so this is Math.round's answer). Shared by
 * the commissions ledger, the chargeback exposure and the at-risk queue.
 */
export function earnedCentsSql(advanced: Sql, paid: Sql): Sql {
  return sql`(2 * ${advanced} * (CASE WHEN ${paid} > ${PAYMENT_MONTHS} THEN ${PAYMENT_MONTHS} ELSE ${paid} END) + 9) / 18`;
}

/**
 * The summary cards and the ledger's totals for the agent's sales in the period (whatever the
 * history's search and status filter), in one statement. Each sale's line is app/domain/ledger's
 * rule in SQL: earned = advanced x months paid / 9 rounded to the cent, as (2 x advanced x paid
 * + 9) / 18 in integer arithmetic (a ninth never ends in exactly half a cent, so this is
 * Math.round's answer); a sale whose commission or any payment is cancelled charges back what
 * was not earned, any other keeps it unearned. The balance is advanced less charged back. Of the
 * sales, those whose policy is issued or decided (decision 074) and the issued ones' active
 * commissions.
 */
export async function commissionFigures(actor: SessionUser, input: PeriodInput, now = new Date()) {
  const agentId = assertAgent(actor);
  const row = await selectOne(
    // The per-sale rows are a MATERIALIZED CTE: as nested derived tables both databases inlined
    // them, running each sale's payment subqueries once per SUM that reads them (11x its plain
    // SQL on Postgres at 100,000 leads in bench:leads).
    sql`WITH x AS MATERIALIZED (
       SELECT COALESCE(a.calculated_commission_cents, 0) AS commission,
         CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE 1 END AS cancelled,
         ${advancedCentsSql("a")} AS advanced,
         CASE WHEN ${issuedPolicy()} THEN 1 ELSE 0 END AS issued,
         CASE WHEN ${decidedPolicy()} THEN 1 ELSE 0 END AS decided,
         ${paymentCounts()}
       FROM applications a WHERE ${salesWhere(agentId, input, actor, now)}
     ), s AS (
       SELECT x.commission, x.cancelled, x.advanced, x.issued, x.decided,
         ${earnedCentsSql(sql`x.advanced`, sql`x."monthsPaid"`)} AS earned,
         CASE WHEN x.cancelled = 1 OR x."anyPaymentCancelled" = 1 THEN 1 ELSE 0 END AS lapsed
       FROM x
     )
     SELECT COUNT(*) AS "totalSales",
       SUM(1 - s.cancelled) AS "activeSales",
       SUM(s.commission) AS "totalCommissions",
       SUM(CASE WHEN s.cancelled = 0 THEN s.commission ELSE 0 END) AS "activeCommissions",
       SUM(s.advanced) AS "advanced",
       SUM(s.earned) AS "earned",
       SUM(CASE WHEN s.lapsed = 1 THEN 0 ELSE s.advanced - s.earned END) AS "unearned",
       SUM(CASE WHEN s.lapsed = 1 THEN s.advanced - s.earned ELSE 0 END) AS "chargedBack",
       SUM(s.issued) AS "issuedSales",
       SUM(s.decided) AS "decidedSales",
       SUM(CASE WHEN s.issued = 1 AND s.cancelled = 0 THEN s.commission ELSE 0 END) AS "issuedCommissions"
     FROM s`,
    FiguresRow,
  );
  const cents = (key: keyof z.output<typeof FiguresRow>) => row?.[key] ?? 0;
  const totals: LedgerTotals = {
    advancedCents: cents("advanced"),
    earnedCents: cents("earned"),
    unearnedCents: cents("unearned"),
    chargedBackCents: cents("chargedBack"),
    balanceCents: cents("advanced") - cents("chargedBack"),
  };
  const summary: CommissionSummary = {
    totalSales: cents("totalSales"),
    totalActiveSales: cents("activeSales"),
    totalCancelledSales: cents("totalSales") - cents("activeSales"),
    totalCommissions: dollarsFromCents(cents("totalCommissions")),
    activeCommissions: dollarsFromCents(cents("activeCommissions")),
    cancelledCommissions: dollarsFromCents(cents("totalCommissions") - cents("activeCommissions")),
    issuedSales: cents("issuedSales"),
    decidedSales: cents("decidedSales"),
    placementRate: placementRate(cents("issuedSales"), cents("decidedSales")),
    issuedCommissions: dollarsFromCents(cents("issuedCommissions")),
  };
  const ledger: LedgerTotalsView = {
    advanced: centsAsDollars(totals.advancedCents),
    earned: centsAsDollars(totals.earnedCents),
    unearned: centsAsDollars(totals.unearnedCents),
    chargedBack: centsAsDollars(totals.chargedBackCents),
    balance: centsAsDollars(totals.balanceCents),
  };
  return { summary, ledger };
}

/**
 * One of the agent's commissions (the Mark as Cancelled dialog, the cancel's answer): 404
 * "Application Not Found" for a lead that is not theirs, "Commission Not Found" for their own
 * lead with no sale.
 */
export async function getCommission(actor: SessionUser, id: string): Promise<CommissionRecord> {
  const agentId = assertAgent(actor);
  if (!isUuid(id)) throw notFound(COMMISSION_ERRORS.notFound);
  const record = await selectOne(
    sql`SELECT ${RECORD_COLUMNS} FROM applications a WHERE a.id = ${id} AND a.agent_id = ${agentId} AND a.sold_at IS NOT NULL`,
    RecordRow,
  );
  if (!record) throw notFound(COMMISSION_ERRORS.notFound);
  return record;
}

/**
 * Mark as Cancelled (the page's confirmation and PUT /api/agent/applications/{id}/cancel): sets
 * the sale's commissionCancelledAt, one way. Reached through findAccessibleLead, so another
 * agent's lead is a 404 before anything changes; a lead never sold or a commission already
 * cancelled is a 409 with the reason. The lead's row is locked for the change, so two cancels at
 * once cancel once; the activity log records who cancelled which sale, in the same transaction.
 */
export async function cancelCommission(actor: SessionUser, id: string): Promise<CommissionRecord> {
  assertAgent(actor);
  await sequelize.transaction(async (transaction) => {
    const lead = await findAccessibleLead(actor, id, {
      attributes: ["id", "firstName", "lastName", "soldAt", "commissionCancelledAt"],
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!lead.soldAt) throw conflict(COMMISSION_ERRORS.notSold);
    if (lead.commissionCancelledAt) throw conflict(COMMISSION_ERRORS.alreadyCancelled);
    await lead.update({ commissionCancelledAt: new Date() }, { transaction });
    await logActivity(
      {
        userId: actor.id,
        action: "commission_cancelled",
        entityType: "application",
        entityId: lead.id,
        summary: `${fullName(actor)} cancelled the commission on the sale to ${fullName(lead)}`,
      },
      { transaction },
    );
  });
  return getCommission(actor, id);
}
