import { describe, expect, it } from "vitest";
import { ActivityLog, Carrier } from "~db";
import { ADMIN_REPORT_CSV_COLUMNS, ADMIN_REPORT_MESSAGES } from "~/domain/admin-reports";
import type { AdminReportFilters } from "~/domain/schemas/admin-reports";
import { loader as pageLoader } from "~/routes/admin+/reports";
import { action as exportAction, loader as exportLoader } from "~/routes/admin+/reports.export";
import { loader as apiLoader, action as apiAction } from "~/routes/api+/admin.reports";
import { loader as carriersLoader } from "~/routes/api+/carriers";
import { adminReport, exportAdminReport, UNASSIGNED_AGENT } from "~/services/admin-reports.server";
import { REPORT_EXPORTED } from "~/services/reports.server";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { parseCsv } from "../support/csv";

// The admin's Reports & Analytics (issue 13 item 5) through its service, its page's loader, its CSV
// export, GET /api/admin/reports and GET /api/carriers, on whichever database TEST_DATABASE_URL
// selects. The report covers the whole agency, so each test keeps to days of a year of its own
// (2009 and before) that no other test file writes leads on.

const carrier = async (name: string) => (await Carrier.findOne({ where: { name } }))!;

/** The admin's calendar: New York, so 2009-01-01 starts at 05:00 UTC. */
const ny = (day: string, time = "12:00") => new Date(`${day}T${time}:00-05:00`);

type LeadSpec = {
  day: string;
  status?: string;
  premiumCents?: number;
  carrierId?: string | null;
  product?: string;
  commissionCents?: number;
  cancelled?: boolean;
  firstName?: string;
  at?: Date;
  /** A sale's policy (decision 074): its status and issue date; submitted when left out. */
  policy?: [status: string, issueDate: string | null];
};

async function lead(agentId: string | null, spec: LeadSpec) {
  const createdAt = spec.at ?? ny(spec.day);
  const row = await createLead(agentId, {
    firstName: spec.firstName ?? "Lena",
    status: spec.status ?? "pending",
    monthlyPremiumCents: spec.premiumCents ?? 5000,
    createdAt,
  });
  const sold = spec.status === "sale";
  await row.update({
    carrierId: spec.carrierId ?? null,
    ...(sold
      ? {
          soldAt: createdAt,
          soldProductName: spec.product ?? "GL Preferred",
          soldCompPercentage: 100,
          calculatedCommissionCents: spec.commissionCents ?? (spec.premiumCents ?? 5000) * 9,
          commissionCancelledAt: spec.cancelled ? new Date() : null,
          policyStatus: spec.policy?.[0] ?? "submitted",
          policyIssueDate: spec.policy?.[1] ?? null,
        }
      : {}),
  });
  return row;
}

/**
 * Q1 2009 (90 days; the previous period is 2008-10-03 to 2008-12-31). Ann: a $100 Aetna sale in
 * January (its policy issued), a cancelled $50 Aetna sale (declined) and a pending Americo lead in
 * February, a declined lead in March. Ben: a $200 Americo "Term" sale (still submitted) and a
 * pending lead in March. A pending lead without an agent in February. In the previous period:
 * Ann's $80 Aetna sale (issued) and Ben's pending lead. Written once for the file: every test
 * reads it, none adds to those days.
 */
function quarter() {
  return (book ??= writeQuarter());
}

let book: ReturnType<typeof writeQuarter> | undefined;

