import { describe, expect, it } from "vitest";
import { loader as versionLoader } from "~/routes/api+/leads.version";
import { leadListVersion } from "~/services/lead-list-version.server";
import { updateLead } from "~/services/lead-edit.server";
import { changeLeadStatus } from "~/services/lead-status.server";
import { markLeadRead } from "~/services/leads.server";
import { reassignLeads } from "~/services/lead-reassign.server";
import { updatePaymentTracking } from "~/services/retention.server";
import { PaymentTracking } from "~db";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Decision 057: the lists' 60 s refresh asks GET /api/leads/version and re-reads the page only when
// it changed. The version must change with whatever the list shows, and an agent's only with their
// own leads.

/** Timestamps are kept to the millisecond: a change is made at least one later than the last read. */
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));

describe("the lead list's version (GET /api/leads/version)", () => {
  it("an agent's version stays while nothing changes and changes with their own lead's status, phones, a new lead and their own read mark", async () => {
    const me = await signedInAgent({ status: "approved", setupComplete: true });
    const lead = await createLead(me.agent.id);
    const first = await leadListVersion(me.actor);
    expect(await leadListVersion(me.actor)).toBe(first);

    const versions = [first];
    const changed = async (change: () => Promise<unknown>) => {
      await nextMillisecond();
      await change();
      const version = await leadListVersion(me.actor);
      expect(versions).not.toContain(version);
      versions.push(version);
    };
    await changed(() => changeLeadStatus(me.actor, lead.id, { status: "contacted" }));
    // Phones alone leave the lead's row as it was; the change is in the activity log.
    await changed(() => updateLead(me.actor, lead.id, { phones: [{ phoneNumber: "7275550199", phoneType: "home" }] }));
    await changed(() => createLead(me.agent.id));
    await changed(() => markLeadRead(me.actor, lead.id));
    // A payment of a sale (the row's paid / total), by the agent and by an admin.
    const { actor: admin } = await signedInAdmin();
    const sold = await createLead(me.agent.id, { status: "sale", soldAt: new Date() });
    const payment = await PaymentTracking.create({
      applicationId: sold.id,
      monthNumber: 1,
      dueDate: "2026-12-01",
      amountCents: 5000,
    });
    await changed(() => updatePaymentTracking(me.actor, payment.id, { status: "paid" }));
    await changed(() => updatePaymentTracking(admin, payment.id, { notes: "Called the bank" }));
  });

  it("a lead given to another agent changes both agents' versions", async () => {
    const me = await signedInAgent({ status: "approved", setupComplete: true });
    const other = await signedInAgent({ status: "approved", setupComplete: true });
    const { actor: admin } = await signedInAdmin();
    const lead = await createLead(me.agent.id, { state: null });
    await createLead(other.agent.id);
    const [mine, theirs] = [await leadListVersion(me.actor), await leadListVersion(other.actor)];
    await nextMillisecond();
    await reassignLeads(admin, { ids: [lead.id], agentId: other.agent.id });
    const [mineAfter, theirsAfter] = [await leadListVersion(me.actor), await leadListVersion(other.actor)];
    expect(mineAfter).not.toBe(mine);
    expect(theirsAfter).not.toBe(theirs);
    // Their later change to the lead now moves their version, not mine.
    await nextMillisecond();
    await changeLeadStatus(other.actor, lead.id, { status: "contacted" });
    expect(await leadListVersion(me.actor)).toBe(mineAfter);
    expect(await leadListVersion(other.actor)).not.toBe(theirsAfter);
  });

  it("another agent's changes leave an agent's version as it was; the admin's version follows every lead", async () => {
    const me = await signedInAgent({ status: "approved", setupComplete: true });
    const other = await signedInAgent({ status: "approved", setupComplete: true });
    const { actor: admin } = await signedInAdmin();
    await createLead(me.agent.id);
    const theirs = await createLead(other.agent.id);
    const mine = await leadListVersion(me.actor);
    const all = await leadListVersion(admin);

    await nextMillisecond();
    await changeLeadStatus(other.actor, theirs.id, { status: "contacted" });
    await createLead(other.agent.id);
    await markLeadRead(other.actor, theirs.id);
    expect(await leadListVersion(me.actor)).toBe(mine);
    expect(await leadListVersion(admin)).not.toBe(all);
  });

  it("answers { version } for the signed-in user only: the route takes no one else's scope, and without a session 401", async () => {
    const me = await signedInAgent({ status: "approved", setupComplete: true });
    await createLead(me.agent.id);
    const answer = await callRoute(versionLoader, {
      path: "/api/leads/version?agentId=someone-else",
      cookie: me.cookie,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toContain("no-store");
    const body = await jsonOf<{ version: string }>(answer);
    expect(Object.keys(body)).toEqual(["version"]);
    expect(body.version).toBe(await leadListVersion(me.actor));
    // Opaque: no count, date or id of the list in it.
    expect(body.version).toMatch(/^[\w-]{22}$/);

    expect((await callRoute(versionLoader, { path: "/api/leads/version" })).status).toBe(401);
  });
});
