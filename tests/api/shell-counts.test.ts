import { describe, expect, it } from "vitest";
import { Application, LeadRead, Notification, PasswordResetRequest } from "~db";
import { loader as countsLoader } from "~/routes/api+/counts";
import { loader as unreadLeadsLoader } from "~/routes/api+/leads.unread-count";
import { loader as unreadNotificationsLoader } from "~/routes/api+/notifications.unread-count";
import { loader as adminLayoutLoader } from "~/routes/admin+/_layout";
import { loader as agentLayoutLoader } from "~/routes/agent+/_layout";
import { SHELL_UNREAD_CAP } from "~/services/leads.server";
import { createAdmin, createAgent, createLead, signInAs } from "../support/factories";
import { createFormSubmissionRow } from "../support/form-submission-factories";
import { callRoute, jsonOf } from "../support/http";

// GET /api/counts answers exactly what the signed-in role's shell shows, from the same service
// as the portal layouts' first paint; the spec's two unread-count routes answer { count }.

type Counts = Record<string, number>;

async function countsFor(cookie: string) {
  const res = await callRoute(countsLoader, { path: "/api/counts", cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  return jsonOf<Counts>(res);
}

async function notify(userId: string, isRead = false) {
  await Notification.create({ userId, type: "new_lead", title: "New lead", message: "A lead arrived.", isRead });
}

async function resetRequest(userId: string, email: string, status: "pending" | "denied", expiresInMs: number) {
  await PasswordResetRequest.create({
    userId,
    email,
    kind: "request",
    status,
    expiresAt: new Date(Date.now() + expiresInMs),
  });
}

describe("GET /api/counts", () => {
  it("is 401 in JSON when signed out", async () => {
    const res = await callRoute(countsLoader, { path: "/api/counts" });
    expect(res.status).toBe(401);
    expect(await jsonOf(res)).toEqual({ error: "Not signed in" });
  });

  it("answers an agent their unread leads and notifications and calls left, nothing else", async () => {
    const me = await createAgent({ callsLeft: 17 });
    const other = await createAgent();
    const [read, , ,] = await Promise.all([
      createLead(me.agent.id),
      createLead(me.agent.id),
      createLead(me.agent.id),
      createLead(other.agent.id),
    ]);
    await LeadRead.create({ userId: me.user.id, applicationId: read!.id });
    // Another user's read of my lead leaves it unread for me.
    await LeadRead.create({ userId: other.user.id, applicationId: (await createLead(me.agent.id)).id });
    await notify(me.user.id);
    await notify(me.user.id);
    await notify(me.user.id, true);
    await notify(other.user.id);
    const { cookie } = await signInAs(me.user);

    const counts = await countsFor(cookie);
    expect(counts).toEqual({ unreadLeads: 3, unreadNotifications: 2, callsLeft: 17 });

    // The layout's first paint shows the same figures.
    const layout = await callRoute(agentLayoutLoader, { path: "/agent/dashboard", cookie });
    expect((await jsonOf<{ counts: Counts }>(layout)).counts).toEqual(counts);
  });

  it("answers an admin the waiting agents, resets and submissions, and their unread leads and notifications", async () => {
    const admin = await createAdmin();
    const { cookie } = await signInAs(admin);
    const before = await countsFor(cookie);
    expect(Object.keys(before).sort()).toEqual(
      ["newSubmissions", "pendingAgents", "pendingResets", "unreadLeads", "unreadNotifications"].sort(),
    );
    // A new admin has opened nothing: every lead is unread for them (the shell counts to 100).
    expect(before.unreadLeads).toBe(Math.min(await Application.count(), SHELL_UNREAD_CAP));
    expect(before.unreadNotifications).toBe(0);

    const pending = await createAgent({ status: "pending" });
    await createAgent({ status: "pending" });
    await createAgent({ status: "paused" });
    await resetRequest(pending.user.id, pending.user.email, "pending", 60_000);
    await resetRequest(pending.user.id, pending.user.email, "pending", -1000); // expired
    await resetRequest(pending.user.id, pending.user.email, "denied", 60_000);
    await createFormSubmissionRow({ status: "new" });
    await createFormSubmissionRow({ status: "new" });
    await createFormSubmissionRow({ status: "contacted" });
    const lead = await createLead(null);
    await createLead(pending.agent.id);
    await LeadRead.create({ userId: admin.id, applicationId: lead.id });
    await notify(admin.id);

    const after = await countsFor(cookie);
    expect(after).toEqual({
      pendingAgents: before.pendingAgents + 2,
      pendingResets: before.pendingResets + 1,
      newSubmissions: before.newSubmissions + 2,
      unreadLeads: Math.min((await Application.count()) - 1, SHELL_UNREAD_CAP),
      unreadNotifications: 1,
    });

    const layout = await callRoute(adminLayoutLoader, { path: "/admin/dashboard", cookie });
    expect((await jsonOf<{ counts: Counts }>(layout)).counts).toEqual(after);
  });
});

describe("the spec's unread counts", () => {
  it("GET /api/leads/unread-count and /api/notifications/unread-count answer { count } for the signed-in user", async () => {
    const me = await createAgent();
    const lead = await createLead(me.agent.id);
    await createLead(me.agent.id);
    await LeadRead.create({ userId: me.user.id, applicationId: lead.id });
    await notify(me.user.id);
    const { cookie } = await signInAs(me.user);

    const leads = await callRoute(unreadLeadsLoader, { path: "/api/leads/unread-count", cookie });
    expect(leads.status).toBe(200);
    expect(await jsonOf(leads)).toEqual({ count: 1 });
    const notifications = await callRoute(unreadNotificationsLoader, {
      path: "/api/notifications/unread-count",
      cookie,
    });
    expect(await jsonOf(notifications)).toEqual({ count: 1 });

    for (const [loader, path] of [
      [unreadLeadsLoader, "/api/leads/unread-count"],
      [unreadNotificationsLoader, "/api/notifications/unread-count"],
    ] as const) {
      expect((await callRoute(loader, { path })).status).toBe(401);
    }
  });
});
