import { describe, expect, it } from "vitest";
import { Application } from "~db";
import { chartDays, getAdminDashboard } from "~/services/dashboard.server";
import { loader as adminDashboardLoader } from "~/routes/admin+/dashboard";
import { loader as dashboardApi } from "~/routes/api+/admin.dashboard";
import { createAdmin, createAgent, createLead, signInAs } from "../support/factories";
import { callRoute } from "../support/http";

/** A sale recorded at `soldAt` with its monthly premium (and, when asked, its commission cancelled). */
async function sale(agentId: string, soldAt: string, premiumCents: number | null, cancelled = false) {
  const lead = await createLead(agentId, { status: "sale", createdAt: new Date(soldAt) });
  await Application.update(
    {
      soldAt: new Date(soldAt),
      monthlyPremiumCents: premiumCents,
      calculatedCommissionCents: 1_000,
      commissionCancelledAt: cancelled ? new Date(soldAt) : null,
    },
    { where: { id: lead.id } },
  );
  return lead;
}

async function signedInAdmin(timezone = "America/New_York") {
  const admin = await createAdmin({ timezone });
  return signInAs(admin);
}

const dayOf = (days: { date: string; sales: number; revenueCents: number }[], date: string) =>
  days.find((d) => d.date === date);

describe("the Sales Performance chart", () => {
  it("counts each sale on its day in the admin's time zone, around midnight and a daylight-saving change", async () => {
    const { agent } = await createAgent();
    // Now is 11:00 EDT on Tuesday 2014-03-11; clocks went forward on Sunday 2014-03-09 (a 23-hour day).
    // Years long past, so that these sales are in no other test's "today" or newest leads.
    const now = new Date("2014-03-11T15:00:00Z");
    await sale(agent.id, "2014-03-11T04:30:00Z", 1_000); // 00:30 EDT on the 11th (20:30 PDT on the 10th)
    await sale(agent.id, "2014-03-11T03:30:00Z", 2_000); // 23:30 EDT on the 10th
    await sale(agent.id, "2014-03-10T03:59:00Z", 4_000); // 23:59 EDT on the 9th
    await sale(agent.id, "2014-03-09T04:59:00Z", 8_000); // 23:59 EST on the 8th
    await sale(agent.id, "2014-03-05T05:00:00Z", 16_000); // 00:00 EST on the 5th: the first day's start
    await sale(agent.id, "2014-03-05T04:59:00Z", 32_000); // 23:59 EST on the 4th: before the 7 days
    await sale(agent.id, "2014-03-12T04:00:00Z", 64_000); // 00:00 EDT on the 12th: tomorrow
    const { actor } = await signedInAdmin();
    const { salesPerformance } = await getAdminDashboard(actor, { period: "today", chart: "7d" }, now);
    expect(salesPerformance.range).toBe("7d");
    expect(salesPerformance.days).toEqual([
      { date: "2014-03-05", sales: 1, revenueCents: 16_000 },
      { date: "2014-03-06", sales: 0, revenueCents: 0 },
      { date: "2014-03-07", sales: 0, revenueCents: 0 },
      { date: "2014-03-08", sales: 1, revenueCents: 8_000 },
      { date: "2014-03-09", sales: 1, revenueCents: 4_000 },
      { date: "2014-03-10", sales: 1, revenueCents: 2_000 },
      { date: "2014-03-11", sales: 1, revenueCents: 1_000 },
    ]);

    // The same sales on a Pacific admin's calendar (08:00 PDT on the 11th): 00:30 and 23:30 EDT are the
    // evening of the 10th, 23:59 EDT is the 9th, and 00:00 EDT on the 12th is tonight, still today.
    const west = await getAdminDashboard({ ...actor, timezone: "America/Los_Angeles" }, { period: "today" }, now);
    expect(west.salesPerformance.days).toEqual([
      { date: "2014-03-05", sales: 0, revenueCents: 0 },
      { date: "2014-03-06", sales: 0, revenueCents: 0 },
      { date: "2014-03-07", sales: 0, revenueCents: 0 },
      { date: "2014-03-08", sales: 1, revenueCents: 8_000 },
      { date: "2014-03-09", sales: 1, revenueCents: 4_000 },
      { date: "2014-03-10", sales: 2, revenueCents: 1_000 + 2_000 },
      { date: "2014-03-11", sales: 1, revenueCents: 64_000 },
    ]);
  });

  it("shows the last 7, 30 or 90 days ending today, 7 by default, with zeros for days without sales", async () => {
    const now = new Date("2013-06-15T12:00:00Z");
    const { actor } = await signedInAdmin("UTC");
    for (const [chart, length, first] of [
      ["7d", 7, "2013-06-09"],
      ["30d", 30, "2013-05-17"],
      ["90d", 90, "2013-03-18"],
    ] as const) {
      const { days } = (await getAdminDashboard(actor, { period: "today", chart }, now)).salesPerformance;
      expect(days).toHaveLength(length);
      expect(days[0]!.date).toBe(first);
      expect(days.at(-1)!.date).toBe("2013-06-15");
      expect(days.every((d) => d.sales === 0 && d.revenueCents === 0)).toBe(true);
      // Every day once, in order.
      expect(new Set(days.map((d) => d.date)).size).toBe(length);
      expect([...days.map((d) => d.date)].sort()).toEqual(days.map((d) => d.date));
    }
    const byDefault = await getAdminDashboard(actor, { period: "today" }, now);
    expect(byDefault.salesPerformance).toMatchObject({ range: "7d" });
    expect(byDefault.salesPerformance.days).toHaveLength(7);
  });

  it("adds up the monthly premiums of the day's sales only: other statuses do not count, a cancelled commission does", async () => {
    const { agent } = await createAgent();
    const other = await createAgent();
    const now = new Date("2015-01-20T18:00:00Z");
    await sale(agent.id, "2015-01-19T15:00:00Z", 12_345);
    await sale(other.agent.id, "2015-01-19T16:00:00Z", 10_000, true);
    await sale(agent.id, "2015-01-19T17:00:00Z", null); // a sale without a premium: counted, adds nothing
    const undone = await sale(agent.id, "2015-01-19T18:00:00Z", 99_999);
    await Application.update({ status: "contacted" }, { where: { id: undone.id } }); // no longer a sale
    await createLead(agent.id, {
      status: "pending",
      createdAt: new Date("2015-01-19T15:00:00Z"),
      monthlyPremiumCents: 5_000,
    });
    const { actor } = await signedInAdmin("America/Chicago");
    const result = await getAdminDashboard(actor, { period: "all", chart: "30d" }, now);
    expect(dayOf(result.salesPerformance.days, "2015-01-19")).toEqual({
      date: "2015-01-19",
      sales: 3,
      revenueCents: 22_345,
    });
    const total = result.salesPerformance.days.reduce((sum, d) => sum + d.sales, 0);
    expect(total).toBe(3);
  });

  it("answers the cards' figures from the same statement with or without sales in the chart's days", async () => {
    const { agent } = await createAgent();
    const now = new Date("2016-05-01T12:00:00Z");
    const { actor } = await signedInAdmin("UTC");
    // A sale long before the chart's days: the cards of All Time count it, the chart has none.
    await sale(agent.id, "2016-01-01T12:00:00Z", 7_000);
    const empty = await getAdminDashboard(actor, { period: "all" }, now);
    expect(empty.salesPerformance.days.every((d) => d.sales === 0)).toBe(true);
    expect(empty.stats.totalLeads).toBe(await Application.count());
    expect(empty.stats.converted).toBe(await Application.count({ where: { status: "sale" } }));
    expect(empty.stats.activeAgents).toBeGreaterThan(0);

    await sale(agent.id, "2016-05-01T08:00:00Z", 3_000);
    await sale(agent.id, "2016-04-30T08:00:00Z", 3_000);
    const withSales = await getAdminDashboard(actor, { period: "all" }, now);
    expect(withSales.stats.totalLeads).toBe(empty.stats.totalLeads + 2);
    expect(withSales.stats.converted).toBe(empty.stats.converted + 2);
    expect(withSales.salesPerformance.days.slice(-2).map((d) => d.sales)).toEqual([1, 1]);
  });

  it("bounds each day at the admin's local midnights (23 and 25 hours across daylight-saving changes)", () => {
    const spring = chartDays("7d", "America/New_York", new Date("2014-03-11T15:00:00Z"));
    expect(spring).toHaveLength(8);
    const hours = spring.slice(1).map((d, i) => (d.start.getTime() - spring[i]!.start.getTime()) / 3_600_000);
    // Clocks go forward on Sunday the 9th: that day is 23 hours long.
    expect(hours).toEqual([24, 24, 24, 24, 23, 24, 24]);
    expect(spring[0]!.start.toISOString()).toBe("2014-03-05T05:00:00.000Z");
    expect(spring.at(-1)!.start.toISOString()).toBe("2014-03-12T04:00:00.000Z");
    const autumn = chartDays("7d", "America/New_York", new Date("2014-11-03T15:00:00Z"));
    expect(autumn.map((d) => d.date).slice(-3)).toEqual(["2014-11-02", "2014-11-03", "2014-11-04"]);
    expect((autumn.at(-2)!.start.getTime() - autumn.at(-3)!.start.getTime()) / 3_600_000).toBe(25);
  });
});

