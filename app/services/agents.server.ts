import { Op, literal, type InferAttributes, type Transaction, type WhereOptions } from "sequelize";
import { Agent, Bdm, LicensedState, User, sequelize } from "~db";
import { percentOf } from "~/domain/commission";
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
import { countBy, findPage, searchWhere } from "./list.server";
import { selectRows } from "./sql.server";
import { assertAdmin, isUuid } from "./permissions.server";
import { endUserSessions, type SessionUser } from "./sessions.server";

const AGENT_NOT_FOUND = "Agent not found";
const UNKNOWN_BDM = "Choose one of the listed BDMs.";
const STATUS_CHANGED_MEANWHILE = "This agent's status was changed by someone else. Reload and try again.";

/**
 * Only approved agents take new work: paused, pending and rejected agents are left out of every
 * agent picker and cannot be given a lead. Lead and application services filter with this.
 */
export const assignableAgentWhere = { status: "approved" } as const satisfies WhereOptions<Agent>;

/**
 * The agents a prospect may choose on the public form: approved, and with their setup finished, so
 * their carriers and licensed states are known (an agent still in setup cannot say where they may
 * sell). The public carrier list follows the same rule.
 */
export const publicAgentWhere = { ...assignableAgentWhere, setupComplete: true } as const satisfies WhereOptions<Agent>;

/** Whether a lead may be given to this agent now. */
export async function isAssignableAgent(agentId: string | null | undefined): Promise<boolean> {
  if (!agentId || !isUuid(agentId)) return false;
  return (await Agent.count({ where: { id: agentId, ...assignableAgentWhere } })) > 0;
}

