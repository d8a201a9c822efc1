import { z } from "zod";
import { wholePercent } from "~/domain/commission";
import { centsAsDollars, fullName } from "~/domain/format";
import { socialSecurityScheduleLabel } from "~/domain/social-security-days";
import type { AllLeadsQuery } from "~/domain/schemas/admin-leads";
import { adminPaymentStatusSchema, type RetentionAccountsQuery } from "~/domain/schemas/admin-retention";
import type { Page } from "~/utils/list";
import { listAllLeads, type AdminLeadRow } from "./admin-leads.server";
import { validInput } from "./errors.server";
import { leadListWhere } from "./lead-reads.server";
import { assertAdmin } from "./permissions.server";
import {
  ACTIVE_POLICY,
  hasDuePayment,
  paymentsOfSales,
  policyStatusOf,
  todayAndTomorrow,
  updatePaymentTracking,
  withDueFlags,
  type PolicyStatus,
  type RetentionPayment,
} from "./retention.server";
import type { SessionUser } from "./sessions.server";
import { column, numbersInOneStatement, selectRows, sql, sqlPage, type Sql } from "./sql/reads.server";

// The admin's retention (issue 13, item 3): Retention Management (/admin/retention,
// GET /api/admin/retention) lists every sold policy with its cards; retention by sale
// (/admin/retention-detailed, GET /api/admin/applications?status=sale) lists the leads in sale
// with their nine months; both set a month's status (PUT /api/admin/payment-tracking/{id}).
// Which policies count and why: docs/decisions/037-admin-retention.md.

/** A month as the admin screens send it: the stored status, and whether it is due soon (as the agent's tracker). */
type AccountPayment = RetentionPayment;

/** The spec's Retention account (part 1, section 3), with where the policy stands. */
export type RetentionAccount = {
  id: string;
  customerName: string;
  phone: string | null;
  email: string | null;
  agentId: string | null;
  agentName: string | null;
  carrier: string | null;
  productName: string | null;
  monthlyPremium: number | null;
  saleDate: string;
  policyStatus: PolicyStatus;
  /** An unpaid month of an active policy is due today or tomorrow in the admin's time zone. */
  paymentDueSoon: boolean;
  /** An unpaid month of an active policy is past its due date. */
  paymentOverdue: boolean;
  payments: AccountPayment[];
};

/** The four cards of Retention Management. */
export type RetentionManagementSummary = {
  totalAccounts: number;
  paymentsDueSoon: number;
  dueToday: number;
  dueTomorrow: number;
  /** Unpaid months of active policies whose due date has passed. */
  overdue: number;
  paidPayments: number;
  totalPayments: number;
  /** paid / total as a whole percent (part 1, section 9); 0 without payments. */
  successRate: number;
};

/**
 * A sale of retention by sale: the All Leads row, its sale date, where the policy stands and its
 * months (the spec's paymentTracking) flagged overdue or due soon as on the other screens.
 */
export type SaleWithPayments = AdminLeadRow & {
  saleDate: string | null;
  policyStatus: PolicyStatus;
  /** "Social Security day (2nd Wednesday)" when the months are laid out on them (decision 078), else null. */
  draftDay: string | null;
  paymentTracking: RetentionPayment[];
};

/**
 * The accounts' WHERE over `applications a`: every sold policy, of the agent, matching the search
 * and with a payment overdue or due by `tomorrow` (?status=due) when asked.
 */
function accountsWhere(
  query: Pick<RetentionAccountsQuery, "agentId" | "search"> & { status?: RetentionAccountsQuery["status"] },
  tomorrow: string,
): Sql {
  return leadListWhere(
    [
      sql`a.sold_at IS NOT NULL`,
      ...(query.status === "due" ? [hasDuePayment(tomorrow)] : []),
      ...(query.agentId ? [sql`a.agent_id = ${query.agentId}`] : []),
    ],
    { status: "all", search: query.search },
  );
}

/**
 * Retention Management's cards, in one statement: the sold policies (Total Accounts), the unpaid
 * months of active policies due today and tomorrow in the admin's time zone (Payments Due Soon),
 * and the paid and all months (Total Payments, Payment Success Rate), of the agent when asked.
 * The months are counted from the (status, due_date) index (paid, due) or the whole table (all);
 * with an agent, through the (agent_id, sold_at, id) index and each sale's months.
 */
