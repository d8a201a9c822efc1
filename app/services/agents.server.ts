import type { InferAttributes, Transaction, WhereOptions } from "sequelize";
import { z } from "zod";
import { Agent, Bdm, User, sequelize } from "~db";
import { percentOf } from "~/domain/commission";
import { fullName } from "~/domain/format";
import {
  ADD_CALLS_MAX,
  ADD_CALLS_MIN,
  CALLS_TO_ADD_RANGE,
  type AgentListQuery,
  type ApproveAgentInput,
  type SettableAgentStatus,
} from "~/domain/schemas/agents";
import { stateName } from "~/domain/states";
import { AGENT_STATUSES, type AgentStatus } from "~/domain/statuses";
import { decrypt, encrypt, hashPassword, temporaryPassword } from "~/utils/crypto.server";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { ServiceError, badRequest, conflict, notFound } from "./errors.server";
import {
  and,
  column,
  contains,
  countBy,
  or,
  searchPatterns,
  selectOne,
  selectRows,
  sql,
  sqlPage,
  type Sql,
} from "./sql/reads.server";
import { assertAdmin, isUuid } from "./permissions.server";
import { endUserSessions, type SessionUser } from "./sessions.server";
import { emitWebhookEvent } from "./webhooks.server";

const AGENT_NOT_FOUND = "Agent not found";
const UNKNOWN_BDM = "Choose one of the listed BDMs.";
const STATUS_CHANGED_MEANWHILE = "This agent's status was changed by someone else. Reload and try again.";

/**
 * Only approved agents take new work: paused, pending and rejected agents are left out of every
 * agent picker and cannot be given a lead. Lead and application services filter with this.
 * @internal
 */
export const assignableAgentWhere = { status: "approved" } as const satisfies WhereOptions<Agent>;

/**
 * The agents a prospect may choose on the public form: approved, and with their setup finished, so
 * their carriers and licensed states are known (an agent still in setup cannot say where they may
 * sell). The public carrier list follows the same rule.
 */
export const publicAgentWhere = { ...assignableAgentWhere, setupComplete: true } as const satisfies WhereOptions<Agent>;

/**
 * Whether a lead may be given to this agent now.
 * @internal
 */
export async function isAssignableAgent(agentId: string | null | undefined): Promise<boolean> {
  if (!agentId || !isUuid(agentId)) return false;
  const found = await selectOne(
    sql`SELECT id FROM agents WHERE id = ${agentId} AND status = 'approved'`,
    z.object({ id: column.text }),
  );
  return found !== null;
}

/**
 * Approved agents by name, for the pickers that hand out leads (no contact details).
 * @internal
 */
export async function listAssignableAgents() {
  const rows = await selectRows(
    sql`SELECT g.id, u.first_name AS "firstName", u.last_name AS "lastName", g.license_number AS "licenseNumber"
     FROM agents g JOIN users u ON u.id = g.user_id WHERE g.status = 'approved'`,
    z.object({ id: column.text, firstName: column.text, lastName: column.text, licenseNumber: column.text }),
  );
  return rows.sort((a, b) => fullName(a).localeCompare(fullName(b), "en-US") || a.id.localeCompare(b.id));
}

export type AgentChoice = { id: string; name: string };

/**
 * The admin filters' agent choices, by name: every agent, each not approved marked with their
 * status (a paused agent's leads, callbacks and payments are still the agency's), or with
 * `approvedOnly` the approved agents alone (Premiums' "all or approved agents").
 */
export async function agentFilterChoices(
  actor: SessionUser,
  { approvedOnly = false }: { approvedOnly?: boolean } = {},
): Promise<AgentChoice[]> {
  assertAdmin(actor);
  const rows = await selectRows(
    sql`SELECT g.id, u.first_name AS "firstName", u.last_name AS "lastName", g.status
     FROM agents g JOIN users u ON u.id = g.user_id WHERE ${approvedOnly ? sql`g.status = 'approved'` : sql`1 = 1`}
     ORDER BY LOWER(u.first_name), LOWER(u.last_name), g.id`,
    z.object({ id: column.text, firstName: column.text, lastName: column.text, status: column.text }),
  );
  return rows.map((row) => {
    const name = fullName(row);
    return { id: row.id, name: row.status === "approved" ? name : `${name} (${agentStatusLabel(row.status)})` };
  });
}