/** Approved agents by name, for the pickers that hand out leads (no contact details). */
export async function listAssignableAgents() {
  const rows = (await Agent.findAll({
    where: assignableAgentWhere,
    attributes: ["id", "licenseNumber"],
    include: [{ model: User, as: "user", attributes: ["firstName", "lastName"], required: true }],
    raw: true,
    nest: true,
  })) as unknown as { id: string; licenseNumber: string; user: { firstName: string; lastName: string } }[];
  const name = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();
  return rows
    .map((row) => ({
      id: row.id,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      licenseNumber: row.licenseNumber,
    }))
    .sort((a, b) => name(a).localeCompare(name(b), "en-US") || a.id.localeCompare(b.id));
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
  const rows = await selectRows<{ id: string; firstName: string; lastName: string; status: string }>(
    `SELECT g.id, u.first_name AS "firstName", u.last_name AS "lastName", g.status
     FROM agents g JOIN users u ON u.id = g.user_id ${approvedOnly ? "WHERE g.status = 'approved'" : ""}
     ORDER BY LOWER(u.first_name), LOWER(u.last_name), g.id`,
  );
  return rows.map((row) => {
    const name = `${row.firstName} ${row.lastName}`.trim();
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

function fullName(agent: Agent) {
  return agent.user ? `${agent.user.firstName} ${agent.user.lastName}` : "agent";
}

const viewInclude = [
  { model: User, as: "user", attributes: ["id", "firstName", "lastName", "email", "phone"] },
  { model: Bdm, as: "bdm", attributes: ["id", "firstName", "lastName"] },
  {
    model: LicensedState,
    as: "licensedStates",
    attributes: ["state"],
    separate: true,
    order: [["state", "ASC"]] as [string, string][],
  },
];

function toAgentView(agent: Agent): AgentView {
  return {
    id: agent.id,
    user: {
      firstName: agent.user?.firstName ?? "",
      lastName: agent.user?.lastName ?? "",
      email: agent.user?.email ?? "",
      phone: agent.user?.phone ?? null,
    },
    companyName: agent.companyName ?? null,
    licenseNumber: agent.licenseNumber,
    status: agent.status,
    callQuota: agent.callQuota,
    callsLeft: agent.callsLeft,
    callsOrdered: agent.callsOrdered,
    callsSold: agent.callsSold,
    assignedBdm: agent.bdm ? { id: agent.bdm.id, firstName: agent.bdm.firstName, lastName: agent.bdm.lastName } : null,
    setupComplete: agent.setupComplete,
    createdAt: agent.createdAt.toISOString(),
    approvedAt: agent.approvedAt?.toISOString() ?? null,
    licensedStates: (agent.licensedStates ?? []).map((s) => stateName(s.state)),
    conversion: percentOf(agent.callsSold, agent.callsOrdered),
    hasTemporaryPassword: Boolean(agent.temporaryPasswordEncrypted),
  };
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
  const agent = await Agent.findByPk(id, { include: viewInclude });
  if (!agent) throw notFound(AGENT_NOT_FOUND);
  return toAgentView(agent);
}

/** A BDM chosen by id, or by "First Last" as older clients sent the two named choices. */
async function findBdm(idOrName: string, field: string) {
  const bdm = isUuid(idOrName)
    ? await Bdm.findByPk(idOrName)
    : (await Bdm.findAll()).find((b) => `${b.firstName} ${b.lastName}`.toLowerCase() === idOrName.trim().toLowerCase());
  if (!bdm) throw badRequest(UNKNOWN_BDM, { [field]: [UNKNOWN_BDM] });
  return bdm;
}

/** Every agent, newest first, in the four groups GET /api/admin/agents answers with. */
export async function listAgentsGrouped(actor: SessionUser): Promise<AgentGroups> {
  assertAdmin(actor);
  const rows = await Agent.findAll({ include: viewInclude, order: [["createdAt", "DESC"]] });
  const groups: AgentGroups = { pending: [], approved: [], rejected: [], paused: [] };
  for (const row of rows) (groups[row.status as AgentStatus] ?? groups.pending).push(toAgentView(row));
  return groups;
}

/** An agent as the Agent Approval table and its dialogs show it (no licensed states). */
export type AgentRow = Omit<AgentView, "licensedStates" | "approvedAt">;

/** What the list reads of a row: `raw` and `nest`, so the user and the BDM come as plain objects. */
type AgentListRecord = {
  id: string;
  companyName: string | null;
  licenseNumber: string;
  status: AgentStatus;
  callQuota: number;
  callsLeft: number;
  callsOrdered: number;
  callsSold: number;
  // SQLite answers 0/1 and date strings where Postgres answers booleans and dates.
  setupComplete: boolean | number;
  hasTemporaryPassword: boolean | number;
  createdAt: Date | string;
  user: { firstName: string; lastName: string; email: string; phone: string | null };
  bdm: { id: string | null; firstName: string | null; lastName: string | null };
};

function toAgentRow(row: AgentListRecord): AgentRow {
  return {
    id: row.id,
    user: {
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      email: row.user.email,
      phone: row.user.phone ?? null,
    },
    companyName: row.companyName ?? null,
    licenseNumber: row.licenseNumber,
    status: row.status,
    callQuota: row.callQuota,
    callsLeft: row.callsLeft,
    callsOrdered: row.callsOrdered,
    callsSold: row.callsSold,
    assignedBdm: row.bdm?.id
      ? { id: row.bdm.id, firstName: row.bdm.firstName ?? "", lastName: row.bdm.lastName ?? "" }
      : null,
    setupComplete: Boolean(row.setupComplete),
    createdAt: new Date(row.createdAt).toISOString(),
    conversion: percentOf(row.callsSold, row.callsOrdered),
    hasTemporaryPassword: Boolean(row.hasTemporaryPassword),
  };
}

/** A search word may be in the first name, last name, email or license number ("jane doe" finds Jane Doe). */
const SEARCHED_COLUMNS = ["user.first_name", "user.last_name", "user.email", "Agent.license_number"];

/**
 * One page of agents for the Agent Approval table, newest first: filtered by status (the tab)
 * and by search, counted and paged by the database. Admins only.
 */
export async function listAgents(
  actor: SessionUser,
  query: Pick<AgentListQuery, "status" | "search" | "page" | "pageSize">,
): Promise<Page<AgentRow>> {
  assertAdmin(actor);
  const where: WhereOptions = {
    [Op.and]: [query.status === "all" ? {} : { status: query.status }, searchWhere(SEARCHED_COLUMNS, query.search)],
  };
  // Whether a temporary password waits, without reading the (encrypted) password itself.
  const waitingPassword = `${sequelize.getQueryInterface().quoteIdentifiers("Agent.temporary_password_encrypted")} IS NOT NULL`;
  return findPage(
    Agent,
    query,
    {
      where,
      attributes: [
        "id",
        "companyName",
        "licenseNumber",
        "status",
        "callQuota",
        "callsLeft",
        "callsOrdered",
        "callsSold",
        "setupComplete",
        "createdAt",
        [literal(waitingPassword), "hasTemporaryPassword"],
      ],
      include: [
        { model: User, as: "user", attributes: ["firstName", "lastName", "email", "phone"], required: true },
        { model: Bdm, as: "bdm", attributes: ["id", "firstName", "lastName"] },
      ],
      order: [
        ["createdAt", "DESC"],
        ["id", "DESC"],
      ],
      raw: true,
      nest: true,
    },
    (row) => toAgentRow(row as unknown as AgentListRecord),
  );
}

/** How many agents each status holds, and all, for the tabs and stat cards: one GROUP BY. Admins only. */
export async function countAgentsByStatus(actor: SessionUser) {
  assertAdmin(actor);
  return countBy(Agent, "status", {}, AGENT_STATUSES);
}

/** One agent, for an admin's dialog; an unknown or malformed id is not found. */
export async function getAgent(actor: SessionUser, agentId: string): Promise<AgentView> {
  assertAdmin(actor);
  if (!isUuid(agentId)) throw notFound(AGENT_NOT_FOUND);
  return agentView(agentId);
}

export async function listBdms(actor: SessionUser): Promise<BdmView[]> {
  assertAdmin(actor);
  return (await Bdm.findAll({
    attributes: ["id", "firstName", "lastName", "email"],
    order: [
      ["lastName", "ASC"],
      ["firstName", "ASC"],
    ],
    raw: true,
  })) as BdmView[];
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
  });

  const details = [
    input.callsOrdered !== undefined ? `${input.callsOrdered} calls ordered` : null,
    bdm ? `BDM ${bdm.firstName} ${bdm.lastName}` : null,
  ].filter(Boolean);
  await logActivity({
    userId: actor.id,
    action: "agent_approved",
    entityType: "agent",
    entityId: agent.id,
    summary: `Agent ${fullName(agent)} approved${details.length ? ` (${details.join(", ")})` : ""}`,
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
    summary: `Agent ${fullName(agent)} rejected`,
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
    summary: `Agent ${fullName(agent)} ${status === "paused" ? "paused" : "activated"}`,
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
    summary: `BDM ${bdm.firstName} ${bdm.lastName} assigned to ${fullName(agent)}`,
  });
  return agentView(agent.id);
}

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
    summary: `${callsToAdd} calls added for ${fullName(agent)}`,
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
        summary: `Temporary password generated for ${fullName(agent)}`,
      },
      { transaction },
    );
  });
  await endUserSessions(agent.userId);
  return { temporaryPassword: password, agentName: fullName(agent) };
}

/** The outstanding temporary password, for an admin; null once the agent has replaced it. */
export async function getTemporaryPassword(actor: SessionUser, agentId: string) {
  assertAdmin(actor);
  const agent = await findAgent(agentId);
  if (!agent.temporaryPasswordEncrypted) return { temporaryPassword: null, agentName: fullName(agent) };
  // Every look at a password is recorded, so an admin's access can be audited later.
  await logActivity({
    userId: actor.id,
    action: "temporary_password_viewed",
    entityType: "agent",
    entityId: agent.id,
    summary: `Temporary password of ${fullName(agent)} viewed`,
  });
  return { temporaryPassword: decrypt(agent.temporaryPasswordEncrypted), agentName: fullName(agent) };
}
