import { PAYMENT_MONTHS } from "~/domain/commission";
import { periodRange, type Period } from "~/domain/periods";
import { limitOffset, type Page } from "~/utils/list";
import { PAYMENT_COUNTS_SQL } from "./commissions.server";
import { notFound } from "./errors.server";
import { assertAdmin } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { selectRows, withinRange } from "./sql.server";

// Premiums Management (part 2, section 2; issue 13 item 2): every agent's sales with the premium,
// product and comp % kept as sold on the lead, their figures, and beyond the spec each agent's
// advance and chargeback ledger (app/domain/ledger.ts). A sale is a lead with soldAt set, whatever
// its status is now (decision 019); the period is of sale dates in the admin's time zone (or the
// API's ?timezone=). Which sales count where: docs/decisions/036.

export const PREMIUM_ERRORS = { agentNotFound: "Agent not found" } as const;

/** What every premiums read takes: the period of sale dates, its time zone, and optionally one agent. */
export type PremiumFilter = {
  period?: Period;
  startDate?: string;
  endDate?: string;
  agentId?: string;
  /** The calendar the period is counted in; the admin's own when left out. */
  timezone?: string;
};

/** One sale as the table and GET /api/admin/commissions show it (money in cents here). */
export type PremiumRow = {
  id: string;
  leadName: string;
  agentId: string | null;
  agentName: string | null;
  carrier: string | null;
  product: string | null;
  premiumCents: number;
  compPercentage: number | null;
  commissionCents: number;
  commissionCancelled: boolean;
  saleDate: string;
};

/** The four cards (money in cents): every sale of the period; Total Commissions only the active ones. */
export type PremiumFigures = {
  totalSales: number;
  totalPremiumCents: number;
  averagePremiumCents: number;
  totalCommissionCents: number;
  cancelledSales: number;
  cancelledCommissionCents: number;
};

/** One agent's ledger over their sales of the period (cents), as app/domain/ledger.ts adds it up. */
export type AgentLedgerRow = {
  agentId: string;
  agentName: string;
  sales: number;
  advancedCents: number;
  earnedCents: number;
  unearnedCents: number;
  chargedBackCents: number;
  balanceCents: number;
};

/**
 * The sales of the filter as the WHERE of a query over `applications a`: with an agent, a range of
 * migration 009's (agent_id, sold_at, id); for every agent, of migration 020's (sold_at, id).
 * An agent id that names no agent is a 404 (the API's "unknown id"), not an empty list.
 */
async function salesWhere(actor: SessionUser, filter: PremiumFilter, now: Date) {
  assertAdmin(actor);
  if (filter.agentId) {
    const [agent] = await selectRows<{ id: string }>(`SELECT id FROM agents WHERE id = :agentId`, {
      agentId: filter.agentId,
    });
    if (!agent) throw notFound(PREMIUM_ERRORS.agentNotFound);
  }
  const range = periodRange(filter.period ?? "today", {
    timeZone: filter.timezone ?? actor.timezone,
    now,
    startDate: filter.startDate,
    endDate: filter.endDate,
  });
  const sold = withinRange("a.sold_at", range, "sold");
  const conditions = ["a.sold_at IS NOT NULL", sold.sql];
  const replacements: Record<string, unknown> = { ...sold.replacements };
  if (filter.agentId) {
    conditions.unshift("a.agent_id = :agentId");
    replacements.agentId = filter.agentId;
  }
  return { where: conditions.join(" AND "), replacements };
}

type PremiumSqlRow = {
  id: string;
  firstName: string;
  lastName: string;
  agentId: string | null;
  agentFirstName: string | null;
  agentLastName: string | null;
  carrierName: string | null;
  productName: string | null;
  compPercentage: number | string | null;
  premiumCents: number | string | null;
  commissionCents: number | string | null;
  cancelledAt: Date | string | null;
  soldAt: Date | string;
};

/**
 * SQL of one page of premium rows (takes the filter's replacements, :limit and :offset): the page's
 * ids from the index, newest sale first, then only its rows with their agent's and carrier's names.
 * Exported for the benchmark's raw-SQL comparison and the plan test.
 */