describe("the admin dashboard page's chart", () => {
  it("reads ?chart= from the URL (7d by default and for an unknown value) and draws one bar per day with sales", async () => {
    const { agent } = await createAgent();
    const { cookie } = await signedInAdmin();
    const read = async (search: string) => {
      const res = await callRoute(adminDashboardLoader, { path: `/admin/dashboard${search}`, cookie });
      expect(res.status).toBe(200);
      return (await res.json()).sales;
    };
    const before = (await read("")).days.at(-1);
    await sale(agent.id, new Date().toISOString(), 4_500);
    const byDefault = await read("");
    expect(byDefault.range).toBe("7d");
    expect(byDefault.days).toHaveLength(7);
    expect(byDefault.days.at(-1).sales - before.sales).toBe(1);
    expect(byDefault.days.at(-1).revenueCents - before.revenueCents).toBe(4_500);
    expect(byDefault.days.at(-1).label).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    expect(byDefault.chart.bars).toHaveLength(7);
    expect(byDefault.chart.line.startsWith("M")).toBe(true);
    const month = await read("?chart=30d&period=thismonth");
    expect(month.range).toBe("30d");
    expect(month.days).toHaveLength(30);
    // About twelve labels under the axis, today's always among them.
    expect(month.chart.labels.length).toBeLessThanOrEqual(12);
    expect(month.chart.labels.at(-1).key).toBe(month.days.at(-1).date);
    expect((await read("?chart=90d")).days).toHaveLength(90);
    expect((await read("?chart=1y")).range).toBe("7d");
  });
});

