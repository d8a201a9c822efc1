import { beforeAll, describe, expect, it } from "vitest";
import { ActivityLog, Application, CallAttempt, LeadDuplicate, LeadReturn, LeadSource, PaymentTracking } from "~db";
import { LEAD_SOURCE_CSV_COLUMNS, sortLeadSourceRows, type LeadSourceRow } from "~/domain/lead-source-report";
import { ADMIN_REPORT_MESSAGES } from "~/domain/admin-reports";
import { PERIOD_MESSAGES } from "~/domain/period-range";
import { LEAD_SOURCE_REPORT_MESSAGES } from "~/domain/schemas/lead-source-report";
import { loader as pageLoader } from "~/routes/admin+/reports";
import { action as exportAction } from "~/routes/admin+/reports.export";
import { loader as agentPageLoader } from "~/routes/agent+/reports";
import { loader as adminApi } from "~/routes/api+/admin.reports.lead-sources";
import { loader as agentApi } from "~/routes/api+/agent.reports.lead-sources";
import { REPORT_EXPORTED } from "~/services/reports.server";
import { newPostingKey } from "~/services/posting-keys.server";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { parseCsv } from "../support/csv";

// Issue 24 item 7: cost per sale by lead source, through the admin's API, the Reports page's tab,
// its CSV export and the agent's API and tab, on whichever database TEST_DATABASE_URL selects.
// The report covers the whole agency, so the scene keeps to 2011, a year no other test file
// writes leads or duplicates in. Every expected figure is worked out by hand in the comments.

type Row = {
  id: string | null;
  name: string;
  status: string | null;
  listedCostPerLead: number | null;
  leadsReceived: number;
  duplicates: number | null;
  billableLeads: number;
  returns: number;
  returnRate: number | null;
  leadsContacted: number;
  contactRate: number | null;
  sales: number;
  closeRate: number | null;
  firstYearCommission: number;
  chargebacks: number;
  spend: number;
  costPerLead: number | null;
  costPerSale: number | null;
  costPerSalePercentOfCommission: number | null;
};
type Report = {
  sources: Row[];
  total: Row;
  months: { month: string; spend: number; firstYearCommission: number }[];
  range: { dateFrom: string; dateTo: string };
  sort: string;
  dir: string;
};
type ApiError = { error: string; fieldErrors?: Record<string, string[]> };

/** The admin's and agents' calendar: New York, so 2011-03-10 at noon is 17:00 UTC. */
const ny = (day: string, time = "12:00") => new Date(`${day}T${time}:00-05:00`);
const RANGE = "dateFrom=2011-01-01&dateTo=2011-06-30";

let sourceCount = 0;
async function createSource(name: string, costPerLeadCents: number) {
  const key = newPostingKey();
  sourceCount += 1;
  return LeadSource.create({
    name: `${name} ${sourceCount}${Math.random().toString(36).slice(2, 8)}`,
    costPerLeadCents,
    returnWindowHours: 72,
    defaultCarrierId: null,
    postingKeyHash: key.hash,
    postingKeyLast4: key.last4,
    keyRotatedAt: null,
  });
}

type LeadSpec = {
  day: string;
  sourceId?: string | null;
  status?: string;
  commissionCents?: number;
  cancelled?: boolean;
  paidMonths?: number;
  returned?: "approved" | "pending" | "denied";
};

async function lead(agentId: string | null, spec: LeadSpec) {
  const createdAt = ny(spec.day);
  const row = await createLead(agentId, { firstName: "Sam", status: spec.status ?? "pending", createdAt });
  const sold = spec.commissionCents !== undefined;
  await Application.update(
    {
      leadSourceId: spec.sourceId ?? null,
      billable: Boolean(spec.sourceId),
      returnedAt: spec.returned === "approved" ? ny(spec.day, "15:00") : null,
      ...(sold
        ? {
            soldAt: createdAt,
            soldProductName: "GL Preferred",
            soldCompPercentage: 100,
            calculatedCommissionCents: spec.commissionCents,
            commissionCancelledAt: spec.cancelled ? ny(spec.day, "18:00") : null,
          }
        : {}),
    },
    { where: { id: row.id } },
  );
  for (let month = 1; month <= (spec.paidMonths ?? 0); month++) {
    await PaymentTracking.create({
      applicationId: row.id,
      monthNumber: month,
      dueDate: `2011-0${month + 2}-10`,
      amountCents: 5000,
      status: "paid",
    });
  }
  if (spec.returned) {
    await LeadReturn.create({
      applicationId: row.id,
      agentId,
      reason: "disconnected_number",
      notes: null,
      status: spec.returned,
      decidedById: null,
      decisionNote: null,
      decidedAt: spec.returned === "pending" ? null : ny(spec.day, "15:00"),
    });
  }
  return row;
}