export async function retentionManagementSummary(
  actor: SessionUser,
  filters: Pick<RetentionAccountsQuery, "agentId" | "search"> & { status?: RetentionAccountsQuery["status"] },
  now = new Date(),
): Promise<RetentionManagementSummary> {
  assertAdmin(actor);
  const { today, tomorrow } = todayAndTomorrow(actor, now);
  const where = accountsWhere(filters, tomorrow);
  const scoped = Boolean(filters.agentId || filters.search || filters.status === "due");
  const months = (condition: Sql) =>
    scoped
      ? sql`SELECT COUNT(*) FROM payment_trackings t JOIN applications a ON a.id = t.application_id WHERE ${where} AND ${condition}`
      : sql`SELECT COUNT(*) FROM payment_trackings t WHERE ${condition}`;
  const unpaid = (dueCondition: Sql) =>
    sql`SELECT COUNT(*) FROM payment_trackings t JOIN applications a ON a.id = t.application_id
     WHERE t.status = 'not_paid' AND ${dueCondition} AND ${where} AND ${ACTIVE_POLICY}`;
  const figures = await numbersInOneStatement({
    totalAccounts: sql`SELECT COUNT(*) FROM applications a WHERE ${where}`,
    dueToday: unpaid(sql`t.due_date = ${today}`),
    dueTomorrow: unpaid(sql`t.due_date = ${tomorrow}`),
    overdue: unpaid(sql`t.due_date < ${today}`),
    paidPayments: months(sql`t.status = 'paid'`),
    totalPayments: months(sql`1 = 1`),
  });
  return {
    totalAccounts: figures.totalAccounts,
    paymentsDueSoon: figures.dueToday + figures.dueTomorrow,
    dueToday: figures.dueToday,
    dueTomorrow: figures.dueTomorrow,
    overdue: figures.overdue,
    paidPayments: figures.paidPayments,
    totalPayments: figures.totalPayments,
    successRate: wholePercent(figures.paidPayments, figures.totalPayments),
  };
}

/** A sold policy's row with its agent, carrier and primary phone. */
const AccountRow = z.object({
  id: column.text,
  firstName: column.text,
  lastName: column.text,
  email: column.text.nullable(),
  monthlyPremiumCents: column.cents.nullable(),
  soldAt: column.isoDate,
  commissionCancelledAt: column.date.nullable(),
  soldProductName: column.text.nullable(),
  agentId: column.text.nullable(),
  agentFirstName: column.text.nullable(),
  agentLastName: column.text.nullable(),
  carrier: column.text.nullable(),
  phone: column.text.nullable(),
  lapsed: column.boolean,
});

/** Whether any month of the sale `a` is cancelled (a lapsed policy). */
const LAPSED = sql`CASE WHEN EXISTS (SELECT 1 FROM payment_trackings c WHERE c.application_id = a.id AND c.status = 'cancelled')
  THEN 1 ELSE 0 END AS "lapsed"`;

/**
 * Retention Management's table and GET /api/admin/retention: every sold policy (a lead with a
 * sale recorded, whatever its status now, as the agent's tracker), newest sale first, of the
 * agent and matching the search (customer's first or last name or email) when asked, one page
 * and the total. The page's ids come first from the (sold_at) or (agent_id, sold_at, id) index,
 * then only their rows with the agent, carrier and primary phone, and their months in one more
 * statement.
 */
