import { QueryTypes, type Transaction } from "sequelize";
import { z } from "zod";
import { Notification, isPostgres, sequelize } from "~db";
import { centsAsDollars, formatDate, formatMoney, fullName } from "~/domain/format";
import { addDaysIso, todayIn } from "~/domain/periods";
import { socialSecurityScheduleLabel } from "~/domain/social-security-days";
import { paymentStatusStyle } from "~/domain/statuses";
import { paymentTrackingUpdateSchema, type RetentionListQuery } from "~/domain/schemas/payment-tracking";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { notFound, validInput } from "./errors.server";
import { assertAgent, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { LeadPaymentColumns, leadPaymentView, type LeadPayment } from "./lead-reads.server";
import { column, raw, selectOne, selectRows, sql, sqlPage, type Sql } from "./sql/reads.server";
import { emitWebhookEvent } from "./webhooks.server";

// The 9-Month Payment Tracker (part 2, Retention tracker): an agent's sold policies with their
// nine monthly payments, the cards above them, a payment's status and notes (the tracker's cells
// and PATCH /api/payment-tracking/{paymentId}), and housekeeping's retention_reminder the day
// before an unpaid payment is due. Payments are made by a sale (lead-status.server.ts) and kept
// when the lead leaves sale (decision 019); the commissions ledger reads their statuses.
// Unpaid is stored as not_paid and read from not_paid or pending (decision 026).

/** @internal */
export const PAYMENT_NOT_FOUND = "Payment not found";

/**
 * A policy still on the books, as the WHERE of a query over `applications a`: sold, its
 * commission not cancelled, and no month of it marked cancelled (a cancelled payment is a lapse,
 * which the ledger charges back). Only these count as Active Accounts, add to Monthly Revenue,
 * have payments flagged due, and get reminders. The unique (application_id, month_number) index
 * answers the NOT EXISTS.
 */
export const ACTIVE_POLICY = sql`a.sold_at IS NOT NULL AND a.commission_cancelled_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM payment_trackings c WHERE c.application_id = a.id AND c.status = 'cancelled')`;

/**
 * An active policy with a payment to chase: an unpaid month overdue or due by `tomorrow` (in the
 * reader's time zone). The list filter behind the Payments Due card (?status=due).
 */
export function hasDuePayment(tomorrow: string): Sql {
  return sql`${ACTIVE_POLICY}
    AND EXISTS (SELECT 1 FROM payment_trackings d WHERE d.application_id = a.id AND d.status = 'not_paid' AND d.due_date <= ${tomorrow})`;
}

/** Where a policy stands: active, lapsed (a month cancelled) or its commission cancelled. */
export type PolicyStatus = "active" | "lapsed" | "commission_cancelled";

/** One month of a policy (the spec's Payment tracking entry), money in dollars. */
export type RetentionPayment = LeadPayment & {
  /**
   * An unpaid month of an active policy whose due date has passed (overdue), or that is due today
   * or tomorrow, in the reader's time zone.
   */
  due: DueFlag | null;
};

export type DueFlag = "overdue" | "today" | "tomorrow";

/** The spec's Retention policy (agent), with where it stands and the product it was sold with. */
export type RetentionPolicy = {
  id: string;
  customerName: string;
  carrier: string | null;
  productName: string | null;
  agentName: string;
  phone: string | null;
  monthlyPremium: number | null;
  saleDate: string;
  policyStatus: PolicyStatus;
  /** "Social Security day (2nd Wednesday)" when the months are laid out on them (decision 078), else null. */
  draftDay: string | null;
  payments: RetentionPayment[];
};

/** The tracker's cards: Active Accounts, Monthly Revenue, Payments Due (today plus tomorrow) and the overdue months. */
export type RetentionSummary = {
  activeAccounts: number;
  monthlyRevenue: number;
  paymentsDue: number;
  dueToday: number;
  dueTomorrow: number;
  /** Unpaid months of active policies whose due date has passed. */
  overdue: number;
};

type DueDays = { today: string; tomorrow: string };

/** Today and tomorrow as calendar dates in the signed-in user's time zone (the agent's or the admin's). */
export function todayAndTomorrow(actor: SessionUser, now: Date): DueDays {
  const today = todayIn(actor.timezone, now);
  return { today, tomorrow: addDaysIso(today, 1) };
}

/** Where a sold policy stands: its commission cancelled, lapsed (a month cancelled), or active. */
export function policyStatusOf(row: { commissionCancelledAt: Date | string | null; lapsed: boolean }): PolicyStatus {
  if (row.commissionCancelledAt) return "commission_cancelled";
  return row.lapsed ? "lapsed" : "active";
}

/** When an unpaid month of an active policy falls due: passed, today, tomorrow, or later (null). */
function dueFlag(dueDate: string, days: DueDays): DueFlag | null {
  if (dueDate < days.today) return "overdue";
  if (dueDate === days.today) return "today";
  return dueDate === days.tomorrow ? "tomorrow" : null;
}

/**
 * A policy's months with their due flag. Only an unpaid month of an active policy is flagged: a
 * lapsed or cancelled policy is not chased, so its open months are not overdue.
 */
export function withDueFlags(months: LeadPayment[], policyStatus: PolicyStatus, days: DueDays): RetentionPayment[] {
  return months.map((payment) => {
    const open = policyStatus === "active" && payment.status === "not_paid";
    return { ...payment, due: open ? dueFlag(payment.dueDate, days) : null };
  });
}

/**
 * The cards, in one statement: the agent's active policies and their monthly premiums, and the
 * unpaid months of those policies due today and tomorrow in the agent's time zone. The due counts
 * start from the (status, due_date) index, a day's unpaid payments of every agent, and keep the
 * agent's by the lead's primary key.
 */
export async function retentionSummary(actor: SessionUser, now = new Date()): Promise<RetentionSummary> {
  const agentId = assertAgent(actor);
  const { today, tomorrow } = todayAndTomorrow(actor, now);
  const unpaid = (dueCondition: Sql) =>
    sql`SELECT COUNT(*) FROM payment_trackings t JOIN applications a ON a.id = t.application_id
        WHERE t.status = 'not_paid' AND ${dueCondition} AND a.agent_id = ${agentId} AND ${ACTIVE_POLICY}
          AND a.returned_at IS NULL`;
  // One pass over the agent's active policies gives both their count and their premiums (two
  // scalar subqueries had tested every policy twice); the due payments ride in the same statement.
  const figures = await selectOne(
    sql`SELECT COUNT(*) AS "activeAccounts", SUM(a.monthly_premium_cents) AS "monthlyRevenueCents",
          (${unpaid(sql`t.due_date = ${today}`)}) AS "dueToday",
          (${unpaid(sql`t.due_date = ${tomorrow}`)}) AS "dueTomorrow",
          (${unpaid(sql`t.due_date < ${today}`)}) AS "overdue"
        FROM applications a WHERE a.agent_id = ${agentId} AND ${ACTIVE_POLICY} AND a.returned_at IS NULL`,
    z.object({
      activeAccounts: column.integer,
      // No active policy: no revenue.
      monthlyRevenueCents: column.cents.nullable().transform((cents) => cents ?? 0),
      dueToday: column.integer,
      dueTomorrow: column.integer,
      overdue: column.integer,
    }),
  );
  const { activeAccounts = 0, monthlyRevenueCents = 0, dueToday = 0, dueTomorrow = 0, overdue = 0 } = figures ?? {};
  return {
    activeAccounts,
    monthlyRevenue: centsAsDollars(monthlyRevenueCents),
    paymentsDue: dueToday + dueTomorrow,
    dueToday,
    dueTomorrow,
    overdue,
  };
}

/** A sold policy as the tracker's SQL answers it. */
const PolicyRow = z.object({
  id: column.text,
  firstName: column.text,
  lastName: column.text,
  monthlyPremiumCents: column.cents.nullable(),
  soldAt: column.isoDate,
  commissionCancelledAt: column.date.nullable(),
  soldProductName: column.text.nullable(),
  carrier: column.text.nullable(),
  phone: column.text.nullable(),
  lapsed: column.boolean,
  dateOfBirth: column.day.nullable(),
  draftOnSocialSecurityDay: column.boolean,
});

/**
 * GET /api/agent/retention and the tracker: the signed-in agent's sold policies (every lead with
 * a sale recorded, whatever its status now, decision 019), or with ?status=due only those with a
 * payment overdue or due by tomorrow, newest sale first, one page of them and the total. Plain SQL: the page's ids from the (agent_id, sold_at, id) index, then only
 * their rows with the primary phone and the carrier's name, and their payments in one more
 * statement by the (application_id, month_number) index. Only an agent has policies (403).
 */
export async function listAgentRetention(
  actor: SessionUser,
  query: Pick<RetentionListQuery, "page" | "pageSize"> & { status?: RetentionListQuery["status"] },
  now = new Date(),
): Promise<Page<RetentionPolicy>> {
  const agentId = assertAgent(actor);
  const days = todayAndTomorrow(actor, now);
  const page = await sqlPage(
    {
      select: sql`a.id, a.first_name AS "firstName", a.last_name AS "lastName",
        a.monthly_premium_cents AS "monthlyPremiumCents", a.sold_at AS "soldAt",
        a.commission_cancelled_at AS "commissionCancelledAt", a.sold_product_name AS "soldProductName",
        (SELECT c.name FROM carriers c WHERE c.id = a.carrier_id) AS "carrier",
        (SELECT p.phone_number FROM phones p WHERE p.application_id = a.id
          ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "phone",
        CASE WHEN EXISTS (SELECT 1 FROM payment_trackings c WHERE c.application_id = a.id AND c.status = 'cancelled')
          THEN 1 ELSE 0 END AS "lapsed", a.date_of_birth AS "dateOfBirth",
        a.draft_on_social_security_day AS "draftOnSocialSecurityDay"`,
      from: sql`applications a`,
      // A lead returned to its source leaves the agent's working lists (decision 064).
      where: sql`a.agent_id = ${agentId} AND a.sold_at IS NOT NULL AND a.returned_at IS NULL
        ${query.status === "due" ? sql`AND ${hasDuePayment(days.tomorrow)}` : raw("")}`,
      orderBy: sql`a.sold_at DESC, a.id DESC`,
      key: sql`a.id`,
    },
    query,
    PolicyRow,
  );
  const payments = await paymentsOfSales(page.rows.map((row) => row.id));
  const agentName = fullName(actor);
  return {
    ...page,
    rows: page.rows.map((row) => {
      const policyStatus = policyStatusOf(row);
      return {
        id: row.id,
        customerName: fullName(row),
        carrier: row.carrier,
        productName: row.soldProductName,
        agentName,
        phone: row.phone,
        monthlyPremium: centsAsDollars(row.monthlyPremiumCents),
        saleDate: row.soldAt,
        policyStatus,
        draftDay: row.draftOnSocialSecurityDay ? socialSecurityScheduleLabel(row.dateOfBirth) : null,
        payments: withDueFlags(payments.get(row.id) ?? [], policyStatus, days),
      };
    }),
  };
}

/** The months of the given sales, by sale, in month order: one statement by the (application_id, month_number) index. */
export async function paymentsOfSales(ids: string[]): Promise<Map<string, LeadPayment[]>> {
  const bySale = new Map<string, LeadPayment[]>();
  if (ids.length === 0) return bySale;
  const rows = await selectRows(
    sql`SELECT t.id, t.application_id AS "applicationId", t.month_number AS "monthNumber", t.due_date AS "dueDate",
          t.amount_cents AS "amountCents", t.status, t.notes
        FROM payment_trackings t WHERE t.application_id IN ${ids}
        ORDER BY t.application_id, t.month_number`,
    LeadPaymentColumns.extend({ applicationId: column.text }),
  );
  for (const row of rows) {
    const months = bySale.get(row.applicationId);
    if (months) months.push(leadPaymentView(row));
    else bySale.set(row.applicationId, [leadPaymentView(row)]);
  }
  return bySale;
}

/** A payment to change, with its sale's name for the activity log. */
const LockedPayment = LeadPaymentColumns.extend({
  applicationId: column.text,
  firstName: column.text,
  lastName: column.text,
});

/** The payment, locked for the change, if the actor may change it: an admin any, an agent their own sale's. */
async function findAccessiblePayment(actor: SessionUser, id: string, transaction: Transaction) {
  if (!isUuid(id)) return null;
  if (actor.role !== "admin" && (actor.role !== "agent" || !actor.agent)) return null;
  const ownSale = actor.role === "admin" ? raw("") : sql`AND a.agent_id = ${actor.agent?.id ?? null}`;
  return selectOne(
    sql`SELECT t.id, t.month_number AS "monthNumber", t.due_date AS "dueDate", t.amount_cents AS "amountCents",
          t.status, t.notes, a.id AS "applicationId", a.first_name AS "firstName", a.last_name AS "lastName"
        FROM payment_trackings t JOIN applications a ON a.id = t.application_id
        WHERE t.id = ${id} ${ownSale} ${raw(isPostgres ? "FOR UPDATE OF t" : "")}`,
    LockedPayment,
    { transaction },
  );
}

/**
 * Sets a payment's status and/or notes (the tracker's cells, PATCH /api/payment-tracking/{id}):
 * status not_paid (or pending, read as not_paid), paid or cancelled; notes trimmed, blank clears
 * them; whatever is absent stays. An agent only on their own sales, an admin on any (part 2,
 * section 6: admins set retention payment status); anything else is 404 "Payment not found"
 * before anything changes. The change and its activity-log entry are one transaction, the
 * payment's row locked. A month may be set freely, back and forth (part 2, Payment schedule
 * item); its reminder is never sent again (decision 026).
 */
export async function updatePaymentTracking(
  actor: SessionUser,
  id: string,
  input: unknown,
): Promise<Omit<RetentionPayment, "due">> {
  const change = validInput(paymentTrackingUpdateSchema, input);
  return sequelize.transaction(async (transaction) => {
    const payment = await findAccessiblePayment(actor, id, transaction);
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    const next = {
      status: change.status ?? payment.status,
      notes: change.notes === undefined ? payment.notes : change.notes,
    };
    await sequelize.query(
      `UPDATE payment_trackings SET status = :status, notes = :notes, updated_at = :now WHERE id = :id`,
      { replacements: { ...next, id: payment.id, now: new Date() }, transaction },
    );
    const month = `month ${payment.monthNumber} of ${fullName(payment)}'s payments`;
    await logActivity(
      {
        userId: actor.id,
        action: "payment_status_changed",
        entityType: "application",
        entityId: payment.applicationId,
        summary:
          next.status !== payment.status
            ? `${fullName(actor)} set ${month} from ${paymentStatusStyle(payment.status).label} to ${paymentStatusStyle(next.status).label}`
            : `${fullName(actor)} updated the notes of ${month}`,
      },
      { transaction },
    );
    if (next.status !== payment.status) {
      await emitWebhookEvent(
        "payment.updated",
        {
          paymentId: payment.id,
          leadId: payment.applicationId,
          monthNumber: payment.monthNumber,
          fromStatus: payment.status,
          toStatus: next.status,
        },
        transaction,
      );
    }
    return leadPaymentView({ ...payment, ...next });
  });
}

/** An unpaid month that may be due tomorrow for its agent, with what the reminder says. */
const ReminderCandidate = z.object({
  id: column.text,
  dueDate: column.day,
  monthNumber: column.integer,
  amountCents: column.cents,
  applicationId: column.text,
  firstName: column.text,
  lastName: column.text,
  userId: column.text,
  timezone: column.text.nullable(),
});

/**
 * Housekeeping (the hourly send-payment-reminders job, app/jobs): one retention_reminder
 * notification for the agent the day before each unpaid payment of an active policy is due,
 * "tomorrow" being the agent's own calendar. Tomorrow somewhere on Earth is between today and the day after tomorrow in UTC, so
 * those three days of unpaid payments (the (status, due_date) index) are read and each kept when
 * its due date is tomorrow for its agent. They are claimed by setting reminded_at with one
 * UPDATE ... WHERE reminded_at IS NULL, and their notifications written in the same
 * transaction: of two machines running this at once, the second finds them claimed (Postgres
 * re-checks the condition once the first commits; SQLite's writers take turns), and a payment
 * set back to unpaid later is not reminded of again. Answers how many reminders were sent.
 */
/**
 * Claims the unpaid payments of `rows` whose `marker` (reminded_at, missed_notified_at) is not set
 * yet, setting it to `now` in one UPDATE, and answers the ids this call claimed: a job's notice is
 * then sent once, however many machines run it at once. On Postgres the rows are locked in id
 * order first, so two runs wait for each other instead of deadlocking; a waiting run then sees the
 * marker set and leaves the row out (SQLite's writers take turns).
 */
export async function claimUnpaidPayments(
  marker: "reminded_at" | "missed_notified_at",
  rows: readonly { id: string }[],
  now: Date,
  transaction: Transaction,
): Promise<Set<string>> {
  const unclaimed = `id IN (:ids) AND ${marker} IS NULL AND status = 'not_paid'`;
  const claimed = await sequelize.query<{ id: string }>(
    isPostgres
      ? `UPDATE payment_trackings SET ${marker} = :now WHERE ${unclaimed}
           AND id IN (SELECT id FROM payment_trackings WHERE ${unclaimed} ORDER BY id FOR UPDATE) RETURNING id`
      : `UPDATE payment_trackings SET ${marker} = :now WHERE ${unclaimed} RETURNING id`,
    { type: QueryTypes.SELECT, replacements: { now, ids: rows.map((row) => row.id) }, transaction },
  );
  return new Set(claimed.map((row) => row.id));
}

export async function sendPaymentReminders(now = new Date()): Promise<number> {
  const utcToday = todayIn("UTC", now);
  const candidates = await selectRows(
    sql`SELECT t.id, t.due_date AS "dueDate", t.month_number AS "monthNumber", t.amount_cents AS "amountCents",
          a.id AS "applicationId", a.first_name AS "firstName", a.last_name AS "lastName",
          u.id AS "userId", u.timezone
        FROM payment_trackings t
        JOIN applications a ON a.id = t.application_id
        JOIN agents g ON g.id = a.agent_id
        JOIN users u ON u.id = g.user_id
        WHERE t.status = 'not_paid' AND t.due_date >= ${utcToday} AND t.due_date <= ${addDaysIso(utcToday, 2)}
          AND t.reminded_at IS NULL AND ${ACTIVE_POLICY}`,
    ReminderCandidate,
  );
  const due = candidates.filter(
    (row) => row.dueDate === addDaysIso(todayIn(row.timezone || "America/New_York", now), 1),
  );
  if (due.length === 0) return 0;
  return sequelize.transaction(async (transaction) => {
    const ours = await claimUnpaidPayments("reminded_at", due, now, transaction);
    const reminders = due
      .filter((row) => ours.has(row.id))
      .map((row) => ({
        userId: row.userId,
        applicationId: row.applicationId,
        type: "retention_reminder",
        title: "Payment due tomorrow",
        message: `${fullName(row)}: month ${row.monthNumber} payment of ${formatMoney(
          row.amountCents,
        )} is due tomorrow, ${formatDate(row.dueDate, "UTC")}.`,
      }));
    if (reminders.length) await Notification.bulkCreate(reminders, { transaction });
    return reminders.length;
  });
}