async function duplicate(sourceId: string, day: string) {
  return LeadDuplicate.create({
    leadSourceId: sourceId,
    duplicateOfId: null,
    externalId: null,
    firstName: "Dup",
    lastName: "Licate",
    phoneE164: "+13055550100",
    emailNormalized: null,
    state: "FL",
    matchedOn: "phone",
    createdAt: ny(day),
  });
}

let scene: Awaited<ReturnType<typeof makeScene>>;

async function makeScene() {
  const admin = await signedInAdmin();
  const rita = await signedInAgent({ firstName: "Rita", lastName: "Buyer" });
  const otto = await signedInAgent({ firstName: "Otto", lastName: "Other" });
  const vendor = await createSource("Final Expense Direct", 10_000); // $100.00 a lead
  const idle = await createSource("Idle Vendor", 5_000); // no lead in the range: every rate divides by zero
  const r = rita.agent.id;
  // Rita's leads from the vendor, all received in March 2011, all billable:
  await lead(r, { day: "2011-03-01", sourceId: vendor.id }); // pending: not contacted
  await lead(r, { day: "2011-03-02", sourceId: vendor.id, status: "contacted" });
  // A sale of $900.00 whose commission was cancelled after 3 of 9 months paid: 900 - 900 x 3/9 = $600.00 charged back.
  await lead(r, {
    day: "2011-03-03",
    sourceId: vendor.id,
    status: "sale",
    commissionCents: 90_000,
    cancelled: true,
    paidMonths: 3,
  });
  await lead(r, { day: "2011-03-04", sourceId: vendor.id, status: "sale", commissionCents: 45_000 }); // $450.00, kept
  await lead(r, { day: "2011-03-05", sourceId: vendor.id, status: "declined", returned: "approved" }); // credited
  await lead(r, { day: "2011-03-06", sourceId: vendor.id, returned: "pending" }); // not credited, not contacted
  await lead(r, { day: "2011-03-07", sourceId: vendor.id, status: "callback", returned: "denied" }); // not credited
  // Otto's lead from the vendor (pending) and his web-form lead: the admin sees them, Rita does not.
  await lead(otto.agent.id, { day: "2011-03-08", sourceId: vendor.id });
  await lead(otto.agent.id, { day: "2011-04-02" });
  // Rita's web-form lead, sold in April for $200.00: no source, not billable.
  await lead(r, { day: "2011-04-01", status: "sale", commissionCents: 20_000 });
  await duplicate(vendor.id, "2011-03-09");
  // Outside the range: a sale in December 2010, a duplicate and a lead in July 2011.
  await lead(r, { day: "2010-12-20", sourceId: vendor.id, status: "sale", commissionCents: 99_000 });
  await lead(r, { day: "2011-07-01", sourceId: vendor.id, status: "contacted" });
  await duplicate(vendor.id, "2011-07-02");
  return { admin, rita, otto, vendor, idle };
}

beforeAll(async () => {
  scene = await makeScene();
});

const getAdmin = (query: string, cookie = scene.admin.cookie) =>
  callRoute(adminApi, { path: `/api/admin/reports/lead-sources?${query}`, cookie });
const getAgent = (query: string, cookie = scene.rita.cookie) =>
  callRoute(agentApi, { path: `/api/agent/reports/lead-sources?${query}`, cookie });
const byId = (report: Report, id: string | null) => report.sources.find((s) => s.id === id)!;