const agentStatusLabel = (status: string) => `${status[0]!.toUpperCase()}${status.slice(1)}`;

export type BdmView = { id: string; firstName: string; lastName: string; email: string };

export type AgentView = {
  id: string;
  user: { firstName: string; lastName: string; email: string; phone: string | null };
  companyName: string | null;
  licenseNumber: string;
  status: AgentStatus;
  callQuota: number;
  callsLeft: number;
  callsOrdered: number;
  callsSold: number;
  assignedBdm: { id: string; firstName: string; lastName: string } | null;
  setupComplete: boolean;
  createdAt: string;
  approvedAt: string | null;
  /** State names, as the API speaks them. */
  licensedStates: string[];
  /** callsSold / callsOrdered x 100, 1 decimal. */
  conversion: number;
  /** An admin-issued temporary password is waiting to be replaced (never the password itself). */
  hasTemporaryPassword: boolean;
};

export type AgentGroups = Record<AgentStatus, AgentView[]>;

function agentName(agent: Agent) {
  return agent.user ? fullName(agent.user) : "agent";
}

/** An agent's columns with their user's and their BDM's, over `agents g`, `users u` and `bdms b`. */
export const AGENT_COLUMNS = sql`g.id, g.company_name AS "companyName", g.license_number AS "licenseNumber", g.status,
  g.call_quota AS "callQuota", g.calls_left AS "callsLeft", g.calls_ordered AS "callsOrdered", g.calls_sold AS "callsSold",
  g.setup_complete AS "setupComplete", g.created_at AS "createdAt", g.approved_at AS "approvedAt",
  g.temporary_password_encrypted IS NOT NULL AS "hasTemporaryPassword",
  u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.phone,
  b.id AS "bdmId", b.first_name AS "bdmFirstName", b.last_name AS "bdmLastName"`;

export const AGENTS_WITH_USERS = sql`agents g JOIN users u ON u.id = g.user_id`;
export const WITH_BDM = sql`LEFT JOIN bdms b ON b.id = g.bdm_id`;

/** AGENT_COLUMNS as read: the agent's row, their user's and their BDM's name. */
export const AgentColumns = z.object({
  id: column.text,
  companyName: column.text.nullable(),
  licenseNumber: column.text,
  status: z.enum(AGENT_STATUSES),
  callQuota: column.integer,
  callsLeft: column.integer,
  callsOrdered: column.integer,
  callsSold: column.integer,
  setupComplete: column.boolean,
  createdAt: column.isoDate,
  approvedAt: column.isoDate.nullable(),
  // Whether a temporary password waits, without reading the (encrypted) password itself.
  hasTemporaryPassword: column.boolean,
  firstName: column.text,
  lastName: column.text,
  email: column.text,
  phone: column.text.nullable(),
  bdmId: column.text.nullable(),
  bdmFirstName: column.text.nullable(),
  bdmLastName: column.text.nullable(),
});

/** An agent's row as the Agent Approval table shows it, and what the full view adds. */
const AgentRecord = AgentColumns.transform((row) => ({
  approvedAt: row.approvedAt,
  row: {
    id: row.id,
    user: { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone },
    companyName: row.companyName,
    licenseNumber: row.licenseNumber,
    status: row.status,
    callQuota: row.callQuota,
    callsLeft: row.callsLeft,
    callsOrdered: row.callsOrdered,
    callsSold: row.callsSold,
    assignedBdm: row.bdmId
      ? { id: row.bdmId, firstName: row.bdmFirstName ?? "", lastName: row.bdmLastName ?? "" }
      : null,
    setupComplete: row.setupComplete,
    createdAt: row.createdAt,
    conversion: percentOf(row.callsSold, row.callsOrdered),
    hasTemporaryPassword: row.hasTemporaryPassword,
  } satisfies AgentRow,
}));

/** Full views of the agents a WHERE selects, in `orderBy`, with their licensed states by name. */
async function agentViews(where: Sql, orderBy: Sql): Promise<AgentView[]> {
  const records = await selectRows(
    sql`SELECT ${AGENT_COLUMNS} FROM ${AGENTS_WITH_USERS} ${WITH_BDM} WHERE ${where} ORDER BY ${orderBy}`,
    AgentRecord,
  );
  const ids = records.map((record) => record.row.id);
  const states = await selectRows(
    sql`SELECT agent_id AS "agentId", state FROM licensed_states WHERE agent_id IN ${ids} ORDER BY state`,
    z.object({ agentId: column.text, state: column.text }),
  );
  return records.map(({ row, approvedAt }) => ({
    ...row,
    approvedAt,
    licensedStates: states.filter((s) => s.agentId === row.id).map((s) => stateName(s.state)),
  }));
}