async function writeQuarter() {
  const { admin, actor, cookie } = await signedInAdmin();
  const ann = await signedInAgent({ firstName: "Ann", lastName: "Able" });
  const ben = await signedInAgent({ firstName: "Ben", lastName: "Baker" });
  const aetna = await carrier("Aetna");
  const americo = await carrier("Americo");
  const a = ann.agent.id;
  const b = ben.agent.id;
  const issued = (day: string): LeadSpec["policy"] => ["issued", day];
  await lead(a, {
    day: "2009-01-10",
    status: "sale",
    premiumCents: 10_000,
    carrierId: aetna.id,
    policy: issued("2009-01-20"),
  });
  await lead(a, {
    day: "2009-02-10",
    status: "sale",
    premiumCents: 5_000,
    carrierId: aetna.id,
    cancelled: true,
    policy: ["declined", null],
  });
  await lead(a, { day: "2009-02-11", carrierId: americo.id });
  await lead(a, { day: "2009-03-05", status: "declined" });
  await lead(b, { day: "2009-03-10", status: "sale", premiumCents: 20_000, carrierId: americo.id, product: "Term" });
  await lead(b, { day: "2009-03-11" });
  await lead(null, { day: "2009-02-20" });
  await lead(a, {
    day: "2008-11-15",
    status: "sale",
    premiumCents: 8_000,
    carrierId: aetna.id,
    policy: issued("2008-11-30"),
  });
  await lead(b, { day: "2008-11-16" });
  return { admin, actor, cookie, ann, ben, aetna, americo };
}

const Q1: Partial<AdminReportFilters> = { dateFrom: "2009-01-01", dateTo: "2009-03-31" };

const report = (
  actor: Parameters<typeof adminReport>[0],
  filters: Partial<AdminReportFilters>,
  parts: Parameters<typeof adminReport>[2]["parts"] = ["overview", "performance", "revenue", "agents"],
) => adminReport(actor, { status: "all", ...filters }, { parts });

const page = (query: string, cookie: string) => callRoute(pageLoader, { path: `/admin/reports${query}`, cookie });
const api = (query: string, cookie?: string) => callRoute(apiLoader, { path: `/api/admin/reports${query}`, cookie });
// Export CSV is a post (it writes the activity log; a GET never writes): the filters ride in the URL.
const exportCsv = (query: string, cookie: string) =>
  callRoute(exportAction, { method: "POST", path: `/admin/reports/export${query}`, cookie });

describe("the Overview", () => {
  it("counts the range's leads, sales, conversion, revenue and average premium, each against the previous period of the same length", async () => {
    const { actor } = await quarter();
    const { overview, range } = await report(actor, Q1, ["overview"]);
    expect(range).toEqual({
      dateFrom: "2009-01-01",
      dateTo: "2009-03-31",
      previousFrom: "2008-10-03",
      previousTo: "2008-12-31",
      days: 90,
    });
    expect(overview!.current).toEqual({
      totalLeads: 7,
      totalSales: 3,
      conversionRate: 42.9, // 3 / 7
      totalRevenueCents: 35_000, // the sales' monthly premiums, the cancelled one included
      averagePremiumCents: 11_667, // per sale
      // Issued: Ann's $100 sale; decided: it and the declined one; Ben's is still submitted.
      issuedSales: 1,
      issuedRevenueCents: 10_000,
      decidedSales: 2,
      placementRate: 50,
    });
    expect(overview!.previous).toEqual({
      totalLeads: 2,
      totalSales: 1,
      conversionRate: 50,
      totalRevenueCents: 8_000,
      averagePremiumCents: 8_000,
      issuedSales: 1,
      issuedRevenueCents: 8_000,
      decidedSales: 1,
      placementRate: 100,
    });
    expect(overview!.changes).toEqual({
      totalRevenue: 337.5, // (350 - 80) / 80
      totalLeads: 250, // (7 - 2) / 2
      conversionRate: -7.1, // points: 42.9 - 50.0
      averagePremium: 45.8, // (116.67 - 80) / 80
    });
  });

  it("ranks the Top Performing Agents by revenue, with their leads, conversions and revenue, leaving out unassigned leads", async () => {
    const { actor, ann, ben } = await quarter();
    const { overview } = await report(actor, Q1, ["overview"]);
    expect(overview!.topPerformers).toEqual([
      {
        agentId: ben.agent.id,
        name: "Ben Baker",
        leads: 2,
        sales: 1,
        conversionRate: 50,
        revenueCents: 20_000,
        commissionCents: 180_000,
        issuedSales: 0,
        issuedRevenueCents: 0,
        issuedCommissionCents: 0,
      },
      {
        agentId: ann.agent.id,
        name: "Ann Able",
        leads: 4,
        sales: 2,
        conversionRate: 50,
        revenueCents: 15_000,
        commissionCents: 90_000, // the cancelled commission left out
        issuedSales: 1,
        issuedRevenueCents: 10_000,
        issuedCommissionCents: 90_000,
      },
    ]);
  });

  it("has no change without an earlier figure, and conversion 0 without leads", async () => {
    const { actor } = await signedInAdmin();
    const { overview } = await report(actor, { dateFrom: "2006-02-01", dateTo: "2006-02-28" }, ["overview"]);
    expect(overview!.current).toEqual({
      totalLeads: 0,
      totalSales: 0,
      conversionRate: 0,
      totalRevenueCents: 0,
      averagePremiumCents: 0,
      issuedSales: 0,
      issuedRevenueCents: 0,
      decidedSales: 0,
      placementRate: null, // nothing decided: no rate, not 0
    });
    expect(overview!.changes).toEqual({
      totalRevenue: null,
      totalLeads: null,
      conversionRate: null,
      averagePremium: null,
    });
  });
});

