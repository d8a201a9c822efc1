import { describe, expect, it } from "vitest";
import { Application, Carrier, LeadSource, isPostgres } from "~db";
import { todayIn } from "~/domain/periods";
import { loader as adminDashboardPage } from "~/routes/admin+/dashboard";
import { loader as premiumsPage } from "~/routes/admin+/premiums";
import { loader as agentCommissionsPage } from "~/routes/agent+/commissions";
import { loader as agentDashboardPage } from "~/routes/agent+/dashboard";
import { loader as adminDashboardApi } from "~/routes/api+/admin.dashboard";
import { loader as adminPremiumsApi } from "~/routes/api+/admin.premiums";
import { loader as agentCommissionsApi } from "~/routes/api+/agent.commissions";
import { loader as agentDashboardApi } from "~/routes/api+/agent.dashboard";
import { cancelCommission, commissionFigures } from "~/services/commissions.server";
import {
  EXPOSURE_NONE,
  agencyExposure,
  agentExposure,
  agentExposureSql,
  exposureBreakdownSql,
  type ExposureBreakdown,
} from "~/services/exposure.server";
import { updatePolicy } from "~/services/policy.server";
import { newPostingKey } from "~/services/posting-keys.server";
import { signedInAdmin } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import {
  premiumSeller,
  recordPremiumSale,
  setPaymentStatuses,
  type PremiumSeller,
} from "../support/premiums-factories";
import { postgresPlanSettingAside, sqlitePlan } from "../support/query-plans";

// Issue 26 item 4, chargeback exposure (decision 075): for every policy still inside its nine
// months, the advance not yet earned (the ledger's unearned: advance x (9 - months paid) / 9), for
// the agent on their dashboard and commissions page, and per agent, carrier and lead source on the
// admin dashboard and Premiums Management. One agent's eight sales at 100% (the advance is 9 x the
// monthly premium), worked out by hand:
//
//   sale  premium  advance  what happened                                   exposure
//   S1    $100     $900     nothing paid                                    $900
//   S2    $50      $450     3 months paid; carrier Americo                  $450 x 6/9 = $300
//   S3    $30      $270     all 9 months paid (the schedule is finished)    none
//   S4    $40      $360     declined (months cancelled, charged back)       none
//   S5    $20      $180     commission cancelled                            none
//   S6    $70      $630     issued, 2 months paid, lapsed, then reinstated  $630 x 7/9 = $490
//   S7    $10      $90      1 month paid; from a lead source                $90 x 8/9 = $80
//   S8    $33.33   $299.97  1 month paid, then lapsed                       none
//
// Exposure: $900 + $300 + $490 + $80 = $1,770.00 on 4 policies; by carrier Aetna $1,470.00 (3),
// Americo $300.00 (1); by source the vendor $80.00 (1), the public form $1,690.00 (3).

const HAND = { totalCents: 177_000, policies: 4 } as const;

let numbers = 0;
const policyNumber = () => `EXP-${process.pid}-${Date.now() % 1_000_000}-${++numbers}`;
const paid = (months: number) => Array.from({ length: months }, () => "paid");

async function vendor() {
  const key = newPostingKey();
  return LeadSource.create({
    name: `Exposure Vendor ${key.last4}${Math.random().toString(36).slice(2, 8)}`,
    costPerLeadCents: 2_500,
    returnWindowHours: 72,
    defaultCarrierId: null,
    postingKeyHash: key.hash,
    postingKeyLast4: key.last4,
    keyRotatedAt: null,
  });
}

