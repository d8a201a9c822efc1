import { describe, expect, it } from "vitest";
import { Application, LeadRead } from "~db";
import { loader as countsLoader } from "~/routes/api+/counts";
import { action as markReadAction } from "~/routes/api+/leads.$id.mark-read";
import { loader as unreadCountLoader } from "~/routes/api+/leads.unread-count";
import { loader as unreadIdsLoader } from "~/routes/api+/leads.unread-ids";
import { ServiceError } from "~/services/errors.server";
import {
  LEAD_NOT_FOUND,
  SHELL_UNREAD_CAP,
  UNREAD_IDS_LIMIT,
  countUnreadLeads,
  findAccessibleLead,
  markLeadRead,
  unreadLeadIds,
} from "~/services/leads.server";
import type { SessionUser } from "~/services/sessions.server";
import { createAgent, createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 10, item 8: unread is per user (a lead_reads row per user and lead), an agent sees and
// marks only their own leads, and the one access rule (findAccessibleLead) answers 404 for
// anything that is not the caller's, with nothing recorded.

function markRead(id: string, cookie?: string) {
  return callRoute(markReadAction, {
    method: "POST",
    path: `/api/leads/${encodeURIComponent(id)}/mark-read`,
    params: { id },
    cookie,
  });
}

async function unreadIdsOf(cookie: string) {
  const res = await callRoute(unreadIdsLoader, { path: "/api/leads/unread-ids", cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  return jsonOf<string[]>(res);
}

async function unreadCountOf(cookie: string) {
  const res = await callRoute(unreadCountLoader, { path: "/api/leads/unread-count", cookie });
  expect(res.status).toBe(200);
  return (await jsonOf<{ count: number }>(res)).count;
}

async function shellUnreadOf(cookie: string) {
  const res = await callRoute(countsLoader, { path: "/api/counts", cookie });
  expect(res.status).toBe(200);
  return (await jsonOf<{ unreadLeads: number }>(res)).unreadLeads;
}

async function expectNotFound(run: Promise<unknown>) {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).status).toBe(404);
  expect((error as ServiceError).code).toBe("not_found");
  expect((error as ServiceError).message).toBe(LEAD_NOT_FOUND);
}

describe("findAccessibleLead: the one access rule for a lead", () => {
  it("lets an agent reach their own lead and an admin any lead", async () => {
    const me = await signedInAgent();
    const admin = await signedInAdmin();
    const lead = await createLead(me.agent.id);
    const unassigned = await createLead(null);

    expect((await findAccessibleLead(me.actor, lead.id)).id).toBe(lead.id);
    expect((await findAccessibleLead(admin.actor, lead.id, { attributes: ["id", "agentId"] })).agentId).toBe(
      me.agent.id,
    );
    expect((await findAccessibleLead(admin.actor, unassigned.id)).id).toBe(unassigned.id);
  });

  it("answers 404 Application Not Found for another agent's lead, an unassigned one, a missing id and a malformed one", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const theirs = await createLead(other.agent.id);
    const unassigned = await createLead(null);
    for (const id of [theirs.id, unassigned.id, "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f", "not-a-uuid", "", "1 OR 1=1"]) {
      await expectNotFound(findAccessibleLead(me.actor, id));
    }
    await expectNotFound(findAccessibleLead((await signedInAdmin()).actor, "not-a-uuid"));
    // An agent session without an agent record owns no lead.
    const orphan: SessionUser = { ...me.actor, agent: null };
    await expectNotFound(findAccessibleLead(orphan, theirs.id));
  });
});

describe("unread leads through the service", () => {
  it("are per user: an admin reading a lead leaves it unread for the agent, and the other way round", async () => {
    const agent = await signedInAgent();
    const admin = await signedInAdmin();
    const first = await createLead(agent.agent.id, { createdAt: new Date(Date.now() - 60_000) });
    const second = await createLead(agent.agent.id);

    expect(await unreadLeadIds(agent.actor)).toEqual([second.id, first.id]);
    const agentBefore = await countUnreadLeads(agent.actor);
    const adminBefore = await countUnreadLeads(admin.actor);
    expect(agentBefore).toBe(2);

    await markLeadRead(admin.actor, first.id);
    expect(await unreadLeadIds(agent.actor)).toEqual([second.id, first.id]);
    expect(await countUnreadLeads(agent.actor)).toBe(2);
    expect(await countUnreadLeads(admin.actor)).toBe(adminBefore - 1);
    expect(await unreadLeadIds(admin.actor)).not.toContain(first.id);

    await markLeadRead(agent.actor, second.id);
    expect(await unreadLeadIds(agent.actor)).toEqual([first.id]);
    expect(await countUnreadLeads(agent.actor)).toBe(1);
    expect(await unreadLeadIds(admin.actor)).toContain(second.id);
    expect(await countUnreadLeads(admin.actor)).toBe(adminBefore - 1);
  });

  it("lists only an agent's own leads, and every lead for an admin, newest first", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const admin = await signedInAdmin();
    // Distinct times newer than any other lead of this worker's database (an earlier file may have
    // made more than the admin's list holds a moment ago), deleted at the end so that they never
    // outrank a later test's leads.
    const ahead = (ms: number) => new Date(Date.UTC(2999, 0, 1) + ms);
    const mine = await createLead(me.agent.id, { createdAt: ahead(1_000) });
    const theirs = await createLead(other.agent.id, { createdAt: ahead(2_000) });
    const unassigned = await createLead(null, { createdAt: ahead(3_000) });
    try {
      expect(await unreadLeadIds(me.actor)).toEqual([mine.id]);
      expect(await unreadLeadIds(other.actor)).toEqual([theirs.id]);
      const adminIds = await unreadLeadIds(admin.actor);
      expect(adminIds.slice(0, 3)).toEqual([unassigned.id, theirs.id, mine.id]);
      expect(adminIds.length).toBe(Math.min(await countUnreadLeads(admin.actor), UNREAD_IDS_LIMIT));
    } finally {
      await Application.destroy({ where: { id: [mine.id, theirs.id, unassigned.id] } });
    }
  });

  it("refuses another agent's lead with 404 and records nothing; an admin may mark any lead", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const admin = await signedInAdmin();
    const theirs = await createLead(other.agent.id);
    const unassigned = await createLead(null);

    await expectNotFound(markLeadRead(me.actor, theirs.id));
    await expectNotFound(markLeadRead(me.actor, unassigned.id));
    await expectNotFound(markLeadRead(me.actor, "not-a-uuid"));
    expect(await LeadRead.count({ where: { userId: me.user.id } })).toBe(0);

    await markLeadRead(admin.actor, theirs.id);
    await markLeadRead(admin.actor, unassigned.id);
    expect(await LeadRead.count({ where: { userId: admin.admin.id } })).toBe(2);
    // The admin's reads are theirs alone.
    expect(await unreadLeadIds(other.actor)).toEqual([theirs.id]);
  });

  it("is idempotent: marking twice, and twice at the same moment, keeps one row", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const raced = await createLead(me.agent.id);

    await markLeadRead(me.actor, lead.id);
    await markLeadRead(me.actor, lead.id);
    expect(await LeadRead.count({ where: { userId: me.user.id, applicationId: lead.id } })).toBe(1);

    await Promise.all([markLeadRead(me.actor, raced.id), markLeadRead(me.actor, raced.id)]);
    expect(await LeadRead.count({ where: { userId: me.user.id, applicationId: raced.id } })).toBe(1);
    expect(await countUnreadLeads(me.actor)).toBe(0);
  });
});