describe("the filters", () => {
  it("narrow every figure to an agent, a carrier or a status (conversion is over the leads the status leaves)", async () => {
    const { actor, ann, aetna } = await quarter();
    const byAgent = (await report(actor, { ...Q1, agentId: ann.agent.id }, ["overview"])).overview!.current;
    expect(byAgent).toMatchObject({ totalLeads: 4, totalSales: 2, totalRevenueCents: 15_000, conversionRate: 50 });
    const byCarrier = (await report(actor, { ...Q1, carrierId: aetna.id }, ["overview"])).overview!.current;
    expect(byCarrier).toMatchObject({ totalLeads: 2, totalSales: 2, totalRevenueCents: 15_000, conversionRate: 100 });
    const both = (await report(actor, { ...Q1, agentId: ann.agent.id, carrierId: aetna.id }, ["overview"])).overview!;
    expect(both.previous).toMatchObject({ totalLeads: 1, totalRevenueCents: 8_000 });
    const sold = (await report(actor, { ...Q1, status: "sale" }, ["overview"])).overview!.current;
    expect(sold).toMatchObject({ totalLeads: 3, totalSales: 3, conversionRate: 100 });
    const pending = (await report(actor, { ...Q1, status: "pending" }, ["overview"])).overview!.current;
    expect(pending).toMatchObject({ totalLeads: 3, totalSales: 0, conversionRate: 0, totalRevenueCents: 0 });
    const declined = (await report(actor, { ...Q1, status: "declined" }, ["overview"])).overview!.current;
    expect(declined).toMatchObject({ totalLeads: 1, totalSales: 0 });
  });

  it("take From and To as whole days of the admin's calendar", async () => {
    const { actor } = await signedInAdmin();
    const agent = await signedInAgent();
    // 03:59 UTC on June 1 is still May 31 in New York; 04:00 is June 1 (daylight time, UTC-4).
    await lead(agent.agent.id, { day: "2007-05-31", at: new Date("2007-06-01T03:59:00Z") });
    await lead(agent.agent.id, { day: "2007-06-01", at: new Date("2007-06-01T04:00:00Z") });
    await lead(agent.agent.id, { day: "2007-06-02", at: new Date("2007-06-02T03:59:59Z") });
    const { overview, range } = await report(actor, { dateFrom: "2007-06-01", dateTo: "2007-06-01" }, ["overview"]);
    expect(range).toMatchObject({ previousFrom: "2007-05-31", previousTo: "2007-05-31", days: 1 });
    expect(overview!.current.totalLeads).toBe(2);
    expect(overview!.previous.totalLeads).toBe(1);
    const la = { ...actor, timezone: "America/Los_Angeles" };
    // In Los Angeles the first two are May 31 (20:59, 21:00), the third June 1 (20:59).
    const onLaJune1 = await report(la, { dateFrom: "2007-06-01", dateTo: "2007-06-01" }, ["overview"]);
    expect(onLaJune1.overview!.current.totalLeads).toBe(1);
    expect(onLaJune1.overview!.previous.totalLeads).toBe(2);
  });

  it("cover the last twelve calendar months up to today when no dates are given", async () => {
    const { actor } = await signedInAdmin();
    const now = new Date("2005-06-15T16:00:00Z");
    const options = { parts: ["performance"] as const };
    const bare = await adminReport(actor, { status: "all" }, options, now);
    expect(bare.range).toMatchObject({ dateFrom: "2004-07-01", dateTo: "2005-06-15" });
    expect(bare.performance!.monthlyTrend.map((m) => m.month)).toEqual([
      "2004-07",
      "2004-08",
      "2004-09",
      "2004-10",
      "2004-11",
      "2004-12",
      "2005-01",
      "2005-02",
      "2005-03",
      "2005-04",
      "2005-05",
      "2005-06",
    ]);
    const toOnly = await adminReport(actor, { status: "all", dateTo: "2005-03-10" }, options, now);
    expect(toOnly.range).toMatchObject({ dateFrom: "2004-04-01", dateTo: "2005-03-10" });
    const fromOnly = await adminReport(actor, { status: "all", dateFrom: "2005-01-20" }, options, now);
    expect(fromOnly.range).toMatchObject({ dateFrom: "2005-01-20", dateTo: "2005-06-15" });
    const future = await adminReport(actor, { status: "all", dateFrom: "2005-07-04" }, options, now);
    expect(future.range).toMatchObject({ dateFrom: "2005-07-04", dateTo: "2005-07-04" });
  });

  it("refuses an unknown agent or carrier and a range over ten years at their fields", async () => {
    const { actor } = await signedInAdmin();
    const unknown = "6f1c2b3a-1111-4222-8333-944455556666";
    await expect(report(actor, { agentId: unknown })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { agentId: [ADMIN_REPORT_MESSAGES.unknownAgent] },
    });
    await expect(report(actor, { carrierId: "not-a-uuid" })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { carrierId: [ADMIN_REPORT_MESSAGES.unknownCarrier] },
    });
    await expect(report(actor, { dateFrom: "1995-01-01", dateTo: "2005-01-01" })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { dateFrom: [ADMIN_REPORT_MESSAGES.tooLong] },
    });
    // Exactly ten years (120 months) is allowed.
    await expect(report(actor, { dateFrom: "1995-01-01", dateTo: "2004-12-31" }, ["overview"])).resolves.toBeTruthy();
  });
});

