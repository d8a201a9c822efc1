import { Op, col, literal, type Transaction } from "sequelize";
import { z } from "zod";
import { Agent, Order, isPostgres } from "~db";
import { column, raw, selectOne, selectRows, sql } from "./sql/reads.server";

// Distribution against orders (issue 24 item 5, decisions 061 and 063): a lead that is not a
// duplicate goes at once to an approved, set-up agent licensed in its state with an Active order
// that has calls left, the one assigned least recently; the order's call is taken in the
// transaction that makes the lead.

/** Where a lead went: the agent (and their user, to notify) and the order whose call it took. */
export type LeadAssignment = { agentId: string; userId: string; orderId: string };

const Candidate = z.object({ agentId: column.text, userId: column.text, orderId: column.text });

// Each failed claim means another lead took an order's last call (or an admin changed it) since
// the candidate was read; the next read finds the next one. Far more than two leads ever race for
// one agent's last calls, so this bound is never reached in practice but keeps a loop finite.
const MAX_CLAIMS = 20;

/**
 * The eligible agent assigned least recently (never assigned first, then by id) with the order
 * whose call to take: their oldest Active order with calls left. An agent paused, pending or
 * rejected, or whose setup is not complete, never receives one; DC is every agent's (agents
 * record licences in the 50 states only, as the public form rules: isLicensedFor).
 */
function nextCandidate(state: string, transaction: Transaction, { skipLocked = false } = {}) {
  const licensed =
    state === "DC"
      ? raw("1 = 1")
      : sql`EXISTS (SELECT 1 FROM licensed_states s WHERE s.agent_id = g.id AND s.state = ${state})`;
  return selectOne(
    sql`SELECT g.id AS "agentId", g.user_id AS "userId", o.id AS "orderId"
        FROM agents g JOIN orders o ON o.agent_id = g.id
        WHERE g.status = 'approved' AND g.setup_complete = ${true} AND ${licensed}
          AND o.status = 'Active' AND o.calls_completed < o.calls_ordered
        ORDER BY g.last_lead_assigned_at IS NOT NULL, g.last_lead_assigned_at, g.id, o.created_at, o.id
        LIMIT 1${skipLocked ? raw(" FOR UPDATE OF o SKIP LOCKED") : raw("")}`,
    Candidate,
    { transaction },
  );
}

/**
 * Takes one call of the order if it still has one: a single UPDATE that locks the order's row and
 * checks it again once it holds the lock (Postgres re-reads a row another transaction changed
 * before applying its WHERE; SQLite's transactions take turns), so two leads arriving at once
 * never take the same last call. The call that reaches calls ordered completes the order.
 */
async function takeCall(orderId: string, transaction: Transaction): Promise<boolean> {
  const [taken] = await Order.update(
    {
      callsCompleted: literal("calls_completed + 1"),
      status: literal("CASE WHEN calls_completed + 1 >= calls_ordered THEN 'Completed' ELSE status END"),
    },
    {
      where: { id: orderId, status: "Active", callsCompleted: { [Op.lt]: col("calls_ordered") } },
      transaction,
    },
  );
  return taken === 1;
}

/**
 * Gives a lead living in `state` to the next eligible agent, inside the caller's transaction (the
 * one that writes the lead): the order's call taken, the agent's last assignment set to `now`.
 * Null when no agent is eligible: the lead waits unassigned for an admin.
 */
async function distributeLead(
  state: string,
  transaction: Transaction,
  now: Date = new Date(),
): Promise<LeadAssignment | null> {
  for (let claim = 0; claim < MAX_CLAIMS; claim += 1) {
    // Postgres: posts arriving together all read the same least recently assigned agent (none
    // sees the others' uncommitted choice) and queued on that one order's row until each commit
    // (decision 066). The first read locks the first candidate whose order no other post holds;
    // only when every candidate's order is held does the plain read wait for one, so a held order
    // that still has calls after its holder commits is never passed over for an unassigned lead.
    const candidate =
      (isPostgres && claim === 0 ? await nextCandidate(state, transaction, { skipLocked: true }) : null) ??
      (await nextCandidate(state, transaction));
    if (!candidate) return null;
    if (await takeCall(candidate.orderId, transaction)) {
      // The call is the agent's too: the Calls Left of their header, dashboard and Agents
      // Management goes down with each lead delivered (never below none; an approved return gives
      // it back), while the order's calls completed decide who receives the next lead.
      await Agent.update(
        { lastLeadAssignedAt: now, callsLeft: literal("CASE WHEN calls_left > 0 THEN calls_left - 1 ELSE 0 END") },
        { where: { id: candidate.agentId }, transaction },
      );
      return candidate;
    }
  }
  return null;
}

const EligibleOrder = z.object({
  agentId: column.text,
  userId: column.text,
  lastLeadAssignedAt: column.date.nullable(),
  orderId: column.text,
  callsLeft: column.integer,
});
const Licence = z.object({ agentId: column.text, state: column.text });

