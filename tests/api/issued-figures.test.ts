import { describe, expect, it } from "vitest";
import { sequelize } from "~db";
import { todayIn } from "~/domain/periods";
import { placementLabel, placementRate } from "~/domain/placement";
import { loader as adminDashboardPage } from "~/routes/admin+/dashboard";
import { loader as premiumsPage } from "~/routes/admin+/premiums";
import * as agentLayout from "~/routes/agent+/_layout";
import * as agentCommissions from "~/routes/agent+/commissions";
import { loader as agentCommissionsPage } from "~/routes/agent+/commissions";
import { loader as agentDashboardPage } from "~/routes/agent+/dashboard";
import { loader as agentReportsPage } from "~/routes/agent+/reports";
import { loader as adminCommissionsApi } from "~/routes/api+/admin.commissions";
import { loader as adminDashboardApi } from "~/routes/api+/admin.dashboard";
import { loader as adminPremiumsApi } from "~/routes/api+/admin.premiums";
import { loader as adminReportsApi } from "~/routes/api+/admin.reports";
import { loader as agentCommissionsApi } from "~/routes/api+/agent.commissions";
import { loader as agentDashboardApi } from "~/routes/api+/agent.dashboard";
import { loader as agentReportsApi } from "~/routes/api+/agent.reports";
import { adminReport } from "~/services/admin-reports.server";
import { cancelCommission, commissionFigures } from "~/services/commissions.server";
import { getAdminDashboard, getAgentDashboard } from "~/services/dashboard.server";
import { updatePolicy } from "~/services/policy.server";
import { premiumFigures } from "~/services/premiums.server";
import { agentReport } from "~/services/reports.server";
import { signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { renderPage } from "../support/render-page";
import { premiumSeller, recordPremiumSale, type PremiumSeller } from "../support/premiums-factories";

// Issue 26 item 2: every page and API that showed one sales, premium or commission figure tells
// the submitted (every sale) from the issued (decision 074: an issue date, and not "not taken"), with
// the placement rate (issued / decided; decided = neither submitted nor pending underwriting). One
// agent's seven sales, moved through the policy service, worked out by hand:
//
//   sale  premium  commission (100%: 9 x)  policy                       issued  decided
//   A     $40      $360                    issued                       yes     yes
//   B     $50      $450                    pending underwriting         no      no
//   C     $60      $540                    declined                     no      yes
//   D     $70      $630                    issued, then not taken       no      yes
//   E     $80      $720                    issued, then lapsed          yes     yes
//   F     $90      $810                    submitted                    no      no
//   G     $100     $900, cancelled         issued                       yes     yes
//
// Submitted: 7 sales, $490.00 of premiums, $3,510.00 of active commissions (G's cancelled).
// Issued: 3 sales (A, E, G), $220.00 of premiums, $1,080.00 of active commissions (A and E).
// Decided: 5, so the placement rate is 3 / 5 = 60.0%.
//
// The admin's figures cover every agent, so the sales are then moved to 2012-08-07 (a day no other
// test writes on) and read for that day.

const HAND = {
  sales: 7,
  issued: 3,
  decided: 5,
  placement: 60,
  premiumCents: 49_000,
  issuedPremiumCents: 22_000,
  commissionCents: 351_000,
  issuedCommissionCents: 108_000,
} as const;

const FAR_DAY = "2012-08-07";

let numbers = 0;
const policyNumber = () => `ISS-${process.pid}-${Date.now() % 1_000_000}-${++numbers}`;

/** The seven sales of the table above, sold a minute ago, their policies moved by the agent. */
async function sevenSales(seller: PremiumSeller) {
  const soldAt = new Date(Date.now() - 60_000);
  const sale = (dollars: number, letter: string) =>
    recordPremiumSale(seller, { premiumCents: dollars * 100, soldAt, firstName: "Sale", lastName: letter });
  const [a, b, c, d, e, f, g] = [
    await sale(40, "A"),
    await sale(50, "B"),
    await sale(60, "C"),
    await sale(70, "D"),
    await sale(80, "E"),
    await sale(90, "F"),
    await sale(100, "G"),
  ];
  const today = todayIn(seller.actor.timezone);
  const move = (id: string, status: string) => updatePolicy(seller.actor, id, { status });
  const issue = (id: string) =>
    updatePolicy(seller.actor, id, { status: "issued", policyNumber: policyNumber(), issueDate: today });
  await issue(a!.id);
  await move(b!.id, "pending_underwriting");
  await move(c!.id, "declined");
  await issue(d!.id);
  await move(d!.id, "not_taken");
  await issue(e!.id);
  await move(e!.id, "lapsed");
  await issue(g!.id);
  await cancelCommission(seller.actor, g!.id);
  return [a, b, c, d, e, f, g].map((lead) => lead!.id);
}

/** Moves the sales' creation and sale to noon of FAR_DAY in New York (the admin's calendar). */
async function moveToFarDay(ids: string[]) {
  await sequelize.query("UPDATE applications SET created_at = :at, sold_at = :at WHERE id IN (:ids)", {
    replacements: { at: new Date(`${FAR_DAY}T12:00:00-04:00`), ids },
  });
}

const get = async <T>(handler: Parameters<typeof callRoute>[0], path: string, cookie: string) => {
  const response = await callRoute(handler, { path, cookie });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return jsonOf<T>(response);
};

describe("the placement rate", () => {
  it("is issued / decided in percent with one decimal, and a dash when nothing is decided", () => {
    expect(placementRate(3, 5)).toBe(60);
    expect(placementRate(2, 3)).toBe(66.7);
    expect(placementRate(0, 4)).toBe(0);
    expect(placementRate(0, 0)).toBeNull();
    expect(placementLabel(null)).toBe("—");
    expect(placementLabel(66.7)).toBe("66.7%");
  });
});

describe("submitted and issued figures, worked out by hand", () => {
  it("on the agent's dashboard, commissions and reports, and their APIs", async () => {
    const seller = await premiumSeller("Issued");
    await sevenSales(seller);
    // Another agent's issued sale is in none of this agent's figures.
    const stranger = await premiumSeller("Stranger");
    const theirs = await recordPremiumSale(stranger, { premiumCents: 99_00, soldAt: new Date(Date.now() - 60_000) });
    await updatePolicy(stranger.actor, theirs.id, {
      status: "issued",
      policyNumber: policyNumber(),
      issueDate: todayIn(stranger.actor.timezone),
    });

    // The agent's dashboard: the sales of all time (converted: status sale), commission this month.
    const dashboard = await getAgentDashboard(seller.actor, { period: "all" });
    expect(dashboard.stats).toMatchObject({
      converted: HAND.sales,
      issued: HAND.issued,
      decided: HAND.decided,
      placementRate: HAND.placement,
      commissionThisMonthCents: HAND.commissionCents,
      issuedCommissionThisMonthCents: HAND.issuedCommissionCents,
    });
    const dashboardApi = await get<{ stats: Record<string, unknown> }>(
      agentDashboardApi,
      "/api/agent/dashboard",
      seller.cookie,
    );
    expect(dashboardApi.stats).toMatchObject({
      converted: 7,
      issued: 3,
      decided: 5,
      placementRate: 60,
      commissionThisMonth: 3_510,
      issuedCommissionThisMonth: 1_080,
    });
    const dashboardPage = await get<{ stats: Record<string, unknown> }>(
      agentDashboardPage,
      "/agent/dashboard",
      seller.cookie,
    );
    expect(dashboardPage.stats).toEqual(dashboard.stats);

    // Commissions: every sale (soldAt set), the active commissions submitted and issued.
    const { summary } = await commissionFigures(seller.actor, { period: "all" });
    expect(summary).toMatchObject({
      totalSales: 7,
      totalActiveSales: 6,
      activeCommissions: "3510.00",
      issuedSales: 3,
      decidedSales: 5,
      placementRate: 60,
      issuedCommissions: "1080.00",
    });
    const commissionsApi = await get<{
      summary: Record<string, unknown>;
      commissions: { id: string; customerName: string; policyStatus: string }[];
    }>(agentCommissionsApi, "/api/agent/commissions", seller.cookie);
    expect(commissionsApi.summary).toEqual(summary);
    expect(
      Object.fromEntries(commissionsApi.commissions.map((row) => [row.customerName.slice(-1), row.policyStatus])),
    ).toEqual({
      A: "issued",
      B: "pending_underwriting",
      C: "declined",
      D: "not_taken",
      E: "lapsed",
      F: "submitted",
      G: "issued",
    });
    const commissionsPage = await get<{ summary: unknown }>(agentCommissionsPage, "/agent/commissions", seller.cookie);
    expect(commissionsPage.summary).toEqual(summary);

    // The history's Status: a policy that ended the schedule (declined, not taken, lapsed) reads
    // "Charged back", not "Active"; the others stay Active.
    const { html } = await renderPage("/agent/commissions?period=all", {
      layouts: [{ id: "routes/agent+/_layout", path: "agent", module: agentLayout }],
      page: { path: "commissions", module: agentCommissions },
      cookie: seller.cookie,
    });
    const statusOf = (row: { id: string }) => {
      const tr = html.match(new RegExp(`<tr [^>]*id="commission-${row.id}".*?</tr>`))?.[0] ?? "";
      if (tr.includes(">Active<")) return "Active";
      if (tr.includes(">Cancelled<")) return "Cancelled";
      // (The ledger's "Charged back" figure has that label too: the status badge is in a titled span.)
      return /title="Policy [^"]*"><span[^>]*>Charged back</.test(tr) ? "Charged back" : "neither";
    };
    expect(
      Object.fromEntries(commissionsApi.commissions.map((row) => [row.customerName.slice(-1), statusOf(row)])),
    ).toEqual({
      A: "Active",
      B: "Active",
      C: "Charged back",
      D: "Charged back",
      E: "Charged back",
      F: "Active",
      G: "Cancelled",
    });

    // The agent's report (the summaries, migration 043): revenue is the sales' premiums.
    const report = await agentReport(seller.actor, { status: "all" }, { page: 1, pageSize: 20 });
    expect(report.metrics).toMatchObject({
      totalSales: 7,
      totalRevenue: 490,
      totalCommission: 3_510,
      issuedSales: 3,
      issuedRevenue: 220,
      issuedCommission: 1_080,
      decidedSales: 5,
      placementRate: 60,
    });
    const reportApi = await get<{ metrics: unknown }>(agentReportsApi, "/api/agent/reports", seller.cookie);
    expect(reportApi.metrics).toEqual(report.metrics);
    const reportPage = await get<{ report: { metrics: unknown } }>(agentReportsPage, "/agent/reports", seller.cookie);
    expect(reportPage.report.metrics).toEqual(report.metrics);
  });

  it("on Premiums Management, the admin's dashboard and Reports & Analytics, and their APIs", async () => {
    const { actor: admin, cookie } = await signedInAdmin();
    const seller = await premiumSeller("Placed");
    const ids = await sevenSales(seller);

    // Premiums for the one agent today (the sales were sold a minute ago).
    const today = todayIn(admin.timezone);
    const byAgent = { period: "custom" as const, startDate: today, endDate: today, agentId: seller.agent.id };
    expect(await premiumFigures(admin, byAgent)).toMatchObject({
      totalSales: HAND.sales,
      totalPremiumCents: HAND.premiumCents,
      totalCommissionCents: HAND.commissionCents,
      issuedSales: HAND.issued,
      issuedPremiumCents: HAND.issuedPremiumCents,
      issuedCommissionCents: HAND.issuedCommissionCents,
      decidedSales: HAND.decided,
      placementRate: HAND.placement,
    });
    const query = `period=custom&startDate=${today}&endDate=${today}&agentId=${seller.agent.id}`;
    const premiumsApi = await get<{ figures: Record<string, unknown> }>(
      adminPremiumsApi,
      `/api/admin/premiums?${query}`,
      cookie,
    );
    expect(premiumsApi.figures).toEqual({
      totalSales: 7,
      totalPremium: 490,
      averagePremium: 70,
      totalCommission: 3_510,
      cancelledSales: 1,
      cancelledCommission: 900,
      issuedSales: 3,
      issuedPremium: 220,
      issuedCommission: 1_080,
      decidedSales: 5,
      placementRate: 60,
    });
    const rows = await get<{ leadName: string; policyStatus: string }[]>(
      adminCommissionsApi,
      `/api/admin/commissions?${query}`,
      cookie,
    );
    expect(rows.filter((row) => row.policyStatus === "issued").map((row) => row.leadName.slice(-1))).toEqual(
      expect.arrayContaining(["A", "G"]),
    );
    const premiums = await get<{ figures: unknown }>(premiumsPage, `/admin/premiums?${query}`, cookie);
    expect(premiums.figures).toEqual(await premiumFigures(admin, byAgent));

    // The agency's figures for a day only these sales have.
    await moveToFarDay(ids);
    const day = { period: "custom" as const, startDate: FAR_DAY, endDate: FAR_DAY };
    const dashboard = await getAdminDashboard(admin, day);
    expect(dashboard.stats).toMatchObject({
      converted: HAND.sales,
      issued: HAND.issued,
      decided: HAND.decided,
      placementRate: HAND.placement,
      revenueThisPeriodCents: HAND.commissionCents,
      issuedRevenueThisPeriodCents: HAND.issuedCommissionCents,
    });
    const range = `period=custom&startDate=${FAR_DAY}&endDate=${FAR_DAY}`;
    const dashboardApi = await get<{ stats: Record<string, unknown> }>(
      adminDashboardApi,
      `/api/admin/dashboard?${range}`,
      cookie,
    );
    expect(dashboardApi.stats).toMatchObject({
      converted: 7,
      issued: 3,
      decided: 5,
      placementRate: 60,
      revenueThisMonth: 3_510,
      issuedRevenueThisMonth: 1_080,
    });
    const dashboardPage = await get<{ stats: unknown }>(adminDashboardPage, `/admin/dashboard?${range}`, cookie);
    expect(dashboardPage.stats).toEqual(dashboard.stats);

    // Reports & Analytics for that day: the overview, the revenue by carrier and product, the agents.
    const report = await adminReport(
      admin,
      { status: "all", dateFrom: FAR_DAY, dateTo: FAR_DAY },
      { parts: ["overview", "revenue", "agents"] },
    );
    expect(report.overview!.current).toMatchObject({
      totalSales: 7,
      totalRevenueCents: HAND.premiumCents,
      issuedSales: 3,
      issuedRevenueCents: HAND.issuedPremiumCents,
      decidedSales: 5,
      placementRate: 60,
    });
    expect(report.revenue!.byCarrier).toEqual([
      expect.objectContaining({
        name: "Aetna",
        sales: 7,
        revenueCents: 49_000,
        issuedSales: 3,
        issuedRevenueCents: 22_000,
      }),
    ]);
    expect(report.revenue!.byProduct).toEqual([
      expect.objectContaining({ sales: 7, issuedSales: 3, issuedRevenueCents: 22_000 }),
    ]);
    expect(report.agents!.rows).toEqual([
      expect.objectContaining({
        agentId: seller.agent.id,
        sales: 7,
        issuedSales: 3,
        issuedRevenueCents: 22_000,
        commissionCents: HAND.commissionCents,
        issuedCommissionCents: HAND.issuedCommissionCents,
      }),
    ]);
    const reportApi = await get<{ overview: Record<string, unknown> }>(
      adminReportsApi,
      `/api/admin/reports?dateFrom=${FAR_DAY}&dateTo=${FAR_DAY}`,
      cookie,
    );
    expect(reportApi.overview).toMatchObject({
      totalSales: 7,
      totalRevenue: 490,
      issuedSales: 3,
      issuedRevenue: 220,
      decidedSales: 5,
      placementRate: 60,
    });
  });

  it("gives no placement rate (null, shown as a dash) while every sale is still submitted", async () => {
    const seller = await premiumSeller("Waiting");
    await recordPremiumSale(seller, { premiumCents: 5_000, soldAt: new Date(Date.now() - 60_000) });
    const dashboard = await get<{ stats: Record<string, unknown> }>(
      agentDashboardApi,
      "/api/agent/dashboard",
      seller.cookie,
    );
    expect(dashboard.stats).toMatchObject({ converted: 1, issued: 0, decided: 0, placementRate: null });
    const { summary } = await commissionFigures(seller.actor, {});
    expect(summary).toMatchObject({ totalSales: 1, issuedSales: 0, decidedSales: 0, placementRate: null });
  });
});

describe("GET /api/admin/premiums", () => {
  it("is the admin's: 401 signed out, 403 for an agent, 404 for an unknown agent, 400 for a bad period", async () => {
    const { cookie } = await signedInAdmin();
    const agent = await signedInAgent();
    const call = (path: string, who?: string) => callRoute(adminPremiumsApi, { path, cookie: who });
    expect((await call("/api/admin/premiums")).status).toBe(401);
    expect((await call("/api/admin/premiums", agent.cookie)).status).toBe(403);
    const unknown = await call("/api/admin/premiums?agentId=6f1c2b3a-1111-4222-8333-944455556666", cookie);
    expect(unknown.status).toBe(404);
    expect(await jsonOf(unknown)).toEqual({ error: "Agent not found" });
    const bad = await call("/api/admin/premiums?period=someday", cookie);
    expect(bad.status).toBe(400);
    expect(await jsonOf<{ fieldErrors: Record<string, string[]> }>(bad)).toMatchObject({
      fieldErrors: { period: expect.any(Array) },
    });
    const today = await call("/api/admin/premiums", cookie);
    expect(today.status).toBe(200);
    expect(Object.keys(await jsonOf<Record<string, unknown>>(today)).sort()).toEqual(["exposure", "figures"]);
  });
});