export function premiumRowsSql(where: string) {
  return `SELECT l.id, l.first_name AS "firstName", l.last_name AS "lastName", l.agent_id AS "agentId",
       u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
       (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrierName",
       l.sold_product_name AS "productName", l.sold_comp_percentage AS "compPercentage",
       l.monthly_premium_cents AS "premiumCents", l.calculated_commission_cents AS "commissionCents",
       l.commission_cancelled_at AS "cancelledAt", l.sold_at AS "soldAt"
     FROM (SELECT a.id FROM applications a WHERE ${where}
           ORDER BY a.sold_at DESC, a.id DESC LIMIT :limit OFFSET :offset) page
     JOIN applications l ON l.id = page.id
     LEFT JOIN agents g ON g.id = l.agent_id
     LEFT JOIN users u ON u.id = g.user_id
     ORDER BY l.sold_at DESC, l.id DESC`;
}

function toPremiumRow(row: PremiumSqlRow): PremiumRow {
  return {
    id: row.id,
    leadName: `${row.firstName} ${row.lastName}`.trim(),
    agentId: row.agentId ?? null,
    agentName: row.agentFirstName === null ? null : `${row.agentFirstName} ${row.agentLastName ?? ""}`.trim(),
    carrier: row.carrierName ?? null,
    product: row.productName ?? null,
    premiumCents: Number(row.premiumCents ?? 0),
    compPercentage: row.compPercentage === null ? null : Number(row.compPercentage),
    commissionCents: Number(row.commissionCents ?? 0),
    commissionCancelled: row.cancelledAt !== null,
    saleDate: new Date(row.soldAt).toISOString(),
  };
}

/**
 * The premiums table (the page and GET /api/admin/commissions): every agent's sales of the period,
 * or one agent's, newest sale first, one page of them and the filtered total (a COUNT(*) of the
 * same index range). Admins only (403).
 */
