import { z } from "zod";
import { Notification, isPostgres, sequelize } from "~db";
import { PAYMENT_MONTHS } from "~/domain/commission";
import { CHASED_POLICY_STATUSES, daysBetween, missedCutoff, type AtRiskReason } from "~/domain/at-risk";
import { centsAsDollars, formatDate, formatMoney, fullName } from "~/domain/format";
import { addDaysIso, todayIn } from "~/domain/periods";
import { policyStatusStyle, type PolicyStatus } from "~/domain/statuses";
import { limitOffset, type Page } from "~/utils/list";
import { leadOnDncList } from "./dnc.server";
import { notFound } from "./errors.server";
import { assertAdmin, assertAgent } from "./permissions.server";
import { ACTIVE_POLICY, claimUnpaidPayments } from "./retention.server";
import type { SessionUser } from "./sessions.server";
import { advancedCentsSql, earnedCentsSql } from "./commissions.server";
import { and, column, raw, selectOne, selectRows, sql, type Sql } from "./sql/reads.server";

// The at-risk queue (issue 26 item 5, docs/decisions/076): the sold policies with a payment left
// unpaid 3 days past its due date, or in lapse pending, largest unearned advance first, for the
// agent (their own) and the admin (every agent's, or one's); and housekeeping's retention_reminder
// to the agent when a payment is missed, once per payment. A missed month leaves the queue when it
// is paid, or when the policy's status is set after the agent was told of it (a move to lapse
// pending keeps the policy here: lapse pending is at risk; a move to lapsed cancels the month).

/** @internal */
export const AT_RISK_ERRORS = { agentNotFound: "Agent not found" } as const;

/** The month a policy missed, as the queue shows it (money in dollars). */
type MissedPayment = {
  id: string;
  monthNumber: number;
  dueDate: string;
  amount: number;
  /** Whole days since the due date, in the reader's calendar. */
  daysLate: number;
};

/** One policy of the queue. */
export type AtRiskPolicy = {
  /** The lead's id (its page is /applications/{id}). */
  id: string;
  firstName: string;
  lastName: string;
  customerName: string;
  phone: string | null;
  /** A phone of the lead is on the do-not-call list (decision 069). */
  dnc: boolean;
  agentId: string | null;
  agentName: string | null;
  carrier: string | null;
  productName: string | null;
  policyStatus: PolicyStatus;
  policyNumber: string | null;
  reason: AtRiskReason;
  /** The month to chase: the first missed, else (lapse pending) the first past due; null when none is. */
  missedPayment: MissedPayment | null;
  monthsPaid: number;
  /** The advance not earned yet (the ledger's unearned), charged back if the policy lapses. */
  exposure: number;
};

export type AtRiskPage = Page<AtRiskPolicy> & { totalExposure: number };

/**
 * The statuses whose months are chased, as SQL over `applications a`. A sale with no policy status
 * (recorded before migration 042 gave every sale one) is read as submitted.
 */
const CHASED = sql`COALESCE(a.policy_status, 'submitted') IN ${CHASED_POLICY_STATUSES}`;

/** A policy that may be at risk: chased, still on the books (decision 026), not returned (decision 064). */
const CHASED_POLICY = sql`${CHASED} AND ${ACTIVE_POLICY} AND a.returned_at IS NULL`;

/**
 * A month of `m` missed and not resolved, as SQL: unpaid with its due date on or before `cutoff`,
 * and no move of the policy's status recorded after housekeeping told the agent of it (a
 * correction of the number or dates is not a move; a month not told yet is not resolved).
 */
function unresolvedMissed(cutoff: string): Sql {
  return sql`m.status = 'not_paid' AND m.due_date <= ${cutoff}
    AND (m.missed_notified_at IS NULL OR NOT EXISTS (SELECT 1 FROM policy_status_changes h
      WHERE h.application_id = m.application_id AND h.created_at > m.missed_notified_at AND h.from_status <> h.to_status))`;
}

/**
 * The queue as the WHERE of a query over `applications a`. The candidates come from two indexes:
 * the unpaid months due by the cutoff (migration 044's partial index of unpaid months, with their
 * lead) and the policies in lapse pending (042's (policy_status, policy_issue_date)); each is then
 * kept when it is chased and has a month missed and not resolved, or is in lapse pending.
 */
