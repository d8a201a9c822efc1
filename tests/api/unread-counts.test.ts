import crypto from "node:crypto";
import { QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, Application, LeadRead, Notification, User, createSequelize } from "~db";
import { UnreadLeadCount } from "~db/models/unread-lead-count";
import { migratorFor } from "../../prisma-free-db/migrator";
import { publicApplicationSchema } from "~/domain/schemas/public-application";
import { loader as countsLoader } from "~/routes/api+/counts";
import { loader as agentLayoutLoader } from "~/routes/agent+/_layout";
import { loader as unreadLeadsLoader } from "~/routes/api+/leads.unread-count";
import { loader as unreadNotificationsLoader } from "~/routes/api+/notifications.unread-count";
import { SHELL_UNREAD_CAP, countUnreadLeads, markLeadRead } from "~/services/leads.server";
import { createPublicApplication } from "~/services/applications.server";
import { shellCounts } from "~/services/navigation.server";
import type { SessionUser } from "~/services/sessions.server";
import { column, raw, selectOne, sql } from "~/services/sql/reads.server";
import { applicationPayload, carrierId } from "../support/application-factories";
import {
  TEST_PASSWORD,
  createAdmin,
  createLead,
  signedInAdmin,
  signedInAgent,
  uniqueEmail,
} from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { freshDatabases } from "../support/fresh-databases";

// Issue 10, item 10 at scale (docs/decisions/021 and 024): the shell's unread figures stop at 100
// (the badges show 99+ above 99) while GET /api/leads/unread-count and
// /api/notifications/unread-count stay exact; the unread-lead count is each user's row of
// unread_lead_counts, kept by the database's triggers, and must agree with the rule row by row
// (the NOT EXISTS that the id list and a list row's New Lead badge use) whoever wrote what: leads
// inserted, read, reassigned and deleted, users and agent records made and changed, at once too.

/** `count` new leads for an agent (or unassigned), in one insert. */
async function leadsFor(agentId: string | null, count: number) {
  const now = Date.now();
  return Application.bulkCreate(
    Array.from({ length: count }, (_, i) => ({
      agentId,
      firstName: "Bulk",
      lastName: `Lead${i}`,
      status: "pending",
      createdAt: new Date(now - i * 1000),
    })),
  );
}

/** The unread rule as a list row applies it: one NOT EXISTS per lead of the user's scope. */
async function unreadByTheRowRule(actor: SessionUser) {
  const scope = actor.role === "agent" ? sql`a.agent_id = ${actor.agent?.id ?? null} AND` : raw("");
  const row = await selectOne(
    sql`SELECT COUNT(*) AS n FROM applications a
        WHERE ${scope} NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = ${actor.id} AND r.application_id = a.id)`,
    z.object({ n: column.integer }),
  );
  return row!.n;
}

async function answer<T>(loader: Parameters<typeof callRoute>[0], path: string, cookie: string) {
  const res = await callRoute(loader, { path, cookie });
  expect(res.status).toBe(200);
  return jsonOf<T>(res);
}