export async function listPremiums(
  actor: SessionUser,
  query: PremiumFilter & { page: number; pageSize: number },
  now = new Date(),
): Promise<Page<PremiumRow>> {
  const { where, replacements } = await salesWhere(actor, query, now);
  const [rows, [counted]] = await Promise.all([
    selectRows<PremiumSqlRow>(premiumRowsSql(where), { ...replacements, ...limitOffset(query) }),
    selectRows<{ total: number | string }>(`SELECT COUNT(*) AS total FROM applications a WHERE ${where}`, replacements),
  ]);
  return {
    rows: rows.map(toPremiumRow),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** SQL of the four cards' sums over the filter's sales, one statement (exported for the benchmark). */
export function premiumFiguresSql(where: string) {
  return `SELECT COUNT(*) AS "totalSales",
       SUM(COALESCE(a.monthly_premium_cents, 0)) AS "totalPremium",
       SUM(CASE WHEN a.commission_cancelled_at IS NULL THEN COALESCE(a.calculated_commission_cents, 0) ELSE 0 END) AS "activeCommission",
       SUM(CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE 1 END) AS "cancelledSales",
       SUM(CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE COALESCE(a.calculated_commission_cents, 0) END) AS "cancelledCommission"
     FROM applications a WHERE ${where}`;
}

/**
 * The cards: Total Monthly Premiums, Total Commissions, Average Premium and Total Sales of the
 * period's sales, in one statement. Every sale counts for premiums and sales (the policy was
 * sold); Total Commissions is what is still owed, the active commissions, and the cancelled ones
 * are counted apart (decision 036). The average is rounded to the cent.
 */
export async function premiumFigures(actor: SessionUser, filter: PremiumFilter, now = new Date()) {
  const { where, replacements } = await salesWhere(actor, filter, now);
  const [row] = await selectRows<Record<string, number | string | null>>(premiumFiguresSql(where), replacements);
  const number = (key: string) => Number(row?.[key] ?? 0);
  const totalSales = number("totalSales");
  const totalPremiumCents = number("totalPremium");
  const figures: PremiumFigures = {
    totalSales,
    totalPremiumCents,
    averagePremiumCents: totalSales === 0 ? 0 : Math.round(totalPremiumCents / totalSales),
    totalCommissionCents: number("activeCommission"),
    cancelledSales: number("cancelledSales"),
    cancelledCommissionCents: number("cancelledCommission"),
  };
  return figures;
}

/**
 * SQL of one page of the agents' ledgers (takes the filter's replacements, :limit and :offset).
 * Each sale's line is app/domain/ledger's rule, as commissionFigures writes it: advanced = the
 * commission (never below 0); earned = advanced x months paid / 9 to the cent, as
 * (2 x advanced x paid + 9) / 18 in integer arithmetic (a ninth never ends in exactly half a
 * cent, so this is Math.round's answer); a sale whose commission or any payment is cancelled
 * charges back what was not earned, any other keeps it unearned. The lines are summed per agent in
 * the database, so however many sales the period holds only a page of agents reaches node. The
 * per-sale rows are a MATERIALIZED CTE so each sale's payment subqueries run once, not once per
 * SUM (decision 027).
 */
export function agentLedgersSql(where: string) {
  return `WITH x AS MATERIALIZED (
       SELECT a.agent_id AS "agentId",
         CASE WHEN a.calculated_commission_cents > 0 THEN a.calculated_commission_cents ELSE 0 END AS advanced,
         CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE 1 END AS cancelled,
         ${PAYMENT_COUNTS_SQL("a")}
       FROM applications a WHERE ${where} AND a.agent_id IS NOT NULL
     ), s AS (
       SELECT x."agentId", x.advanced,
         (2 * x.advanced * (CASE WHEN x."monthsPaid" > ${PAYMENT_MONTHS} THEN ${PAYMENT_MONTHS} ELSE x."monthsPaid" END) + 9) / 18 AS earned,
         CASE WHEN x.cancelled = 1 OR x."anyPaymentCancelled" = 1 THEN 1 ELSE 0 END AS lapsed
       FROM x
     ), t AS (
       SELECT s."agentId", COUNT(*) AS sales, SUM(s.advanced) AS advanced, SUM(s.earned) AS earned,
         SUM(CASE WHEN s.lapsed = 1 THEN 0 ELSE s.advanced - s.earned END) AS unearned,
         SUM(CASE WHEN s.lapsed = 1 THEN s.advanced - s.earned ELSE 0 END) AS "chargedBack"
       FROM s GROUP BY s."agentId"
     )
     SELECT t.*, u.first_name AS "firstName", u.last_name AS "lastName"
     FROM t JOIN agents g ON g.id = t."agentId" JOIN users u ON u.id = g.user_id
     ORDER BY u.first_name, u.last_name, t."agentId"
     LIMIT :limit OFFSET :offset`;
}

/**
 * Advances and chargebacks by agent (beyond the spec): for each agent with sales in the filter,
 * their sales' ledger summed (advanced, earned, unearned, charged back, and the balance: advanced
 * less charged back), by agent name, one page of agents; the total is the agents with sales.
 */
export async function listAgentLedgers(
  actor: SessionUser,
  query: PremiumFilter & { page: number; pageSize: number },
  now = new Date(),
): Promise<Page<AgentLedgerRow>> {
  const { where, replacements } = await salesWhere(actor, query, now);
  type Row = Record<"agentId" | "firstName" | "lastName", string> &
    Record<"sales" | "advanced" | "earned" | "unearned" | "chargedBack", number | string | null>;
  const [rows, [counted]] = await Promise.all([
    selectRows<Row>(agentLedgersSql(where), { ...replacements, ...limitOffset(query) }),
    selectRows<{ total: number | string }>(
      `SELECT COUNT(DISTINCT a.agent_id) AS total FROM applications a WHERE ${where}`,
      replacements,
    ),
  ]);
  return {
    rows: rows.map((row) => {
      const cents = (key: keyof Row) => Number(row[key] ?? 0);
      return {
        agentId: row.agentId,
        agentName: `${row.firstName} ${row.lastName}`.trim(),
        sales: cents("sales"),
        advancedCents: cents("advanced"),
        earnedCents: cents("earned"),
        unearnedCents: cents("unearned"),
        chargedBackCents: cents("chargedBack"),
        balanceCents: cents("advanced") - cents("chargedBack"),
      };
    }),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
