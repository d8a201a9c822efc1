import { Op, col, literal, type Transaction } from "sequelize";
import { z } from "zod";
import { Agent, Order, isPostgres } from "~db";
import { column, raw, selectOne, sql } from "./sql/reads.server";

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
export async function distributeLead(
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
