import { z } from "zod";
import { percentOf } from "~/domain/commission";
import { centsAsDollars } from "~/domain/format";
import type { AgentListQuery } from "~/domain/schemas/agents";
import { stateName } from "~/domain/states";
import type { Page } from "~/utils/list";
import {
  AGENT_COLUMNS,
  AGENTS_WITH_USERS,
  AgentColumns,
  WITH_BDM,
  listAgents,
  type AgentRow,
  type AgentView,
  type BdmView,
} from "./agents.server";
import { agentSetupOf } from "./carriers.server";
import { notFound } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, selectOne, selectRows, sql } from "./sql/reads.server";

// Agents Management (/admin/agent-management, GET /api/admin/agents/{id}/profile): the agents
// table of Agent Approval (listAgents, its row and its actions) with each agent's performance and
// first licensed states, and an agent's profile. Admins only. Decision 032.

const AGENT_PROFILE_NOT_FOUND = "Agent profile not found";
/**
 * A row names this many licensed states, then "+N more".
 * @internal
 */
export const STATES_SHOWN = 3;

/** An agent's book of business: every lead, the leads sold, and the commission not cancelled. */
type AgentPerformance = { leads: number; sales: number; commissionCents: number };

export type ManagedAgentRow = AgentRow & {
  performance: AgentPerformance;
  /** The first STATES_SHOWN licensed states (two-letter codes, alphabetical) and how many more there are. */
  states: { shown: string[]; more: number };
};

const NO_PERFORMANCE: AgentPerformance = { leads: 0, sales: 0, commissionCents: 0 };

/**
 * The performance of a page of agents in one grouped statement (never one query per agent): the
 * counts come from the (agent_id, status, created_at) index alone; only the sold leads are read
 * for their commission. The commission counts as the agent's own stats count it (sold, not cancelled).
 * @internal
 */
export async function performanceOf(agentIds: string[]): Promise<Map<string, AgentPerformance>> {
  if (agentIds.length === 0) return new Map();
  const rows = await selectRows(
    sql`SELECT agent_id AS "agentId", SUM(leads) AS leads, SUM(sales) AS sales, SUM(cents) AS cents FROM (
       SELECT agent_id, COUNT(*) AS leads, SUM(CASE WHEN status = 'sale' THEN 1 ELSE 0 END) AS sales, 0 AS cents
       FROM applications WHERE agent_id IN ${agentIds} GROUP BY agent_id
       UNION ALL
       SELECT agent_id, 0 AS leads, 0 AS sales, SUM(calculated_commission_cents) AS cents
       FROM applications WHERE agent_id IN ${agentIds} AND status = 'sale' AND commission_cancelled_at IS NULL
       GROUP BY agent_id
     ) figures GROUP BY agent_id`,
    z.object({ agentId: column.text, leads: column.integer, sales: column.integer, cents: column.cents.nullable() }),
  );
  return new Map(
    rows.map((row) => [row.agentId, { leads: row.leads, sales: row.sales, commissionCents: row.cents ?? 0 }]),
  );
}

/**
 * The first few licensed states of each agent and each agent's number of states, in one statement.
 * @internal
 */
export async function firstStatesOf(agentIds: string[], shown = STATES_SHOWN) {
  const states = new Map<string, { shown: string[]; more: number }>();
  if (agentIds.length === 0) return states;
  const rows = await selectRows(
    sql`SELECT "agentId", state, total FROM (
       SELECT agent_id AS "agentId", state,
         ROW_NUMBER() OVER (PARTITION BY agent_id ORDER BY state) AS position,
         COUNT(*) OVER (PARTITION BY agent_id) AS total
       FROM licensed_states WHERE agent_id IN ${agentIds}
     ) ranked WHERE position <= ${shown} ORDER BY "agentId", position`,
    z.object({ agentId: column.text, state: column.text, total: column.integer }),
  );
  for (const row of rows) {
    const entry = states.get(row.agentId) ?? { shown: [], more: 0 };
    entry.shown.push(row.state);
    entry.more = row.total - entry.shown.length;
    states.set(row.agentId, entry);
  }
  return states;
}

/**
 * One page of Agents Management's table: Agent Approval's list (status, search, newest first,
 * paged in SQL) with each agent's performance and first licensed states, read for the page's
 * agents only, each in one statement.
 */