function atRiskWhere(agentId: string | undefined, cutoff: string): Sql {
  return and([
    sql`a.id IN (SELECT t.application_id FROM payment_trackings t WHERE t.status = 'not_paid' AND t.due_date <= ${cutoff}
      UNION ALL SELECT l.id FROM applications l WHERE l.policy_status = 'lapse_pending')`,
    agentId !== undefined && sql`a.agent_id = ${agentId}`,
    CHASED_POLICY,
    sql`(a.policy_status = 'lapse_pending'
      OR EXISTS (SELECT 1 FROM payment_trackings m WHERE m.application_id = a.id AND ${unresolvedMissed(cutoff)}))`,
  ]);
}

/**
 * The queue's policies as a CTE `risk` (id, advanced, paid and, `withMonth`, paymentId),
 * MATERIALIZED so that each policy's subqueries run once, not once for each place the sort and
 * the page read them. The month shown: the first missed and unresolved, else (lapse pending) the
 * first unpaid past its due date.
 */
function atRiskCte(agentId: string | undefined, today: string, withMonth: boolean): Sql {
  const cutoff = missedCutoff(today);
  const month = sql`, (SELECT m.id FROM payment_trackings m
      WHERE m.application_id = a.id AND m.status = 'not_paid' AND m.due_date < ${today}
      ORDER BY CASE WHEN ${unresolvedMissed(cutoff)} THEN 0 ELSE 1 END, m.month_number LIMIT 1) AS "paymentId"`;
  return sql`WITH risk AS MATERIALIZED (SELECT a.id,
      ${advancedCentsSql("a")} AS advanced,
      (SELECT CASE WHEN COUNT(*) > ${PAYMENT_MONTHS} THEN ${PAYMENT_MONTHS} ELSE COUNT(*) END
        FROM payment_trackings p WHERE p.application_id = a.id AND p.status = 'paid') AS paid
      ${withMonth ? month : raw("")}
    FROM applications a WHERE ${atRiskWhere(agentId, cutoff)})`;
}

/**
 * A policy's exposure, app/domain/ledger's unearned advance in SQL: advanced - earned, earned =
 * advanced x months paid / 9 rounded to the cent as (2 x advanced x paid + 9) / 18
 * (commissionFigures' integer form). A policy in the queue has no month cancelled and its
 * commission active, so nothing of it is charged back yet.
 */
const EXPOSURE = sql`r.advanced - ${earnedCentsSql(sql`r.advanced`, sql`r.paid`)}`;

const AtRiskRow = z.object({
  id: column.text,
  firstName: column.text,
  lastName: column.text,
  phone: column.text.nullable(),
  dnc: column.boolean,
  agentId: column.text.nullable(),
  agentFirstName: column.text.nullable(),
  agentLastName: column.text.nullable(),
  carrier: column.text.nullable(),
  productName: column.text.nullable(),
  policyStatus: column.text.nullable(),
  policyNumber: column.text.nullable(),
  exposureCents: column.cents,
  monthsPaid: column.integer,
  paymentId: column.text.nullable(),
  monthNumber: column.integer.nullable(),
  dueDate: column.day.nullable(),
  amountCents: column.cents.nullable(),
  total: column.integer,
  totalExposureCents: column.cents.nullable(),
});

/**
 * The statement of one page of the queue (exported for the plan test).
 * @internal
 */
export function atRiskPageSql(
  agentId: string | undefined,
  today: string,
  { limit, offset }: { limit: number; offset: number },
): Sql {
  return sql`${atRiskCte(agentId, today, true)}
    SELECT a.id, a.first_name AS "firstName", a.last_name AS "lastName",
      (SELECT ph.phone_number FROM phones ph WHERE ph.application_id = a.id
        ORDER BY ph.is_primary DESC, ph.created_at ASC, ph.id ASC LIMIT 1) AS phone, ${leadOnDncList("a")} AS dnc,
      a.agent_id AS "agentId", u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
      (SELECT c.name FROM carriers c WHERE c.id = a.carrier_id) AS carrier, a.sold_product_name AS "productName",
      a.policy_status AS "policyStatus", a.policy_number AS "policyNumber",
      q.exposure AS "exposureCents", q."monthsPaid", q."paymentId",
      m.month_number AS "monthNumber", m.due_date AS "dueDate", m.amount_cents AS "amountCents",
      (SELECT COUNT(*) FROM risk) AS total, (SELECT SUM(${EXPOSURE}) FROM risk r) AS "totalExposureCents"
    FROM (SELECT s.* FROM (SELECT r.id, ${EXPOSURE} AS exposure, r.paid AS "monthsPaid", r."paymentId",
            (SELECT pm.due_date FROM payment_trackings pm WHERE pm.id = r."paymentId") AS due_date FROM risk r) s
          ORDER BY s.exposure DESC, CASE WHEN s.due_date IS NULL THEN 1 ELSE 0 END, s.due_date, s.id
          LIMIT ${limit} OFFSET ${offset}) q
    JOIN applications a ON a.id = q.id
    LEFT JOIN payment_trackings m ON m.id = q."paymentId"
    LEFT JOIN agents g ON g.id = a.agent_id
    LEFT JOIN users u ON u.id = g.user_id
    ORDER BY q.exposure DESC, CASE WHEN q.due_date IS NULL THEN 1 ELSE 0 END, q.due_date, q.id`;
}