describe("GET /api/admin/reports/lead-sources", () => {
  it("gives every figure per source, for the leads received in the range", async () => {
    const response = await getAdmin(RANGE);
    expect(response.status).toBe(200);
    const report = await jsonOf<Report>(response);
    expect(report.range).toMatchObject({ dateFrom: "2011-01-01", dateTo: "2011-06-30" });
    // 8 leads (Rita's 7 and Otto's 1), 8 billable, 1 approved return (12.5% of 8), 5 contacted
    // (contacted, 2 sales, declined, callback), 2 sales (25.0% of 8), $900 + $450 commission, $600
    // charged back; spend = (8 billable - 1 returned) x $100 = $700; per lead 700 / 8 = $87.50, per
    // sale 700 / 2 = $350.00, 700 / 1,350 = 51.9% of commission.
    expect(byId(report, scene.vendor.id)).toEqual({
      id: scene.vendor.id,
      name: scene.vendor.name,
      status: "active",
      listedCostPerLead: 100,
      leadsReceived: 8,
      duplicates: 1,
      billableLeads: 8,
      returns: 1,
      returnRate: 12.5,
      leadsContacted: 5,
      // No call in the scene reached anyone (the contact rate's own test is below).
      contactRate: 0,
      sales: 2,
      closeRate: 25,
      firstYearCommission: 1350,
      chargebacks: 600,
      spend: 700,
      costPerLead: 87.5,
      costPerSale: 350,
      costPerSalePercentOfCommission: 51.9,
    });
  });

  it("shows the leads without a source as Direct / web form, and a source without leads with no rate", async () => {
    const report = await jsonOf<Report>(await getAdmin(RANGE));
    // Rita's sold web-form lead and Otto's pending one: nothing billed, so every cost is $0.00.
    expect(byId(report, null)).toMatchObject({
      name: "Direct / web form",
      leadsReceived: 2,
      duplicates: 0,
      billableLeads: 0,
      returns: 0,
      returnRate: null,
      leadsContacted: 1,
      sales: 1,
      closeRate: 50,
      firstYearCommission: 200,
      chargebacks: 0,
      spend: 0,
      costPerLead: 0,
      costPerSale: 0,
      costPerSalePercentOfCommission: 0,
    });
    // Division by zero is null (the page's "—"), never NaN or Infinity.
    expect(byId(report, scene.idle.id)).toMatchObject({
      leadsReceived: 0,
      returnRate: null,
      closeRate: null,
      spend: 0,
      costPerLead: null,
      costPerSale: null,
      costPerSalePercentOfCommission: null,
    });
  });

  it("totals every row, with the rates worked out from the sums, and splits spend and commission by month", async () => {
    const report = await jsonOf<Report>(await getAdmin(RANGE));
    // 10 leads, 1 duplicate, 8 billable, 1 return (12.5%), 6 contacted, 3 sales (30.0%), $1,550
    // commission, $600 charged back, $700 spend: $70.00 a lead, $233.33 a sale, 45.2%.
    expect(report.total).toMatchObject({
      id: null,
      name: "Total",
      leadsReceived: 10,
      duplicates: 1,
      billableLeads: 8,
      returns: 1,
      returnRate: 12.5,
      leadsContacted: 6,
      sales: 3,
      closeRate: 30,
      firstYearCommission: 1550,
      chargebacks: 600,
      spend: 700,
      costPerLead: 70,
      costPerSale: 233.33,
      costPerSalePercentOfCommission: 45.2,
    });
    expect(report.months.map((m) => m.month)).toEqual([
      "2011-01",
      "2011-02",
      "2011-03",
      "2011-04",
      "2011-05",
      "2011-06",
    ]);
    expect(report.months[2]).toEqual({ month: "2011-03", spend: 700, firstYearCommission: 1350 });
    expect(report.months[3]).toEqual({ month: "2011-04", spend: 0, firstYearCommission: 200 });
    expect(report.months[0]).toEqual({ month: "2011-01", spend: 0, firstYearCommission: 0 });
  });

  it("counts a lead by the day it was received: a range of one day holds that day's leads only", async () => {
    const report = await jsonOf<Report>(await getAdmin("dateFrom=2011-03-03&dateTo=2011-03-03"));
    expect(byId(report, scene.vendor.id)).toMatchObject({ leadsReceived: 1, sales: 1, chargebacks: 600, spend: 100 });
    expect(report.total.leadsReceived).toBe(1);
  });

  it("sorts by any column either way, the rows that cannot be worked out last", async () => {
    const bySpend = await jsonOf<Report>(await getAdmin(`${RANGE}&sort=spend&dir=desc`));
    expect(bySpend.sources[0]!.id).toBe(scene.vendor.id);
    const byCostPerSale = await jsonOf<Report>(await getAdmin(`${RANGE}&sort=costPerSale&dir=asc`));
    const ours = byCostPerSale.sources.filter((s) => [scene.vendor.id, scene.idle.id, null].includes(s.id));
    expect(ours.map((s) => s.costPerSale)).toEqual([0, 350, null]);
    const descending = await jsonOf<Report>(await getAdmin(`${RANGE}&sort=costPerSale&dir=desc`));
    const oursDown = descending.sources.filter((s) => [scene.vendor.id, scene.idle.id, null].includes(s.id));
    expect(oursDown.map((s) => s.costPerSale)).toEqual([350, 0, null]);
    const byName = await jsonOf<Report>(await getAdmin(`${RANGE}&sort=name`));
    expect(byName.dir).toBe("asc");
    // Its own three rows, in name order: other files' sources in the worker's database (the fuzz
    // corpus's among them) have names whose order is the collation's, not this test's to assert.
    const oursByName = byName.sources.filter((s) => [scene.vendor.id, scene.idle.id, null].includes(s.id));
    expect(oursByName.map((s) => s.name)).toEqual(["Direct / web form", scene.vendor.name, scene.idle.name]);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const bad = async (query: string, field: string, message: string) => {
      const response = await getAdmin(query);
      expect(response.status).toBe(400);
      const body = await jsonOf<ApiError>(response);
      expect(body.fieldErrors?.[field]).toContain(message);
    };
    await bad("dateFrom=2011-13-01", "dateFrom", PERIOD_MESSAGES.noSuchDate);
    await bad("dateTo=11/03/2011", "dateTo", ADMIN_REPORT_MESSAGES.dateFormat);
    await bad("dateFrom=2011-05-01&dateTo=2011-04-01", "dateTo", ADMIN_REPORT_MESSAGES.reversed);
    await bad("sort=profit", "sort", LEAD_SOURCE_REPORT_MESSAGES.unknownSort);
    await bad("dir=up", "dir", LEAD_SOURCE_REPORT_MESSAGES.unknownDirection);
    await bad("dateFrom=2000-01-01&dateTo=2011-01-01", "dateFrom", ADMIN_REPORT_MESSAGES.tooLong);
  });

  it("is for admins only", async () => {
    expect((await getAdmin(RANGE, scene.rita.cookie)).status).toBe(403);
    expect((await getAdmin(RANGE, "")).status).toBe(401);
    const post = await callRoute(adminApi, {
      method: "POST",
      path: "/api/admin/reports/lead-sources",
      cookie: scene.admin.cookie,
    });
    expect(post.status).toBe(405);
  });
});