async function findAgent(id: string) {
  if (!isUuid(id)) throw notFound(AGENT_NOT_FOUND);
  const agent = await Agent.findByPk(id, { include: [{ model: User, as: "user" }] });
  if (!agent || !agent.user) throw notFound(AGENT_NOT_FOUND);
  return agent;
}

/**
 * Moves the agent on from the status the admin acted on, in one conditional UPDATE. Two admins
 * acting at once cannot both win: the second updates no row and gets a 409. The condition is the
 * status read, not every status the move allows: approving (allowed from rejected too) must still
 * lose to a reject that landed first.
 */
async function moveAgentStatus(agent: Agent, changes: Partial<InferAttributes<Agent>>, transaction?: Transaction) {
  const [updated] = await Agent.update(changes, { where: { id: agent.id, status: agent.status }, transaction });
  if (updated === 0) throw conflict(STATUS_CHANGED_MEANWHILE);
}

async function agentView(id: string) {
  const [view] = await agentViews(sql`g.id = ${id}`, sql`g.id`);
  if (!view) throw notFound(AGENT_NOT_FOUND);
  return view;
}

/** A BDM chosen by id, or by "First Last" as older clients sent the two named choices. */
async function findBdm(idOrName: string, field: string) {
  const bdm = isUuid(idOrName)
    ? await Bdm.findByPk(idOrName)
    : (await Bdm.findAll()).find((b) => fullName(b).toLowerCase() === idOrName.trim().toLowerCase());
  if (!bdm) throw badRequest(UNKNOWN_BDM, { [field]: [UNKNOWN_BDM] });
  return bdm;
}

/** Every agent, newest first, in the four groups GET /api/admin/agents answers with. */
export async function listAgentsGrouped(actor: SessionUser): Promise<AgentGroups> {
  assertAdmin(actor);
  const views = await agentViews(sql`1 = 1`, sql`g.created_at DESC, g.id DESC`);
  const groups: AgentGroups = { pending: [], approved: [], rejected: [], paused: [] };
  for (const view of views) (groups[view.status] ?? groups.pending).push(view);
  return groups;
}

/** An agent as the Agent Approval table and its dialogs show it (no licensed states). */
export type AgentRow = Omit<AgentView, "licensedStates" | "approvedAt">;

/**
 * One page of agents for the Agent Approval table, newest first: filtered by status (the tab)
 * and by search (every word in the first name, last name, email or license number: "jane doe"
 * finds Jane Doe), counted and paged by the database. Admins only.
 */
export async function listAgents(
  actor: SessionUser,
  query: Pick<AgentListQuery, "status" | "search" | "page" | "pageSize">,
): Promise<Page<AgentRow>> {
  assertAdmin(actor);
  const searched = [sql`u.first_name`, sql`u.last_name`, sql`u.email`, sql`g.license_number`];
  const page = await sqlPage(
    {
      select: AGENT_COLUMNS,
      from: AGENTS_WITH_USERS,
      join: WITH_BDM,
      where: and([
        query.status !== "all" && sql`g.status = ${query.status}`,
        ...searchPatterns(query.search).map((pattern) => or(searched.map((name) => contains(name, pattern)))),
      ]),
      orderBy: sql`g.created_at DESC, g.id DESC`,
    },
    query,
    AgentRecord,
  );
  return { ...page, rows: page.rows.map((record) => record.row) };
}

/** How many agents each status holds, and all, for the tabs and stat cards: one GROUP BY. Admins only. */
export async function countAgentsByStatus(actor: SessionUser) {
  assertAdmin(actor);
  return countBy({ column: sql`status`, from: sql`agents` }, AGENT_STATUSES);
}

/** One agent, for an admin's dialog; an unknown or malformed id is not found. */
export async function getAgent(actor: SessionUser, agentId: string): Promise<AgentView> {
  assertAdmin(actor);
  if (!isUuid(agentId)) throw notFound(AGENT_NOT_FOUND);
  return agentView(agentId);
}

