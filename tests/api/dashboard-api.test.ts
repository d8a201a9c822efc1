import { describe, expect, it } from "vitest";
import { Application } from "~db";
import { PERIOD_MESSAGES } from "~/domain/period-range";
import { loader as adminDashboardPage } from "~/routes/admin+/dashboard";
import { loader as adminOrdersPage } from "~/routes/admin+/orders";
import { loader as premiumsPage } from "~/routes/admin+/premiums";
import { loader as agentCommissionsPage } from "~/routes/agent+/commissions";
import { loader as agentDashboardPage } from "~/routes/agent+/dashboard";
import { loader as adminApplicationsApi } from "~/routes/api+/admin.applications";
import { loader as adminCommissionsApi } from "~/routes/api+/admin.commissions";
import { loader as adminDashboardApi } from "~/routes/api+/admin.dashboard";
import { loader as orderStatsApi } from "~/routes/api+/admin.order-stats";
import { loader as ordersApi } from "~/routes/api+/admin.orders";
import { loader as agentCommissionsApi } from "~/routes/api+/agent.commissions";
import { loader as agentDashboardApi } from "~/routes/api+/agent.dashboard";
import { createAdmin, createAgent, createLead, signInAs } from "../support/factories";
import { callRoute } from "../support/http";

// GET /api/agent/dashboard (part 2, section 7), the admin dashboard's ISO custom dates (part 1,
// section 7) and the range every period and date filter keeps (a year-100 day was a Postgres 500).

async function agentWithLeads() {
  const me = await createAgent({ callsLeft: 17 });
  const other = await createAgent();
  await createLead(me.agent.id, { status: "pending" });
  await createLead(me.agent.id, { status: "callback", createdAt: new Date(Date.now() - 40 * 86_400_000) });
  const sold = await createLead(me.agent.id, { status: "sale", monthlyPremiumCents: 4_321 });
  await Application.update({ calculatedCommissionCents: 38_889, soldAt: new Date() }, { where: { id: sold.id } });
  await createLead(other.agent.id, { status: "sale" });
  return { me, ...(await signInAs(me.user)) };
}

type PageLead = { id: string; coverageAmountCents: number | null; monthlyPremiumCents: number | null };

describe("GET /api/agent/dashboard", () => {
  const api = (search: string, cookie?: string) =>
    callRoute(agentDashboardApi, { path: `/api/agent/dashboard${search}`, cookie });
  const page = (search: string, cookie: string) =>
    callRoute(agentDashboardPage, { path: `/agent/dashboard${search}`, cookie });

  it("answers stats, recentApplications and callsLeft, the same figures as the page for every period", async () => {
    const { cookie } = await agentWithLeads();
    const today = new Date().toISOString().slice(0, 10);
    for (const search of [
      "",
      "?period=today",
      "?period=thismonth",
      `?period=custom&startDate=2020-01-01&endDate=${today}`,
    ]) {
      const res = await api(search, cookie);
      expect(res.status, search).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      const body = await res.json();
      const shown = await (await page(search, cookie)).json();
      const { commissionThisMonthCents, issuedCommissionThisMonthCents, ...figures } = shown.stats;
      expect(body.stats, search).toEqual({
        ...figures,
        commissionThisMonth: commissionThisMonthCents / 100,
        issuedCommissionThisMonth: issuedCommissionThisMonthCents / 100,
      });
      expect(body.exposure).toEqual({ total: shown.exposure.totalCents / 100, policies: shown.exposure.policies });
      expect(body.callsLeft).toBe(17);
      expect(body.callsLeft).toBe(shown.callsLeft);
      expect(body.recentApplications.map((lead: { id: string }) => lead.id)).toEqual(
        shown.recentApplications.map((lead: PageLead) => lead.id),
      );
      expect(body.recentApplications.map((lead: { monthlyPremium: number | null }) => lead.monthlyPremium)).toEqual(
        shown.recentApplications.map((lead: PageLead) =>
          lead.monthlyPremiumCents === null ? null : lead.monthlyPremiumCents / 100,
        ),
      );
    }
    // Omitted means all time (part 2): the lead of 40 days ago counts, today's figures do not have it.
    const all = await (await api("", cookie)).json();
    expect(all.stats).toMatchObject({
      totalLeads: 3,
      pending: 1,
      converted: 1,
      callbacks: 1,
      commissionThisMonth: 388.89,
    });
    expect((await (await api("?period=today", cookie)).json()).stats.totalLeads).toBe(2);
    const sold = all.recentApplications.find((lead: { status: string }) => lead.status === "sale");
    expect(sold).toMatchObject({ monthlyPremium: 43.21, primaryPhone: "8135550000" });
    expect(sold.monthlyPremiumCents).toBeUndefined();
  });

  it("refuses a bad period or range with a 400 and the field's message", async () => {
    const { cookie } = await agentWithLeads();
    const cases: [string, string, string][] = [
      ["?period=fortnight", "period", ""],
      ["?period=custom&startDate=2026-03-01", "endDate", PERIOD_MESSAGES.bothDates],
      ["?period=custom&startDate=2026-03-10&endDate=2026-03-01", "endDate", PERIOD_MESSAGES.reversed],
      ["?period=custom&startDate=2026-02-30&endDate=2026-03-01", "startDate", PERIOD_MESSAGES.noSuchDate],
      ["?period=custom&startDate=0100-01-01&endDate=2026-03-01", "startDate", PERIOD_MESSAGES.outOfRange],
    ];
    for (const [search, field, message] of cases) {
      const res = await api(search, cookie);
      expect(res.status, search).toBe(400);
      const body = await res.json();
      expect(body.fieldErrors[field], search).toBeDefined();
      expect(body.error, search).toContain(message);
    }
  });

  it("is the signed-in agent's own (401 signed out, 403 for an admin) and takes GET only", async () => {
    expect((await api("")).status).toBe(401);
    const { cookie: adminCookie } = await signInAs(await createAdmin());
    expect((await api("", adminCookie)).status).toBe(403);
    const { cookie } = await agentWithLeads();
    const post = await callRoute(agentDashboardApi, { path: "/api/agent/dashboard", cookie, json: {} });
    expect(post.status).toBe(405);
  });
});