export async function listManagedAgents(
  actor: SessionUser,
  query: Pick<AgentListQuery, "status" | "search" | "page" | "pageSize">,
): Promise<Page<ManagedAgentRow>> {
  assertAdmin(actor);
  const page = await listAgents(actor, query);
  const ids = page.rows.map((row) => row.id);
  const [performance, states] = await Promise.all([performanceOf(ids), firstStatesOf(ids)]);
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      performance: performance.get(row.id) ?? NO_PERFORMANCE,
      states: states.get(row.id) ?? { shown: [], more: 0 },
    })),
  };
}

/** An agent as the list shows them (AgentView), with what only the profile has. */
export type AgentProfileView = Omit<AgentView, "assignedBdm" | "conversion"> & {
  /** With the BDM's email, which the list leaves out. */
  assignedBdm: BdmView | null;
  /** The same states as two-letter codes (the spec's other name for the list of state names). */
  licensedStatesArray: string[];
  carriersWithProducts: { name: string; products: { name: string; compPercentage: number }[] }[];
  activity: {
    totalLeads: number;
    totalSales: number;
    /** callsSold / callsOrdered x 100, 1 decimal (the spec's agent-table conversion). */
    conversionRate: number;
    /** Dollars: the commission of sales not cancelled. */
    totalCommission: number;
    /** Leads waiting for a callback (callback or rescheduled). */
    openCallbacks: number;
    lastLeadAt: string | null;
    lastSaleAt: string | null;
  };
};

/** An agent's profile row: the agent, their user and BDM, and the activity figures read with them. */
const ProfileRecord = AgentColumns.extend({
  userId: column.text,
  bdmEmail: column.text.nullable(),
  openCallbacks: column.integer,
  lastLeadAt: column.isoDate.nullable(),
  lastSaleAt: column.isoDate.nullable(),
});

/**
 * An agent's profile for an admin (the profile dialog and GET /api/admin/agents/{id}/profile):
 * basic information, licensed states, carriers and products with their comp %, and an activity
 * summary. An unknown or malformed id is a 404 "Agent profile not found".
 */
export async function getAgentProfileForAdmin(actor: SessionUser, agentId: string): Promise<AgentProfileView> {
  assertAdmin(actor);
  if (!isUuid(agentId)) throw notFound(AGENT_PROFILE_NOT_FOUND);
  const [row, setup, performance] = await Promise.all([
    selectOne(
      sql`SELECT ${AGENT_COLUMNS}, g.user_id AS "userId", b.email AS "bdmEmail",
         (SELECT COUNT(*) FROM applications c WHERE c.agent_id = g.id AND c.status IN ('callback', 'rescheduled')) AS "openCallbacks",
         (SELECT MAX(l.created_at) FROM applications l WHERE l.agent_id = g.id) AS "lastLeadAt",
         (SELECT MAX(s.sold_at) FROM applications s WHERE s.agent_id = g.id AND s.status = 'sale') AS "lastSaleAt"
       FROM ${AGENTS_WITH_USERS} ${WITH_BDM}
       WHERE g.id = ${agentId}`,
      ProfileRecord,
    ),
    agentSetupOf(agentId),
    performanceOf([agentId]),
  ]);
  if (!row || !setup) throw notFound(AGENT_PROFILE_NOT_FOUND);
  const figures = performance.get(agentId) ?? NO_PERFORMANCE;
  const { callsSold, callsOrdered } = row;
  return {
    id: row.id,
    user: { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone },
    companyName: row.companyName,
    licenseNumber: row.licenseNumber,
    status: row.status,
    callQuota: row.callQuota,
    callsLeft: row.callsLeft,
    callsOrdered,
    callsSold,
    assignedBdm: row.bdmId
      ? { id: row.bdmId, firstName: row.bdmFirstName ?? "", lastName: row.bdmLastName ?? "", email: row.bdmEmail ?? "" }
      : null,
    setupComplete: row.setupComplete,
    createdAt: row.createdAt,
    approvedAt: row.approvedAt,
    licensedStates: setup.licensedStateCodes.map(stateName),
    licensedStatesArray: setup.licensedStateCodes,
    carriersWithProducts: setup.carriers.map((carrier) => ({
      name: carrier.name,
      products: carrier.products.map((product) => ({ name: product.name, compPercentage: product.compPercentage })),
    })),
    hasTemporaryPassword: row.hasTemporaryPassword,
    activity: {
      totalLeads: figures.leads,
      totalSales: figures.sales,
      conversionRate: percentOf(callsSold, callsOrdered),
      totalCommission: centsAsDollars(figures.commissionCents),
      openCallbacks: row.openCallbacks,
      lastLeadAt: row.lastLeadAt,
      lastSaleAt: row.lastSaleAt,
    },
  };
}