describe("the contact rate (issue 25 item 5)", () => {
  /** A call attempt of the lead's, allowed, with its outcome (null: none set yet). */
  const call = (applicationId: string, userId: string, outcome: string | null, at: Date) =>
    CallAttempt.create({
      applicationId,
      userId,
      phoneE164: "+18135550000",
      allowed: true,
      reasons: "",
      ruleState: "FL",
      windowStart: "08:00",
      windowEnd: "20:00",
      maxCallsPer24h: 3,
      timeZone: "America/New_York",
      outcome,
      createdAt: at,
    });

  it("counts the leads of the range with a call whose outcome is Contacted, over the leads received", async () => {
    // September 2011, a month no other test of this file reads, from a source of its own.
    const source = await createSource("Call Center Leads", 2_000);
    const r = scene.rita.agent.id;
    const userId = scene.rita.user.id;
    // Reached after a missed call: counted once however many calls it had.
    const reached = await lead(r, { day: "2011-09-01", sourceId: source.id, status: "contacted" });
    await call(reached.id, userId, "no_answer", ny("2011-09-01", "13:00"));
    await call(reached.id, userId, "contacted", ny("2011-09-02", "13:00"));
    await call(reached.id, userId, "contacted", ny("2011-09-03", "13:00"));
    // Reached although its status is still Pending: the call log counts, not the status.
    const pending = await lead(r, { day: "2011-09-02", sourceId: source.id });
    await call(pending.id, userId, "contacted", ny("2011-09-02", "14:00"));
    // Voicemail, and a call with no outcome yet: not reached. A lead never called: not reached.
    const voicemail = await lead(r, { day: "2011-09-03", sourceId: source.id, status: "contacted" });
    await call(voicemail.id, userId, "voicemail", ny("2011-09-03", "14:00"));
    await call(voicemail.id, userId, null, ny("2011-09-04", "14:00"));
    await lead(r, { day: "2011-09-04", sourceId: source.id });
    // Received in October, reached: outside the range.
    const later = await lead(r, { day: "2011-10-01", sourceId: source.id });
    await call(later.id, userId, "contacted", ny("2011-10-01", "14:00"));

    const september = "dateFrom=2011-09-01&dateTo=2011-09-30";
    const report = await jsonOf<Report>(await getAdmin(september));
    // 2 of 4 leads reached: 50.0%; Leads Contacted (past Pending) is 2 as well, but other leads.
    expect(byId(report, source.id)).toMatchObject({ leadsReceived: 4, leadsContacted: 2, contactRate: 50 });
    expect(report.total).toMatchObject({ leadsReceived: 4, contactRate: 50 });
    // A source without a lead in the range has no rate; the agent's own report says the same.
    expect(byId(report, scene.idle.id).contactRate).toBeNull();
    const own = await jsonOf<Report>(await getAgent(september));
    expect(byId(own, source.id)).toMatchObject({ leadsReceived: 4, contactRate: 50 });
    expect(byId(await jsonOf<Report>(await getAgent(september, scene.otto.cookie)), source.id)).toBeUndefined();
    // Sorted by it, and a column of the tab.
    const sorted = await jsonOf<Report>(await getAdmin(`${september}&sort=contactRate&dir=desc`));
    expect(sorted.sources[0]!.id).toBe(source.id);
    expect(sorted.sort).toBe("contactRate");
  });
});