export async function listBdms(actor: SessionUser): Promise<BdmView[]> {
  assertAdmin(actor);
  return selectRows(
    sql`SELECT id, first_name AS "firstName", last_name AS "lastName", email FROM bdms ORDER BY last_name, first_name, id`,
    z.object({ id: column.text, firstName: column.text, lastName: column.text, email: column.text }),
  );
}

/**
 * Approves a pending (or earlier rejected) agent. Calls ordered, when given, becomes the quota
 * and the calls left; phone and email go on the user, company and BDM on the agent. With no
 * input at all it only approves.
 */
export async function approveAgent(actor: SessionUser, agentId: string, input: ApproveAgentInput = {}) {
  assertAdmin(actor);
  const agent = await findAgent(agentId);
  if (agent.status !== "pending" && agent.status !== "rejected") {
    throw conflict(
      agent.status === "approved"
        ? "This agent is already approved."
        : "Only pending or rejected agents can be approved.",
    );
  }
  const bdm = input.assignedBdm ? await findBdm(input.assignedBdm, "assignedBdm") : null;
  const user = agent.user!;
  const email = input.email?.toLowerCase();
  if (email && email !== user.email) {
    const taken = await User.findOne({ where: { email }, attributes: ["id"] });
    if (taken)
      throw new ServiceError(409, "An account with this email already exists.", {
        email: ["An account with this email already exists."],
      });
  }

  await sequelize.transaction(async (transaction) => {
    await moveAgentStatus(
      agent,
      {
        status: "approved",
        approvedAt: new Date(),
        ...(input.callsOrdered !== undefined
          ? { callsOrdered: input.callsOrdered, callQuota: input.callsOrdered, callsLeft: input.callsOrdered }
          : {}),
        ...(input.companyName !== undefined ? { companyName: input.companyName } : {}),
        ...(bdm ? { bdmId: bdm.id } : {}),
      },
      transaction,
    );
    const userChanges = {
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(email && email !== user.email ? { email } : {}),
    };
    if (Object.keys(userChanges).length) await user.update(userChanges, { transaction });
    // An agent's name is what an integration shows; their email and phone stay here.
    await emitWebhookEvent(
      "agent.approved",
      { agentId: agent.id, userId: user.id, firstName: user.firstName, lastName: user.lastName },
      transaction,
    );
  });

  const details = [
    input.callsOrdered !== undefined ? `${input.callsOrdered} calls ordered` : null,
    bdm ? `BDM ${fullName(bdm)}` : null,
  ].filter(Boolean);
  await logActivity({
    userId: actor.id,
    action: "agent_approved",
    entityType: "agent",
    entityId: agent.id,
    summary: `Agent ${agentName(agent)} approved${details.length ? ` (${details.join(", ")})` : ""}`,
  });
  return agentView(agent.id);
}

/** Turns down a registration; any session the account has ends with it. */
export async function rejectAgent(actor: SessionUser, agentId: string) {
  assertAdmin(actor);
  const agent = await findAgent(agentId);
  if (agent.status !== "pending") {
    throw conflict(
      agent.status === "rejected" ? "This agent is already rejected." : "Only pending agents can be rejected.",
    );
  }
  await moveAgentStatus(agent, { status: "rejected" });
  await endUserSessions(agent.userId);
  await logActivity({
    userId: actor.id,
    action: "agent_rejected",
    entityType: "agent",
    entityId: agent.id,
    summary: `Agent ${agentName(agent)} rejected`,
  });
  return agentView(agent.id);
}

/**
 * Pause (approved -> paused) or activate (paused -> approved). A paused agent is signed out at
 * once, cannot sign in, and drops out of every agent picker.
 */
export async function setAgentStatus(actor: SessionUser, agentId: string, status: SettableAgentStatus) {
  assertAdmin(actor);
  const agent = await findAgent(agentId);
  const from = status === "paused" ? "approved" : "paused";
  if (agent.status === status) {
    throw conflict(status === "paused" ? "This agent is already paused." : "This agent is already active.");
  }
  if (agent.status !== from) {
    throw conflict(
      status === "paused" ? "Only approved agents can be paused." : "Only paused agents can be activated.",
    );
  }
  await moveAgentStatus(agent, { status });
  if (status === "paused") await endUserSessions(agent.userId);
  await logActivity({
    userId: actor.id,
    action: status === "paused" ? "agent_paused" : "agent_activated",
    entityType: "agent",
    entityId: agent.id,
    summary: `Agent ${agentName(agent)} ${status === "paused" ? "paused" : "activated"}`,
  });
  return agentView(agent.id);
}

