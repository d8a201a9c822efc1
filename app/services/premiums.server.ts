import { z } from "zod";
import { PAYMENT_MONTHS } from "~/domain/commission";
import { periodRange, type Period } from "~/domain/periods";
import { limitOffset, type Page } from "~/utils/list";
import { paymentCounts } from "./commissions.server";
import { notFound } from "./errors.server";
import { assertAdmin } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import {
  and,
  column,
  selectOne,
  selectRows,
  sql,
  sqlPage,
  withinRange,
  type PageQuery,
  type Sql,
} from "./sql/reads.server";
import { fullName } from "~/domain/format";
import { placementRate } from "~/domain/placement";
import { policyStatusStyle, type PolicyStatus } from "~/domain/statuses";
import { decidedPolicy, issuedPolicy } from "./sql/policy-figures.server";

// Premiums Management (part 2, section 2; issue 13 item 2): every agent's sales with the premium,
// product and comp % kept as sold on the lead, their figures, and beyond the spec each agent's
// advance and chargeback ledger (app/domain/ledger.ts). A sale is a lead with soldAt set, whatever
// its status is now (decision 019); the period is of sale dates in the admin's time zone (or the
// API's ?timezone=). Which sales count where: docs/decisions/036.

/** @internal */
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
  /** Null for an admin's sale without a product: the commission is to be decided (TBD, decision 043). */
  commissionCents: number | null;
  commissionCancelled: boolean;
  saleDate: string;
  /** The policy's status now (decision 074). */
  policyStatus: PolicyStatus;
};

/**
 * The four cards (money in cents): every sale of the period; Total Commissions only the active
 * ones. Of the sales (the submitted), those whose policy is issued, their premiums and active
 * commissions, those underwriting has decided and the placement rate (issue 26, decision 074).
 */
