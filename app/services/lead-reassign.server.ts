import { z } from "zod";
import { ActivityLog, Application, LeadRead, Notification, isPostgres, sequelize } from "~db";
import { fullName } from "~/domain/format";
import { REASSIGN_MAX_LEADS, REASSIGN_MESSAGES } from "~/domain/lead-reassign";
import { reassignLeadsSchema } from "~/domain/schemas/lead-reassign";
import { stateName } from "~/domain/states";
import { ServiceError, badRequest, validInput } from "./errors.server";
import { LEAD_NOT_FOUND } from "./leads.server";
import { assertAdmin, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, raw, selectOne, selectRows, sql, type Sql } from "./sql/reads.server";
import { emitWebhookEvents } from "./webhooks.server";

// Moving leads to another agent (the All Leads page's Reassign Lead dialog, one lead or several
// selected ones, and PUT /api/admin/applications/{id}/reassign and /reassign): administrators
// only. What a reassignment keeps and changes: docs/decisions/031.

/** A lead as the dialog lists it: who holds it now and the state a licence is needed in. */
export type ReassignLead = {
  id: string;
  name: string;
  state: string | null;
  agentId: string | null;
  agentName: string | null;
};

/** An agent who may receive leads, with the states they are licensed in (two-letter codes). */
export type AssignableAgent = { id: string; name: string; email: string; states: string[] };

export type ReassignDialogData = { leads: ReassignLead[]; agents: AssignableAgent[] };

export type ReassignResult = {
  agent: { id: string; name: string };
  /** The leads that changed hands, with the agent each came from. */
  reassigned: { id: string; name: string; fromAgentId: string | null; fromAgentName: string | null }[];
  /** Leads of a bulk reassignment that were already the agent's: left as they were. */
  alreadyAssigned: string[];
  /** The leads' states the agent is not licensed in, confirmed by the caller. */
  unlicensedStates: string[];
};

/**
 * 409: the agent is not licensed in some of the leads' states and the caller did not confirm.
 * The dialog asks "Reassign anyway?" from `states`; the API answers the message, which names them.
 */
export class UnlicensedStatesError extends ServiceError {
  constructor(
    message: string,
    public states: string[],
    public agentId: string,
  ) {
    // At confirmUnlicensed: the field whose `true` answers it.
    super(409, message, { confirmUnlicensed: [message] }, "conflict");
  }
}

function statesText(codes: string[]) {
  const names = codes.map(stateName);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The 409's text: the agent and the states by name ("Florida and Texas"), for the dialog and the API. */
function unlicensedMessage(agentName: string, states: string[], affectedLeads: number, leadCount: number) {
  const where =
    leadCount === 1
      ? "this lead's state"
      : `where ${affectedLeads} of these ${leadCount} leads ${affectedLeads === 1 ? "lives" : "live"}`;
  return `${agentName} is not licensed in ${statesText(states)}, ${where}. Confirm to reassign anyway.`;
}

/** The ids as given, or a 404 when one cannot be a lead's id (nothing is looked up then). */
function leadIdsOrNotFound(ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.every(isUuid)) throw new ServiceError(404, LEAD_NOT_FOUND);
  return unique;
}

const LeadRow = z.object({
  id: column.text,
  agentId: column.text.nullable(),
  firstName: column.text,
  lastName: column.text,
  state: column.text.nullable(),
});
type LeadRow = z.output<typeof LeadRow>;
const AgentRow = z.object({
  id: column.text,
  userId: column.text,
  status: column.text,
  firstName: column.text,
  lastName: column.text,
});
type AgentRow = z.output<typeof AgentRow>;

/** Agents with their names, those `where` (over `agents g`) selects. */
const agentNamesSql = (where: Sql) =>
  sql`SELECT g.id, g.user_id AS "userId", g.status, u.first_name AS "firstName", u.last_name AS "lastName"
      FROM agents g JOIN users u ON u.id = g.user_id WHERE ${where}`;

/**
 * What the Reassign Lead dialog shows for `ids` (one lead or up to REASSIGN_MAX_LEADS): each lead
 * with its state and current agent, and the agents who may receive them: approved agents only
 * (paused, pending and rejected ones never receive a lead), without a single lead's current
 * agent, by name, each with their licensed states. A missing lead is a 404.
 */