describe("GET /api/admin/dashboard's custom dates", () => {
  it("takes full ISO date-times as the day each falls on in the dashboard's time zone", async () => {
    const { cookie } = await signInAs(await createAdmin({ timezone: "America/New_York" }));
    const get = async (search: string) => {
      const res = await callRoute(adminDashboardApi, { path: `/api/admin/dashboard?period=custom${search}`, cookie });
      expect(res.status, search).toBe(200);
      return (await res.json()).range;
    };
    const byDay = await get("&startDate=2026-03-01&endDate=2026-03-31");
    // What a browser in New York sends for local midnight of March 1 and the end of March 31.
    expect(await get("&startDate=2026-03-01T05:00:00.000Z&endDate=2026-04-01T03:59:59.999Z")).toEqual(byDay);
    expect(await get("&startDate=2026-03-01T00:00:00-05:00&endDate=2026-03-31T23:59:59-04:00")).toEqual(byDay);
    expect(await get("&startDate=2026-03-01T00:00:00&endDate=2026-03-31T00:00")).toEqual(byDay);
    // Counted in the time zone asked for: 05:00 UTC on March 1 is still February 28 in Honolulu.
    const honolulu = await get("&startDate=2026-03-01T05:00:00Z&endDate=2026-03-02&timezone=Pacific/Honolulu");
    expect(honolulu.start).toBe("2026-02-28T10:00:00.000Z");
  });

  it("refuses a date-time that is no instant with the day's message", async () => {
    const { cookie } = await signInAs(await createAdmin());
    for (const [startDate, message] of [
      ["2026-02-30T05:00:00Z", PERIOD_MESSAGES.noSuchDate],
      ["2026-03-01T25:00:00Z", PERIOD_MESSAGES.dateFormat],
      ["0100-01-01T00:00:00Z", PERIOD_MESSAGES.outOfRange],
    ] as const) {
      const res = await callRoute(adminDashboardApi, {
        path: `/api/admin/dashboard?period=custom&startDate=${startDate}&endDate=2026-03-02`,
        cookie,
      });
      expect(res.status, startDate).toBe(400);
      const body = await res.json();
      expect(body.fieldErrors.startDate, startDate).toEqual([expect.stringContaining(message)]);
    }
  });
});

describe("far-off dates (the year 100 was a 500 on Postgres)", () => {
  const FAR = [
    ["0100-01-01", "2026-01-01"],
    ["1969-12-31", "2026-01-01"],
    ["2026-01-01", "3000-01-01"],
  ] as const;

  it("are a 400 with the field's message on every period API", async () => {
    const { cookie: adminCookie } = await signInAs(await createAdmin());
    const { cookie: agentCookie } = await signInAs((await createAgent()).user);
    const routes = [
      [adminDashboardApi, "/api/admin/dashboard", adminCookie],
      [ordersApi, "/api/admin/orders", adminCookie],
      [orderStatsApi, "/api/admin/order-stats", adminCookie],
      [adminCommissionsApi, "/api/admin/commissions", adminCookie],
      [agentCommissionsApi, "/api/agent/commissions", agentCookie],
      [agentDashboardApi, "/api/agent/dashboard", agentCookie],
    ] as const;
    for (const [loader, path, cookie] of routes) {
      for (const [startDate, endDate] of FAR) {
        const search = `?period=custom&startDate=${startDate}&endDate=${endDate}`;
        const res = await callRoute(loader, { path: `${path}${search}`, cookie });
        expect(res.status, `${path}${search}`).toBe(400);
        const body = await res.json();
        const field = startDate === "2026-01-01" ? "endDate" : "startDate";
        expect(body.fieldErrors[field], `${path}${search}`).toEqual([PERIOD_MESSAGES.outOfRange]);
      }
    }
    const leads = await callRoute(adminApplicationsApi, {
      path: "/api/admin/applications?dateFrom=0100-01-01",
      cookie: adminCookie,
    });
    expect(leads.status).toBe(400);
    expect((await leads.json()).fieldErrors.dateFrom).toEqual([PERIOD_MESSAGES.outOfRange]);
  });

  it("fall back to the page's default period on pages, keeping the dates and saying why", async () => {
    const { cookie: adminCookie } = await signInAs(await createAdmin());
    const { cookie: agentCookie } = await signInAs((await createAgent()).user);
    const pages = [
      [adminDashboardPage, "/admin/dashboard", adminCookie, "query"],
      [adminOrdersPage, "/admin/orders", adminCookie, null],
      [premiumsPage, "/admin/premiums", adminCookie, null],
      [agentCommissionsPage, "/agent/commissions", agentCookie, null],
      [agentDashboardPage, "/agent/dashboard", agentCookie, "query"],
    ] as const;
    for (const [loader, path, cookie, queryKey] of pages) {
      const res = await callRoute(loader, {
        path: `${path}?period=custom&startDate=0100-01-01&endDate=2026-01-01`,
        cookie,
      });
      expect(res.status, path).toBe(200);
      if (queryKey) {
        expect((await res.json())[queryKey].refused, path).toMatchObject({
          startDate: "0100-01-01",
          fieldErrors: { startDate: [PERIOD_MESSAGES.outOfRange] },
        });
      }
    }
  });
});
