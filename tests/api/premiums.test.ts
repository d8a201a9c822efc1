import { describe, expect, it } from "vitest";
import { Application, Carrier } from "~db";
import { firstYearCommissionCents } from "~/domain/commission";
import { ledgerTotals, saleLedger } from "~/domain/ledger";
import { PERIOD_MESSAGES } from "~/domain/period-range";
import { PREMIUM_QUERY_MESSAGES } from "~/domain/schemas/premiums";
import { loader as premiumsApi } from "~/routes/api+/admin.commissions";
import { loader as pageLoader } from "~/routes/admin+/premiums";
import { agentFilterChoices } from "~/services/agents.server";
import { changeLeadStatus } from "~/services/lead-status.server";
import { PREMIUM_ERRORS, listAgentLedgers, listPremiums, premiumFigures } from "~/services/premiums.server";
import { createAgent, createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { premiumSeller, recordPremiumSale, setPaymentStatuses } from "../support/premiums-factories";

// Issue 13 item 2, Premiums Management and GET /api/admin/commissions, on both databases: the
// Premium rows (the spec's field names, money as currency strings, commission = premium x 9 x comp
// % / 100), the agent and period filters (today by default, custom ranges in the admin's or the
// API's time zone), paging and X-Total-Count, the four cards (cancelled commissions apart), the
// advances and chargebacks by agent against app/domain/ledger's pure rule, and the refusals: an
// agent 403, bad input 400 with the field, an unknown agent 404.

type PremiumJson = {
  id: string;
  leadName: string;
  agentName: string | null;
  carrier: string | null;
  product: string | null;
  premium: string;
  compPercentage: number | null;
  commission: string;
  commissionCancelled: boolean;
  saleDate: string;
  policyStatus: string;
};

const api = (query: string, cookie?: string) =>
  callRoute(premiumsApi, { path: `/api/admin/commissions${query}`, cookie });

async function rowsOf(query: string, cookie: string) {
  const response = await api(query, cookie);
  expect(response.status, await response.clone().text()).toBe(200);
  return { rows: await jsonOf<PremiumJson[]>(response), total: Number(response.headers.get("X-Total-Count")) };
}

/** A custom range of one day far from every other test's sales. */
const day = (iso: string) => `period=custom&startDate=${iso}&endDate=${iso}`;

describe("GET /api/admin/commissions (part 2, section 7)", () => {
  it("reads TBD, not $0.00, for an admin's sale without a product, in the service's row and the API", async () => {
    const { cookie, actor } = await signedInAdmin();
    const seller = await premiumSeller("Tobias");
    const lead = await createLead(seller.agent.id, { monthlyPremiumCents: 5_000, firstName: "Tess", lastName: "Tbd" });
    const aetna = (await Carrier.findOne({ where: { name: "Aetna" }, attributes: ["id"], raw: true }))!;
    await lead.update({ carrierId: aetna.id, state: "FL" });
    await changeLeadStatus(actor, lead.id, { status: "sale" });
    await Application.update({ soldAt: new Date("2031-07-09T15:00:00Z") }, { where: { id: lead.id } });

    const query = `?${day("2031-07-09")}&agentId=${seller.agent.id}`;
    const { rows } = await rowsOf(query, cookie);
    expect(rows.map((row) => [row.leadName, row.commission])).toEqual([["Tess Tbd", "TBD"]]);
    const page = await listPremiums(actor, {
      period: "custom",
      startDate: "2031-07-09",
      endDate: "2031-07-09",
      agentId: seller.agent.id,
      page: 1,
      pageSize: 20,
    });
    expect(page.rows.map((row) => row.commissionCents)).toEqual([null]);
  });

  it("answers the spec's Premium rows for one agent, newest sale first, with the total in X-Total-Count", async () => {
    const { cookie } = await signedInAdmin();
    const seller = await premiumSeller("Paula", 87.5, "Golden Rider");
    const older = await recordPremiumSale(seller, {
      premiumCents: 10_001,
      soldAt: new Date("2031-03-04T15:00:00Z"),
      firstName: "Olive",
      lastName: "Older",
    });
    const newer = await recordPremiumSale(seller, {
      premiumCents: 4_250,
      soldAt: new Date("2031-03-05T15:00:00Z"),
      firstName: "Nina",
      lastName: "Newer",
    });
    const { rows, total } = await rowsOf(
      `?period=custom&startDate=2031-03-01&endDate=2031-03-31&agentId=${seller.agent.id}`,
      cookie,
    );
    expect(total).toBe(2);
    expect(rows.map((row) => row.id)).toEqual([newer.id, older.id]);
    // $100.01 x 9 x 87.5 / 100 = $787.58 (787.57875 rounded to the cent).
    expect(firstYearCommissionCents(10_001, 87.5)).toBe(78_758);
    expect(rows[1]).toEqual({
      id: older.id,
      leadName: "Olive Older",
      agentName: "Paula Seller",
      carrier: "Aetna",
      product: "Golden Rider",
      premium: "$100.01",
      compPercentage: 87.5,
      commission: "$787.58",
      commissionCancelled: false,
      saleDate: "2031-03-04T15:00:00.000Z",
      // Beyond the spec (issue 26): the policy's status, submitted at the sale.
      policyStatus: "submitted",
    });
    expect(rows[0]).toMatchObject({ premium: "$42.50", commission: "$334.69" });
  });

  it("pages with page and pageSize, the total unchanged", async () => {
    const { cookie } = await signedInAdmin();
    const seller = await premiumSeller("Pager");
    for (let i = 0; i < 5; i++) {
      await recordPremiumSale(seller, { premiumCents: 1_000 + i, soldAt: new Date(`2031-04-0${i + 1}T12:00:00Z`) });
    }
    const query = `?period=custom&startDate=2031-04-01&endDate=2031-04-30&agentId=${seller.agent.id}&pageSize=2`;
    const first = await rowsOf(`${query}&page=1`, cookie);
    const third = await rowsOf(`${query}&page=3`, cookie);
    expect(first.total).toBe(5);
    expect(first.rows.map((row) => row.premium)).toEqual(["$10.04", "$10.03"]);
    expect(third.rows.map((row) => row.premium)).toEqual(["$10.00"]);
  });

  it("shows every agent's sales without an agent, and one agent's with it", async () => {
    const { cookie } = await signedInAdmin();
    const first = await premiumSeller("Alpha");
    const second = await premiumSeller("Beta");
    const soldAt = new Date("2032-06-15T16:00:00Z");
    const a = await recordPremiumSale(first, { premiumCents: 2_000, soldAt });
    const b = await recordPremiumSale(second, { premiumCents: 3_000, soldAt });
    const all = await rowsOf(`?${day("2032-06-15")}`, cookie);
    expect(all.rows.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());
    expect(all.total).toBe(2);
    const one = await rowsOf(`?${day("2032-06-15")}&agentId=${second.agent.id}`, cookie);
    expect(one.rows.map((row) => row.id)).toEqual([b.id]);
    expect(one.rows[0]!.agentName).toBe("Beta Seller");
  });

  it("is today's sales in the admin's time zone when no period is given", async () => {
    const { cookie } = await signedInAdmin();
    const seller = await premiumSeller("Today");
    const now = new Date();
    const today = await recordPremiumSale(seller, { premiumCents: 5_000, soldAt: now });
    await recordPremiumSale(seller, { premiumCents: 5_000, soldAt: new Date(now.getTime() - 3 * 86_400_000) });
    const { rows, total } = await rowsOf(`?agentId=${seller.agent.id}`, cookie);
    expect(total).toBe(1);
    expect(rows.map((row) => row.id)).toEqual([today.id]);
    expect((await rowsOf(`?agentId=${seller.agent.id}&period=all`, cookie)).total).toBe(2);
  });

  it("counts the days in ?timezone= (the admin's own when left out)", async () => {
    const { cookie } = await signedInAdmin();
    const seller = await premiumSeller("Zone");
    // 03:00 UTC on 2 January is still 1 January in New York (the admin's zone).
    await recordPremiumSale(seller, { premiumCents: 5_000, soldAt: new Date("2033-01-02T03:00:00Z") });
    const filter = `${day("2033-01-02")}&agentId=${seller.agent.id}`;
    expect((await rowsOf(`?${filter}&timezone=UTC`, cookie)).total).toBe(1);
    expect((await rowsOf(`?${filter}`, cookie)).total).toBe(0);
    expect((await rowsOf(`?${day("2033-01-01")}&agentId=${seller.agent.id}`, cookie)).total).toBe(1);
  });

  it("marks a cancelled commission in its row", async () => {
    const { cookie } = await signedInAdmin();
    const seller = await premiumSeller("Cancel");
    const lead = await recordPremiumSale(seller, { premiumCents: 5_000, soldAt: new Date("2033-02-02T15:00:00Z") });
    await Application.update({ commissionCancelledAt: new Date() }, { where: { id: lead.id } });
    const { rows } = await rowsOf(`?${day("2033-02-02")}&agentId=${seller.agent.id}`, cookie);
    expect(rows[0]).toMatchObject({ commission: "$450.00", commissionCancelled: true });
  });

  it("refuses an agent (403) and anyone signed out (401)", async () => {
    const agent = await signedInAgent();
    const refused = await api("", agent.cookie);
    expect(refused.status).toBe(403);
    expect(await jsonOf(refused)).toEqual({ error: "You do not have access to this" });
    expect((await api("")).status).toBe(401);
  });

  it("answers bad input with a 400 naming the field", async () => {
    const { cookie } = await signedInAdmin();
    const cases: [string, string, string][] = [
      ["?period=fortnight", "period", ""],
      ["?period=custom&startDate=2031-02-30&endDate=2031-03-01", "startDate", PERIOD_MESSAGES.noSuchDate],
      ["?period=custom&startDate=2031-03-02&endDate=2031-03-01", "endDate", PERIOD_MESSAGES.reversed],
      ["?period=custom&startDate=2031-03-02", "endDate", PERIOD_MESSAGES.bothDates],
      ["?agentId=42", "agentId", PREMIUM_QUERY_MESSAGES.agentId],
      ["?timezone=Mars/Olympus", "timezone", PREMIUM_QUERY_MESSAGES.timezone],
      ["?page=0", "page", "Page starts at 1"],
      ["?pageSize=501", "pageSize", "Page size is at most 500"],
    ];
    for (const [query, field, message] of cases) {
      const response = await api(query, cookie);
      expect(response.status, query).toBe(400);
      const body = await jsonOf<{ error: string; fieldErrors: Record<string, string[]> }>(response);
      expect(body.fieldErrors[field], query).toBeDefined();
      if (message) expect(body.fieldErrors[field], query).toContain(message);
    }
  });

  it("answers 404 for an agent id that names no agent", async () => {
    const { cookie } = await signedInAdmin();
    const response = await api("?agentId=00000000-0000-4000-8000-000000000000", cookie);
    expect(response.status).toBe(404);
    expect(await jsonOf(response)).toEqual({ error: PREMIUM_ERRORS.agentNotFound });
  });
});

describe("the cards and the ledger by agent", () => {
  it("sums premiums, counts sales and averages the premium; Total Commissions leaves cancelled ones apart", async () => {
    const { actor } = await signedInAdmin();
    const seller = await premiumSeller("Cards", 100);
    const soldAt = new Date("2034-05-05T15:00:00Z");
    await recordPremiumSale(seller, { premiumCents: 1_000, soldAt });
    await recordPremiumSale(seller, { premiumCents: 2_001, soldAt });
    const cancelled = await recordPremiumSale(seller, { premiumCents: 3_000, soldAt });
    await Application.update({ commissionCancelledAt: new Date() }, { where: { id: cancelled.id } });
    const filter = {
      period: "custom" as const,
      startDate: "2034-05-05",
      endDate: "2034-05-05",
      agentId: seller.agent.id,
    };
    expect(await premiumFigures(actor, filter)).toEqual({
      totalSales: 3,
      totalPremiumCents: 6_001,
      // $60.01 / 3 = $20.0033... rounds to $20.00.
      averagePremiumCents: 2_000,
      totalCommissionCents: (1_000 + 2_001) * 9,
      cancelledSales: 1,
      cancelledCommissionCents: 3_000 * 9,
      // Every policy still submitted: none issued or decided (issued-figures.test.ts moves them).
      issuedSales: 0,
      issuedPremiumCents: 0,
      issuedCommissionCents: 0,
      decidedSales: 0,
      placementRate: null,
    });
    const empty = await premiumFigures(actor, { ...filter, startDate: "2034-05-06", endDate: "2034-05-06" });
    expect(empty).toMatchObject({ totalSales: 0, totalPremiumCents: 0, averagePremiumCents: 0 });
  });

  it("adds each agent's sales up as app/domain/ledger does: advanced, earned, unearned, charged back, balance", async () => {
    const { actor } = await signedInAdmin();
    const first = await premiumSeller("Ledger", 87.5);
    const second = await premiumSeller("Zed", 100);
    const soldAt = new Date("2034-07-07T15:00:00Z");
    const cases = [
      { seller: first, premiumCents: 101, statuses: ["paid", "paid", "paid", "paid", "paid"], cancel: false },
      { seller: first, premiumCents: 5_003, statuses: ["paid", "cancelled"], cancel: false },
      { seller: first, premiumCents: 777, statuses: ["paid", "paid"], cancel: true },
      { seller: first, premiumCents: 1_234, statuses: Array(9).fill("paid"), cancel: false },
      { seller: second, premiumCents: 2_500, statuses: ["paid"], cancel: false },
    ];
    for (const sold of cases) {
      const lead = await recordPremiumSale(sold.seller, { premiumCents: sold.premiumCents, soldAt });
      await setPaymentStatuses(lead.id, sold.statuses);
      if (sold.cancel) await Application.update({ commissionCancelledAt: new Date() }, { where: { id: lead.id } });
    }
    const expected = (seller: typeof first, comp: number) =>
      ledgerTotals(
        cases
          .filter((sold) => sold.seller === seller)
          .map((sold) =>
            saleLedger({
              commissionCents: firstYearCommissionCents(sold.premiumCents, comp),
              commissionCancelled: sold.cancel,
              paymentStatuses: [...sold.statuses, ...Array(9 - sold.statuses.length).fill("not_paid")],
            }),
          ),
      );
    const page = await listAgentLedgers(actor, {
      period: "custom",
      startDate: "2034-07-07",
      endDate: "2034-07-07",
      page: 1,
      pageSize: 10,
    });
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.agentName)).toEqual(["Ledger Seller", "Zed Seller"]);
    for (const [row, seller, comp, sales] of [
      [page.rows[0]!, first, 87.5, 4],
      [page.rows[1]!, second, 100, 1],
    ] as const) {
      const totals = expected(seller, comp);
      expect(row).toEqual({
        agentId: seller.agent.id,
        agentName: row.agentName,
        sales,
        advancedCents: totals.advancedCents,
        earnedCents: totals.earnedCents,
        unearnedCents: totals.unearnedCents,
        chargedBackCents: totals.chargedBackCents,
        balanceCents: totals.balanceCents,
      });
    }
    expect(page.rows[0]!.chargedBackCents).toBeGreaterThan(0);
    // A page of one agent: the second page holds the second agent.
    const second2 = await listAgentLedgers(actor, {
      period: "custom",
      startDate: "2034-07-07",
      endDate: "2034-07-07",
      page: 2,
      pageSize: 1,
    });
    expect(second2.rows.map((row) => row.agentId)).toEqual([second.agent.id]);
  });

  it("refuses an agent in every service (403)", async () => {
    const { actor } = await signedInAgent();
    const query = { period: "all" as const, page: 1, pageSize: 10 };
    await expect(listPremiums(actor, query)).rejects.toMatchObject({ status: 403 });
    await expect(premiumFigures(actor, query)).rejects.toMatchObject({ status: 403 });
    await expect(listAgentLedgers(actor, query)).rejects.toMatchObject({ status: 403 });
    await expect(agentFilterChoices(actor, { approvedOnly: true })).rejects.toMatchObject({ status: 403 });
  });

  it("offers the approved agents only in the agent filter", async () => {
    const { actor } = await signedInAdmin();
    const approved = await createAgent({ firstName: "Approved" });
    const paused = await createAgent({ firstName: "Paused", status: "paused" });
    const ids = (await agentFilterChoices(actor, { approvedOnly: true })).map((choice) => choice.id);
    expect(ids).toContain(approved.agent.id);
    expect(ids).not.toContain(paused.agent.id);
  });
});