describe("the shell's unread figures stop at 100; the spec's counts stay exact", () => {
  it("an agent with 150 unread leads sees 100 in /api/counts and the layout, 150 from /api/leads/unread-count", async () => {
    const me = await signedInAgent();
    const leads = await leadsFor(me.agent.id, 150);

    expect((await answer<{ count: number }>(unreadLeadsLoader, "/api/leads/unread-count", me.cookie)).count).toBe(150);
    expect((await answer<{ unreadLeads: number }>(countsLoader, "/api/counts", me.cookie)).unreadLeads).toBe(
      SHELL_UNREAD_CAP,
    );
    const layout = await answer<{ counts: { unreadLeads: number } }>(agentLayoutLoader, "/agent/dashboard", me.cookie);
    expect(layout.counts.unreadLeads).toBe(100);

    // Below the cap the two agree to the lead.
    for (const lead of leads.slice(0, 51)) await markLeadRead(me.actor, lead.id);
    expect(await countUnreadLeads(me.actor)).toBe(99);
    expect((await shellCounts(me.actor)).unreadLeads).toBe(99);
    await markLeadRead(me.actor, leads[51]!.id);
    expect((await shellCounts(me.actor)).unreadLeads).toBe(98);
  });

  it("an admin sees at most 100 in the shell and every unread lead from /api/leads/unread-count", async () => {
    const admin = await signedInAdmin();
    const agent = await signedInAgent();
    await leadsFor(agent.agent.id, 120);
    await leadsFor(null, 30);
    const total = await Application.count();

    expect(await countUnreadLeads(admin.actor)).toBe(total);
    expect((await answer<{ count: number }>(unreadLeadsLoader, "/api/leads/unread-count", admin.cookie)).count).toBe(
      total,
    );
    expect((await answer<{ unreadLeads: number }>(countsLoader, "/api/counts", admin.cookie)).unreadLeads).toBe(100);

    // An admin who has opened all but 3 leads: the shell shows the 3.
    const ids = (await Application.findAll({ attributes: ["id"], raw: true })).map((lead) => lead.id);
    await LeadRead.bulkCreate(ids.slice(3).map((applicationId) => ({ userId: admin.actor.id, applicationId })));
    expect(await countUnreadLeads(admin.actor)).toBe(3);
    expect((await shellCounts(admin.actor)).unreadLeads).toBe(3);
  });

  it("150 unread notifications show as 100 in the shell and 150 from /api/notifications/unread-count", async () => {
    const me = await signedInAgent();
    await Notification.bulkCreate(
      Array.from({ length: 160 }, (_, i) => ({
        userId: me.user.id,
        type: "new_lead",
        title: "New lead",
        message: "A lead arrived.",
        isRead: i >= 150,
      })),
    );
    const count = await answer<{ count: number }>(
      unreadNotificationsLoader,
      "/api/notifications/unread-count",
      me.cookie,
    );
    expect(count.count).toBe(150);
    const counts = await answer<{ unreadNotifications: number }>(countsLoader, "/api/counts", me.cookie);
    expect(counts.unreadNotifications).toBe(100);
  });
});