describe("the Performance, Revenue and Agents tabs", () => {
  it("give every month of the range with its leads, sales, revenue and growth against the month before (1 decimal)", async () => {
    const { actor } = await quarter();
    const { performance } = await report(actor, Q1, ["performance"]);
    expect(performance!.monthlyTrend).toEqual([
      {
        month: "2009-01",
        leads: 1,
        sales: 1,
        revenueCents: 10_000,
        issuedSales: 1,
        issuedRevenueCents: 10_000,
        growth: null,
      },
      { month: "2009-02", leads: 3, sales: 1, revenueCents: 5_000, issuedSales: 0, issuedRevenueCents: 0, growth: -50 },
      {
        month: "2009-03",
        leads: 3,
        sales: 1,
        revenueCents: 20_000,
        issuedSales: 0,
        issuedRevenueCents: 0,
        growth: 300,
      },
    ]);
    const thirds = await report(actor, { dateFrom: "2009-01-01", dateTo: "2009-02-28", agentId: undefined }, [
      "performance",
    ]);
    expect(thirds.performance!.monthlyTrend.map((m) => m.growth)).toEqual([null, -50]);
  });

  it("break revenue down by carrier, by product as sold and by month", async () => {
    const { actor, aetna, americo } = await quarter();
    const { revenue } = await report(actor, Q1, ["revenue"]);
    expect(revenue!.byCarrier).toEqual([
      { key: americo.id, name: "Americo", sales: 1, revenueCents: 20_000, issuedSales: 0, issuedRevenueCents: 0 },
      { key: aetna.id, name: "Aetna", sales: 2, revenueCents: 15_000, issuedSales: 1, issuedRevenueCents: 10_000 },
    ]);
    expect(revenue!.byProduct).toEqual([
      {
        key: `${americo.id}:Term`,
        name: "Term (Americo)",
        sales: 1,
        revenueCents: 20_000,
        issuedSales: 0,
        issuedRevenueCents: 0,
      },
      {
        key: `${aetna.id}:GL Preferred`,
        name: "GL Preferred (Aetna)",
        sales: 2,
        revenueCents: 15_000,
        issuedSales: 1,
        issuedRevenueCents: 10_000,
      },
    ]);
    expect(revenue!.byMonth.map((m) => [m.month, m.sales, m.revenueCents])).toEqual([
      ["2009-01", 1, 10_000],
      ["2009-02", 1, 5_000],
      ["2009-03", 1, 20_000],
    ]);
  });

  it("list every agent with leads (and the unassigned leads) with leads, sales, conversion, revenue and commission, a page at a time", async () => {
    const { actor } = await quarter();
    const { agents } = await report(actor, Q1, ["agents"]);
    expect(agents!.total).toBe(3);
    expect(
      agents!.rows.map((a) => [a.name, a.leads, a.sales, a.conversionRate, a.revenueCents, a.commissionCents]),
    ).toEqual([
      ["Ben Baker", 2, 1, 50, 20_000, 180_000],
      ["Ann Able", 4, 2, 50, 15_000, 90_000],
      [UNASSIGNED_AGENT, 1, 0, 0, 0, 0],
    ]);
    const second = await adminReport(
      actor,
      { status: "all", ...Q1 },
      { parts: ["agents"], agentsPage: { page: 2, pageSize: 2 } },
    );
    expect(second.agents).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.agents!.rows.map((a) => a.name)).toEqual([UNASSIGNED_AGENT]);
  });

  it("computes only the parts asked for", async () => {
    const { actor } = await quarter();
    const only = await report(actor, Q1, ["revenue"]);
    expect(Object.keys(only).sort()).toEqual(["range", "revenue"]);
  });
});