describe("the page /admin/premiums", () => {
  it("sends an agent back to / and reads the filters from the URL for an admin", async () => {
    const agent = await signedInAgent();
    const refused = await callRoute(pageLoader, { path: "/admin/premiums", cookie: agent.cookie });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");

    const { cookie } = await signedInAdmin();
    const seller = await premiumSeller("Page");
    await recordPremiumSale(seller, { premiumCents: 7_700, soldAt: new Date("2035-08-08T15:00:00Z") });
    const response = await callRoute(pageLoader, {
      path: `/admin/premiums?${day("2035-08-08")}&agentId=${seller.agent.id}`,
      cookie,
    });
    const data = await jsonOf<{
      list: { total: number; rows: { leadName: string }[] };
      figures: { totalSales: number; totalPremiumCents: number };
      ledgers: { total: number };
      selection: { period: string };
      agentId: string;
    }>(response);
    expect(data.selection.period).toBe("custom");
    expect(data.agentId).toBe(seller.agent.id);
    expect(data.list.total).toBe(1);
    expect(data.figures).toMatchObject({ totalSales: 1, totalPremiumCents: 7_700 });
    expect(data.ledgers.total).toBe(1);
  });

  it("falls back to today for a range it cannot show, keeping the dates typed", async () => {
    const { cookie } = await signedInAdmin();
    const response = await callRoute(pageLoader, {
      path: "/admin/premiums?period=custom&startDate=2035-08-09&endDate=2035-08-01",
      cookie,
    });
    const data = await jsonOf<{ selection: { period: string; refused?: { endDate: string } } }>(response);
    expect(data.selection.period).toBe("today");
    expect(data.selection.refused?.endDate).toBe("2035-08-01");
  });
});
