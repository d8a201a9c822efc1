import { beforeAll, describe, expect, it, vi } from "vitest";
import { ActivityLog, Application, Carrier, LeadSource, isPostgres, sequelize } from "~db";
import { ADMIN_REPORT_MESSAGES } from "~/domain/admin-reports";
import { PERIOD_MESSAGES } from "~/domain/period-range";
import { PERSISTENCY_CSV_COLUMNS, type PersistencyGroup, type PersistencyReport } from "~/domain/persistency";
import type { PolicyStatus } from "~/domain/statuses";
import { action as adminExport } from "~/routes/admin+/persistency.export";
import { loader as adminPage } from "~/routes/admin+/persistency";
import { action as agentExport } from "~/routes/agent+/reports.persistency.export";
import { loader as agentReportsPage } from "~/routes/agent+/reports";
import { loader as adminApi } from "~/routes/api+/admin.reports.persistency";
import { loader as agentApi } from "~/routes/api+/agent.reports.persistency";
import { adminPersistency, agentPersistency, persistencyStatement } from "~/services/persistency.server";
import { updatePolicy } from "~/services/policy.server";
import { REPORT_EXPORTED } from "~/services/reports.server";
import { newPostingKey } from "~/services/posting-keys.server";
import { parseCsv } from "../support/csv";
import { postgresPlanSettingAside, sqlitePlan } from "../support/query-plans";
import { signedInAdmin } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { premiumSeller, recordPremiumSale, type PremiumSeller } from "../support/premiums-factories";

// Issue 26 item 3: persistency (docs/decisions/077). A cohort built by hand through the real sale
// and policy services, its history then dated in 1998 straight in the table, and every share below
// counted by hand from the timelines in `COHORT`. No other test issues a policy in 1998, so the
// agency-wide figures of that year are this file's alone.

const YEAR = { period: "custom", startDate: "1998-01-01", endDate: "1998-12-31" } as const;
const YEAR_QUERY = "period=custom&startDate=1998-01-01&endDate=1998-12-31";
const SOLD_AT = new Date("1997-12-02T15:00:00Z");
/** Rows recorded by this run (not yet dated back): the newest history row of a policy. */
const RECORDED_NOW = new Date("2020-01-01T00:00:00Z");

let numbers = 0;
const policyNumber = () => `PS-${process.pid}-${Date.now() % 1_000_000}-${++numbers}`;

/** Dates the policy's history rows this run just wrote (one at a time) at `at`. */
async function dateLastChange(applicationId: string, at: string) {
  await sequelize.query("UPDATE policy_status_changes SET created_at = ? WHERE application_id = ? AND created_at > ?", {
    replacements: [new Date(at), applicationId, RECORDED_NOW],
  });
}

type Timeline = { issued: string; carrier?: string; moves?: [PolicyStatus, string][]; source?: string };

/**
 * A sale of `seller` on 1997-12-02, issued on `issued` (recorded that day at 16:00 UTC), then each
 * move recorded at its instant: through recordPremiumSale and updatePolicy, then dated back.
 */
async function issuedPolicy(seller: PremiumSeller, timeline: Timeline) {
  const lead = await recordPremiumSale(seller, { premiumCents: 5_000, soldAt: SOLD_AT });
  await dateLastChange(lead.id, SOLD_AT.toISOString());
  if (timeline.carrier) {
    const carrier = (await Carrier.findOne({ where: { name: timeline.carrier }, attributes: ["id"], raw: true }))!;
    await Application.update({ carrierId: carrier.id }, { where: { id: lead.id } });
  }
  await updatePolicy(seller.actor, lead.id, {
    status: "issued",
    policyNumber: policyNumber(),
    issueDate: timeline.issued,
  });
  await dateLastChange(lead.id, `${timeline.issued}T16:00:00Z`);
  for (const [status, at] of timeline.moves ?? []) {
    await updatePolicy(seller.actor, lead.id, { status });
    await dateLastChange(lead.id, at);
  }
  if (timeline.source) await Application.update({ leadSourceId: timeline.source }, { where: { id: lead.id } });
  return lead;
}

/** The months' [in force, measurable] of a group, for comparing with a hand count. */
const counts = (group: PersistencyGroup | undefined) => group?.months.map((m) => [m.inForce, m.measurable]);
const rates = (group: PersistencyGroup | undefined) => group?.months.map((m) => m.rate);
const named = (groups: PersistencyGroup[] | null, name: string) => groups?.find((g) => g.name === name);