describe("GET /api/admin/dashboard", () => {
  const get = (search: string, cookie?: string) =>
    callRoute(dashboardApi, { path: `/api/admin/dashboard${search}`, cookie });

  it("answers stats, recentApplications and the chart's days as the spec names them, money in dollars", async () => {
    const { agent, user } = await createAgent({ firstName: "Rowan", lastName: "Reyes" });
    const { cookie } = await signedInAdmin();
    const before = (await (await get("?chart=30d", cookie)).json()).salesPerformance.days.at(-1);
    const lead = await sale(agent.id, new Date().toISOString(), 4_321);
    const res = await get("?period=today&chart=30d", cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await res.json();
    expect(Object.keys(body.stats).sort()).toEqual(
      [
        "activeAgents",
        "callbacks",
        "conversionRate",
        "converted",
        "pending",
        "revenueThisMonth",
        "totalLeads",
        "unassignedLeads",
        // Issue 26: of the converted, issued and decided, the placement rate, the issued revenue.
        "issued",
        "decided",
        "placementRate",
        "issuedRevenueThisMonth",
      ].sort(),
    );
    expect(Object.keys(body.exposure).sort()).toEqual(["byAgent", "byCarrier", "bySource", "policies", "total"]);
    expect(body.stats.totalLeads).toBeGreaterThanOrEqual(1);
    expect(body.stats.converted).toBeGreaterThanOrEqual(1);
    // The period's commission, in dollars (the sale's is $10.00).
    expect(body.stats.revenueThisMonth).toBeGreaterThanOrEqual(10);
    const row = body.recentApplications.find((r: { id: string }) => r.id === lead.id);
    expect(row).toMatchObject({
      firstName: lead.firstName,
      status: "sale",
      monthlyPremium: 43.21,
      agent: { id: agent.id, user: { firstName: user.firstName, lastName: user.lastName } },
    });
    expect(row.monthlyPremiumCents).toBeUndefined();
    expect(body.salesPerformance.range).toBe("30d");
    expect(body.salesPerformance.days).toHaveLength(30);
    const today = body.salesPerformance.days.at(-1);
    expect(today.sales - before.sales).toBe(1);
    expect(Math.round((today.revenue - before.revenue) * 100)).toBe(4_321);
    expect(Object.keys(body.salesPerformance.days[0]).sort()).toEqual(["date", "revenue", "sales"]);
  });

  it("counts the period in the time zone asked for, the admin's own when none is", async () => {
    const { agent } = await createAgent();
    const { cookie } = await signedInAdmin("Pacific/Honolulu");
    const yesterday = new Date(Date.now() - 36 * 3_600_000).toISOString().slice(0, 10);
    const res = await get(`?period=custom&startDate=${yesterday}&endDate=${yesterday}&timezone=UTC`, cookie);
    expect(res.status).toBe(200);
    const { range } = await res.json();
    expect(range).toEqual({
      start: `${yesterday}T00:00:00.000Z`,
      end: new Date(Date.parse(`${yesterday}T00:00:00Z`) + 86_400_000).toISOString(),
    });
    const own = await (await get(`?period=custom&startDate=${yesterday}&endDate=${yesterday}`, cookie)).json();
    expect(own.range.start).toBe(`${yesterday}T10:00:00.000Z`); // Hawaii is UTC-10 all year
    void agent;
  });

  it("refuses bad input with a 400 and the field's message", async () => {
    const { cookie } = await signedInAdmin();
    const cases: [string, string, string][] = [
      ["?period=fortnight", "period", ""],
      ["?timezone=Mars/Olympus", "timezone", "Timezone must be one of America/New_York"],
      ["?chart=1y", "chart", "Chart must be 7d, 30d or 90d."],
      ["?period=custom&startDate=2026-03-01", "endDate", "A custom range needs both a start date and an end date."],
      [
        "?period=custom&startDate=2026-03-10&endDate=2026-03-01",
        "endDate",
        "End date must be on or after the start date.",
      ],
      ["?period=custom&startDate=2026-02-30&endDate=2026-03-01", "startDate", "That date does not exist"],
      ["?period=custom&startDate=03/01/2026&endDate=2026-03-02", "startDate", "Dates must be YYYY-MM-DD"],
    ];
    for (const [search, field, message] of cases) {
      const res = await get(search, cookie);
      expect(res.status, search).toBe(400);
      const body = await res.json();
      expect(body.fieldErrors[field], search).toBeDefined();
      expect(body.error, search).toContain(message);
    }
  });

  it("is refused to an agent (403) and to a signed-out caller (401), and takes GET only", async () => {
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    expect((await get("", cookie)).status).toBe(403);
    expect((await get("")).status).toBe(401);
    const { cookie: adminCookie } = await signedInAdmin();
    const post = await callRoute(dashboardApi, { path: "/api/admin/dashboard", cookie: adminCookie, json: {} });
    expect(post.status).toBe(405);
  });
});
