import { Op, type Transaction } from "sequelize";
import { z } from "zod";
import { Application, PaymentTracking, PolicyStatusChange, sequelize } from "~db";
import { fullName } from "~/domain/format";
import { todayIn } from "~/domain/periods";
import { canMovePolicy, needsIssueDetails, policyMoveRefusal, scheduleEffect } from "~/domain/policy";
import { POLICY_MESSAGES, policyUpdateSchema } from "~/domain/schemas/policy";
import { policyStatusStyle, type PolicyStatus } from "~/domain/statuses";
import { logActivity } from "./activity.server";
import { badRequest, conflict, validInput } from "./errors.server";
import { leadPayments } from "./lead-reads.server";
import { findAccessibleLead } from "./leads.server";
import type { SessionUser } from "./sessions.server";
import { column, selectRows, sql } from "./sql/reads.server";
import { emitWebhookEvent } from "./webhooks.server";

// A sold lead's policy after the sale (issue 26 item 1, docs/decisions/074): its status, number and
// dates, set by the lead's agent or an admin from the lead's page, My Leads, All Leads and
// PUT /api/applications/{id}/policy. A move the machine (app/domain/policy.ts) does not allow is
// refused at the status field; a move that ends the policy cancels the months not paid yet, which
// the ledger charges back, and reinstating restores exactly those months.

/** @internal */
export const POLICY_ERRORS = {
  noSale: "This lead has no sale, so it has no policy. Record the sale first.",
  numberTaken: "This policy number is already on another lead of this carrier.",
  nothingChanged: "Nothing changed: choose another status or enter a new policy number or date.",
} as const;

/** One change in a policy's history, newest first. */
type PolicyChange = {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  policyNumber: string | null;
  issueDate: string | null;
  effectiveDate: string | null;
  notes: string | null;
  createdAt: string;
  /** Who made it; null for the history row migration 042 wrote for a sale made before it. */
  user: { id: string; firstName: string; lastName: string } | null;
};

/** A sold lead's policy as the lead's JSON and the pages carry it. */
export type PolicyView = {
  status: PolicyStatus;
  policyNumber: string | null;
  issueDate: string | null;
  effectiveDate: string | null;
  statusChangedAt: string | null;
  history: PolicyChange[];
};

const PolicyChangeRow = z
  .object({
    id: column.text,
    fromStatus: column.text.nullable(),
    toStatus: column.text,
    policyNumber: column.text.nullable(),
    issueDate: column.day.nullable(),
    effectiveDate: column.day.nullable(),
    notes: column.text.nullable(),
    createdAt: column.isoDate,
    userId: column.text.nullable(),
    firstName: column.text.nullable(),
    lastName: column.text.nullable(),
  })
  .transform(({ userId, firstName, lastName, ...change }): PolicyChange => ({
    ...change,
    user: userId ? { id: userId, firstName: firstName ?? "", lastName: lastName ?? "" } : null,
  }));

/** A policy's history, newest first, with who made each change. */
async function policyHistory(applicationId: string, options: { transaction?: Transaction } = {}) {
  return selectRows(
    sql`SELECT p.id, p.from_status AS "fromStatus", p.to_status AS "toStatus", p.policy_number AS "policyNumber",
          p.issue_date AS "issueDate", p.effective_date AS "effectiveDate", p.notes, p.created_at AS "createdAt",
          u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName"
        FROM policy_status_changes p LEFT JOIN users u ON u.id = p.user_id
        WHERE p.application_id = ${applicationId}
        ORDER BY p.created_at DESC, p.id DESC`,
    PolicyChangeRow,
    options,
  );
}

/** The policy fields of a lead's row (null when it was never sold), with its history. */
export async function policyView(
  lead: {
    id: string;
    policyStatus: string | null;
    policyNumber: string | null;
    policyIssueDate: string | null;
    policyEffectiveDate: string | null;
    policyStatusAt: Date | string | null;
  },
  options: { transaction?: Transaction } = {},
): Promise<PolicyView | null> {
  if (!lead.policyStatus) return null;
  const at = lead.policyStatusAt ? new Date(lead.policyStatusAt) : null;
  return {
    status: policyStatusStyle(lead.policyStatus).value,
    policyNumber: lead.policyNumber,
    issueDate: lead.policyIssueDate ? String(lead.policyIssueDate).slice(0, 10) : null,
    effectiveDate: lead.policyEffectiveDate ? String(lead.policyEffectiveDate).slice(0, 10) : null,
    statusChangedAt: at ? at.toISOString() : null,
    history: await policyHistory(lead.id, options),
  };
}

/**
 * The policy a sale starts (recordSale, in the sale's transaction): submitted, from now, its first
 * history row by the seller. Answers the lead's fields to set.
 */
export async function startPolicy(actor: SessionUser, leadId: string, now: Date, transaction: Transaction) {
  await PolicyStatusChange.create(
    { applicationId: leadId, userId: actor.id, fromStatus: null, toStatus: "submitted", createdAt: now },
    { transaction },
  );
  return {
    policyStatus: "submitted",
    policyNumber: null,
    policyIssueDate: null,
    policyEffectiveDate: null,
    policyStatusAt: now,
  } as const;
}