describe("the agent's own figures per source", () => {
  it("counts only the agent's own leads, without duplicates", async () => {
    const response = await getAgent(RANGE);
    expect(response.status).toBe(200);
    const report = await jsonOf<Report>(response);
    // Rita's 7 vendor leads: 1 approved return (14.3% of 7), 5 contacted, 2 sales (28.6%), $1,350
    // commission, $600 charged back, spend (7 - 1) x $100 = $600: $85.71 a lead, $300.00 a sale, 44.4%.
    expect(byId(report, scene.vendor.id)).toMatchObject({
      leadsReceived: 7,
      duplicates: null,
      billableLeads: 7,
      returns: 1,
      returnRate: 14.3,
      leadsContacted: 5,
      sales: 2,
      closeRate: 28.6,
      firstYearCommission: 1350,
      chargebacks: 600,
      spend: 600,
      costPerLead: 85.71,
      costPerSale: 300,
      costPerSalePercentOfCommission: 44.4,
    });
    // Her web-form sale; Otto's web-form lead is not hers. Only sources her leads came from.
    expect(byId(report, null)).toMatchObject({ leadsReceived: 1, sales: 1, closeRate: 100, spend: 0 });
    expect(report.sources.map((s) => s.id).sort()).toEqual([null, scene.vendor.id].sort());
    expect(report.total).toMatchObject({ leadsReceived: 8, duplicates: null, spend: 600, sales: 3 });
  });

  it("shows another agent only their own leads, and refuses admins and bad input", async () => {
    const otto = await jsonOf<Report>(await getAgent(RANGE, scene.otto.cookie));
    expect(byId(otto, scene.vendor.id)).toMatchObject({ leadsReceived: 1, sales: 0, spend: 100, costPerSale: null });
    expect(byId(otto, null)).toMatchObject({ leadsReceived: 1, sales: 0 });
    expect(otto.total.firstYearCommission).toBe(0);
    expect((await getAgent(RANGE, scene.admin.cookie)).status).toBe(403);
    const bad = await getAgent("dateTo=2011-02-30");
    expect(bad.status).toBe(400);
    expect((await jsonOf<ApiError>(bad)).fieldErrors?.dateTo).toHaveLength(1);
  });

  it("the agent's Reports page has the tab with the same rows", async () => {
    const response = await callRoute(agentPageLoader, {
      path: `/agent/reports?tab=lead-sources&${RANGE}&sort=sales&dir=desc`,
      cookie: scene.rita.cookie,
    });
    const data = await jsonOf<{ leadSources: { report: { rows: LeadSourceRow[] } } }>(response);
    expect(data.leadSources.report.rows.map((r) => [r.key, r.sales])).toEqual([
      [scene.vendor.id, 2],
      ["none", 1],
    ]);
  });
});