/** The eight sales of the table above, sold a week ago. */
async function eightSales(seller: PremiumSeller) {
  const soldAt = new Date(Date.now() - 7 * 86_400_000);
  const sale = (cents: number, name: string) =>
    recordPremiumSale(seller, { premiumCents: cents, soldAt, firstName: "Exposed", lastName: name });
  // S1 is left as sold: nothing paid, its whole advance exposed.
  const [, s2, s3, s4, s5, s6, s7, s8] = [
    await sale(10_000, "S1"),
    await sale(5_000, "S2"),
    await sale(3_000, "S3"),
    await sale(4_000, "S4"),
    await sale(2_000, "S5"),
    await sale(7_000, "S6"),
    await sale(1_000, "S7"),
    await sale(3_333, "S8"),
  ].map((lead) => lead.id) as [string, string, string, string, string, string, string, string];
  const americo = (await Carrier.findOne({ where: { name: "Americo" }, attributes: ["id"], raw: true }))!;
  await Application.update({ carrierId: americo.id }, { where: { id: s2 } });
  await setPaymentStatuses(s2, paid(3));
  await setPaymentStatuses(s3, paid(9));
  await updatePolicy(seller.actor, s4, { status: "declined" });
  await cancelCommission(seller.actor, s5);
  const issue = (id: string) =>
    updatePolicy(seller.actor, id, {
      status: "issued",
      policyNumber: policyNumber(),
      issueDate: todayIn(seller.actor.timezone),
    });
  await issue(s6);
  await setPaymentStatuses(s6, paid(2));
  await updatePolicy(seller.actor, s6, { status: "lapsed" });
  await updatePolicy(seller.actor, s6, { status: "reinstated" });
  const source = await vendor();
  await Application.update({ leadSourceId: source.id }, { where: { id: s7 } });
  await setPaymentStatuses(s7, paid(1));
  await issue(s8);
  await setPaymentStatuses(s8, paid(1));
  await updatePolicy(seller.actor, s8, { status: "lapsed" });
  return { source };
}

const get = async <T>(handler: Parameters<typeof callRoute>[0], path: string, cookie: string) => {
  const response = await callRoute(handler, { path, cookie });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return jsonOf<T>(response);
};

