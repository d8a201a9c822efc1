import type { Transaction } from "sequelize";
import { z } from "zod";
import { Agent, Application, LeadReturn, LeadSource, Notification, Order, isPostgres } from "~db";
import { fullName } from "~/domain/format";
import {
  LEAD_RETURN_MESSAGES,
  LEAD_RETURN_STATUSES,
  leadReturnReasonLabel,
  type LeadReturnStatus,
} from "~/domain/lead-returns";
import {
  leadReturnDecisionSchema,
  leadReturnRequestSchema,
  type LeadReturnListQuery,
} from "~/domain/schemas/lead-returns";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { notifyAdmins } from "./notifications.server";
import { conflict, forbidden, notFound, validInput } from "./errors.server";
import { findAccessibleLead } from "./leads.server";
import { serializedTransaction } from "./locks.server";
import { assertAdmin, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, countBy, selectOne, sql, sqlPage, type Sql } from "./sql/reads.server";
import { emitWebhookEvent } from "./webhooks.server";

// Lead returns (issue 24, item 6; decision 064): an agent sends back a bad lead bought from a
// source, within the source's return window; an admin approves or denies. An approved return is
// the source's credit: the lead is marked returned (out of the agent's working lists, kept in the
// record and in All Leads), its order gets the call back, and the Lead Sources report takes the
// approved returns' cost off the source's spend. The lead's `billable` stays as it was received.

/** A return request as the admin list, the API and the lead's page show it. */
export type LeadReturnView = {
  id: string;
  applicationId: string;
  leadName: string;
  agentId: string | null;
  agentName: string | null;
  sourceId: string | null;
  sourceName: string | null;
  reason: string;
  reasonLabel: string;
  notes: string | null;
  status: LeadReturnStatus;
  decisionNote: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
  /** When the lead was received (its created_at): the return window counts from here. */
  receivedAt: string;
  createdAt: string;
};

const ReturnRow = z
  .object({
    id: column.text,
    applicationId: column.text,
    leadFirstName: column.text,
    leadLastName: column.text,
    agentId: column.text.nullable(),
    agentFirstName: column.text.nullable(),
    agentLastName: column.text.nullable(),
    sourceId: column.text.nullable(),
    sourceName: column.text.nullable(),
    reason: column.text,
    notes: column.text.nullable(),
    status: z.enum(LEAD_RETURN_STATUSES),
    decisionNote: column.text.nullable(),
    decidedAt: column.isoDate.nullable(),
    deciderFirstName: column.text.nullable(),
    deciderLastName: column.text.nullable(),
    receivedAt: column.isoDate,
    createdAt: column.isoDate,
  })
  .transform((row): LeadReturnView => ({
    id: row.id,
    applicationId: row.applicationId,
    leadName: fullName({ firstName: row.leadFirstName, lastName: row.leadLastName }),
    agentId: row.agentId,
    agentName:
      row.agentFirstName !== null
        ? fullName({ firstName: row.agentFirstName, lastName: row.agentLastName ?? "" })
        : null,
    sourceId: row.sourceId,
    sourceName: row.sourceName,
    reason: row.reason,
    reasonLabel: leadReturnReasonLabel(row.reason),
    notes: row.notes,
    status: row.status,
    decisionNote: row.decisionNote,
    decidedAt: row.decidedAt,
    decidedByName:
      row.deciderFirstName !== null
        ? fullName({ firstName: row.deciderFirstName, lastName: row.deciderLastName ?? "" })
        : null,
    receivedAt: row.receivedAt,
    createdAt: row.createdAt,
  }));

const RETURN_COLUMNS = sql`r.id, r.application_id AS "applicationId",
  a.first_name AS "leadFirstName", a.last_name AS "leadLastName",
  r.agent_id AS "agentId", gu.first_name AS "agentFirstName", gu.last_name AS "agentLastName",
  s.id AS "sourceId", s.name AS "sourceName",
  r.reason, r.notes, r.status, r.decision_note AS "decisionNote", r.decided_at AS "decidedAt",
  du.first_name AS "deciderFirstName", du.last_name AS "deciderLastName",
  a.created_at AS "receivedAt", r.created_at AS "createdAt"`;