let ann: PremiumSeller;
let ben: PremiumSeller;
let source: LeadSource;

beforeAll(async () => {
  ann = await premiumSeller("Ann", 100, "Golden Plan");
  ben = await premiumSeller("Ben", 100, "Silver Plan");
  const key = newPostingKey();
  source = await LeadSource.create({
    name: `Persistency Vendor ${Math.random().toString(36).slice(2, 8)}`,
    costPerLeadCents: 2_500,
    returnWindowHours: 72,
    defaultCarrierId: null,
    postingKeyHash: key.hash,
    postingKeyLast4: key.last4,
    keyRotatedAt: null,
  });
  // Months read at midnight UTC starting issue date + 3, 6 and 9 months (decision 077).
  // A1: in force throughout.                                        M3 yes  M6 yes  M9 yes
  await issuedPolicy(ann, { issued: "1998-01-15", source: source.id });
  // A2: lapsed on Jun 1 (month 3 is May 10, month 6 Aug 10).        M3 yes  M6 no   M9 no
  await issuedPolicy(ann, { issued: "1998-02-10", source: source.id, moves: [["lapsed", "1998-06-01T15:00:00Z"]] });
  // A3: issued Mar 31, so month 3 is Jun 30 (April to June has no 31st): lapse pending on Jun 10
  // is still in force; lapsed at noon on Jun 30 comes after; reinstated on Aug 1.
  //                                                                  M3 yes  M6 yes  M9 yes
  await issuedPolicy(ann, {
    issued: "1998-03-31",
    carrier: "Mutual of Omaha",
    moves: [
      ["lapse_pending", "1998-06-10T15:00:00Z"],
      ["lapsed", "1998-06-30T12:00:00Z"],
      ["reinstated", "1998-08-01T15:00:00Z"],
    ],
  });
  // A4: lapsed Mar 1, reinstated Sep 1 (months Apr 20, Jul 20, Oct 20). M3 no   M6 no   M9 yes
  await issuedPolicy(ann, {
    issued: "1998-01-20",
    carrier: "Mutual of Omaha",
    moves: [
      ["lapsed", "1998-03-01T15:00:00Z"],
      ["reinstated", "1998-09-01T15:00:00Z"],
    ],
  });
  // A5: issued in 2004, outside the year.
  await issuedPolicy(ann, { issued: "2004-01-10" });
  // B1: cancelled Dec 1 (months Jul 5, Oct 5, Jan 5 2004).           M3 yes  M6 yes  M9 no
  await issuedPolicy(ben, { issued: "1998-04-05", moves: [["cancelled", "1998-12-01T15:00:00Z"]] });
  // B2: in force throughout.                                         M3 yes  M6 yes  M9 yes
  await issuedPolicy(ben, { issued: "1998-05-05" });
  // B3: not taken at delivery: never in the cohort.
  await issuedPolicy(ben, { issued: "1998-06-01", moves: [["not_taken", "1998-06-20T15:00:00Z"]] });
});