/**
 * One page of the queue, its total and the exposure of all of it, in one statement (a second
 * counts a page past the end alone). The page's policies are ordered (largest exposure first,
 * then the month longest late, none last, then the lead's id) and cut in SQL from the CTE first;
 * only then are their names, phones, carriers and agents read.
 */
async function atRiskPage(
  agentId: string | undefined,
  actor: SessionUser,
  query: { page: number; pageSize: number },
  now: Date,
): Promise<AtRiskPage> {
  const today = todayIn(actor.timezone, now);
  const rows = await selectRows(atRiskPageSql(agentId, today, limitOffset(query)), AtRiskRow);
  // The totals ride on the page's rows; a page past the end has none, so they are counted alone.
  const totals =
    rows[0] ??
    (query.page > 1
      ? await selectOne(
          sql`${atRiskCte(agentId, today, false)}
            SELECT COUNT(*) AS total, SUM(${EXPOSURE}) AS "totalExposureCents" FROM risk r`,
          z.object({ total: column.integer, totalExposureCents: column.cents.nullable() }),
        )
      : null);
  return {
    rows: rows.map((row) => atRiskView(row, today)),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    totalExposure: centsAsDollars(totals?.totalExposureCents ?? 0),
  };
}

function atRiskView(row: z.output<typeof AtRiskRow>, today: string): AtRiskPolicy {
  const policyStatus = policyStatusStyle(row.policyStatus ?? "submitted").value;
  const missedPayment =
    row.paymentId && row.monthNumber !== null && row.dueDate && row.amountCents !== null
      ? {
          id: row.paymentId,
          monthNumber: row.monthNumber,
          dueDate: row.dueDate,
          amount: centsAsDollars(row.amountCents),
          daysLate: daysBetween(row.dueDate, today),
        }
      : null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    customerName: fullName(row),
    phone: row.phone,
    dnc: row.dnc,
    agentId: row.agentId,
    agentName:
      row.agentFirstName === null ? null : fullName({ firstName: row.agentFirstName, lastName: row.agentLastName }),
    carrier: row.carrier,
    productName: row.productName,
    policyStatus,
    policyNumber: row.policyNumber,
    reason: policyStatus === "lapse_pending" ? "lapse_pending" : "missed_payment",
    missedPayment,
    monthsPaid: row.monthsPaid,
    exposure: centsAsDollars(row.exposureCents),
  };
}

/**
 * The agent's queue (/agent/at-risk, GET /api/agent/at-risk): their own policies at risk, largest
 * exposure first, one page and the total, days counted in the agent's calendar. Agents only (403).
 */
export async function listAgentAtRisk(
  actor: SessionUser,
  query: { page: number; pageSize: number },
  now = new Date(),
): Promise<AtRiskPage> {
  const agentId = assertAgent(actor);
  return atRiskPage(agentId, actor, query, now);
}

/**
 * The admin's queue (/admin/at-risk, GET /api/admin/at-risk): every agent's policies at risk, or
 * one agent's (?agentId, a 404 when it names no agent), days counted in the admin's calendar.
 * Admins only (403).
 */
export async function listAdminAtRisk(
  actor: SessionUser,
  query: { agentId?: string; page: number; pageSize: number },
  now = new Date(),
): Promise<AtRiskPage> {
  assertAdmin(actor);
  if (query.agentId) {
    const known = await selectOne(
      sql`SELECT id FROM agents WHERE id = ${query.agentId}`,
      z.object({ id: column.text }),
    );
    if (!known) throw notFound(AT_RISK_ERRORS.agentNotFound);
  }
  return atRiskPage(query.agentId, actor, query, now);
}

/** An unpaid month past its due date, not found missed yet, with what the notice says. */
const MissedCandidate = z.object({
  id: column.text,
  dueDate: column.day,
  monthNumber: column.integer,
  amountCents: column.cents,
  applicationId: column.text,
  firstName: column.text,
  lastName: column.text,
  userId: column.text.nullable(),
  timezone: column.text.nullable(),
  chased: column.boolean,
});

