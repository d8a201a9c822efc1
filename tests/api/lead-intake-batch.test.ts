import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { QueryTypes, type Transaction } from "sequelize";
import { ActivityLog, Agent, Application, LeadDuplicate, LeadSource, Notification, Order, Phone, sequelize } from "~db";
import { US_STATES } from "~/domain/states";
import { LEAD_INTAKE_MESSAGES } from "~/domain/schemas/lead-intake";
import {
  receiveLead,
  receiveLeadBatch,
  type LeadBatchOutcome,
  type ReceivedLeadResult,
} from "~/services/lead-intake.server";
import { newPostingKey } from "~/services/posting-keys.server";
import { createAgent } from "../support/factories";
import { createOrderRow } from "../support/order-factories";

// receiveLeadBatch (decision 067): an import's batch of leads received set-based, in one
// transaction, with receiveLead's rules and the outcomes receiving the rows one by one would have
// given: rejections with every field's message, duplicates of existing leads and of earlier rows of
// the batch, one lead per external id, and distribution against orders.

async function createSource() {
  const { hash, last4 } = newPostingKey();
  return LeadSource.create({
    name: `Batch vendor ${crypto.randomBytes(4).toString("hex")}`,
    costPerLeadCents: 15_000,
    defaultCarrierId: null,
    postingKeyHash: hash,
    postingKeyLast4: last4,
    keyRotatedAt: null,
    status: "active",
    duplicateWindowDays: 30,
    rateLimitPerMinute: 10_000,
  });
}

/** A phone number no other test uses: (214) and seven random digits. */
function uniquePhone() {
  const digits = String(crypto.randomInt(2_000_000, 9_999_999));
  return { digits: `214${digits}`, e164: `+1214${digits}` };
}

function row(overrides: Record<string, unknown> = {}) {
  return { firstName: "Bea", lastName: "Batch", phone: uniquePhone().digits, state: "FL", ...overrides };
}

const resultOf = (outcome: LeadBatchOutcome | undefined): ReceivedLeadResult => {
  if (!outcome || "refusal" in outcome) throw new Error("expected a received lead");
  return outcome.result;
};

// States in which no agent of another test (or file of this worker) has an Active order, so only
// this file's agents take their leads. Not DC (every agent's) nor AK.
const states = US_STATES.map((state) => state.code).filter((code) => code !== "DC" && code !== "AK");
let nextState = states.length;
async function freshState() {
  while (nextState > 0) {
    const state = states[--nextState]!;
    const [rivals] = (await sequelize.query(
      `SELECT COUNT(*) AS n FROM agents g JOIN licensed_states s ON s.agent_id = g.id
       JOIN orders o ON o.agent_id = g.id AND o.status = 'Active'
       WHERE s.state = :state`,
      { replacements: { state }, type: QueryTypes.SELECT },
    )) as { n: number | string }[];
    if (Number(rivals!.n) === 0) return state;
  }
  throw new Error("No state is left in which no other agent receives leads");
}

async function orderedAgent(licensedStates: string[], calls: number, lastLeadAssignedAt: Date | null = null) {
  const { agent } = await createAgent({ status: "approved", setupComplete: true, licensedStates });
  if (lastLeadAssignedAt) await agent.update({ lastLeadAssignedAt });
  const order = await createOrderRow({ agentId: agent.id, callsOrdered: calls, status: "Active" });
  return { agent, order };
}