export type PremiumFigures = {
  totalSales: number;
  totalPremiumCents: number;
  averagePremiumCents: number;
  totalCommissionCents: number;
  cancelledSales: number;
  cancelledCommissionCents: number;
  issuedSales: number;
  issuedPremiumCents: number;
  issuedCommissionCents: number;
  decidedSales: number;
  /** Issued / decided in percent, one decimal; null when none is decided. */
  placementRate: number | null;
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
async function salesWhere(actor: SessionUser, filter: PremiumFilter, now: Date): Promise<Sql> {
  assertAdmin(actor);
  if (filter.agentId) {
    const agent = await selectOne(
      sql`SELECT id FROM agents WHERE id = ${filter.agentId}`,
      z.object({ id: column.text }),
    );
    if (!agent) throw notFound(PREMIUM_ERRORS.agentNotFound);
  }
  const range = periodRange(filter.period ?? "today", {
    timeZone: filter.timezone ?? actor.timezone,
    now,
    startDate: filter.startDate,
    endDate: filter.endDate,
  });
  return and([
    filter.agentId && sql`a.agent_id = ${filter.agentId}`,
    sql`a.sold_at IS NOT NULL`,
    withinRange(sql`a.sold_at`, range),
  ]);
}

/** A sale as the table's SQL answers it (premiumPage), read into its row. */
const PremiumSqlRow = z
  .object({
    id: column.text,
    firstName: column.text,
    lastName: column.text,
    agentId: column.text.nullable(),
    agentFirstName: column.text.nullable(),
    agentLastName: column.text.nullable(),
    carrierName: column.text.nullable(),
    productName: column.text.nullable(),
    compPercentage: column.number.nullable(),
    premiumCents: column.cents.nullable(),
    commissionCents: column.cents.nullable(),
    cancelledAt: column.date.nullable(),
    soldAt: column.isoDate,
    policyStatus: column.text.nullable(),
  })
  .transform((row): PremiumRow => ({
    id: row.id,
    leadName: fullName(row),
    agentId: row.agentId,
    agentName: row.agentFirstName === null ? null : `${row.agentFirstName} ${row.agentLastName ?? ""}`.trim(),
    carrier: row.carrierName,
    product: row.productName,
    premiumCents: row.premiumCents ?? 0,
    compPercentage: row.compPercentage,
    commissionCents: row.commissionCents,
    commissionCancelled: row.cancelledAt !== null,
    saleDate: row.soldAt,
    policyStatus: policyStatusStyle(row.policyStatus).value,
  }));

/**
 * The premiums table's statement over the sales `where` selects: the page's ids from the index,
 * newest sale first, then only its rows with their agent's and carrier's names. Exported for the
 * plan test.
 * @internal
 */
export function premiumPage(where: Sql): PageQuery {
  return {
    select: sql`a.id, a.first_name AS "firstName", a.last_name AS "lastName", a.agent_id AS "agentId",
      u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
      (SELECT c.name FROM carriers c WHERE c.id = a.carrier_id) AS "carrierName",
      a.sold_product_name AS "productName", a.sold_comp_percentage AS "compPercentage",
      a.monthly_premium_cents AS "premiumCents", a.calculated_commission_cents AS "commissionCents",
      a.commission_cancelled_at AS "cancelledAt", a.sold_at AS "soldAt", a.policy_status AS "policyStatus"`,
    from: sql`applications a`,
    join: sql`LEFT JOIN agents g ON g.id = a.agent_id LEFT JOIN users u ON u.id = g.user_id`,
    where,
    orderBy: sql`a.sold_at DESC, a.id DESC`,
    key: sql`a.id`,
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
  return sqlPage(premiumPage(await salesWhere(actor, query, now)), query, PremiumSqlRow);
}

/** A sum over the period's sales: NULL (no sale) reads as 0. */
const sum = column.cents.nullable().transform((cents) => cents ?? 0);

/**
 * The cards: Total Monthly Premiums, Total Commissions, Average Premium and Total Sales of the
 * period's sales, in one statement. Every sale counts for premiums and sales (the policy was
 * sold); Total Commissions is what is still owed, the active commissions, and the cancelled ones
 * are counted apart (decision 036). The average is rounded to the cent. The issued sales' figures
 * and the decided sales are read from the same rows.
 */
export async function premiumFigures(actor: SessionUser, filter: PremiumFilter, now = new Date()) {
  const where = await salesWhere(actor, filter, now);
  const row = await selectOne(
    sql`SELECT COUNT(*) AS "totalSales",
          SUM(COALESCE(a.monthly_premium_cents, 0)) AS "totalPremium",
          SUM(CASE WHEN a.commission_cancelled_at IS NULL THEN COALESCE(a.calculated_commission_cents, 0) ELSE 0 END) AS "activeCommission",
          SUM(CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE 1 END) AS "cancelledSales",
          SUM(CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE COALESCE(a.calculated_commission_cents, 0) END) AS "cancelledCommission",
          SUM(CASE WHEN ${issuedPolicy()} THEN 1 ELSE 0 END) AS "issuedSales",
          SUM(CASE WHEN ${issuedPolicy()} THEN COALESCE(a.monthly_premium_cents, 0) ELSE 0 END) AS "issuedPremium",
          SUM(CASE WHEN ${issuedPolicy()} AND a.commission_cancelled_at IS NULL THEN COALESCE(a.calculated_commission_cents, 0) ELSE 0 END) AS "issuedCommission",
          SUM(CASE WHEN ${decidedPolicy()} THEN 1 ELSE 0 END) AS "decidedSales"
        FROM applications a WHERE ${where}`,
    z.object({
      totalSales: column.integer,
      totalPremium: sum,
      activeCommission: sum,
      cancelledSales: sum,
      cancelledCommission: sum,
      issuedSales: sum,
      issuedPremium: sum,
      issuedCommission: sum,
      decidedSales: sum,
    }),
  );
  const totalSales = row?.totalSales ?? 0;
  const totalPremiumCents = row?.totalPremium ?? 0;
  const figures: PremiumFigures = {
    totalSales,
    totalPremiumCents,
    averagePremiumCents: totalSales === 0 ? 0 : Math.round(totalPremiumCents / totalSales),
    totalCommissionCents: row?.activeCommission ?? 0,
    cancelledSales: row?.cancelledSales ?? 0,
    cancelledCommissionCents: row?.cancelledCommission ?? 0,
    issuedSales: row?.issuedSales ?? 0,
    issuedPremiumCents: row?.issuedPremium ?? 0,
    issuedCommissionCents: row?.issuedCommission ?? 0,
    decidedSales: row?.decidedSales ?? 0,
    placementRate: placementRate(row?.issuedSales ?? 0, row?.decidedSales ?? 0),
  };
  return figures;
}

/**
 * One page of the agents' ledgers over the sales `where` selects, in one statement.
 * Each sale's line is app/domain/ledger's rule, as commissionFigures writes it: advanced = the
 * commission (never below 0); earned = advanced x months paid / 9 to the cent, as
 * (2 x advanced x paid + 9) / 18 in integer arithmetic (a ninth never ends in exactly half a
 * cent, so this is Math.round's answer); a sale whose commission or any payment is cancelled
 * charges back what was not earned, any other keeps it unearned. The lines are summed per agent in
 * the database, so however many sales the period holds only a page of agents reaches node. The
 * per-sale rows are a MATERIALIZED CTE so each sale's payment subqueries run once, not once per
 * SUM (decision 027).
 */
function agentLedgersSql(where: Sql, page: { limit: number; offset: number }) {
  return sql`WITH x AS MATERIALIZED (
       SELECT a.agent_id AS "agentId",
         CASE WHEN a.calculated_commission_cents > 0 THEN a.calculated_commission_cents ELSE 0 END AS advanced,
         CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE 1 END AS cancelled,
         ${paymentCounts()}
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
     LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** An agent's line as agentLedgersSql sums it, read into the ledger row (balance: advanced less charged back). */
const AgentLedgerSqlRow = z
  .object({
    agentId: column.text,
    firstName: column.text,
    lastName: column.text,
    sales: column.integer,
    advanced: column.cents,
    earned: column.cents,
    unearned: column.cents,
    chargedBack: column.cents,
  })
  .transform((row): AgentLedgerRow => ({
    agentId: row.agentId,
    agentName: fullName(row),
    sales: row.sales,
    advancedCents: row.advanced,
    earnedCents: row.earned,
    unearnedCents: row.unearned,
    chargedBackCents: row.chargedBack,
    balanceCents: row.advanced - row.chargedBack,
  }));

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
  const where = await salesWhere(actor, query, now);
  const [rows, counted] = await Promise.all([
    selectRows(agentLedgersSql(where, limitOffset(query)), AgentLedgerSqlRow),
    selectOne(
      sql`SELECT COUNT(DISTINCT a.agent_id) AS total FROM applications a WHERE ${where}`,
      z.object({ total: column.integer }),
    ),
  ]);
  return { rows, total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