describe("the counts agree with the rule row by row", () => {
  it("through reads by others, a lead read and then given to another agent, an unassigned lead and a deleted one", async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const a = await signedInAgent();
    const b = await signedInAgent();
    const [readByA, movedToB, stays] = [
      await createLead(a.agent.id),
      await createLead(a.agent.id),
      await createLead(a.agent.id),
    ];
    const unassigned = await createLead(null);
    const deleted = await createLead(b.agent.id);
    await markLeadRead(a.actor, readByA.id);
    await markLeadRead(a.actor, movedToB.id);
    await markLeadRead(other.actor, stays.id);
    await markLeadRead(admin.actor, unassigned.id);
    await markLeadRead(admin.actor, deleted.id);
    await markLeadRead(b.actor, deleted.id);

    const check = async () => {
      for (const actor of [admin.actor, other.actor, a.actor, b.actor]) {
        const exact = await countUnreadLeads(actor);
        expect(exact).toBe(await unreadByTheRowRule(actor));
        expect((await shellCounts(actor)).unreadLeads).toBe(Math.min(exact, SHELL_UNREAD_CAP));
      }
    };
    await check();
    expect(await countUnreadLeads(a.actor)).toBe(1);
    expect(await countUnreadLeads(b.actor)).toBe(0);

    // Reassigned: unread for the new agent, gone from the old one's count though their read stays.
    const adminBefore = await countUnreadLeads(admin.actor);
    await Application.update({ agentId: b.agent.id }, { where: { id: movedToB.id } });
    await check();
    expect(await countUnreadLeads(a.actor)).toBe(1);
    expect(await countUnreadLeads(b.actor)).toBe(1);
    expect(await countUnreadLeads(admin.actor)).toBe(adminBefore);

    // Deleted: its reads go with it, and no one's count moves below the truth.
    await Application.destroy({ where: { id: deleted.id } });
    expect(await LeadRead.count({ where: { applicationId: deleted.id } })).toBe(0);
    await check();
    expect(await countUnreadLeads(admin.actor)).toBe(adminBefore);
  });

  it("an agent session without an agent record has no unread leads", async () => {
    const me = await signedInAgent();
    await createLead(me.agent.id);
    const orphan: SessionUser = { ...me.actor, agent: null };
    expect(await countUnreadLeads(orphan)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The stored counts (migration 007): after every kind of change, each user's row equals the rule.

/**
 * A user's stored count beside the rule applied row by row to the database as it is now (the
 * user's role and agent record there, not a session's), in one statement.
 */
async function storedAndByRule(userId: string) {
  const row = await selectOne(
    sql`SELECT (SELECT c.count FROM unread_lead_counts c WHERE c.user_id = ${userId}) AS stored,
       (SELECT COUNT(*) FROM applications a
        WHERE (EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.role = 'admin')
               OR a.agent_id = (SELECT g.id FROM agents g WHERE g.user_id = ${userId}))
          AND NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = ${userId} AND r.application_id = a.id)) AS "byRule"`,
    z.object({ stored: column.integer.nullable(), byRule: column.integer }),
  );
  return row!;
}

/** Each named user's stored count, checked against the rule first. */
async function countsOf<K extends string>(users: Record<K, string>): Promise<Record<K, number>> {
  const counts = {} as Record<K, number>;
  for (const [name, userId] of Object.entries(users) as [K, string][]) {
    const { stored, byRule } = await storedAndByRule(userId);
    expect(stored, `${name}'s stored count`).toBe(byRule);
    counts[name] = byRule;
  }
  return counts;
}

const reassign = (lead: { id: string }, agentId: string | null) =>
  Application.update({ agentId }, { where: { id: lead.id } });

/** A user with the agent role and no agent record yet, as registration makes them. */
function agentUser() {
  return User.create({
    email: uniqueEmail("agent"),
    passwordHash: TEST_PASSWORD,
    firstName: "Una",
    lastName: "Assigned",
    role: "agent",
  });
}

describe("unread_lead_counts: the database keeps each user's count equal to the rule", () => {
  it("leads inserted with and without an agent, read by their users and by others, read twice, a read removed", async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const a = await signedInAgent();
    const b = await signedInAgent();
    const who = { admin: admin.admin.id, other: other.admin.id, a: a.user.id, b: b.user.id };
    const start = await countsOf(who);
    expect([start.a, start.b]).toEqual([0, 0]);

    const mine = await createLead(a.agent.id);
    const unassigned = await createLead(null);
    await leadsFor(b.agent.id, 3); // three rows in one statement
    expect(await countsOf(who)).toEqual({ admin: start.admin + 5, other: start.other + 5, a: 1, b: 3 });

    await markLeadRead(a.actor, mine.id);
    // An admin's read is that admin's alone.
    await markLeadRead(admin.actor, mine.id);
    await markLeadRead(other.actor, unassigned.id);
    // Another agent's read of a lead that is not theirs (the service refuses it) counts for no one.
    await LeadRead.create({ userId: b.user.id, applicationId: mine.id });
    expect(await countsOf(who)).toEqual({ admin: start.admin + 4, other: start.other + 4, a: 0, b: 3 });

    // Read again, through the service and straight into the table past its check: one row, counted once.
    expect(await markLeadRead(a.actor, mine.id)).toEqual({ newlyRead: false });
    await LeadRead.bulkCreate(
      [
        { userId: a.user.id, applicationId: mine.id },
        { userId: admin.admin.id, applicationId: mine.id },
      ],
      { ignoreDuplicates: true },
    );
    expect(await LeadRead.count({ where: { applicationId: mine.id } })).toBe(3);
    expect(await countsOf(who)).toEqual({ admin: start.admin + 4, other: start.other + 4, a: 0, b: 3 });

    // A read removed (no service does it) makes the lead unread again for its reader only.
    await LeadRead.destroy({ where: { applicationId: mine.id, userId: [a.user.id, b.user.id] } });
    expect(await countsOf(who)).toEqual({ admin: start.admin + 4, other: start.other + 4, a: 1, b: 3 });
  });

  it("reassignment: to another agent, back to a former agent who had read it, an unassigned lead given an agent and taken back", async () => {
    const admin = await signedInAdmin();
    const a = await signedInAgent();
    const b = await signedInAgent();
    const who = { admin: admin.admin.id, a: a.user.id, b: b.user.id };
    const readByA = await createLead(a.agent.id);
    const unreadByA = await createLead(a.agent.id);
    await markLeadRead(a.actor, readByA.id);
    await markLeadRead(admin.actor, readByA.id);
    const start = await countsOf(who);
    expect([start.a, start.b]).toEqual([1, 0]);

    // A had read it, so A's count keeps; B has not.
    await reassign(readByA, b.agent.id);
    expect(await countsOf(who)).toEqual({ admin: start.admin, a: 1, b: 1 });
    await reassign(unreadByA, b.agent.id);
    expect(await countsOf(who)).toEqual({ admin: start.admin, a: 0, b: 2 });
    await markLeadRead(b.actor, unreadByA.id);
    expect(await countsOf(who)).toEqual({ admin: start.admin, a: 0, b: 1 });
    // Back to A, who had read the one and not the other; B had read the other.
    await reassign(readByA, a.agent.id);
    await reassign(unreadByA, a.agent.id);
    expect(await countsOf(who)).toEqual({ admin: start.admin, a: 1, b: 0 });

    const unassigned = await createLead(null);
    expect(await countsOf(who)).toEqual({ admin: start.admin + 1, a: 1, b: 0 });
    await reassign(unassigned, a.agent.id);
    expect(await countsOf(who)).toEqual({ admin: start.admin + 1, a: 2, b: 0 });
    await reassign(unassigned, null);
    expect(await countsOf(who)).toEqual({ admin: start.admin + 1, a: 1, b: 0 });

    // All of A's leads to B in one statement (readByA is unread for B, unreadByA read by B), then
    // an update that names agent_id without changing it.
    await Application.update({ agentId: b.agent.id }, { where: { agentId: a.agent.id } });
    expect(await countsOf(who)).toEqual({ admin: start.admin + 1, a: 0, b: 1 });
    await Application.update({ agentId: b.agent.id, status: "contacted" }, { where: { agentId: b.agent.id } });
    expect(await countsOf(who)).toEqual({ admin: start.admin + 1, a: 0, b: 1 });
  });

  it("deletion: a lead leaves the count of every user who had not read it, alone and many at once", async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const a = await signedInAgent();
    const who = { admin: admin.admin.id, other: other.admin.id, a: a.user.id };
    const lead = await createLead(a.agent.id);
    const [first, second, third] = await leadsFor(a.agent.id, 3);
    await markLeadRead(admin.actor, lead.id);
    await markLeadRead(a.actor, first!.id);
    const start = await countsOf(who);
    expect(start.a).toBe(3);

    await Application.destroy({ where: { id: lead.id } });
    expect(await LeadRead.count({ where: { applicationId: lead.id } })).toBe(0);
    expect(await countsOf(who)).toEqual({ admin: start.admin, other: start.other - 1, a: 2 });

    await Application.destroy({ where: { id: [first!.id, second!.id, third!.id] } });
    expect(await countsOf(who)).toEqual({ admin: start.admin - 3, other: start.other - 4, a: 0 });
  });

  it("users: a new admin starts at every lead, a new agent at 0; a role changed, an agent record made, moved and deleted", async () => {
    const admin = await createAdmin();
    expect((await countsOf({ admin: admin.id })).admin).toBe(await Application.count());

    // Registration: the user first, their agent record after; no lead names the new agent yet.
    const user = await agentUser();
    expect(await countsOf({ user: user.id })).toEqual({ user: 0 });
    const agent = await Agent.create({ userId: user.id, licenseNumber: "LIC-NEW", status: "approved" });
    expect(await countsOf({ user: user.id })).toEqual({ user: 0 });
    const [read, unread] = [await createLead(agent.id), await createLead(agent.id)];
    await LeadRead.create({ userId: user.id, applicationId: read.id });
    expect(await countsOf({ user: user.id })).toEqual({ user: 1 });

    // Made an admin: every lead but the one they read; an agent again: their own unread lead.
    await User.update({ role: "admin" }, { where: { id: user.id } });
    expect(await countsOf({ user: user.id })).toEqual({ user: (await Application.count()) - 1 });
    await User.update({ role: "agent" }, { where: { id: user.id } });
    expect(await countsOf({ user: user.id })).toEqual({ user: 1 });

    // The agent record given to another user (who had read the other lead): the leads go with it.
    const heir = await agentUser();
    await LeadRead.create({ userId: heir.id, applicationId: unread.id });
    await Agent.update({ userId: heir.id }, { where: { id: agent.id } });
    expect(await countsOf({ user: user.id, heir: heir.id, admin: admin.id })).toEqual({
      user: 0,
      heir: 1,
      admin: await Application.count(),
    });

    // Deleted: its leads lose their agent (an admin still counts them), its user counts none.
    await Agent.destroy({ where: { id: agent.id } });
    expect((await Application.findByPk(read.id))!.agentId).toBeNull();
    expect(await countsOf({ user: user.id, heir: heir.id, admin: admin.id })).toEqual({
      user: 0,
      heir: 0,
      admin: await Application.count(),
    });

    // A user deleted takes their row along.
    await User.destroy({ where: { id: heir.id } });
    expect(await UnreadLeadCount.count({ where: { userId: heir.id } })).toBe(0);
  });

  it("one INSERT of many leads for several agents (migration 026's one count per statement), an admin's own agent record counted once, and an insert that adds nothing", async () => {
    const admin = await createAdmin();
    // An admin with an agent record of their own: their leads count once, as an admin's.
    const theirs = await Agent.create({
      userId: admin.id,
      licenseNumber: `LIC-${crypto.randomUUID()}`,
      status: "approved",
    });
    const [a, b] = [await signedInAgent(), await signedInAgent()];
    const who = { admin: admin.id, a: a.user.id, b: b.user.id };
    const start = await countsOf(who);
    const rows = [a.agent.id, a.agent.id, b.agent.id, theirs.id, null, a.agent.id].map((agentId, i) => ({
      agentId,
      firstName: "Batch",
      lastName: `Lead${i}`,
      status: "pending",
    }));
    const made = await Application.bulkCreate(rows);
    expect(await countsOf(who)).toEqual({ admin: start.admin + 6, a: start.a + 3, b: start.b + 1 });
    // The same ids again, each refused as a duplicate: nothing inserted, nothing counted.
    await Application.bulkCreate(
      made.map((lead, i) => ({ ...rows[i], id: lead.id })),
      { ignoreDuplicates: true },
    );
    expect(await Application.count({ where: { firstName: "Batch", agentId: a.agent.id } })).toBe(3);
    expect(await countsOf(who)).toEqual({ admin: start.admin + 6, a: start.a + 3, b: start.b + 1 });
  });

  it("a user without a count row is counted by the rule, exactly and in the shell", async () => {
    const admin = await signedInAdmin();
    const a = await signedInAgent();
    const leads = await leadsFor(a.agent.id, 4);
    await markLeadRead(a.actor, leads[0]!.id);
    await markLeadRead(admin.actor, leads[1]!.id);
    await UnreadLeadCount.destroy({ where: { userId: [admin.admin.id, a.user.id] } });
    // Changes that would have updated the rows find none and leave it so.
    await markLeadRead(a.actor, leads[2]!.id);
    await createLead(a.agent.id);

    for (const actor of [admin.actor, a.actor]) {
      const { stored, byRule } = await storedAndByRule(actor.id);
      expect(stored).toBeNull();
      expect(await countUnreadLeads(actor)).toBe(byRule);
      expect((await shellCounts(actor)).unreadLeads).toBe(Math.min(byRule, SHELL_UNREAD_CAP));
    }
    expect(await countUnreadLeads(a.actor)).toBe(3);
  });
});

describe("unread_lead_counts under writers side by side", () => {
  it("20 markLeadRead calls at once, of 20 leads and of one lead, leave the right counts", async () => {
    const admin = await signedInAdmin();
    const a = await signedInAgent();
    const leads = await leadsFor(a.agent.id, 21);
    const who = { admin: admin.admin.id, a: a.user.id };
    const start = await countsOf(who);
    expect(start.a).toBe(21);

    const distinct = await Promise.all(leads.slice(0, 20).map((lead) => markLeadRead(a.actor, lead.id)));
    expect(distinct.every((result) => result.newlyRead)).toBe(true);
    expect(await countsOf(who)).toEqual({ admin: start.admin, a: 1 });

    const last = leads[20]!;
    await Promise.all(Array.from({ length: 20 }, () => markLeadRead(a.actor, last.id)));
    await Promise.all(Array.from({ length: 20 }, () => markLeadRead(admin.actor, last.id)));
    expect(await LeadRead.count({ where: { applicationId: last.id } })).toBe(2);
    expect(await countsOf(who)).toEqual({ admin: start.admin - 1, a: 0 });
  });

  it("leads submitted, read, reassigned both ways and deleted, and an admin added, all at once: every count stays exact", async () => {
    const admin = await signedInAdmin();
    const a = await signedInAgent({ licensedStates: ["FL"] });
    const b = await signedInAgent();
    const carrier = await carrierId();
    const leads = await leadsFor(a.agent.id, 25);
    const bLeads = await leadsFor(b.agent.id, 10);
    const submit = (i: number) =>
      createPublicApplication(publicApplicationSchema.parse(applicationPayload(a.agent.id, carrier)), {
        ip: `198.51.100.${i + 1}`,
      });

    // On Postgres these run on several connections at once; a deadlock or a lost update fails here.
    const [added] = await Promise.all([
      createAdmin(),
      ...Array.from({ length: 6 }, (_, i) => submit(i)),
      ...leads.slice(0, 8).map((lead) => markLeadRead(a.actor, lead.id)),
      ...leads.slice(5, 15).map((lead) => markLeadRead(admin.actor, lead.id)),
      ...leads.slice(8, 18).map((lead) => reassign(lead, b.agent.id)),
      ...bLeads.map((lead) => reassign(lead, a.agent.id)),
      ...leads.slice(18, 22).map((lead) => Application.destroy({ where: { id: lead.id } })),
    ]);
    const counts = await countsOf({ admin: admin.admin.id, added: added.id, a: a.user.id, b: b.user.id });
    // a: 3 left of their 25 (8 read, 10 moved, 4 deleted), the 6 submitted and B's 10.
    expect(counts.a).toBe(3 + 6 + 10);
    expect(counts.b).toBe(10);
  });
});

// ---------------------------------------------------------------------------------------------
// The migration counts the users a database already has.

/** An empty database of the run's kind, dropped when the file ends. */
const freshDatabaseUrl = freshDatabases("counts");

describe("migration 007", () => {
  it("counts every user already there by the rule: admins, agents, an agent-role user without a record", async () => {
    const db = createSequelize(await freshDatabaseUrl());
    try {
      const migrator = migratorFor(db);
      await migrator.up({ to: "006-lead-list-indexes" });
      const qi = db.getQueryInterface();
      const now = new Date();
      const stamp = { created_at: now, updated_at: now };
      const user = (role: string) => ({
        id: crypto.randomUUID(),
        email: uniqueEmail(role),
        password_hash: "x",
        first_name: "Pre",
        last_name: "Existing",
        role,
        ...stamp,
      });
      const [admin1, admin2, agentUser1, agentUser2, noRecord] = [
        user("admin"),
        user("admin"),
        user("agent"),
        user("agent"),
        user("agent"),
      ];
      await qi.bulkInsert("users", [admin1, admin2, agentUser1, agentUser2, noRecord]);
      const agents = [agentUser1, agentUser2].map((owner) => ({
        id: crypto.randomUUID(),
        user_id: owner.id,
        license_number: "LIC",
        ...stamp,
      }));
      await qi.bulkInsert("agents", agents);
      const lead = (agentId: string | null) => ({
        id: crypto.randomUUID(),
        agent_id: agentId,
        first_name: "Old",
        last_name: "Lead",
        ...stamp,
      });
      const leads = [
        lead(agents[0]!.id),
        lead(agents[0]!.id),
        lead(agents[0]!.id),
        lead(agents[1]!.id),
        lead(agents[1]!.id),
        lead(null),
      ];
      await qi.bulkInsert("applications", leads);
      const read = (userId: string, index: number) => ({
        id: crypto.randomUUID(),
        user_id: userId,
        application_id: leads[index]!.id,
        ...stamp,
      });
      // agentUser1 read one of theirs and one of agentUser2's; admin1 two; noRecord one.
      await qi.bulkInsert("lead_reads", [
        read(agentUser1.id, 0),
        read(agentUser1.id, 3),
        read(admin1.id, 0),
        read(admin1.id, 5),
        read(noRecord.id, 1),
      ]);

      await migrator.up();
      const rows = await db.query<{ userId: string; count: number | string }>(
        `SELECT user_id AS "userId", count FROM unread_lead_counts`,
        { type: QueryTypes.SELECT },
      );
      expect(Object.fromEntries(rows.map((row) => [row.userId, Number(row.count)]))).toEqual({
        [admin1.id]: 4,
        [admin2.id]: 6,
        [agentUser1.id]: 2,
        [agentUser2.id]: 2,
        [noRecord.id]: 0,
      });
    } finally {
      await db.close();
    }
  });
});