describe("receiveLeadBatch", () => {
  it("finds duplicates of existing leads and of earlier rows of the batch, and keeps one lead per external id", async () => {
    const source = await createSource();
    const existing = uniquePhone();
    const old = await receiveLead(source, row({ phone: existing.digits, email: "old.batch@example.test" }), {
      distribution: { mode: "unassigned" },
    });
    const shared = uniquePhone();
    const outcomes = await receiveLeadBatch(
      source,
      [
        row({ phone: `(${existing.digits.slice(0, 3)}) ${existing.digits.slice(3, 6)}-${existing.digits.slice(6)}` }),
        row({ email: "OLD.Batch@Example.test" }),
        row({ phone: shared.digits, email: "first.batch@example.test", externalId: "b-1" }),
        row({ phone: `+1 ${shared.digits}` }),
        row({ email: "first.batch@example.test" }),
        row({ externalId: "b-1" }),
        row({ phone: shared.digits, externalId: "b-2" }),
        row({ externalId: "b-2" }),
      ],
      { distribution: { mode: "unassigned" }, arrivedBy: "import" },
    );
    const [byPhone, byEmail, first, samePhone, sameEmail, repost, duplicateWithId, repostOfDuplicate] =
      outcomes.map(resultOf);
    expect(byPhone).toMatchObject({ status: "duplicate", duplicateOf: old.id, billable: false, created: true });
    expect(byEmail).toMatchObject({ status: "duplicate", duplicateOf: old.id, created: true });
    expect(first).toMatchObject({ status: "unassigned", agentId: null, created: true });
    expect(samePhone).toMatchObject({ status: "duplicate", duplicateOf: first!.id, created: true });
    expect(sameEmail).toMatchObject({ status: "duplicate", duplicateOf: first!.id, created: true });
    expect(repost).toEqual({ ...first, created: false });
    expect(duplicateWithId).toMatchObject({ status: "duplicate", duplicateOf: first!.id, created: true });
    expect(repostOfDuplicate).toEqual({ ...duplicateWithId, created: false });

    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(2);
    const duplicates = await LeadDuplicate.findAll({ where: { leadSourceId: source.id }, raw: true });
    expect(duplicates.map((d) => [d.id, d.duplicateOfId, d.matchedOn]).sort()).toEqual(
      [
        [byPhone!.id, old.id, "phone"],
        [byEmail!.id, old.id, "email"],
        [samePhone!.id, first!.id, "phone"],
        [sameEmail!.id, first!.id, "email"],
        [duplicateWithId!.id, first!.id, "phone"],
      ].sort(),
    );
    const lead = (await Application.findByPk(first!.id))!;
    expect(lead).toMatchObject({
      source: "import",
      externalId: "b-1",
      phoneE164: `+1${shared.digits}`,
      billable: true,
    });
    expect(await Phone.count({ where: { applicationId: first!.id } })).toBe(1);
    expect(await ActivityLog.count({ where: { entityId: first!.id, action: "lead_received" } })).toBe(1);
  });

  it("answers a bad row with receiveLead's 400 and every field's message, and receives the others", async () => {
    const source = await createSource();
    const bad = { firstName: "", lastName: "Batch", phone: "12", state: "ZZ", email: "nope" };
    const [good, refused, alsoGood] = await receiveLeadBatch(source, [row(), bad, row()], {
      distribution: { mode: "unassigned" },
    });
    expect(resultOf(good).status).toBe("unassigned");
    expect(resultOf(alsoGood).status).toBe("unassigned");
    if (!refused || !("refusal" in refused)) throw new Error("expected a refusal");
    const single = await receiveLead(source, bad).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused.refusal).toMatchObject({ status: 400, message: (single as Error).message });
    expect(refused.refusal.fieldErrors).toEqual((single as { fieldErrors: unknown }).fieldErrors);
    expect(refused.refusal.fieldErrors).toMatchObject({
      phone: [LEAD_INTAKE_MESSAGES.phone],
      state: [LEAD_INTAKE_MESSAGES.state],
      email: [LEAD_INTAKE_MESSAGES.email],
    });
    expect(refused.refusal.fieldErrors!.firstName).toHaveLength(1);
    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(2);
  });

  it("distributes a batch exactly as receiving its rows one by one would", async () => {
    const source = await createSource();
    const [one, two, nobodys] = [await freshState(), await freshState(), await freshState()];
    const hour = 3_600_000;
    // Agents assigned never, long ago and lately; one with two orders; one licensed in both states;
    // fewer calls than leads, so orders complete and the last leads wait unassigned.
    await orderedAgent([one], 3);
    await orderedAgent([one], 2, new Date(Date.now() - 5 * hour));
    const twoOrders = await orderedAgent([one, two], 1, new Date(Date.now() - 9 * hour));
    await createOrderRow({
      agentId: twoOrders.agent.id,
      callsOrdered: 2,
      status: "Active",
      createdAt: new Date(Date.now() + 1000),
    });
    await orderedAgent([two], 2, new Date(Date.now() - hour));
    await orderedAgent([two], 1);
    const repeated = uniquePhone().digits;
    const rows = [
      ...Array.from({ length: 14 }, (_, i) => row({ state: i % 3 === 2 ? two : one })),
      row({ phone: repeated, state: one }),
      row({ phone: repeated, state: one }),
      row({ state: nobodys }),
      ...Array.from({ length: 6 }, (_, i) => row({ state: i % 2 ? two : one })),
    ];
    const start = Date.now();
    const agentIds = (await Agent.findAll({ attributes: ["id"], raw: true })).map((agent) => agent.id);

    /** What a way of receiving the rows left: each row's answer, and every agent's and order's figures. */
    async function outcome(receive: (transaction: Transaction) => Promise<ReceivedLeadResult[]>) {
      const transaction = await sequelize.transaction();
      try {
        const results = await receive(transaction);
        const leads = await Application.findAll({
          where: { id: results.map((result) => result.id) },
          attributes: ["id", "agentId", "orderId", "createdAt"],
          transaction,
        });
        const byId = new Map(leads.map((lead) => [lead.id, lead]));
        const answers = results.map((result) => ({
          status: result.status,
          agentId: "agentId" in result ? result.agentId : null,
          orderId: byId.get(result.id)?.orderId ?? null,
          createdAt: byId.get(result.id)?.createdAt?.getTime() ?? null,
        }));
        const orders = await Order.findAll({
          where: { agentId: agentIds },
          attributes: ["id", "callsCompleted", "status"],
          order: [["id", "ASC"]],
          transaction,
        });
        const agents = await Agent.findAll({
          where: { id: agentIds },
          attributes: ["id", "callsLeft", "lastLeadAssignedAt"],
          order: [["id", "ASC"]],
          transaction,
        });
        return {
          answers,
          orders: orders.map(({ id, callsCompleted, status }) => ({ id, callsCompleted, status })),
          agents: agents.map(({ id, callsLeft, lastLeadAssignedAt }) => ({
            id,
            callsLeft,
            lastLeadAssignedAt: lastLeadAssignedAt?.getTime() ?? null,
          })),
        };
      } finally {
        await transaction.rollback();
      }
    }

    const oneByOne = await outcome(async (transaction) => {
      const results: ReceivedLeadResult[] = [];
      for (const [i, input] of rows.entries()) {
        results.push(await receiveLead(source, input, { transaction, now: new Date(start + i) }));
      }
      return results;
    });
    const batch = await outcome(async (transaction) =>
      (await receiveLeadBatch(source, rows, { transaction, now: new Date(start) })).map(resultOf),
    );
    expect(batch).toEqual(oneByOne);
    // The scenario is what it says: all 11 calls given out across five agents and six orders, the
    // other leads waiting, and a duplicate.
    const statuses = batch.answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === "assigned")).toHaveLength(11);
    expect(statuses.filter((status) => status === "duplicate")).toHaveLength(1);
    expect(new Set(batch.answers.map((answer) => answer.agentId).filter(Boolean)).size).toBe(5);
    expect(batch.orders.filter((order) => order.status === "Completed").length).toBeGreaterThanOrEqual(6);
  });

  it("leaves nothing of a batch whose transaction fails, and the batch run again receives every row once", async () => {
    const source = await createSource();
    const state = await freshState();
    const { agent, order } = await orderedAgent([state], 10);
    const rows = [row({ state }), row({ state }), row({ state, externalId: "again-1" })];
    await expect(
      sequelize.transaction(async (transaction) => {
        await receiveLeadBatch(source, rows, { transaction });
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(0);
    expect(await Notification.count({ where: { userId: agent.userId } })).toBe(0);
    expect((await Order.findByPk(order.id, { raw: true }))!.callsCompleted).toBe(0);

    const first = await sequelize.transaction((transaction) => receiveLeadBatch(source, rows, { transaction }));
    expect(first.map((outcome) => resultOf(outcome).status)).toEqual(["assigned", "assigned", "assigned"]);
    const again = await receiveLeadBatch(source, [rows[2]]);
    expect(resultOf(again[0])).toEqual({ ...resultOf(first[2]), created: false });
    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(3);
    expect((await Order.findByPk(order.id, { raw: true }))!).toMatchObject({ callsCompleted: 3, status: "Active" });
    expect((await Agent.findByPk(agent.id, { raw: true }))!.lastLeadAssignedAt).not.toBeNull();
    expect(await Notification.count({ where: { userId: agent.userId, type: "new_lead" } })).toBe(3);
  });
});