describe("persistency by hand", () => {
  it("counts the year's cohort by agent, carrier, product and source as the timelines say", async () => {
    const { actor } = await signedInAdmin();
    const report = await adminPersistency(actor, YEAR);
    expect(report.range).toEqual({ period: "custom", issuedFrom: "1998-01-01", issuedTo: "1998-12-31" });
    // Six policies: A1-A4, B1, B2 (A5 is 2004's, B3 was not taken).
    expect(report.total.policies).toBe(6);
    expect(counts(report.total)).toEqual([
      [5, 6],
      [4, 6],
      [4, 6],
    ]);
    expect(rates(report.total)).toEqual([83.3, 66.7, 66.7]);

    const annRow = report.byAgent!.find((g) => g.key === ann.agent.id);
    const benRow = report.byAgent!.find((g) => g.key === ben.agent.id);
    expect(annRow).toMatchObject({ name: "Ann Seller", policies: 4 });
    expect(counts(annRow)).toEqual([
      [3, 4],
      [2, 4],
      [3, 4],
    ]);
    expect(rates(annRow)).toEqual([75, 50, 75]);
    expect(benRow).toMatchObject({ name: "Ben Seller", policies: 2 });
    expect(rates(benRow)).toEqual([100, 100, 50]);
    // The larger book first.
    expect(report.byAgent!.map((g) => g.key)).toEqual([ann.agent.id, ben.agent.id]);

    const aetna = named(report.byCarrier, "Aetna");
    const omaha = named(report.byCarrier, "Mutual of Omaha");
    expect(aetna?.policies).toBe(4);
    expect(counts(aetna)).toEqual([
      [4, 4],
      [3, 4],
      [2, 4],
    ]);
    expect(omaha?.policies).toBe(2);
    expect(rates(omaha)).toEqual([50, 50, 100]);

    // Products are the names as sold.
    expect(report.byProduct.map((g) => [g.name, g.policies])).toEqual([
      ["Golden Plan", 4],
      ["Silver Plan", 2],
    ]);
    expect(rates(named(report.byProduct, "Golden Plan"))).toEqual([75, 50, 75]);

    // A lead source exists, so the breakdown by source is there; the leads without one last.
    expect(report.bySource!.map((g) => [g.name, g.policies])).toEqual([
      [source.name, 2],
      ["Direct / web form", 4],
    ]);
    expect(rates(named(report.bySource, source.name))).toEqual([100, 50, 50]);
    expect(rates(named(report.bySource, "Direct / web form"))).toEqual([75, 75, 75]);
  });

  it("shows no breakdown by lead source while the agency has no lead source", async () => {
    const { actor } = await signedInAdmin();
    // The shared test database always holds some source: its look-up answers none here.
    const query = sequelize.query.bind(sequelize);
    const probe = vi
      .spyOn(sequelize, "query")
      .mockImplementation(((text: unknown, options: unknown) =>
        typeof text === "string" && text.includes("FROM lead_sources s LIMIT 1")
          ? Promise.resolve([])
          : query(text as string, options as never)) as typeof sequelize.query);
    try {
      const report = await adminPersistency(actor, YEAR);
      expect(report.bySource).toBeNull();
      expect(report.total.policies).toBe(6);
    } finally {
      probe.mockRestore();
    }
  });

  it("leaves a month not arrived yet out of its share: n of N measurable, no share when none", async () => {
    const { actor } = await signedInAdmin();
    // On Oct 1, 1998: months 3 have all arrived; months 6 only for the policies issued by Apr 1
    // (A1, A2, A3 whose month 6 is Sep 30, A4); no month 9.
    const report = await adminPersistency(actor, YEAR, new Date("1998-10-01T00:00:00Z"));
    expect(report.total.policies).toBe(6);
    expect(counts(report.total)).toEqual([
      [5, 6],
      [2, 4],
      [0, 0],
    ]);
    expect(rates(report.total)).toEqual([83.3, 50, null]);
    const benRow = report.byAgent!.find((g) => g.key === ben.agent.id);
    expect(counts(benRow)).toEqual([
      [2, 2],
      [0, 0],
      [0, 0],
    ]);
    expect(rates(benRow)).toEqual([100, null, null]);
    // A month arrives at its midnight UTC: Sep 30 00:00 counts A3's month 6, a moment before does not.
    const before = await adminPersistency(actor, YEAR, new Date("1998-09-29T23:59:59Z"));
    expect(before.total.months[1]).toMatchObject({ measurable: 3 });
  });

  it("reads a policy whose issue was recorded after a month as in force then (its issue date is before)", async () => {
    const late = await premiumSeller("Late", 100, "Late Plan");
    // Issued in 2004, so the year 1998 stays the cohort's above.
    const lead = await issuedPolicy(late, { issued: "2004-01-10" });
    // The issue recorded only on May 20, after month 3 (Apr 10): until then its history said submitted.
    await sequelize.query(
      "UPDATE policy_status_changes SET created_at = ? WHERE application_id = ? AND to_status = ?",
      {
        replacements: [new Date("2004-05-20T15:00:00Z"), lead.id, "issued"],
      },
    );
    const { actor } = await signedInAdmin();
    const report = await adminPersistency(actor, { agentId: late.agent.id });
    expect(rates(report.total)).toEqual([100, 100, 100]);
  });

  it("an agent reads only their own policies, the admin's figures for that agent", async () => {
    const mine = await agentPersistency(ann.actor, YEAR);
    expect(mine.byAgent).toBeNull();
    expect(mine.total.policies).toBe(4);
    expect(rates(mine.total)).toEqual([75, 50, 75]);
    expect(mine.byCarrier.map((g) => [g.name, g.policies])).toEqual([
      ["Aetna", 2],
      ["Mutual of Omaha", 2],
    ]);
    const { actor } = await signedInAdmin();
    const filtered = await adminPersistency(actor, { ...YEAR, agentId: ann.agent.id });
    expect(filtered.byAgent).toBeNull();
    expect(filtered.total).toEqual(mine.total);
    expect(filtered.byCarrier).toEqual(mine.byCarrier);
    // Every issue date: A5 of 2004 joins Ann's book; Ben's never does.
    const allTime = await agentPersistency(ann.actor, {});
    expect(allTime.total.policies).toBe(5);
    const theirs = await agentPersistency(ben.actor, YEAR);
    expect(theirs.total.policies).toBe(2);
  });
});