/**
 * Sets a sold lead's policy status, number and dates (the Policy dialog, PUT
 * /api/applications/{id}/policy). Reached through findAccessibleLead: an agent their own lead, an
 * admin any, else 404 before anything changes. Refused, nothing written: a lead never sold (409);
 * a move the machine does not allow, or the same status with nothing new (400 at status); an issued
 * policy (issued, lapse pending, reinstated, lapsed) without its number or issue date; an issue date
 * in the future or before the sale; a number already on another lead of the carrier (400 at the
 * field). Declined, not taken, lapsed and cancelled cancel the months not paid yet (the ledger then
 * charges the unearned advance back); reinstated sets the months a policy change cancelled back to
 * not paid. Each change writes the policy's history and the audit trail; all in one transaction,
 * the lead's row locked.
 */
export async function updatePolicy(actor: SessionUser, id: string, input: unknown) {
  const change = validInput(policyUpdateSchema, input);
  const now = new Date();
  return sequelize.transaction(async (transaction) => {
    const lead = await findAccessibleLead(actor, id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!lead.policyStatus) throw conflict(POLICY_ERRORS.noSale);
    const from = policyStatusStyle(lead.policyStatus).value;
    const to = change.status;
    const policyNumber = change.policyNumber ?? lead.policyNumber ?? null;
    const issueDate = change.issueDate ?? (lead.policyIssueDate ? String(lead.policyIssueDate).slice(0, 10) : null);
    const effectiveDate =
      change.effectiveDate ?? (lead.policyEffectiveDate ? String(lead.policyEffectiveDate).slice(0, 10) : null);
    const detailsChanged =
      policyNumber !== (lead.policyNumber ?? null) ||
      issueDate !== (lead.policyIssueDate ? String(lead.policyIssueDate).slice(0, 10) : null) ||
      effectiveDate !== (lead.policyEffectiveDate ? String(lead.policyEffectiveDate).slice(0, 10) : null);
    // The same status is a correction of the number or dates; without one there is nothing to record.
    if (from === to && !detailsChanged)
      throw badRequest(POLICY_ERRORS.nothingChanged, { status: [POLICY_ERRORS.nothingChanged] });
    if (from !== to && !canMovePolicy(from, to)) {
      const refusal = policyMoveRefusal(from, to);
      throw badRequest(refusal, { status: [refusal] });
    }
    await checkIssueDetails(actor, lead, to, { policyNumber, issueDate }, transaction);

    const effect = from === to ? null : scheduleEffect(to);
    if (effect === "end") {
      await PaymentTracking.update(
        { status: "cancelled", policyCancelledAt: now },
        { where: { applicationId: lead.id, status: "not_paid" }, transaction },
      );
    } else if (effect === "restore") {
      await PaymentTracking.update(
        { status: "not_paid", policyCancelledAt: null },
        { where: { applicationId: lead.id, status: "cancelled", policyCancelledAt: { [Op.ne]: null } }, transaction },
      );
    }
    await lead.update(
      {
        policyStatus: to,
        policyNumber,
        policyIssueDate: issueDate,
        policyEffectiveDate: effectiveDate,
        policyStatusAt: now,
      },
      { transaction },
    );
    await PolicyStatusChange.create(
      {
        applicationId: lead.id,
        userId: actor.id,
        fromStatus: from,
        toStatus: to,
        policyNumber,
        issueDate,
        effectiveDate,
        notes: change.notes ?? null,
        createdAt: now,
      },
      { transaction },
    );
    const label = (status: PolicyStatus) => policyStatusStyle(status).label;
    await logActivity(
      {
        userId: actor.id,
        action: "policy_status_changed",
        entityType: "application",
        entityId: lead.id,
        summary:
          from === to
            ? `${fullName(actor)} corrected the ${label(to)} policy of ${fullName(lead)}`
            : `${fullName(actor)} changed the policy of ${fullName(lead)} from ${label(from)} to ${label(to)}`,
      },
      { transaction },
    );
    if (from !== to) {
      await emitWebhookEvent(
        "policy.status_changed",
        { leadId: lead.id, agentId: lead.agentId, carrierId: lead.carrierId, fromStatus: from, toStatus: to },
        transaction,
      );
    }
    return {
      id: lead.id,
      policy: (await policyView(lead, { transaction }))!,
      paymentTracking: await leadPayments(lead.id, { transaction }),
    };
  });
}

/** The number and issue date an issued policy must have, and the rules they follow. */
async function checkIssueDetails(
  actor: SessionUser,
  lead: Application,
  to: PolicyStatus,
  { policyNumber, issueDate }: { policyNumber: string | null; issueDate: string | null },
  transaction: Transaction,
) {
  const fieldErrors: Record<string, string[]> = {};
  if (needsIssueDetails(to)) {
    if (!policyNumber) fieldErrors.policyNumber = [POLICY_MESSAGES.policyNumberRequired];
    if (!issueDate) fieldErrors.issueDate = [POLICY_MESSAGES.issueDateRequired];
  }
  if (issueDate) {
    // Days in the actor's calendar: the sale's day and today where they are.
    if (issueDate > todayIn(actor.timezone)) fieldErrors.issueDate = [POLICY_MESSAGES.issueDateFuture];
    else if (lead.soldAt && issueDate < todayIn(actor.timezone, lead.soldAt)) {
      fieldErrors.issueDate = [POLICY_MESSAGES.issueBeforeSale];
    }
  }
  if (policyNumber && policyNumber !== lead.policyNumber && lead.carrierId) {
    const taken = await Application.findOne({
      where: { carrierId: lead.carrierId, policyNumber },
      attributes: ["id"],
      raw: true,
      transaction,
    });
    if (taken && taken.id !== lead.id) fieldErrors.policyNumber = [POLICY_ERRORS.numberTaken];
  }
  const [first] = Object.values(fieldErrors);
  if (first) throw badRequest(first[0]!, fieldErrors);
}