/** An eligible agent as distributeLeads weighs them: when last assigned, and their orders' calls left. */
type Contender = {
  agentId: string;
  userId: string;
  lastAssigned: number | null;
  orders: { orderId: string; callsLeft: number; taken: number }[];
  states: Set<string>;
  taken: number;
};

/** nextCandidate's ORDER BY: never assigned first, then the oldest assignment, then the agent's id. */
function assignedEarlier(a: Contender, b: Contender) {
  if (a.lastAssigned === null || b.lastAssigned === null) {
    if (a.lastAssigned !== b.lastAssigned) return a.lastAssigned === null;
  } else if (a.lastAssigned !== b.lastAssigned) return a.lastAssigned < b.lastAssigned;
  return a.agentId < b.agentId;
}

/**
 * Distributes many leads at once (an import's batch), in the caller's transaction, with the same
 * rules and the same outcome as distributeLead called for each lead in turn at `instants[i]`: each
 * lead to the eligible agent licensed in its state (DC: any) assigned least recently, their oldest
 * order with calls left; the agent then counts as assigned at that lead's instant. Set-based: the
 * eligible agents' orders are read (and on Postgres locked, so no post takes one of their calls
 * meanwhile) in one statement, the leads are given out in memory, and each order and agent touched
 * is updated once. One lead goes through distributeLead itself (a vendor's post: it locks one order).
 */
export async function distributeLeads(
  states: string[],
  transaction: Transaction,
  instants: Date[],
): Promise<(LeadAssignment | null)[]> {
  if (states.length === 0) return [];
  if (states.length === 1) return [await distributeLead(states[0]!, transaction, instants[0])];
  const wanted = [...new Set(states)];
  const licensed = wanted.includes("DC")
    ? raw("1 = 1")
    : sql`EXISTS (SELECT 1 FROM licensed_states s WHERE s.agent_id = g.id AND s.state IN ${wanted})`;
  const rows = await selectRows(
    sql`SELECT g.id AS "agentId", g.user_id AS "userId", g.last_lead_assigned_at AS "lastLeadAssignedAt",
          o.id AS "orderId", o.calls_ordered - o.calls_completed AS "callsLeft"
        FROM agents g JOIN orders o ON o.agent_id = g.id
        WHERE g.status = 'approved' AND g.setup_complete = ${true} AND ${licensed}
          AND o.status = 'Active' AND o.calls_completed < o.calls_ordered
        ORDER BY g.last_lead_assigned_at IS NOT NULL, g.last_lead_assigned_at, g.id, o.created_at, o.id
        ${isPostgres ? raw("FOR UPDATE OF o") : raw("")}`,
    EligibleOrder,
    { transaction },
  );
  if (rows.length === 0) return states.map(() => null);
  const contenders = new Map<string, Contender>();
  for (const row of rows) {
    let contender = contenders.get(row.agentId);
    if (!contender) {
      contender = {
        agentId: row.agentId,
        userId: row.userId,
        lastAssigned: row.lastLeadAssignedAt?.getTime() ?? null,
        orders: [],
        states: new Set(),
        taken: 0,
      };
      contenders.set(row.agentId, contender);
    }
    contender.orders.push({ orderId: row.orderId, callsLeft: row.callsLeft, taken: 0 });
  }
  const licences = await selectRows(
    sql`SELECT s.agent_id AS "agentId", s.state FROM licensed_states s
        WHERE s.agent_id IN ${[...contenders.keys()]} AND s.state IN ${wanted}`,
    Licence,
    { transaction },
  );
  for (const licence of licences) contenders.get(licence.agentId)?.states.add(licence.state);

  const assignments = states.map((state, i) => {
    let chosen: Contender | null = null;
    for (const contender of contenders.values()) {
      if (state !== "DC" && !contender.states.has(state)) continue;
      if (!contender.orders.some((order) => order.taken < order.callsLeft)) continue;
      if (!chosen || assignedEarlier(contender, chosen)) chosen = contender;
    }
    if (!chosen) return null;
    const order = chosen.orders.find((each) => each.taken < each.callsLeft)!;
    order.taken += 1;
    chosen.taken += 1;
    chosen.lastAssigned = instants[i]!.getTime();
    return { agentId: chosen.agentId, userId: chosen.userId, orderId: order.orderId };
  });

  for (const contender of contenders.values()) {
    for (const order of contender.orders) {
      if (order.taken === 0) continue;
      await Order.update(
        {
          callsCompleted: literal(`calls_completed + ${order.taken}`),
          status: literal(
            `CASE WHEN calls_completed + ${order.taken} >= calls_ordered THEN 'Completed' ELSE status END`,
          ),
        },
        { where: { id: order.orderId }, transaction },
      );
    }
    if (contender.taken === 0) continue;
    await Agent.update(
      {
        lastLeadAssignedAt: new Date(contender.lastAssigned!),
        callsLeft: literal(`CASE WHEN calls_left > ${contender.taken} THEN calls_left - ${contender.taken} ELSE 0 END`),
      },
      { where: { id: contender.agentId }, transaction },
    );
  }
  return assignments;
}