const RETURN_JOINS = sql`JOIN applications a ON a.id = r.application_id
  LEFT JOIN agents g ON g.id = r.agent_id
  LEFT JOIN users gu ON gu.id = g.user_id
  LEFT JOIN lead_sources s ON s.id = a.lead_source_id
  LEFT JOIN users du ON du.id = r.decided_by_id`;

async function readReturn(where: Sql, transaction?: Transaction): Promise<LeadReturnView | null> {
  return selectOne(
    sql`SELECT ${RETURN_COLUMNS} FROM lead_returns r ${RETURN_JOINS} WHERE ${where}
        ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
    ReturnRow,
    { transaction },
  );
}

// ---------------------------------------------------------------------------------------------
// The agent's request

type ReturnableLead = Pick<Application, "id" | "leadSourceId" | "returnedAt" | "createdAt">;

/**
 * Why this lead cannot be returned now, or null when it can: the one rule the request, the lead's
 * page and My Leads all read. The window counts from when the lead was received, its last minute
 * included (72 hours: 71 h 59 min is in, 72 h 1 min is out).
 */
function refusal(
  lead: ReturnableLead,
  source: Pick<LeadSource, "returnWindowHours"> | null,
  open: Pick<LeadReturn, "status"> | null,
  now: Date,
): string | null {
  if (lead.returnedAt || open?.status === "approved") return LEAD_RETURN_MESSAGES.returned;
  if (!lead.leadSourceId || !source) return LEAD_RETURN_MESSAGES.notFromSource;
  if (open?.status === "pending") return LEAD_RETURN_MESSAGES.pending;
  const closesAt = lead.createdAt.getTime() + source.returnWindowHours * 3_600_000;
  if (now.getTime() > closesAt) return LEAD_RETURN_MESSAGES.window(source.returnWindowHours);
  return null;
}

/** The lead's pending or approved return, if it has one (a denied one allows another request). */
function openReturn(applicationId: string, transaction?: Transaction) {
  return LeadReturn.findOne({
    where: { applicationId, status: ["pending", "approved"] },
    attributes: ["id", "status"],
    transaction,
  });
}

const LEAD_ATTRIBUTES = ["id", "agentId", "firstName", "lastName", "leadSourceId", "returnedAt", "createdAt"] as const;

/**
 * POST /api/agent/applications/{id}/return and the Request Return dialog: the lead's own agent
 * asks to return it. Another agent's lead (or a missing or malformed id) is 404 "Application Not
 * Found" before anything is read of it; anyone but an agent is refused (403). A lead not bought
 * from a source, past its source's return window, already returned or with a request waiting is
 * a 409 naming why. One request per lead at a time, even when two arrive at once.
 */
export async function requestLeadReturn(
  actor: SessionUser,
  leadId: string,
  input: unknown,
  now = new Date(),
): Promise<LeadReturnView> {
  if (actor.role !== "agent") throw forbidden();
  const lead = await findAccessibleLead(actor, leadId, { attributes: [...LEAD_ATTRIBUTES] });
  const request = validInput(leadReturnRequestSchema, input);
  const agentId = actor.agent!.id;
  const id = await serializedTransaction([`lead-return:${lead.id}`], async (transaction) => {
    const [current, source, open] = await Promise.all([
      Application.findByPk(lead.id, { attributes: [...LEAD_ATTRIBUTES], transaction, lock: isPostgres }),
      lead.leadSourceId
        ? LeadSource.findByPk(lead.leadSourceId, { attributes: ["id", "returnWindowHours"], transaction })
        : null,
      openReturn(lead.id, transaction),
    ]);
    // Handed to another agent since the check above: not this agent's lead any more.
    if (!current || current.agentId !== agentId) throw notFound("Application Not Found");
    const refused = refusal(current, source, open, now);
    if (refused) throw conflict(refused);
    const row = await LeadReturn.create(
      {
        applicationId: lead.id,
        agentId,
        reason: request.reason,
        notes: request.notes,
        decidedById: null,
        decisionNote: null,
        decidedAt: null,
      },
      { transaction },
    );
    await logActivity(
      {
        userId: actor.id,
        action: "lead_return_requested",
        entityType: "application",
        entityId: lead.id,
        summary: `Requested a return of ${fullName(lead)} (${leadReturnReasonLabel(request.reason)})`,
      },
      { transaction },
    );
    // The admins decide it: their bell opens the Lead Returns queue (no lead id, so it opens the
    // queue rather than the lead). The reason, not the agent's note: a note may hold anything.
    await notifyAdmins(
      {
        type: "lead_return_request",
        title: "Lead return requested",
        message: `${fullName(actor)} asked to return ${fullName(lead)}: ${leadReturnReasonLabel(request.reason)}.`,
      },
      transaction,
    );
    return row.id;
  });
  return (await readReturn(sql`r.id = ${id}`))!;
}

/** What the lead's page and My Leads' details show about returning the lead. */
export type LeadReturnState = {
  /** Request Return is offered: the agent's own lead, from a source, inside the window, none open. */
  canRequest: boolean;
  windowHours: number | null;
  /** When the window closes (ISO), for a lead from a source. */
  closesAt: string | null;
  /** The lead's latest return request, whatever its status. */
  latest: LeadReturnView | null;
};

/** The lead's return state for the actor (the lead already reached through findAccessibleLead). */
async function leadReturnState(actor: SessionUser, lead: ReturnableLead, now = new Date()): Promise<LeadReturnState> {
  const [source, open, latest] = await Promise.all([
    lead.leadSourceId ? LeadSource.findByPk(lead.leadSourceId, { attributes: ["id", "returnWindowHours"] }) : null,
    openReturn(lead.id),
    readReturn(sql`r.application_id = ${lead.id}`),
  ]);
  const own = actor.role === "agent" && Boolean(actor.agent);
  return {
    canRequest: own && refusal(lead, source, open, now) === null,
    windowHours: source?.returnWindowHours ?? null,
    closesAt: source ? new Date(lead.createdAt.getTime() + source.returnWindowHours * 3_600_000).toISOString() : null,
    latest,
  };
}

/**
 * leadReturnState for a lead by id, with the lead's name for the dialog, through the one access
 * rule (404 for another agent's lead).
 */
export async function leadReturnStateById(
  actor: SessionUser,
  leadId: string,
  now = new Date(),
): Promise<LeadReturnState & { leadId: string; leadName: string }> {
  const lead = await findAccessibleLead(actor, leadId, { attributes: [...LEAD_ATTRIBUTES] });
  return { ...(await leadReturnState(actor, lead, now)), leadId: lead.id, leadName: fullName(lead) };
}

// ---------------------------------------------------------------------------------------------
// The admins' list and decisions

const ORDER_BY: Record<LeadReturnListQuery["status"], Sql> = {
  // The longest waiting first, so none waits unseen.
  pending: sql`r.created_at ASC, r.id ASC`,
  approved: sql`r.decided_at DESC, r.id DESC`,
  denied: sql`r.decided_at DESC, r.id DESC`,
  all: sql`CASE WHEN r.status = 'pending' THEN 0 ELSE 1 END, r.created_at DESC, r.id DESC`,
};

/** /admin/lead-returns and GET /api/admin/lead-returns: one page of requests of a status (pending by default). */
export async function listLeadReturns(
  actor: SessionUser,
  query: Pick<LeadReturnListQuery, "status" | "page" | "pageSize">,
): Promise<Page<LeadReturnView>> {
  assertAdmin(actor);
  return sqlPage(
    {
      select: RETURN_COLUMNS,
      from: sql`lead_returns r`,
      join: RETURN_JOINS,
      where: query.status !== "all" ? sql`r.status = ${query.status}` : undefined,
      orderBy: ORDER_BY[query.status],
    },
    query,
    ReturnRow,
  );
}

/** The tabs' figures, in one GROUP BY. */
export async function countLeadReturnsByStatus(actor: SessionUser) {
  assertAdmin(actor);
  return countBy({ column: sql`status`, from: sql`lead_returns` }, LEAD_RETURN_STATUSES);
}

/** One request, for its dialog; a missing or malformed id is a 404. */
export async function getLeadReturn(actor: SessionUser, id: string): Promise<LeadReturnView> {
  assertAdmin(actor);
  const row = isUuid(id) ? await readReturn(sql`r.id = ${id}`) : null;
  if (!row) throw notFound(LEAD_RETURN_MESSAGES.notFound);
  return row;
}

type Decision = "approved" | "denied";

/**
 * Decides a pending request, once: the status moves only from pending (two admins at once cannot
 * both decide; the second is a 409), with the note, the decider and the time; for an approval the
 * lead is marked returned and its order gets the call back (a Completed order is Active again);
 * the log entry and the agent's notification are in the same transaction.
 */
async function decide(actor: SessionUser, id: string, input: unknown, decision: Decision, now: Date) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound(LEAD_RETURN_MESSAGES.notFound);
  const { note } = validInput(leadReturnDecisionSchema, input);
  const found = await LeadReturn.findByPk(id, { attributes: ["id", "applicationId", "status"] });
  if (!found) throw notFound(LEAD_RETURN_MESSAGES.notFound);
  if (found.status !== "pending") throw conflict(LEAD_RETURN_MESSAGES.decided(found.status));
  await serializedTransaction([`lead-return:${found.applicationId}`], async (transaction) => {
    const [count] = await LeadReturn.update(
      { status: decision, decisionNote: note, decidedById: actor.id, decidedAt: now },
      { where: { id, status: "pending" }, transaction },
    );
    if (count !== 1) {
      const current = await LeadReturn.findByPk(id, { attributes: ["status"], transaction });
      throw conflict(LEAD_RETURN_MESSAGES.decided(current?.status ?? "decided"));
    }
    const [row, lead] = await Promise.all([
      LeadReturn.findByPk(id, { transaction }),
      Application.findByPk(found.applicationId, {
        attributes: ["id", "firstName", "lastName", "orderId"],
        transaction,
      }),
    ]);
    if (!row || !lead) throw notFound(LEAD_RETURN_MESSAGES.notFound);
    const name = fullName(lead);
    if (decision === "approved") {
      await Application.update({ returnedAt: now }, { where: { id: lead.id }, transaction });
      if (lead.orderId) await giveCallBack(lead.orderId, transaction);
      await emitWebhookEvent(
        "lead.returned",
        { leadId: lead.id, returnId: row.id, agentId: row.agentId, reason: row.reason },
        transaction,
      );
    }
    const verb = decision === "approved" ? "Approved" : "Denied";
    await logActivity(
      {
        userId: actor.id,
        action: decision === "approved" ? "lead_return_approved" : "lead_return_denied",
        entityType: "application",
        entityId: lead.id,
        summary: `${verb} the return of ${name} (${leadReturnReasonLabel(row.reason)})${note ? `: ${note}` : ""}`,
      },
      { transaction },
    );
    const agent = row.agentId ? await Agent.findByPk(row.agentId, { attributes: ["userId"], transaction }) : null;
    if (agent) {
      await Notification.create(
        {
          userId: agent.userId,
          applicationId: lead.id,
          type: "lead_return",
          title: decision === "approved" ? "Lead return approved" : "Lead return denied",
          message:
            decision === "approved"
              ? `Your return of ${name} was approved${note ? `: ${note}` : "."}`
              : `Your return of ${name} was denied${note ? `: ${note}` : "."}`,
        },
        { transaction },
      );
    }
  });
  return (await readReturn(sql`r.id = ${id}`))!;
}

/**
 * The order whose call the lead used gets it back: one call fewer completed (never below none),
 * and an order Completed by that call is Active again. The order's row is locked on Postgres, as
 * distribution locks it, so a return and a new lead never count the same call twice.
 */
async function giveCallBack(orderId: string, transaction: Transaction) {
  const order = await Order.findByPk(orderId, {
    attributes: ["id", "agentId", "callsOrdered", "callsCompleted", "status"],
    transaction,
    lock: isPostgres,
  });
  if (!order || order.callsCompleted <= 0) return;
  const callsCompleted = order.callsCompleted - 1;
  const status = order.status === "Completed" && callsCompleted < order.callsOrdered ? "Active" : order.status;
  await Order.update({ callsCompleted, status }, { where: { id: order.id }, transaction });
  // And the order's agent's Calls Left, which distribution lowered when the lead was delivered.
  if (order.agentId) await Agent.increment({ callsLeft: 1 }, { where: { id: order.agentId }, transaction });
}

/** POST /api/admin/lead-returns/{id}/approve and the Approve dialog. */
export function approveLeadReturn(actor: SessionUser, id: string, input: unknown, now = new Date()) {
  return decide(actor, id, input, "approved", now);
}

/** POST /api/admin/lead-returns/{id}/deny and the Deny dialog: only the request changes. */
export function denyLeadReturn(actor: SessionUser, id: string, input: unknown, now = new Date()) {
  return decide(actor, id, input, "denied", now);
}