export async function assignBdm(actor: SessionUser, agentId: string, bdmId: string) {
  assertAdmin(actor);
  const agent = await findAgent(agentId);
  const bdm = await findBdm(bdmId, "bdmId");
  await agent.update({ bdmId: bdm.id });
  await logActivity({
    userId: actor.id,
    action: "bdm_assigned",
    entityType: "agent",
    entityId: agent.id,
    summary: `BDM ${fullName(bdm)} assigned to ${agentName(agent)}`,
  });
  return agentView(agent.id);
}

/** @internal */
export const TEMPORARY_PASSWORD_NOT_APPROVED = "Approve the agent before generating a temporary password.";

/** Tops up an agent's calls: ordered, quota and calls left all grow by the same amount. */
export async function addCalls(actor: SessionUser, agentId: string, callsToAdd: number) {
  assertAdmin(actor);
  // The schema checks this for the routes; the service holds the rule for any other caller.
  if (!Number.isInteger(callsToAdd) || callsToAdd < ADD_CALLS_MIN || callsToAdd > ADD_CALLS_MAX) {
    throw badRequest(CALLS_TO_ADD_RANGE, { callsToAdd: [CALLS_TO_ADD_RANGE] });
  }
  const agent = await findAgent(agentId);
  if (agent.status !== "approved" && agent.status !== "paused") {
    throw conflict("Approve the agent before adding calls.");
  }
  // Incrementing in SQL keeps two admins adding calls at once from losing either top-up.
  await agent.increment({ callsOrdered: callsToAdd, callQuota: callsToAdd, callsLeft: callsToAdd });
  await logActivity({
    userId: actor.id,
    action: "calls_added",
    entityType: "agent",
    entityId: agent.id,
    summary: `${callsToAdd} calls added for ${agentName(agent)}`,
  });
  return agentView(agent.id);
}

/**
 * Replaces the agent's password with a random temporary one, which is returned once. It is kept
 * encrypted so admins can look it up again until the agent, forced to at the next sign-in,
 * sets a password of their own (which erases it). The agent's open sessions end now.
 */
export async function generateTemporaryPassword(actor: SessionUser, agentId: string) {
  assertAdmin(actor);
  const agent = await findAgent(agentId);
  // The pages offer it for approved and paused agents only; a pending or rejected agent may not
  // sign in, so a password for them would open an account no administrator has approved.
  if (agent.status !== "approved" && agent.status !== "paused") throw conflict(TEMPORARY_PASSWORD_NOT_APPROVED);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await sequelize.transaction(async (transaction) => {
    await User.update({ passwordHash, mustChangePassword: true }, { where: { id: agent.userId }, transaction });
    await agent.update({ temporaryPasswordEncrypted: encrypt(password) }, { transaction });
    // The new password and the record of who issued it stand or fall together (decision 034).
    await logActivity(
      {
        userId: actor.id,
        action: "temporary_password_generated",
        entityType: "agent",
        entityId: agent.id,
        summary: `Temporary password generated for ${agentName(agent)}`,
      },
      { transaction },
    );
  });
  await endUserSessions(agent.userId);
  return { temporaryPassword: password, agentName: agentName(agent) };
}

/** The outstanding temporary password, for an admin; null once the agent has replaced it. */
export async function getTemporaryPassword(actor: SessionUser, agentId: string) {
  assertAdmin(actor);
  const agent = await findAgent(agentId);
  if (!agent.temporaryPasswordEncrypted) return { temporaryPassword: null, agentName: agentName(agent) };
  // Every look at a password is recorded, so an admin's access can be audited later.
  await logActivity({
    userId: actor.id,
    action: "temporary_password_viewed",
    entityType: "agent",
    entityId: agent.id,
    summary: `Temporary password of ${agentName(agent)} viewed`,
  });
  return { temporaryPassword: decrypt(agent.temporaryPasswordEncrypted), agentName: agentName(agent) };
}