export async function reassignDialogData(actor: SessionUser, ids: string[]): Promise<ReassignDialogData> {
  assertAdmin(actor);
  if (ids.length === 0) throw badRequest(REASSIGN_MESSAGES.leadsRequired);
  if (ids.length > REASSIGN_MAX_LEADS) throw badRequest(REASSIGN_MESSAGES.tooManyLeads);
  const leadIds = leadIdsOrNotFound(ids);
  const leadRows = await selectRows(
    sql`SELECT a.id, a.agent_id AS "agentId", a.first_name AS "firstName", a.last_name AS "lastName", a.state,
          u.first_name AS "agentFirstName", u.last_name AS "agentLastName"
        FROM applications a LEFT JOIN agents g ON g.id = a.agent_id LEFT JOIN users u ON u.id = g.user_id
        WHERE a.id IN ${leadIds}`,
    LeadRow.extend({ agentFirstName: column.text.nullable(), agentLastName: column.text.nullable() }),
  );
  if (leadRows.length !== leadIds.length) throw new ServiceError(404, LEAD_NOT_FOUND);
  const byId = new Map(leadRows.map((row) => [row.id, row]));
  const leads = leadIds.map((id) => {
    const row = byId.get(id)!;
    return {
      id,
      name: fullName(row),
      state: row.state ? row.state.toUpperCase() : null,
      agentId: row.agentId,
      agentName: row.agentId ? fullName({ firstName: row.agentFirstName, lastName: row.agentLastName }) : null,
    };
  });
  // "Every agent other than the current one" (part 1, section 2) is a single lead's; several
  // leads may each have their own, and one already the chosen agent's is left as it is.
  const current = leads.length === 1 ? leads[0]!.agentId : null;
  const agentRows = await selectRows(
    sql`SELECT g.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email
        FROM agents g JOIN users u ON u.id = g.user_id
        WHERE g.status = 'approved' ${current ? sql`AND g.id <> ${current}` : raw("")}
        ORDER BY u.first_name, u.last_name, g.id`,
    z.object({ id: column.text, firstName: column.text, lastName: column.text, email: column.text }),
  );
  const stateRows = await selectRows(
    sql`SELECT s.agent_id AS "agentId", s.state FROM licensed_states s JOIN agents g ON g.id = s.agent_id
        WHERE g.status = 'approved' ORDER BY s.state`,
    z.object({ agentId: column.text, state: column.text }),
  );
  const states = new Map<string, string[]>();
  for (const row of stateRows) {
    const list = states.get(row.agentId) ?? [];
    list.push(row.state.toUpperCase());
    states.set(row.agentId, list);
  }
  return {
    leads,
    agents: agentRows.map((row) => ({
      id: row.id,
      name: fullName(row),
      email: row.email,
      states: states.get(row.id) ?? [],
    })),
  };
}

/** The agent who is to receive the leads, or a 400 at the agent field saying why not. */
function eligibleAgent(agent: AgentRow | undefined): AgentRow {
  if (!agent) throw badRequest(REASSIGN_MESSAGES.agentNotFound, { agentId: [REASSIGN_MESSAGES.agentNotFound] });
  if (agent.status !== "approved") {
    const message = `${fullName(agent)} is ${agent.status === "pending" ? "awaiting approval" : agent.status} and cannot receive leads. Only approved agents can.`;
    throw badRequest(message, { agentId: [message] });
  }
  return agent;
}

/**
 * Gives one lead or several (up to REASSIGN_MAX_LEADS) to another agent, in one transaction:
 * - admins only (403); a missing lead is a 404 and nothing changes;
 * - only an approved agent receives leads (400 at agentId otherwise, as for an unknown agent);
 * - a single lead's current agent is refused (400); in a bulk move, leads that are already the
 *   agent's are left as they are (refused only when that is every lead);
 * - an agent not licensed in a lead's state is a 409 naming the state(s), unless
 *   `confirmUnlicensed` is true;
 * - each lead moved: its agent_id changes (the database's triggers move its unread count from
 *   the old agent to the new, decision 024), it becomes unread for the new agent (their old read
 *   of it, from an earlier turn with it, is removed; everyone else's reads stay theirs), the new
 *   agent gets one lead_assigned notification for it, and the activity log gets a
 *   lead_reassigned entry with both agents' names. Its status, notes, callback, sale and
 *   payments stay with the lead.
 * The leads' rows are locked (Postgres FOR UPDATE, in id order so two admins never wait in a
 * circle; SQLite's transactions take turns), so two admins moving the same lead at once are
 * applied one after the other: the last one wins, each with its own notification and entry.
 */