describe("chargeback exposure, worked out by hand", () => {
  it("is the agent's own on their dashboard and commissions page and their APIs, the ledger's unearned", async () => {
    const seller = await premiumSeller("Exposure");
    await eightSales(seller);
    // Another agent's open sale is not this agent's exposure.
    const stranger = await premiumSeller("Elsewhere");
    await recordPremiumSale(stranger, { premiumCents: 9_900, soldAt: new Date() });

    expect(await agentExposure(seller.actor)).toEqual(HAND);
    // Every sale of all time: the ledger's unearned is the same advance (nothing else is unearned).
    expect((await commissionFigures(seller.actor, { period: "all" })).ledger.unearned).toBe(1_770);

    const json = { total: 1_770, policies: 4 };
    expect(
      (await get<{ exposure: unknown }>(agentDashboardApi, "/api/agent/dashboard", seller.cookie)).exposure,
    ).toEqual(json);
    expect(
      (await get<{ exposure: unknown }>(agentCommissionsApi, "/api/agent/commissions", seller.cookie)).exposure,
    ).toEqual(json);
    // Whatever period the page shows: the exposure is now.
    const today = todayIn(seller.actor.timezone);
    const period = `?period=custom&startDate=${today}&endDate=${today}`;
    for (const [loader, path] of [
      [agentDashboardPage, `/agent/dashboard${period}`],
      [agentCommissionsPage, `/agent/commissions${period}`],
    ] as const) {
      expect((await get<{ exposure: unknown }>(loader, path, seller.cookie)).exposure, path).toEqual(HAND);
    }
  });

  it("is per agent, carrier and lead source on Premiums Management, the admin dashboard and their APIs", async () => {
    const { actor: admin, cookie } = await signedInAdmin();
    const seller = await premiumSeller("Breakdown");
    const { source } = await eightSales(seller);
    const aetna = (await Carrier.findOne({ where: { name: "Aetna" }, attributes: ["id"], raw: true }))!;
    const americo = (await Carrier.findOne({ where: { name: "Americo" }, attributes: ["id"], raw: true }))!;

    const mine = await agencyExposure(admin, { agentId: seller.agent.id });
    expect(mine).toEqual({
      ...HAND,
      byAgent: { count: 1, rows: [{ id: seller.agent.id, name: "Breakdown Seller", ...HAND }] },
      byCarrier: {
        count: 2,
        rows: [
          { id: aetna.id, name: "Aetna", totalCents: 147_000, policies: 3 },
          { id: americo.id, name: "Americo", totalCents: 30_000, policies: 1 },
        ],
      },
      bySource: {
        count: 2,
        rows: [
          { id: null, name: EXPOSURE_NONE.source, totalCents: 169_000, policies: 3 },
          { id: source.id, name: source.name, totalCents: 8_000, policies: 1 },
        ],
      },
    } satisfies ExposureBreakdown);

    // The API in dollars, with each line's id named for what it is.
    const premiums = await get<{ exposure: Record<string, unknown> }>(
      adminPremiumsApi,
      `/api/admin/premiums?agentId=${seller.agent.id}`,
      cookie,
    );
    expect(premiums.exposure).toEqual({
      total: 1_770,
      policies: 4,
      byAgent: { count: 1, rows: [{ agentId: seller.agent.id, name: "Breakdown Seller", total: 1_770, policies: 4 }] },
      byCarrier: {
        count: 2,
        rows: [
          { carrierId: aetna.id, name: "Aetna", total: 1_470, policies: 3 },
          { carrierId: americo.id, name: "Americo", total: 300, policies: 1 },
        ],
      },
      bySource: {
        count: 2,
        rows: [
          { leadSourceId: null, name: "Public form / no source", total: 1_690, policies: 3 },
          { leadSourceId: source.id, name: source.name, total: 80, policies: 1 },
        ],
      },
    });
    const page = await get<{ exposure: unknown }>(premiumsPage, `/admin/premiums?agentId=${seller.agent.id}`, cookie);
    expect(page.exposure).toEqual(mine);

    // The whole agency (other tests' sales too): this agent's policies are in it, the lines add up.
    const agency = await agencyExposure(admin);
    expect(agency.totalCents).toBeGreaterThanOrEqual(HAND.totalCents);
    for (const groups of [agency.byAgent, agency.byCarrier, agency.bySource]) {
      expect(groups.rows.length).toBe(Math.min(groups.count, 10));
      const listed = groups.rows.reduce((sum, line) => sum + line.totalCents, 0);
      if (groups.count <= 10) expect(listed).toBe(agency.totalCents);
      else expect(listed).toBeLessThan(agency.totalCents);
      const sorted = groups.rows.map((line) => line.totalCents);
      expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    }
    const dashboard = await get<{ exposure: unknown }>(adminDashboardPage, "/admin/dashboard", cookie);
    expect(dashboard.exposure).toEqual(agency);
    const dashboardApi = await get<{ exposure: { total: number; policies: number } }>(
      adminDashboardApi,
      "/api/admin/dashboard",
      cookie,
    );
    expect(dashboardApi.exposure).toMatchObject({ total: agency.totalCents / 100, policies: agency.policies });
  });

  it("is refused to the wrong role: an admin has no own exposure, an agent no agency's", async () => {
    const { actor: admin } = await signedInAdmin();
    const seller = await premiumSeller("Refused");
    await expect(agentExposure(admin)).rejects.toMatchObject({ status: 403 });
    await expect(agencyExposure(seller.actor)).rejects.toMatchObject({ status: 403 });
  });
});

describe("the exposure's statements", () => {
  it("read the unpaid months and each sale's months through indexes, never a whole table", async () => {
    const agentId = "00000000-0000-4000-8000-000000000001";
    if (isPostgres) {
      // The index by status and due date set aside (the tiny test tables would take it for every
      // status): each sale's months are still read by (application_id, status), nothing in full.
      const setAside = "indexname = 'payment_trackings_status_due_date'";
      for (const statement of [exposureBreakdownSql(), agentExposureSql(agentId)]) {
        const plan = await postgresPlanSettingAside(statement, undefined, setAside);
        expect(plan).not.toMatch(/Seq Scan on (payment_trackings|applications)/);
        expect(plan).toContain("payment_trackings_application_status");
      }
    } else {
      for (const statement of [exposureBreakdownSql(), exposureBreakdownSql(agentId), agentExposureSql(agentId)]) {
        const plan = await sqlitePlan(statement);
        expect(plan).not.toMatch(/SCAN (t|a)\b(?! USING)/);
        expect(plan).toMatch(/USING (COVERING )?INDEX payment_trackings_application_status/);
      }
    }
  });
});
