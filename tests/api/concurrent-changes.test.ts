import { describe, expect, it } from "vitest";
import { Agent, User } from "~db";
import { action as registerAction } from "~/routes/api+/auth.register";
import { approveAgent, rejectAgent, setAgentStatus } from "~/services/agents.server";
import { ServiceError } from "~/services/errors.server";
import { createAdmin, createAgent, signInAs, uniqueEmail } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Two people doing the same thing at the same moment: exactly one wins, the other hears a 409,
// and nobody gets a 500. Run on SQLite and Postgres alike (see tests/support/global-setup.ts).

const STATUS_CHANGED_MEANWHILE = "This agent's status was changed by someone else. Reload and try again.";

/** What each of several concurrent calls came to: "ok", or the ServiceError's status. */
async function outcomes(calls: Promise<unknown>[]) {
  const settled = await Promise.allSettled(calls);
  return settled.map((result) => {
    if (result.status === "fulfilled") return "ok";
    if (result.reason instanceof ServiceError) return result.reason.status;
    throw result.reason;
  });
}

/**
 * Lets another admin's change land after the service read the agent and before it writes: the
 * next agent UPDATE first runs `change`, as if a second admin had clicked a moment earlier.
 */
function beforeNextAgentWrite(change: () => Promise<unknown>) {
  Agent.addHook("beforeBulkUpdate", "anotherAdmin", async () => {
    Agent.removeHook("beforeBulkUpdate", "anotherAdmin");
    await change();
  });
}

/**
 * Holds every agent UPDATE until `count` of them are waiting, so each caller has read the agent
 * before any writes: "at once" on any machine. (Without it, on a busy machine one call could end
 * before the other read the agent: a reject, then an approve of the rejected agent, both rightly
 * succeed.) Answers the function that removes the hold.
 */
function agentWritesTogether(count: number) {
  let waiting = 0;
  let release = () => {};
  const allWaiting = new Promise<void>((resolve) => (release = resolve));
  Agent.addHook("beforeBulkUpdate", "together", async () => {
    waiting += 1;
    if (waiting === count) release();
    await allWaiting;
  });
  return () => Agent.removeHook("beforeBulkUpdate", "together");
}

async function twoAdmins() {
  return Promise.all([createAdmin(), createAdmin()].map(async (admin) => (await signInAs(await admin)).actor));
}

describe("two admins changing one agent's status at once", () => {
  it("approve and reject on a pending agent: exactly one wins, the other gets 409", async () => {
    const [first, second] = await twoAdmins();
    for (let round = 0; round < 3; round++) {
      const { agent } = await createAgent({ status: "pending", setupComplete: false });
      const stopHolding = agentWritesTogether(2);
      const results = await outcomes([approveAgent(first!, agent.id), rejectAgent(second!, agent.id)]).finally(
        stopHolding,
      );

      // Both read a pending agent; the loser's conditional UPDATE finds no pending row: a 409.
      expect([...results].sort()).toEqual([409, "ok"]);
      const winner = results[0] === "ok" ? "approved" : "rejected";
      expect((await Agent.findByPk(agent.id))!.status).toBe(winner);
    }
  });

  it("a change landing between an admin's read and write makes that write a 409, not a second win", async () => {
    const [admin] = await twoAdmins();
    const { agent } = await createAgent({ status: "pending", setupComplete: false });
    beforeNextAgentWrite(() => Agent.update({ status: "approved" }, { where: { id: agent.id } }));

    await expect(rejectAgent(admin!, agent.id)).rejects.toMatchObject({
      status: 409,
      message: STATUS_CHANGED_MEANWHILE,
    });
    expect((await Agent.findByPk(agent.id))!.status).toBe("approved");
  });

  it("pausing twice at once: one pauses, the other gets 409", async () => {
    const [first, second] = await twoAdmins();
    const { agent } = await createAgent({ status: "approved" });
    const results = await outcomes([
      setAgentStatus(first!, agent.id, "paused"),
      setAgentStatus(second!, agent.id, "paused"),
    ]);
    expect([...results].sort()).toEqual([409, "ok"]);
    expect((await Agent.findByPk(agent.id))!.status).toBe("paused");
  });
});

describe("two registrations of one email at once", () => {
  it("one account is made and both get the same answer (201: a taken email is not told, decision 080), neither a 500", async () => {
    const email = uniqueEmail("race");
    // Two license numbers, so the two do not wait for each other and meet at users.email's unique index.
    const register = (licenseNumber: string) =>
      callRoute(registerAction, {
        path: "/api/auth/register",
        json: {
          firstName: "Rae",
          lastName: "Racer",
          email,
          phone: "(813) 555-0199",
          licenseNumber,
          password: "secret1",
        },
      });
    const responses = await Promise.all([register(`FL-1-${email}`), register(`FL-2-${email}`)]);

    expect(responses.map((r) => r.status)).toEqual([201, 201]);
    const [first, second] = await Promise.all(responses.map((r) => jsonOf(r)));
    expect(second).toEqual(first);
    expect(await User.count({ where: { email } })).toBe(1);
  });
});