/**
 * On SQLite the job names migration 044's partial index: its statistics average the range of due
 * dates over every unpaid month, so it would read them all from (status, due_date) and check each
 * one's row, where the partial index holds only the few not told yet. Postgres's own statistics
 * choose it.
 */
const UNNOTIFIED_INDEX = isPostgres ? raw("") : raw("INDEXED BY payment_trackings_missed_unnotified");

/**
 * The unpaid months not told of yet that may be missed somewhere on Earth by `now` (exported for
 * the plan test).
 * @internal
 */
export function unnotifiedMonthsSql(now: Date): Sql {
  return sql`SELECT t.id FROM payment_trackings t ${UNNOTIFIED_INDEX}
    WHERE t.status = 'not_paid' AND t.missed_notified_at IS NULL AND t.due_date <= ${addDaysIso(todayIn("UTC", now), -2)}`;
}

/** Months claimed per statement (an IN list well inside both databases' limits). */
const CLAIM_BATCH = 500;

/**
 * Housekeeping (the hourly send-missed-payment-notices job, app/jobs): one retention_reminder for
 * the agent when an unpaid payment of a chased policy is 3 days past its due date in the agent's
 * own calendar, "Payment missed", naming the client, the month, the amount and the days late, and
 * opening the lead. The unpaid months not found missed yet are read from migration 044's partial
 * index (due up to 2 days before today in UTC: no calendar is further ahead), then read with their
 * lead and agent 500 at a time, and each kept when it is missed in its agent's calendar. They are
 * claimed by setting missed_notified_at with one UPDATE ... WHERE missed_notified_at IS NULL, and
 * their notifications written in the same transaction, as sendPaymentReminders does (decision
 * 026): of two runs at once the second finds them claimed, and a month paid and set back to unpaid
 * is not told again. A month of a policy no longer chased (its commission or a month cancelled,
 * the lead returned, no agent) is marked without a notice, so it leaves the index. Answers how
 * many notices were sent.
 */
export async function sendMissedPaymentNotices(now = new Date()): Promise<number> {
  // The months first, from the index alone (most runs find none); then each batch with its lead
  // and agent by id, which both databases read by primary key whatever their statistics say.
  const unnotified = await selectRows(unnotifiedMonthsSql(now), z.object({ id: column.text }));
  let sent = 0;
  for (let start = 0; start < unnotified.length; start += CLAIM_BATCH) {
    const ids = unnotified.slice(start, start + CLAIM_BATCH).map((row) => row.id);
    const candidates = await selectRows(
      sql`SELECT t.id, t.due_date AS "dueDate", t.month_number AS "monthNumber", t.amount_cents AS "amountCents",
            a.id AS "applicationId", a.first_name AS "firstName", a.last_name AS "lastName",
            u.id AS "userId", u.timezone, CASE WHEN ${CHASED_POLICY} THEN 1 ELSE 0 END AS chased
          FROM payment_trackings t
          JOIN applications a ON a.id = t.application_id
          LEFT JOIN agents g ON g.id = a.agent_id
          LEFT JOIN users u ON u.id = g.user_id
          WHERE t.id IN ${ids}`,
      MissedCandidate,
    );
    const missed = candidates
      .map((row) => ({ ...row, today: todayIn(row.timezone || "America/New_York", now) }))
      .filter((row) => row.dueDate <= missedCutoff(row.today));
    if (missed.length) sent += await claimAndNotify(missed, now);
  }
  return sent;
}

async function claimAndNotify(
  rows: (z.output<typeof MissedCandidate> & { today: string })[],
  now: Date,
): Promise<number> {
  return sequelize.transaction(async (transaction) => {
    const ours = await claimUnpaidPayments("missed_notified_at", rows, now, transaction);
    const notices = rows
      .filter((row) => ours.has(row.id) && row.chased && row.userId)
      .map((row) => {
        const days = daysBetween(row.dueDate, row.today);
        return {
          userId: row.userId!,
          applicationId: row.applicationId,
          type: "retention_reminder",
          title: "Payment missed",
          message: `${fullName(row)}: month ${row.monthNumber} payment of ${formatMoney(row.amountCents)} was due ${formatDate(
            row.dueDate,
            "UTC",
          )} and is ${days} days late.`,
        };
      });
    if (notices.length) await Notification.bulkCreate(notices, { transaction });
    return notices.length;
  });
}