export async function listRetentionAccounts(
  actor: SessionUser,
  query: RetentionAccountsQuery,
  now = new Date(),
): Promise<Page<RetentionAccount>> {
  assertAdmin(actor);
  const days = todayAndTomorrow(actor, now);
  const page = await sqlPage(
    {
      select: sql`a.id, a.first_name AS "firstName", a.last_name AS "lastName", a.email,
         a.monthly_premium_cents AS "monthlyPremiumCents", a.sold_at AS "soldAt",
         a.commission_cancelled_at AS "commissionCancelledAt", a.sold_product_name AS "soldProductName",
         a.agent_id AS "agentId", u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
         (SELECT c.name FROM carriers c WHERE c.id = a.carrier_id) AS "carrier",
         (SELECT p.phone_number FROM phones p WHERE p.application_id = a.id
           ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "phone",
         ${LAPSED}`,
      from: sql`applications a`,
      join: sql`LEFT JOIN agents g ON g.id = a.agent_id LEFT JOIN users u ON u.id = g.user_id`,
      where: accountsWhere(query, days.tomorrow),
      orderBy: sql`a.sold_at DESC, a.id DESC`,
      key: sql`a.id`,
    },
    query,
    AccountRow,
  );
  const payments = await paymentsOfSales(page.rows.map((row) => row.id));
  return {
    ...page,
    rows: page.rows.map((row) => {
      const policyStatus = policyStatusOf(row);
      const months = withDueFlags(payments.get(row.id) ?? [], policyStatus, days);
      return {
        id: row.id,
        customerName: fullName(row),
        phone: row.phone,
        email: row.email,
        agentId: row.agentId,
        agentName: row.agentId ? fullName({ firstName: row.agentFirstName, lastName: row.agentLastName }) : null,
        carrier: row.carrier,
        productName: row.soldProductName,
        monthlyPremium: centsAsDollars(row.monthlyPremiumCents),
        saleDate: row.soldAt,
        policyStatus,
        paymentDueSoon: months.some((payment) => payment.due === "today" || payment.due === "tomorrow"),
        paymentOverdue: months.some((payment) => payment.due === "overdue"),
        payments: months,
      };
    }),
  };
}

/**
 * Retention by sale and GET /api/admin/applications?status=sale: All Leads' rows of the leads in
 * sale (every All Leads filter still applies, plus ?paymentStatus=: the sales with at least one
 * month in that status), each with its sale date and its months (the spec's paymentTracking).
 */
export async function listSalesWithPayments(
  actor: SessionUser,
  query: AllLeadsQuery,
  now = new Date(),
): Promise<Page<SaleWithPayments>> {
  assertAdmin(actor);
  const page = await listAllLeads(actor, { ...query, status: "sale" });
  const ids = page.rows.map((row) => row.id);
  const [payments, sold] = await Promise.all([
    paymentsOfSales(ids),
    ids.length
      ? selectRows(
          sql`SELECT a.id, a.sold_at AS "soldAt", a.commission_cancelled_at AS "commissionCancelledAt", ${LAPSED},
             a.date_of_birth AS "dateOfBirth", a.draft_on_social_security_day AS "draftOnSocialSecurityDay"
           FROM applications a WHERE a.id IN ${ids}`,
          z.object({
            id: column.text,
            soldAt: column.isoDate.nullable(),
            commissionCancelledAt: column.date.nullable(),
            lapsed: column.boolean,
            dateOfBirth: column.day.nullable(),
            draftOnSocialSecurityDay: column.boolean,
          }),
        )
      : Promise.resolve([]),
  ]);
  const soldRows = new Map(sold.map((row) => [row.id, row]));
  const days = todayAndTomorrow(actor, now);
  return {
    ...page,
    rows: page.rows.map((row) => {
      const soldRow = soldRows.get(row.id);
      // A lead in sale always has its sale row; a missing one reads as active with no months.
      const policyStatus = soldRow ? policyStatusOf(soldRow) : "active";
      return {
        ...row,
        saleDate: soldRow?.soldAt ?? null,
        policyStatus,
        draftDay: soldRow?.draftOnSocialSecurityDay ? socialSecurityScheduleLabel(soldRow.dateOfBirth) : null,
        paymentTracking: withDueFlags(payments.get(row.id) ?? [], policyStatus, days),
      };
    }),
  };
}

/**
 * PUT /api/admin/payment-tracking/{id} and both screens' selects: sets one month's status
 * (pending, stored as not_paid, paid or cancelled). Only an administrator (403); an unknown or
 * malformed id is 404 "Payment not found"; the change and its activity-log entry are one
 * transaction (the agent tracker's updatePaymentTracking).
 */
export async function setPaymentStatusAsAdmin(actor: SessionUser, id: string, input: unknown) {
  assertAdmin(actor);
  const change = validInput(adminPaymentStatusSchema, input);
  return updatePaymentTracking(actor, id, { status: change.status });
}