export async function reassignLeads(actor: SessionUser, input: unknown): Promise<ReassignResult> {
  assertAdmin(actor);
  const { ids, agentId, confirmUnlicensed } = validInput(reassignLeadsSchema, input);
  const leadIds = leadIdsOrNotFound(ids);
  if (!isUuid(agentId))
    throw badRequest(REASSIGN_MESSAGES.agentNotFound, { agentId: [REASSIGN_MESSAGES.agentNotFound] });

  return sequelize.transaction(async (transaction) => {
    const leads = await selectRows(
      sql`SELECT a.id, a.agent_id AS "agentId", a.first_name AS "firstName", a.last_name AS "lastName", a.state
          FROM applications a WHERE a.id IN ${leadIds} ORDER BY a.id ${raw(isPostgres ? "FOR UPDATE" : "")}`,
      LeadRow,
      { transaction },
    );
    if (leads.length !== leadIds.length) throw new ServiceError(404, LEAD_NOT_FOUND);

    // The agent's row is shared-locked so a pause or rejection waits until the leads are moved.
    const agentRow = await selectOne(
      sql`${agentNamesSql(sql`g.id = ${agentId}`)} ${raw(isPostgres ? "FOR SHARE OF g" : "")}`,
      AgentRow,
      { transaction },
    );
    const agent = eligibleAgent(agentRow ?? undefined);
    const agentName = fullName(agent);

    // Locked in id order; answered in the order given (the page highlights the first).
    const given = new Map(leadIds.map((id, index) => [id, index]));
    const moving = leads.filter((lead) => lead.agentId !== agentId).sort((a, b) => given.get(a.id)! - given.get(b.id)!);
    if (moving.length === 0) {
      const message =
        leads.length === 1
          ? `This lead is already assigned to ${agentName}.`
          : `These leads are already assigned to ${agentName}.`;
      throw badRequest(message, { agentId: [message] });
    }

    const licensed = await selectRows(
      sql`SELECT state FROM licensed_states WHERE agent_id = ${agentId}`,
      z.object({ state: column.text }),
      { transaction },
    );
    const licensedStates = new Set(licensed.map((row) => row.state.toUpperCase()));
    const stateOf = (lead: LeadRow) => (lead.state ?? "").trim().toUpperCase();
    const unlicensedLeads = moving.filter((lead) => stateOf(lead) && !licensedStates.has(stateOf(lead)));
    const unlicensedStates = [...new Set(unlicensedLeads.map(stateOf))].sort();
    if (unlicensedStates.length && !confirmUnlicensed) {
      const message = unlicensedMessage(agentName, unlicensedStates, unlicensedLeads.length, moving.length);
      throw new UnlicensedStatesError(message, unlicensedStates, agentId);
    }

    const fromIds = [...new Set(moving.map((lead) => lead.agentId).filter((id): id is string => Boolean(id)))];
    const fromAgents = fromIds.length
      ? await selectRows(agentNamesSql(sql`g.id IN ${fromIds}`), AgentRow, { transaction })
      : [];
    const fromName = new Map(fromAgents.map((row) => [row.id, fullName(row)]));
    const movingIds = moving.map((lead) => lead.id);

    await LeadRead.destroy({ where: { userId: agent.userId, applicationId: movingIds }, transaction });
    await Application.update({ agentId }, { where: { id: movingIds }, transaction });

    const reassigned = moving.map((lead) => ({
      id: lead.id,
      name: fullName(lead),
      fromAgentId: lead.agentId,
      fromAgentName: lead.agentId ? (fromName.get(lead.agentId) ?? null) : null,
    }));
    await Notification.bulkCreate(
      reassigned.map((lead) => ({
        userId: agent.userId,
        applicationId: lead.id,
        type: "lead_assigned",
        title: "Lead assigned to you",
        message: `${lead.name}'s application was assigned to you.`,
      })),
      { transaction },
    );
    // Names only: the log never holds a lead's sensitive numbers.
    const adminName = fullName(actor);
    await ActivityLog.bulkCreate(
      reassigned.map((lead) => {
        const state = stateOf(moving.find((row) => row.id === lead.id)!);
        const unlicensed = unlicensedStates.includes(state) ? ` (not licensed in ${stateName(state)}, confirmed)` : "";
        return {
          userId: actor.id,
          action: "lead_reassigned",
          entityType: "application",
          entityId: lead.id,
          summary:
            `${adminName} reassigned ${lead.name} from ${lead.fromAgentName ?? "no agent"} to ${agentName}${unlicensed}`.slice(
              0,
              500,
            ),
        };
      }),
      { transaction },
    );
    await emitWebhookEvents(
      reassigned.map((lead) => ({
        type: "lead.assigned",
        data: { leadId: lead.id, agentId: agent.id, previousAgentId: lead.fromAgentId },
      })),
      transaction,
    );

    return {
      agent: { id: agent.id, name: agentName },
      reassigned,
      alreadyAssigned: leads.filter((lead) => lead.agentId === agentId).map((lead) => lead.id),
      unlicensedStates,
    };
  });
}