describe("GET /api/admin/reports", () => {
  it("answers overview and performance.monthlyTrend with the spec's names, money in dollars", async () => {
    const { cookie, ann } = await quarter();
    const response = await api("?dateFrom=2009-01-01&dateTo=2009-03-31&status=all&agentId=all&carrierId=", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body = await jsonOf<{
      overview: Record<string, unknown> & { topPerformers: Record<string, unknown>[] };
      performance: { monthlyTrend: Record<string, unknown>[] };
      range: Record<string, unknown>;
    }>(response);
    expect(body.overview).toMatchObject({
      totalRevenue: 350,
      totalLeads: 7,
      conversionRate: 42.9,
      averagePremium: 116.67,
      changes: { totalRevenue: 337.5, totalLeads: 250, conversionRate: -7.1, averagePremium: 45.8 },
      // Issue 26: submitted (totalSales) and issued, decided and the placement rate.
      totalSales: 3,
      issuedSales: 1,
      issuedRevenue: 100,
      decidedSales: 2,
      placementRate: 50,
    });
    expect(body.overview.topPerformers[1]).toEqual({
      agentId: ann.agent.id,
      name: "Ann Able",
      leads: 4,
      conversions: 2,
      revenue: 150,
      issuedConversions: 1,
      issuedRevenue: 100,
    });
    expect(body.performance.monthlyTrend).toEqual([
      { month: "2009-01", leads: 1, sales: 1, revenue: 100, issuedSales: 1, issuedRevenue: 100, growth: null },
      { month: "2009-02", leads: 3, sales: 1, revenue: 50, issuedSales: 0, issuedRevenue: 0, growth: -50 },
      { month: "2009-03", leads: 3, sales: 1, revenue: 200, issuedSales: 0, issuedRevenue: 0, growth: 300 },
    ]);
    expect(body.range).toMatchObject({ dateFrom: "2009-01-01", dateTo: "2009-03-31" });
  });

  it("answers 400 with the field for each bad filter", async () => {
    const { cookie } = await signedInAdmin();
    const cases: [string, string, string][] = [
      ["?dateFrom=2009-13-01", "dateFrom", "That date does not exist"],
      ["?dateTo=yesterday", "dateTo", ADMIN_REPORT_MESSAGES.dateFormat],
      ["?dateFrom=2009-03-01&dateTo=2009-02-01", "dateTo", ADMIN_REPORT_MESSAGES.reversed],
      ["?dateFrom=1969-12-31", "dateFrom", ADMIN_REPORT_MESSAGES.outOfRange],
      ["?status=callback", "status", ADMIN_REPORT_MESSAGES.unknownStatus],
      ["?agentId=6f1c2b3a-1111-4222-8333-944455556666", "agentId", ADMIN_REPORT_MESSAGES.unknownAgent],
      ["?carrierId=nope", "carrierId", ADMIN_REPORT_MESSAGES.unknownCarrier],
      ["?dateFrom=1990-01-01&dateTo=2009-01-01", "dateFrom", ADMIN_REPORT_MESSAGES.tooLong],
    ];
    for (const [query, field, message] of cases) {
      const response = await api(query, cookie);
      expect(response.status, query).toBe(400);
      const body = await jsonOf<{ error: string; fieldErrors: Record<string, string[]> }>(response);
      expect(body.fieldErrors[field], query).toEqual([message]);
    }
  });

  it("is the admin's only: 401 signed out, 403 for an agent, 405 for another method", async () => {
    const agent = await signedInAgent();
    expect((await api("")).status).toBe(401);
    const refused = await api("", agent.cookie);
    expect(refused.status).toBe(403);
    expect(await jsonOf(refused)).toEqual({ error: "You do not have access to this" });
    const { cookie } = await signedInAdmin();
    const post = await callRoute(apiAction, { path: "/api/admin/reports", cookie, json: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toContain("GET");
  });
});

describe("GET /api/carriers", () => {
  it("lists every carrier by name for an admin; 403 for an agent, 401 signed out", async () => {
    const { cookie } = await signedInAdmin();
    const response = await callRoute(carriersLoader, { path: "/api/carriers", cookie });
    expect(response.status).toBe(200);
    const carriers = await jsonOf<{ id: string; name: string }[]>(response);
    expect(carriers.map((c) => c.name)).toEqual(expect.arrayContaining(["Aetna", "Americo", "Combined"]));
    const names = carriers.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(Object.keys(carriers[0]!).sort()).toEqual(["id", "name"]);
    const agent = await signedInAgent();
    expect((await callRoute(carriersLoader, { path: "/api/carriers", cookie: agent.cookie })).status).toBe(403);
    expect((await callRoute(carriersLoader, { path: "/api/carriers" })).status).toBe(401);
  });
});

describe("the page", () => {
  type PageData = {
    tab: string;
    values: Record<string, string>;
    fieldErrors: Record<string, string[]> | null;
    agents: { id: string; name: string }[];
    range: Record<string, unknown> | null;
    overview: unknown;
    performance: { months: { label: string }[]; chart: { bars: unknown[]; line: string } } | null;
    revenue: unknown;
    agentFigures: { rows: unknown[]; total: number } | null;
  };

  it("reads only the open tab, with the chart drawn on the server for Performance", async () => {
    const { cookie, ann } = await quarter();
    const overview = await jsonOf<PageData>(await page("?dateFrom=2009-01-01&dateTo=2009-03-31", cookie));
    expect(overview.tab).toBe("overview");
    expect(overview.overview).toBeTruthy();
    expect([overview.performance, overview.revenue, overview.agentFigures]).toEqual([null, null, null]);
    expect(overview.agents.map((a) => a.name)).toEqual(expect.arrayContaining(["Ann Able", "Ben Baker"]));
    const perf = await jsonOf<PageData>(await page("?tab=performance&dateFrom=2009-01-01&dateTo=2009-03-31", cookie));
    expect(perf.overview).toBeNull();
    expect(perf.performance!.months.map((m) => m.label)).toEqual(["Jan 2009", "Feb 2009", "Mar 2009"]);
    expect(perf.performance!.chart.bars).toHaveLength(6);
    expect(perf.performance!.chart.line).toMatch(/^M/);
    const agents = await jsonOf<PageData>(
      await page(`?tab=agents&dateFrom=2009-01-01&dateTo=2009-03-31&agentId=${ann.agent.id}`, cookie),
    );
    expect(agents.agentFigures!.total).toBe(1);
    const unknownTab = await jsonOf<PageData>(await page("?tab=nope&dateFrom=2009-01-01&dateTo=2009-03-31", cookie));
    expect(unknownTab.tab).toBe("overview");
  });

  it("shows each refused filter at its field, keeping what was typed, and no figures", async () => {
    const { cookie } = await signedInAdmin();
    const data = await jsonOf<PageData>(await page("?dateFrom=2009-02-30&status=sold&carrierId=zzz", cookie));
    expect(data.values).toMatchObject({ dateFrom: "2009-02-30", status: "sold" });
    expect(data.fieldErrors).toMatchObject({
      dateFrom: ["That date does not exist"],
      status: [ADMIN_REPORT_MESSAGES.unknownStatus],
    });
    expect(data.range).toBeNull();
    const unknownCarrier = await jsonOf<PageData>(await page("?carrierId=zzz", cookie));
    expect(unknownCarrier.fieldErrors).toEqual({ carrierId: [ADMIN_REPORT_MESSAGES.unknownCarrier] });
  });

  it("sends an agent to / and a visitor to the sign-in, the export too", async () => {
    const agent = await signedInAgent();
    for (const call of [page("", agent.cookie), exportCsv("", agent.cookie)]) {
      const response = await call;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    const visitor = await callRoute(pageLoader, { path: "/admin/reports" });
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("the CSV export", () => {
  const csv = async (query: string, cookie: string) => {
    const response = await exportCsv(query, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    return { records: parseCsv(await response.text()), disposition: response.headers.get("Content-Disposition") };
  };
  const q1 = "dateFrom=2009-01-01&dateTo=2009-03-31";

  it("downloads the current tab's rows with the filters applied", async () => {
    const { cookie, ann } = await quarter();
    const overview = await csv(`?${q1}`, cookie);
    expect(overview.disposition).toMatch(/^attachment; filename="admin-report-overview-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(overview.records).toEqual([
      [...ADMIN_REPORT_CSV_COLUMNS.overview],
      ["Total Revenue", "350.00", "80.00", "337.5", "%"],
      ["Total Leads", "7", "2", "250", "%"],
      ["Conversion Rate (%)", "42.9", "50", "-7.1", "pts"],
      ["Avg. Premium", "116.67", "80.00", "45.8", "%"],
      ["Total Sales", "3", "1", "", ""],
      ["Issued Sales", "1", "1", "", ""],
      ["Issued Revenue", "100.00", "80.00", "", ""],
      ["Placement Rate (%)", "50", "100", "", ""],
    ]);
    const performance = await csv(`?tab=performance&${q1}`, cookie);
    expect(performance.disposition).toContain("admin-report-performance-");
    expect(performance.records).toEqual([
      [...ADMIN_REPORT_CSV_COLUMNS.performance],
      ["2009-01", "1", "1", "100.00", "", "1", "100.00"],
      ["2009-02", "3", "1", "50.00", "-50", "0", "0.00"],
      ["2009-03", "3", "1", "200.00", "300", "0", "0.00"],
    ]);
    const revenue = await csv(`?tab=revenue&${q1}&status=sale`, cookie);
    expect(revenue.records).toEqual([
      [...ADMIN_REPORT_CSV_COLUMNS.revenue],
      ["Carrier", "Americo", "1", "200.00", "0", "0.00"],
      ["Carrier", "Aetna", "2", "150.00", "1", "100.00"],
      ["Product", "Term (Americo)", "1", "200.00", "0", "0.00"],
      ["Product", "GL Preferred (Aetna)", "2", "150.00", "1", "100.00"],
      ["Month", "2009-01", "1", "100.00", "1", "100.00"],
      ["Month", "2009-02", "1", "50.00", "0", "0.00"],
      ["Month", "2009-03", "1", "200.00", "0", "0.00"],
    ]);
    const agents = await csv(`?tab=agents&${q1}&agentId=${ann.agent.id}`, cookie);
    expect(agents.records).toEqual([
      [...ADMIN_REPORT_CSV_COLUMNS.agents],
      ["Ann Able", "4", "2", "50", "150.00", "900.00", "1", "900.00"],
    ]);
  });

  it("quotes fields and neutralises cells a spreadsheet would run, and lists every agent, not one page", async () => {
    const { actor } = await signedInAdmin();
    const names = ["=HYPERLINK(1)", "Doe, Jane", '"Quoted"'];
    for (const [i, name] of names.entries()) {
      const agent = await signedInAgent({ firstName: name, lastName: `L${i}` });
      await lead(agent.agent.id, { day: "2008-05-0" + (i + 1), status: "sale", premiumCents: (i + 1) * 1000 });
    }
    const file = await exportAdminReport(
      actor,
      { status: "all", dateFrom: "2008-05-01", dateTo: "2008-05-31" },
      "agents",
    );
    expect(file.text).toContain(`'=HYPERLINK(1) L0`);
    expect(file.text).toContain(`"Doe, Jane L1"`);
    expect(file.text).toContain(`"""Quoted"" L2"`);
    const records = parseCsv(file.text);
    expect(records.map((r) => r[0])).toEqual(["Agent", '"Quoted" L2', "Doe, Jane L1", "'=HYPERLINK(1) L0"]);
    expect(file.text.endsWith("\r\n")).toBe(true);
  });

  it("is recorded in the activity log with the tab and the filters, and bad filters go back to the page", async () => {
    await quarter();
    const { cookie, admin } = await signedInAdmin();
    await csv(`?tab=agents&${q1}&status=sale`, cookie);
    const entry = await ActivityLog.findOne({
      where: { userId: admin.id, action: REPORT_EXPORTED },
      order: [["createdAt", "DESC"]],
    });
    expect(entry?.summary).toBe(
      "Ada Admin exported the Agents report (from Jan 1, 2009 to Mar 31, 2009, agent all, carrier all, status sale)",
    );
    const refused = await exportCsv("?tab=revenue&dateFrom=2009-02-30", cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/admin/reports?tab=revenue&dateFrom=2009-02-30");
    const unknown = await exportCsv("?agentId=6f1c2b3a-1111-4222-8333-944455556666", cookie);
    expect(unknown.headers.get("Location")).toBe("/admin/reports?agentId=6f1c2b3a-1111-4222-8333-944455556666");
    expect(await ActivityLog.count({ where: { userId: admin.id, action: REPORT_EXPORTED } })).toBe(1);
  });

  it("a GET (a bookmark, a link from another site) exports nothing, writes nothing and lands on the report's tab", async () => {
    const { cookie, admin } = await signedInAdmin();
    const query = `?tab=agents&${q1}&status=sale`;
    const response = await callRoute(exportLoader, { path: `/admin/reports/export${query}`, cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/reports${query}`);
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(await ActivityLog.count({ where: { userId: admin.id, action: REPORT_EXPORTED } })).toBe(0);
  });
});
