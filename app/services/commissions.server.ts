import { sequelize } from "~db";
import { PAYMENT_MONTHS } from "~/domain/commission";
import type { CommissionFilter } from "~/domain/commissions";
import { dollarsFromCents } from "~/domain/format";
import { ledgerLine, type LedgerLine, type LedgerTotals } from "~/domain/ledger";
import { periodRange, type Period } from "~/domain/periods";
import { limitOffset, type Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { conflict, notFound } from "./errors.server";
import { findAccessibleLead } from "./leads.server";
import { assertAgent, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { selectRows, withinRange } from "./sql.server";

// The agent's commissions (part 2, Commission dashboard; issue 11 items 4 and 5): a commission is
// a sale, a lead with soldAt set, whatever its status is now (decision 019); it is active until
// cancelled (commissionCancelledAt, one way). The summary, the history and the advance and
// chargeback ledger (app/domain/ledger.ts) are read in SQL, in the agent's time zone for the
// period of sale dates; which sales the ledger's totals cover: docs/decisions/027.

export const COMMISSION_ERRORS = {
  notFound: "Commission Not Found",
  notSold: "This lead has no recorded sale, so it has no commission to cancel.",
  alreadyCancelled: "This commission is already cancelled; a cancelled commission cannot be made active again.",
} as const;

/** A sale's ledger line in dollars (the API's `ledger.sales` entry, without the id). */
export type LedgerLineView = {
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
  ledger: LedgerLineView;
};

/** The spec's Commission summary: sales counted, commissions as money strings ("1234.50"). */
export type CommissionSummary = {
  totalSales: number;
  totalActiveSales: number;
  totalCancelledSales: number;
  totalCommissions: string;
  activeCommissions: string;
  cancelledCommissions: string;
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

const dollars = (cents: number) => cents / 100;

function lineView(line: LedgerLine): LedgerLineView {
  return {
    advanced: dollars(line.advancedCents),
    earned: dollars(line.earnedCents),
    unearned: dollars(line.unearnedCents),
    chargedBack: dollars(line.chargedBackCents),
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
function salesWhere(agentId: string, input: PeriodInput, actor: SessionUser, now: Date) {
  const sold = withinRange("a.sold_at", saleDateRange(actor, input, now), "sold");
  return {
    conditions: ["a.agent_id = :agentId", "a.sold_at IS NOT NULL", sold.sql],
    replacements: { agentId, ...sold.replacements } as Record<string, unknown>,
  };
}

/**
 * The history's filters on top: Active or Cancelled, and every word of the search in the
 * customer's first name, last name or email, the product sold or the carrier (case-insensitive,
 * % and _ taken literally, as My Leads searches).
 */
function historyWhere(agentId: string, query: CommissionQuery, actor: SessionUser, now: Date) {
  const { conditions, replacements } = salesWhere(agentId, query, actor, now);
  if (query.status === "active") conditions.push("a.commission_cancelled_at IS NULL");
  if (query.status === "cancelled") conditions.push("a.commission_cancelled_at IS NOT NULL");
  (query.search ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .forEach((word, i) => {
      replacements[`word${i}`] = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const like = (column: string) => `lower(${column}) LIKE lower(:word${i}) ESCAPE '\\'`;
      conditions.push(
        `(${["a.first_name", "a.last_name", "a.email", "a.sold_product_name"].map(like).join(" OR ")}
          OR EXISTS (SELECT 1 FROM carriers c WHERE c.id = a.carrier_id AND ${like("c.name")}))`,
      );
    });
  return { where: conditions.join(" AND "), replacements };
}

/** A sale's paid months (at most nine) and whether any is cancelled, from the (application_id, month_number) index. */
export const PAYMENT_COUNTS_SQL = (alias: string) =>
  `(SELECT COUNT(*) FROM payment_trackings t WHERE t.application_id = ${alias}.id AND t.status = 'paid') AS "monthsPaid",
   CASE WHEN EXISTS (SELECT 1 FROM payment_trackings t WHERE t.application_id = ${alias}.id AND t.status = 'cancelled')
     THEN 1 ELSE 0 END AS "anyPaymentCancelled"`;

type RecordRow = {
  id: string;
  firstName: string;
  lastName: string;
  carrierName: string | null;
  productName: string | null;
  compPercentage: number | string | null;
  soldAt: Date | string;
  monthlyPremiumCents: number | string | null;
  commissionCents: number | string | null;
  cancelledAt: Date | string | null;
  monthsPaid: number | string;
  anyPaymentCancelled: number | string;
};

const RECORD_COLUMNS = `l.id, l.first_name AS "firstName", l.last_name AS "lastName",
  (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrierName",
  l.sold_product_name AS "productName", l.sold_comp_percentage AS "compPercentage", l.sold_at AS "soldAt",
  l.monthly_premium_cents AS "monthlyPremiumCents", l.calculated_commission_cents AS "commissionCents",
  l.commission_cancelled_at AS "cancelledAt", ${PAYMENT_COUNTS_SQL("l")}`;

function toRecord(row: RecordRow): CommissionRecord {
  const commissionCents = Number(row.commissionCents ?? 0);
  const cancelledAt = row.cancelledAt ? new Date(row.cancelledAt).toISOString() : null;
  const line = ledgerLine({
    commissionCents,
    commissionCancelled: cancelledAt !== null,
    monthsPaid: Number(row.monthsPaid),
    anyPaymentCancelled: Number(row.anyPaymentCancelled) === 1,
  });
  return {
    id: row.id,
    applicationId: row.id,
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    carrier: row.carrierName ?? null,
    productName: row.productName ?? null,
    commissionPercentage: row.compPercentage === null ? null : Number(row.compPercentage),
    saleDate: new Date(row.soldAt).toISOString(),
    monthlyPremium: row.monthlyPremiumCents === null ? null : dollars(Number(row.monthlyPremiumCents)),
    commission: row.commissionCents === null ? null : dollars(commissionCents),
    isCancelled: cancelledAt !== null,
    cancelledAt,
    ledger: lineView(line),
  };
}

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
  const { where, replacements } = historyWhere(agentId, query, actor, now);
  const [rows, [counted]] = await Promise.all([
    selectRows<RecordRow>(
      `SELECT ${RECORD_COLUMNS}
       FROM (SELECT a.id FROM applications a WHERE ${where}
             ORDER BY a.sold_at DESC, a.id DESC LIMIT :limit OFFSET :offset) page
       JOIN applications l ON l.id = page.id
       ORDER BY l.sold_at DESC, l.id DESC`,
      { ...replacements, ...limitOffset(query) },
    ),
    selectRows<{ total: number | string }>(`SELECT COUNT(*) AS total FROM applications a WHERE ${where}`, replacements),
  ]);
  return { rows: rows.map(toRecord), total: Number(counted?.total ?? 0), page: query.page, pageSize: query.pageSize };
}

type FiguresRow = Record<
  | "totalSales"
  | "activeSales"
  | "totalCommissions"
  | "activeCommissions"
  | "advanced"
  | "earned"
  | "unearned"
  | "chargedBack",
  number | string | null
>;

/**
 * The summary cards and the ledger's totals for the agent's sales in the period (whatever the
 * history's search and status filter), in one statement. Each sale's line is app/domain/ledger's
 * rule in SQL: earned = advanced x months paid / 9 rounded to the cent, as (2 x advanced x paid
 * + 9) / 18 in integer arithmetic (a ninth never ends in exactly half a cent, so this is
 * Math.round's answer); a sale whose commission or any payment is cancelled charges back what
 * was not earned, any other keeps it unearned. The balance is advanced less charged back.
 */
export async function commissionFigures(actor: SessionUser, input: PeriodInput, now = new Date()) {
  const agentId = assertAgent(actor);
  const { conditions, replacements } = salesWhere(agentId, input, actor, now);
  const [row] = await selectRows<FiguresRow>(
    // The per-sale rows are a MATERIALIZED CTE: as nested derived tables both databases inlined
    // them, running each sale's payment subqueries once per SUM that reads them (11x its plain
    // SQL on Postgres at 100,000 leads in bench:leads).
    `WITH x AS MATERIALIZED (
       SELECT COALESCE(a.calculated_commission_cents, 0) AS commission,
         CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE 1 END AS cancelled,
         CASE WHEN a.calculated_commission_cents > 0 THEN a.calculated_commission_cents ELSE 0 END AS advanced,
         ${PAYMENT_COUNTS_SQL("a")}
       FROM applications a WHERE ${conditions.join(" AND ")}
     ), s AS (
       SELECT x.commission, x.cancelled, x.advanced,
         (2 * x.advanced * (CASE WHEN x."monthsPaid" > ${PAYMENT_MONTHS} THEN ${PAYMENT_MONTHS} ELSE x."monthsPaid" END) + 9) / 18 AS earned,
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
       SUM(CASE WHEN s.lapsed = 1 THEN s.advanced - s.earned ELSE 0 END) AS "chargedBack"
     FROM s`,
    replacements,
  );
  const cents = (key: keyof FiguresRow) => Number(row?.[key] ?? 0);
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
  };
  const ledger: LedgerTotalsView = {
    advanced: dollars(totals.advancedCents),
    earned: dollars(totals.earnedCents),
    unearned: dollars(totals.unearnedCents),
    chargedBack: dollars(totals.chargedBackCents),
    balance: dollars(totals.balanceCents),
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
  const [row] = await selectRows<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM applications l WHERE l.id = :id AND l.agent_id = :agentId AND l.sold_at IS NOT NULL`,
    { id, agentId },
  );
  if (!row) throw notFound(COMMISSION_ERRORS.notFound);
  return toRecord(row);
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
        summary: `${actor.firstName} ${actor.lastName} cancelled the commission on the sale to ${lead.firstName} ${lead.lastName}`,
      },
      { transaction },
    );
  });
  return getCommission(actor, id);
}