describe("GET /api/leads/unread-ids and POST /api/leads/{id}/mark-read", () => {
  it("are 401 in JSON when signed out, and record nothing", async () => {
    const { agent } = await createAgent();
    const lead = await createLead(agent.id);
    const ids = await callRoute(unreadIdsLoader, { path: "/api/leads/unread-ids" });
    expect(ids.status).toBe(401);
    expect(await jsonOf(ids)).toEqual({ error: "Not signed in" });
    const mark = await markRead(lead.id);
    expect(mark.status).toBe(401);
    expect(await LeadRead.count({ where: { applicationId: lead.id } })).toBe(0);
  });

  it("answer an agent their own unread ids, and mark-read drops the unread count, the ids and /api/counts", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const older = await createLead(me.agent.id, { createdAt: new Date(Date.now() - 60_000) });
    const newer = await createLead(me.agent.id);
    await createLead(other.agent.id);

    expect(await unreadIdsOf(me.cookie)).toEqual([newer.id, older.id]);
    expect(await unreadCountOf(me.cookie)).toBe(2);
    expect(await shellUnreadOf(me.cookie)).toBe(2);

    const res = await markRead(older.id, me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await jsonOf(res)).toEqual({ success: true });

    expect(await unreadIdsOf(me.cookie)).toEqual([newer.id]);
    expect(await unreadCountOf(me.cookie)).toBe(1);
    expect(await shellUnreadOf(me.cookie)).toBe(1);

    // Twice, and twice at once: still { success: true }, one row, the same count.
    const again = await Promise.all([markRead(older.id, me.cookie), markRead(older.id, me.cookie)]);
    for (const answer of again) {
      expect(answer.status).toBe(200);
      expect(await jsonOf(answer)).toEqual({ success: true });
    }
    expect(await LeadRead.count({ where: { userId: me.user.id, applicationId: older.id } })).toBe(1);
    expect(await unreadCountOf(me.cookie)).toBe(1);
  });

  it("answer 404 in JSON for another agent's lead, a missing id and a malformed one, with nothing recorded", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const theirs = await createLead(other.agent.id);

    for (const id of [theirs.id, "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f", "not-a-uuid", "' OR '1'='1"]) {
      const res = await markRead(id, me.cookie);
      expect(res.status, id).toBe(404);
      expect(await jsonOf(res)).toEqual({ error: LEAD_NOT_FOUND });
    }
    expect(await LeadRead.count({ where: { userId: me.user.id } })).toBe(0);
    expect(await unreadIdsOf(other.cookie)).toEqual([theirs.id]);
    expect(await unreadCountOf(other.cookie)).toBe(1);
  });

  it("let an admin mark any lead, for the admin only", async () => {
    const agent = await signedInAgent();
    const admin = await signedInAdmin();
    const lead = await createLead(agent.agent.id);
    const before = await unreadCountOf(admin.cookie);
    // The shell's figure stops at 100 (the badge shows 99+); the count is exact.
    expect(await shellUnreadOf(admin.cookie)).toBe(Math.min(before, SHELL_UNREAD_CAP));
    expect(await unreadIdsOf(admin.cookie)).toContain(lead.id);

    const res = await markRead(lead.id, admin.cookie);
    expect(res.status).toBe(200);
    expect(await unreadCountOf(admin.cookie)).toBe(before - 1);
    expect(await shellUnreadOf(admin.cookie)).toBe(Math.min(before - 1, SHELL_UNREAD_CAP));
    expect(await unreadIdsOf(admin.cookie)).not.toContain(lead.id);

    // Still unread for its agent.
    expect(await unreadIdsOf(agent.cookie)).toEqual([lead.id]);
    expect(await unreadCountOf(agent.cookie)).toBe(1);
  });
});