describe("the Reports page's Lead Sources tab and its export", () => {
  it("the tab reads the days and the sort from the URL, and shows a refused day at its field", async () => {
    const response = await callRoute(pageLoader, {
      path: `/admin/reports?tab=lead-sources&${RANGE}&sort=returns&dir=desc`,
      cookie: scene.admin.cookie,
    });
    const data = await jsonOf<{
      tab: string;
      leadSources: { report: { rows: LeadSourceRow[]; total: LeadSourceRow; sort: string; dir: string } };
    }>(response);
    expect(data.tab).toBe("lead-sources");
    expect(data.leadSources.report.sort).toBe("returns");
    expect(data.leadSources.report.rows[0]!.key).toBe(scene.vendor.id);
    expect(data.leadSources.report.total.spendCents).toBe(70_000);
    const refused = await callRoute(pageLoader, {
      path: `/admin/reports?tab=lead-sources&dateFrom=2011-05-01&dateTo=2011-04-01`,
      cookie: scene.admin.cookie,
    });
    const shown = await jsonOf<{ fieldErrors: Record<string, string[]>; leadSources: { report: null } }>(refused);
    expect(shown.fieldErrors.dateTo).toEqual([ADMIN_REPORT_MESSAGES.reversed]);
    expect(shown.leadSources.report).toBeNull();
  });

  it("exports the rows in the page's order, then the totals, and records the export", async () => {
    const response = await callRoute(exportAction, {
      method: "POST",
      path: `/admin/reports/export?tab=lead-sources&${RANGE}&sort=leads&dir=desc`,
      cookie: scene.admin.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/admin-report-lead-sources-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, ...records] = parseCsv(await response.text());
    expect(header).toEqual([...LEAD_SOURCE_CSV_COLUMNS]);
    expect(records[0]).toEqual([
      scene.vendor.name,
      "100.00",
      "8",
      "1",
      "1",
      "12.5",
      "5",
      "0",
      "2",
      "25",
      "1350.00",
      "600.00",
      "700.00",
      "87.50",
      "350.00",
      "51.9",
    ]);
    expect(records.at(-1)).toEqual([
      "Total",
      "",
      "10",
      "1",
      "1",
      "12.5",
      "6",
      "0",
      "3",
      "30",
      "1550.00",
      "600.00",
      "700.00",
      "70.00",
      "233.33",
      "45.2",
    ]);
    const idle = records.find((r) => r[0] === scene.idle.name)!;
    expect(idle.slice(13)).toEqual(["", "", ""]);
    const logged = await ActivityLog.findOne({
      where: { userId: scene.admin.admin.id, action: REPORT_EXPORTED },
      order: [["createdAt", "DESC"]],
    });
    expect(logged?.summary).toContain("Lead Sources report");
  });

  it("sorts rows with the figures that cannot be worked out last either way", () => {
    const row = (key: string, costPerSaleCents: number | null) =>
      ({ key, name: key, costPerSaleCents }) as LeadSourceRow;
    const rows = [row("a", null), row("b", 300), row("c", 100)];
    expect(sortLeadSourceRows(rows, "costPerSale", "asc").map((r) => r.key)).toEqual(["c", "b", "a"]);
    expect(sortLeadSourceRows(rows, "costPerSale", "desc").map((r) => r.key)).toEqual(["b", "c", "a"]);
  });
});
