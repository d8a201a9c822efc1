import { describe, expect, it } from "vitest";
import { Application, LeadRead, Notification } from "~db";
import { loader as countsLoader } from "~/routes/api+/counts";
import { loader as agentLayoutLoader } from "~/routes/agent+/_layout";
import { loader as unreadLeadsLoader } from "~/routes/api+/leads.unread-count";
import { loader as unreadNotificationsLoader } from "~/routes/api+/notifications.unread-count";
import { SHELL_UNREAD_CAP, countUnreadLeads, markLeadRead, unreadLeadReplacements } from "~/services/leads.server";
import { shellCounts } from "~/services/navigation.server";
import type { SessionUser } from "~/services/sessions.server";
import { selectRows } from "~/services/sql.server";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 10, item 10 at scale (docs/decisions/021): the shell's unread figures stop at 100 (the
// badges show 99+ above 99) while GET /api/leads/unread-count and /api/notifications/unread-count
// stay exact; the counts are a set difference (an admin: leads less their reads; an agent: their
// lead ids EXCEPT the ids they read) and must agree with the rule row by row, the NOT EXISTS
// that the id list and a list row's New Lead badge use, whatever was read, reassigned or deleted.

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
  const scope = actor.role === "agent" ? "a.agent_id = :agentId AND " : "";
  const [row] = await selectRows<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM applications a
     WHERE ${scope}NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = :userId AND r.application_id = a.id)`,
    unreadLeadReplacements(actor),
  );
  return Number(row!.n);
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
