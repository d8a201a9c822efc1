import { describe, expect, it } from "vitest";
import { ActivityLog, Agent, Application, Phone } from "~db";
import { logActivity, recentActivity } from "~/services/activity.server";
import { getAdminDashboard, getAgentDashboard } from "~/services/dashboard.server";
import { loader as adminDashboardLoader } from "~/routes/admin+/dashboard";
import { loader as agentDashboardLoader } from "~/routes/agent+/dashboard";
import { createAdmin, createAgent, createLead, signInAs } from "../support/factories";
import { callRoute } from "../support/http";

async function sale(agentId: string, commissionCents: number, soldAt: Date, cancelled = false) {
  const lead = await createLead(agentId, { status: "sale", createdAt: soldAt });
  await Application.update(
    { calculatedCommissionCents: commissionCents, soldAt, commissionCancelledAt: cancelled ? new Date() : null },
    { where: { id: lead.id } },
  );
  return lead;
}

describe("agent dashboard", () => {
  it("counts only the agent's own leads, with conversion rate and the callbacks due today", async () => {
    const me = await createAgent({ callsLeft: 42 });
    const other = await createAgent();
    await createLead(me.agent.id, { status: "pending" });
    await createLead(me.agent.id, { status: "callback" });
    await createLead(me.agent.id, { status: "rescheduled" });
    await createLead(me.agent.id, { status: "callback" });
    await sale(me.agent.id, 45_000, new Date());
    await sale(me.agent.id, 10_000, new Date(), true);
    await createLead(other.agent.id, { status: "sale" });
    const { actor } = await signInAs(me.user);
    const result = await getAgentDashboard(actor, { period: "all" });
    expect(result.stats.totalLeads).toBe(6);
    expect(result.stats.pending).toBe(1);
    expect(result.stats.converted).toBe(2);
    expect(result.stats.conversionRate).toBe(33.3);
    // Callback and rescheduled leads both have a callback scheduled.
    expect(result.stats.callbacks).toBe(3);
    // The cancelled commission does not count.
    expect(result.stats.commissionThisMonthCents).toBe(45_000);
    expect(result.callsLeft).toBe(42);
    expect(result.recentApplications.every((lead) => lead.agent?.id === me.agent.id)).toBe(true);
    expect(result.recentApplications[0]!.primaryPhone).toBe("8135550000");
  });

  it("counts the callbacks due today on the agent's own calendar, whenever the leads came", async () => {
    const me = await createAgent();
    const other = await createAgent();
    const callbackAt = async (agentId: string, status: string, at: string) =>
      Application.update({ callbackDate: new Date(at) }, { where: { id: (await createLead(agentId, { status })).id } });
    // Now is 11:00 EDT on Tuesday 2026-03-10 (15:00 UTC).
    await callbackAt(me.agent.id, "callback", "2026-03-10T13:00:00Z"); // 09:00 EDT today
    await callbackAt(me.agent.id, "rescheduled", "2026-03-11T03:30:00Z"); // 23:30 EDT today
    await callbackAt(me.agent.id, "callback", "2026-03-09T23:00:00Z"); // yesterday evening: overdue
    await callbackAt(me.agent.id, "callback", "2026-03-11T04:30:00Z"); // 00:30 EDT tomorrow, 21:30 PDT today
    await callbackAt(me.agent.id, "contacted", "2026-03-10T14:00:00Z"); // no longer a callback
    await callbackAt(other.agent.id, "callback", "2026-03-10T16:00:00Z"); // someone else's
    const { actor } = await signInAs(me.user);
    const now = new Date("2026-03-10T15:00:00Z");
    expect((await getAgentDashboard(actor, { period: "all" }, now)).stats).toMatchObject({
      callbacks: 4,
      callbacksDueToday: 2,
    });
    const west = await getAgentDashboard({ ...actor, timezone: "America/Los_Angeles" }, { period: "all" }, now);
    expect(west.stats.callbacksDueToday).toBe(3);
  });

  it("shows zeros and a 0.0% rate for an agent without leads (max(total, 1))", async () => {
    const me = await createAgent();
    const { actor } = await signInAs(me.user);
    const result = await getAgentDashboard(actor, { period: "today" });
    expect(result.stats).toMatchObject({ totalLeads: 0, converted: 0, conversionRate: 0, callbacksDueToday: 0 });
    expect(result.recentApplications).toEqual([]);
  });

  it("refuses an admin and is refused to an admin through the page", async () => {
    const admin = await createAdmin();
    const { actor, cookie } = await signInAs(admin);
    await expect(getAgentDashboard(actor, { period: "all" })).rejects.toMatchObject({ status: 403 });
    const res = await callRoute(agentDashboardLoader, { path: "/agent/dashboard", cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });
});

describe("admin dashboard", () => {
  it("filters by period in the admin's time zone and counts approved agents only", async () => {
    const admin = await createAdmin({ timezone: "America/New_York" });
    const { actor } = await signInAs(admin);
    const before = await getAdminDashboard(actor, { period: "today" });
    const { agent } = await createAgent();
    await createAgent({ status: "paused" });
    await createAgent({ status: "pending", setupComplete: false });
    await createLead(agent.id, { status: "pending" });
    await createLead(agent.id, { createdAt: new Date(Date.now() - 10 * 24 * 3600_000) });
    await sale(agent.id, 12_345, new Date());
    const after = await getAdminDashboard(actor, { period: "today" });
    expect(after.stats.activeAgents - before.stats.activeAgents).toBe(1);
    expect(after.stats.totalLeads - before.stats.totalLeads).toBe(2);
    expect(after.stats.converted - before.stats.converted).toBe(1);
    expect(after.stats.revenueThisPeriodCents - before.stats.revenueThisPeriodCents).toBe(12_345);
    const all = await getAdminDashboard(actor, { period: "all" });
    expect(all.stats.totalLeads).toBe(await Application.count());
    expect(all.stats.activeAgents).toBe(await Agent.count({ where: { status: "approved" } }));
  });

  it("lists the newest leads with their agent's name, primary phone and amounts; an unassigned lead has no agent", async () => {
    const admin = await createAdmin();
    const { actor } = await signInAs(admin);
    const me = await createAgent({ firstName: "Rowan", lastName: "Reyes" });
    const assigned = await createLead(me.agent.id, {
      firstName: "Ada",
      monthlyPremiumCents: 4_321,
      createdAt: new Date(Date.now() + 60_000),
    });
    // The primary phone wins over one added earlier.
    await Phone.create({ applicationId: assigned.id, phoneNumber: "7275550101", isPrimary: false });
    await Phone.update({ createdAt: new Date(Date.now() - 60_000) }, { where: { phoneNumber: "7275550101" } });
    const unassigned = await createLead(null, { firstName: "Bea", createdAt: new Date(Date.now() + 120_000) });
    await Phone.destroy({ where: { applicationId: unassigned.id } });
    const { recentApplications } = await getAdminDashboard(actor, { period: "all" });
    const [newest, next] = recentApplications;
    expect(newest).toMatchObject({ id: unassigned.id, firstName: "Bea", agent: null, primaryPhone: null });
    expect(next).toMatchObject({
      id: assigned.id,
      agent: { id: me.agent.id, firstName: "Rowan", lastName: "Reyes" },
      primaryPhone: "8135550000",
      monthlyPremiumCents: 4_321,
      coverageAmountCents: 1_000_000,
    });
    expect(new Date(next!.createdAt).toISOString()).toBe(next!.createdAt);
  });

  it("shows recent activity newest first with the user's name, or none for a system entry", async () => {
    const admin = await createAdmin();
    await logActivity({ userId: admin.id, action: "test.first", summary: "First thing" });
    await logActivity({ userId: null, action: "test.second", summary: "Second thing" });
    // Later than anything else in the database, one after the other.
    await ActivityLog.update({ createdAt: new Date(Date.now() + 60_000) }, { where: { action: "test.first" } });
    await ActivityLog.update({ createdAt: new Date(Date.now() + 120_000) }, { where: { action: "test.second" } });
    const [newest, next] = await recentActivity(2);
    expect(newest).toMatchObject({ action: "test.second", userName: null });
    expect(next).toMatchObject({ action: "test.first", userName: `${admin.firstName} ${admin.lastName}` });
  });

  it("reads the audit entries in the dashboard's one statement, as recentActivity reads them, and none for the API", async () => {
    const admin = await createAdmin();
    const { actor } = await signInAs(admin);
    await logActivity({ userId: admin.id, action: "test.page-first", summary: "First on the page" });
    await logActivity({ userId: null, action: "test.page-second", summary: "Second on the page" });
    await ActivityLog.update({ createdAt: new Date(Date.now() + 180_000) }, { where: { action: "test.page-first" } });
    await ActivityLog.update({ createdAt: new Date(Date.now() + 240_000) }, { where: { action: "test.page-second" } });
    const page = await getAdminDashboard(actor, { period: "today", activityEntries: 3 });
    expect(page.activity).toEqual(await recentActivity(3));
    expect(page.activity.slice(0, 2)).toMatchObject([
      { action: "test.page-second", userName: null },
      { action: "test.page-first", userName: `${admin.firstName} ${admin.lastName}` },
    ]);
    // Each entry as the page shows it: an ISO date, whichever database read it.
    for (const entry of page.activity) expect(new Date(entry.createdAt).toISOString()).toBe(entry.createdAt);
    expect((await getAdminDashboard(actor, { period: "today" })).activity).toEqual([]);
  });

  it("answers an empty list of newest leads for an agent with none", async () => {
    const { user } = await createAgent();
    const { actor } = await signInAs(user);
    expect((await getAgentDashboard(actor, { period: "all" })).recentApplications).toEqual([]);
  });

  it("reads the period from the URL and falls back to today on a bad one", async () => {
    const admin = await createAdmin();
    const { cookie } = await signInAs(admin);
    const ok = await callRoute(adminDashboardLoader, { path: "/admin/dashboard?period=lastmonth", cookie });
    expect((await ok.json()).query.period).toBe("lastmonth");
    const bad = await callRoute(adminDashboardLoader, {
      path: "/admin/dashboard?period=custom&startDate=2026-02-10",
      cookie,
    });
    expect((await bad.json()).query.period).toBe("today");
  });

  it("shows the default period for a reversed or impossible custom range, keeping the dates and saying why", async () => {
    const admin = await createAdmin();
    const { cookie: adminCookie } = await signInAs(admin);
    const reversed = await callRoute(adminDashboardLoader, {
      path: "/admin/dashboard?period=custom&startDate=2026-03-10&endDate=2026-03-01",
      cookie: adminCookie,
    });
    expect(reversed.status).toBe(200);
    expect((await reversed.json()).query).toEqual({
      period: "today",
      refused: {
        startDate: "2026-03-10",
        endDate: "2026-03-01",
        fieldErrors: { endDate: ["End date must be on or after the start date."] },
        showing: "Today",
      },
    });

    const { user } = await createAgent();
    const { cookie: agentCookie } = await signInAs(user);
    for (const [startDate, endDate, field] of [
      ["2023-02-29", "2023-03-01", "startDate"],
      ["2026-01-01", "2026-13-01", "endDate"],
    ] as const) {
      const res = await callRoute(agentDashboardLoader, {
        path: `/agent/dashboard?period=custom&startDate=${startDate}&endDate=${endDate}`,
        cookie: agentCookie,
      });
      expect(res.status).toBe(200);
      const { query } = await res.json();
      expect(query.period).toBe("all");
      expect(query.refused).toMatchObject({
        startDate,
        endDate,
        fieldErrors: { [field]: ["That date does not exist"] },
      });
    }
  });

  it("sends an agent away from the admin dashboard and a signed-out visitor to /login", async () => {
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const asAgent = await callRoute(adminDashboardLoader, { path: "/admin/dashboard", cookie });
    expect(asAgent.headers.get("Location")).toBe("/");
    const signedOut = await callRoute(adminDashboardLoader, { path: "/admin/dashboard" });
    expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fdashboard");
  });
});