describe("GET /api/admin/reports/persistency and /api/agent/reports/persistency", () => {
  it("answers the admin's report as JSON, of one agent when asked", async () => {
    const { cookie } = await signedInAdmin();
    const response = await callRoute(adminApi, { path: `/api/admin/reports/persistency?${YEAR_QUERY}`, cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const report = await jsonOf<PersistencyReport>(response);
    expect(report.total).toEqual({
      key: null,
      name: "All policies",
      policies: 6,
      months: [
        { month: 3, measurable: 6, inForce: 5, rate: 83.3 },
        { month: 6, measurable: 6, inForce: 4, rate: 66.7 },
        { month: 9, measurable: 6, inForce: 4, rate: 66.7 },
      ],
    });
    expect(report.byAgent?.map((g) => g.key)).toEqual([ann.agent.id, ben.agent.id]);
    // Dates alone are a custom range.
    const dated = await jsonOf<PersistencyReport>(
      await callRoute(adminApi, {
        path: `/api/admin/reports/persistency?startDate=1998-01-01&endDate=1998-12-31&agentId=${ben.agent.id}`,
        cookie,
      }),
    );
    expect(dated.range.period).toBe("custom");
    expect(dated.byAgent).toBeNull();
    expect(dated.total.policies).toBe(2);
    expect(rates(dated.total)).toEqual([100, 100, 50]);
  });

  it("answers an agent their own policies, whatever agent id they send", async () => {
    const response = await callRoute(agentApi, {
      path: `/api/agent/reports/persistency?${YEAR_QUERY}&agentId=${ann.agent.id}`,
      cookie: ben.cookie,
    });
    expect(response.status).toBe(200);
    const report = await jsonOf<PersistencyReport>(response);
    expect(report.byAgent).toBeNull();
    expect(report.total.policies).toBe(2);
    expect(report.byCarrier.map((g) => g.name)).toEqual(["Aetna"]);
  });

  it("refuses bad parameters with a 400 at the field, and the other role with a 403", async () => {
    const { cookie } = await signedInAdmin();
    const ask = async (query: string, route = adminApi, as = cookie) => {
      const response = await callRoute(route, { path: `/api/admin/reports/persistency?${query}`, cookie: as });
      return {
        status: response.status,
        body: await jsonOf<{ error: string; fieldErrors?: Record<string, string[]> }>(response),
      };
    };
    expect((await ask("period=sometime")).status).toBe(400);
    expect((await ask("period=sometime")).body.fieldErrors?.period).toBeDefined();
    expect((await ask("period=custom&startDate=1998-01-01")).body.fieldErrors).toEqual({
      endDate: [PERIOD_MESSAGES.bothDates],
    });
    expect((await ask("period=custom&startDate=1998-12-31&endDate=1998-01-01")).body.fieldErrors).toEqual({
      endDate: [PERIOD_MESSAGES.reversed],
    });
    expect((await ask("startDate=1998-02-30&endDate=1998-03-01")).body.fieldErrors).toEqual({
      startDate: [PERIOD_MESSAGES.noSuchDate],
    });
    expect((await ask("agentId=nobody")).body).toEqual({
      error: ADMIN_REPORT_MESSAGES.unknownAgent,
      fieldErrors: { agentId: [ADMIN_REPORT_MESSAGES.unknownAgent] },
    });
    const unknown = await ask("agentId=00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ agentId: [ADMIN_REPORT_MESSAGES.unknownAgent] });
    expect((await ask("period=custom", agentApi, ann.cookie)).status).toBe(400);
    expect((await ask(YEAR_QUERY, adminApi, ann.cookie)).status).toBe(403);
    expect((await ask(YEAR_QUERY, agentApi, cookie)).status).toBe(403);
  });
});

describe("the CSV export and the pages", () => {
  it("exports the admin's report: its columns, the total, each breakdown's rows, recorded as an export", async () => {
    const { admin, cookie } = await signedInAdmin();
    const response = await callRoute(adminExport, {
      method: "POST",
      path: `/admin/persistency/export?${YEAR_QUERY}`,
      cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="persistency-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual([...PERSISTENCY_CSV_COLUMNS]);
    expect(header).toEqual([
      "Breakdown",
      "Name",
      "Policies Issued",
      "Month 3 Measurable",
      "Month 3 In Force",
      "Month 3 Persistency (%)",
      "Month 6 Measurable",
      "Month 6 In Force",
      "Month 6 Persistency (%)",
      "Month 9 Measurable",
      "Month 9 In Force",
      "Month 9 Persistency (%)",
    ]);
    expect(rows).toEqual([
      ["Total", "All policies", "6", "6", "5", "83.3", "6", "4", "66.7", "6", "4", "66.7"],
      ["Agent", "Ann Seller", "4", "4", "3", "75.0", "4", "2", "50.0", "4", "3", "75.0"],
      ["Agent", "Ben Seller", "2", "2", "2", "100.0", "2", "2", "100.0", "2", "1", "50.0"],
      ["Carrier", "Aetna", "4", "4", "4", "100.0", "4", "3", "75.0", "4", "2", "50.0"],
      ["Carrier", "Mutual of Omaha", "2", "2", "1", "50.0", "2", "1", "50.0", "2", "2", "100.0"],
      ["Product", "Golden Plan", "4", "4", "3", "75.0", "4", "2", "50.0", "4", "3", "75.0"],
      ["Product", "Silver Plan", "2", "2", "2", "100.0", "2", "2", "100.0", "2", "1", "50.0"],
      ["Lead Source", source.name, "2", "2", "2", "100.0", "2", "1", "50.0", "2", "1", "50.0"],
      ["Lead Source", "Direct / web form", "4", "4", "3", "75.0", "4", "3", "75.0", "4", "3", "75.0"],
    ]);
    const logged = await ActivityLog.findAll({ where: { userId: admin.id, action: REPORT_EXPORTED }, raw: true });
    expect(logged.map((entry) => entry.summary)).toEqual([
      "Ada Admin exported the Persistency report (policies issued Jan 1, 1998 to Dec 31, 1998)",
    ]);
  });

  it("exports an agent's own policies, an empty share where no month is measurable yet", async () => {
    const response = await callRoute(agentExport, {
      method: "POST",
      path: `/agent/reports/persistency/export?${YEAR_QUERY}`,
      cookie: ben.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="my-persistency-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(await response.text()).slice(1);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ["Total", "All policies", "2"],
      ["Carrier", "Aetna", "2"],
      ["Product", "Silver Plan", "2"],
      ["Lead Source", "Direct / web form", "2"],
    ]);
    // A fresh agent's policy issued yesterday: nothing is measurable, every share is empty.
    const fresh = await premiumSeller("Fresh", 100, "Fresh Plan");
    const lead = await recordPremiumSale(fresh, { premiumCents: 5_000, soldAt: new Date(Date.now() - 3 * 86_400_000) });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await updatePolicy(fresh.actor, lead.id, { status: "issued", policyNumber: policyNumber(), issueDate: yesterday });
    const json = await jsonOf<PersistencyReport>(
      await callRoute(agentApi, { path: "/api/agent/reports/persistency", cookie: fresh.cookie }),
    );
    expect(json.total).toMatchObject({ policies: 1 });
    expect(counts(json.total)).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(rates(json.total)).toEqual([null, null, null]);
    const file = await callRoute(agentExport, {
      method: "POST",
      path: "/agent/reports/persistency/export",
      cookie: fresh.cookie,
    });
    expect(parseCsv(await file.text())[1]).toEqual([
      "Total",
      "All policies",
      "1",
      "0",
      "0",
      "",
      "0",
      "0",
      "",
      "0",
      "0",
      "",
    ]);
  });

  it("sends a refused choice back to the page instead of a file", async () => {
    const { cookie } = await signedInAdmin();
    const bad = await callRoute(adminExport, {
      method: "POST",
      path: "/admin/persistency/export?period=custom",
      cookie,
    });
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/admin/persistency?period=custom");
    const agent = await callRoute(agentExport, {
      method: "POST",
      path: "/agent/reports/persistency/export?period=custom",
      cookie: ann.cookie,
    });
    expect(agent.headers.get("Location")).toBe("/agent/reports?period=custom&tab=persistency");
  });

  it("the admin's page and the agent's Persistency tab read the URL's period, agent and chart", async () => {
    const { cookie } = await signedInAdmin();
    const page = await jsonOf<{
      report: PersistencyReport;
      chart: { bars: { value: string; caption: string; height: number }[] };
      agentError: string | null;
      exportAction: string;
    }>(await callRoute(adminPage, { path: `/admin/persistency?${YEAR_QUERY}&agentId=${ann.agent.id}`, cookie }));
    expect(page.report.total.policies).toBe(4);
    expect(page.chart.bars.map((bar) => [bar.value, bar.caption])).toEqual([
      ["75.0%", "3 of 4 in force"],
      ["50.0%", "2 of 4 in force"],
      ["75.0%", "3 of 4 in force"],
    ]);
    expect(page.exportAction).toBe(`/admin/persistency/export?${YEAR_QUERY}&agentId=${ann.agent.id}`);
    // An agent id that names no agent is said at the filter, with no figures.
    const unknown = await jsonOf<{ report: null; agentError: string }>(
      await callRoute(adminPage, { path: "/admin/persistency?agentId=00000000-0000-4000-8000-000000000000", cookie }),
    );
    expect(unknown).toMatchObject({ report: null, agentError: ADMIN_REPORT_MESSAGES.unknownAgent });
    // A refused custom range comes back as typed, the figures being All Time's.
    const refused = await jsonOf<{
      selection: { period: string; refused?: { endDate: string } };
      report: PersistencyReport;
    }>(await callRoute(adminPage, { path: "/admin/persistency?period=custom&startDate=1998-05-01", cookie }));
    expect(refused.selection).toMatchObject({ period: "all", refused: { endDate: "" } });
    expect(refused.report.range).toMatchObject({ issuedFrom: null, issuedTo: null });

    const tab = await jsonOf<{ tab: string; persistency: { report: PersistencyReport } }>(
      await callRoute(agentReportsPage, { path: `/agent/reports?tab=persistency&${YEAR_QUERY}`, cookie: ann.cookie }),
    );
    expect(tab.tab).toBe("persistency");
    expect(tab.persistency.report.total.policies).toBe(4);
    expect(tab.persistency.report.byAgent).toBeNull();
  });
});

describe("the indexes behind the statement (no index of its own: decision 077)", () => {
  it("reads the cohort from (policy_status, policy_issue_date) and each month's status from the history's (application_id, created_at)", async () => {
    const statement = persistencyStatement(
      { issuedFrom: "1998-01-01", issuedTo: "1998-12-31", agentId: null },
      ["agent", "carrier", "product", "source"],
      new Date(),
    );
    let plan: string;
    if (isPostgres) {
      // Postgres plans the tiny test tables by cost alone: with sequential scans off and the lead
      // table's other indexes set aside (in a transaction rolled back), the plan shows that these
      // two indexes answer the statement.
      plan = await postgresPlanSettingAside(
        statement,
        undefined,
        "tablename = 'applications' AND indexname <> 'applications_policy_status_issue' AND indexdef NOT LIKE 'CREATE UNIQUE%'",
      );
    } else {
      await sequelize.query("ANALYZE applications");
      await sequelize.query("ANALYZE policy_status_changes");
      plan = await sqlitePlan(statement);
    }
    expect(plan).toContain("applications_policy_status_issue");
    expect(plan).toContain("policy_status_changes_lead_created");
    // The latest change at or before the month is the index range's last entry: no sort.
    if (!isPostgres) expect(plan).not.toMatch(/policy_status_changes_lead_created[^\n]*\nUSE TEMP B-TREE/);
  });
});
