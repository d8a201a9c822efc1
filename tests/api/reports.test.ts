import { describe, expect, it } from "vitest";
import { ActivityLog, Application, Carrier, isPostgres, sequelize } from "~db";
import { PERIOD_MESSAGES } from "~/domain/period-range";
import { todayIn } from "~/domain/periods";
import { REPORT_MESSAGES } from "~/domain/reports";
import { loader as apiLoader } from "~/routes/api+/agent.reports";
import { action as exportAction, loader as exportLoader } from "~/routes/agent+/reports.export";
import { loader as pageLoader } from "~/routes/agent+/reports";
import { REPORT_EXPORTED, agentReport, exportAgentReport } from "~/services/reports.server";
import { createLead, giveCarrier, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { parseCsv } from "../support/csv";

// The agent's report (issue 11 item 6) through its service, its page's loader, its CSV export and
// GET /api/agent/reports, on whichever database TEST_DATABASE_URL selects: each figure with and
// without filters, From and To as whole days of the agent's calendar, every refused filter at its
// field, the CSV's columns, rows, quoting, neutralised cells and file name, and that no other
// agent's lead ever appears.

type Metrics = {
  totalLeads: number;
  totalSales: number;
  conversionRate: number;
  totalRevenue: number;
  totalCommission: number;
  averagePremium: number;
  issuedSales: number;
  issuedRevenue: number;
  issuedCommission: number;
  decidedSales: number;
  placementRate: number | null;
};
type ApiRow = { id: string; firstName: string; lastName: string; status: string; carrier: { name: string } | null };
type PageData = {
  values: Record<string, string>;
  fieldErrors: Record<string, string[]> | null;
  carriers: { id: string; name: string }[];
  report: { metrics: Metrics; applications: { rows: ApiRow[]; total: number; page: number } } | null;
};

const carrier = async (name: string) => (await Carrier.findOne({ where: { name } }))!;

type LeadSpec = {
  firstName?: string;
  lastName?: string;
  status?: string;
  createdAt?: Date;
  premiumCents?: number;
  commissionCents?: number;
  cancelled?: boolean;
  carrierId?: string | null;
  /** A sale's policy (decision 074): its status and issue date; submitted when left out. */
  policy?: [status: string, issueDate: string | null];
};

/** A lead of the agent's, sold when its status is sale (commission, sale date, cancelled or not). */
async function lead(agentId: string, spec: LeadSpec = {}) {
  const row = await createLead(agentId, {
    firstName: spec.firstName ?? "Lena",
    lastName: spec.lastName ?? "Lead",
    status: spec.status ?? "pending",
    monthlyPremiumCents: spec.premiumCents ?? 5000,
    ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
  });
  const sold = spec.status === "sale";
  await row.update({
    carrierId: spec.carrierId ?? null,
    ...(sold
      ? {
          soldAt: spec.createdAt ?? new Date(),
          soldProductName: "Final Expense",
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
 * An agent in Los Angeles with seven leads: three sold ($100, $50 and a cancelled $30 a month;
 * commissions $900, $450 and $270 cancelled; the $100 and $30 policies issued, the $50 one
 * declined), two pending, a callback and a declined one; Aetna on the sales and one pending,
 * Americo on the callback; none for the rest. Another agent has a sale.
 */
async function bookOfLeads() {
  const me = await signedInAgent();
  await me.user.update({ timezone: "America/Los_Angeles" });
  const actor = { ...me.actor, timezone: "America/Los_Angeles" };
  const aetna = await carrier("Aetna");
  const americo = await carrier("Americo");
  const agentId = me.agent.id;
  const issued: LeadSpec["policy"] = ["issued", "2024-01-02"];
  await lead(agentId, { status: "sale", premiumCents: 10_000, carrierId: aetna.id, firstName: "Sol", policy: issued });
  await lead(agentId, {
    status: "sale",
    premiumCents: 5_000,
    carrierId: aetna.id,
    firstName: "Sam",
    policy: ["declined", null],
  });
  await lead(agentId, {
    status: "sale",
    premiumCents: 3_000,
    carrierId: aetna.id,
    cancelled: true,
    firstName: "Cy",
    policy: issued,
  });
  await lead(agentId, { status: "pending", carrierId: aetna.id, firstName: "Pam" });
  await lead(agentId, { status: "pending", firstName: "Pat" });
  await lead(agentId, { status: "callback", carrierId: americo.id, firstName: "Cal" });
  await lead(agentId, { status: "declined", firstName: "Dee" });
  const stranger = await signedInAgent();
  await lead(stranger.agent.id, { status: "sale", premiumCents: 99_900, carrierId: aetna.id, firstName: "Stranger" });
  return { ...me, actor, aetna, americo, stranger };
}

const report = (actor: Parameters<typeof agentReport>[0], filters: Partial<Parameters<typeof agentReport>[1]> = {}) =>
  agentReport(actor, { status: "all", ...filters }, { page: 1, pageSize: 100 });

const page = (query: string, cookie: string) => callRoute(pageLoader, { path: `/agent/reports${query}`, cookie });
const api = (query: string, cookie?: string) => callRoute(apiLoader, { path: `/api/agent/reports${query}`, cookie });
// Export CSV is a post (it writes the activity log; a GET never writes): the filters ride in the URL.
const exportCsv = (query: string, cookie?: string) =>
  callRoute(exportAction, { method: "POST", path: `/agent/reports/export${query}`, cookie });

describe("the report's figures", () => {
  it("counts the agent's own leads only: leads, sales, conversion, revenue, commission and average premium", async () => {
    const { actor } = await bookOfLeads();
    const { metrics, applications } = await report(actor);
    expect(metrics).toEqual({
      totalLeads: 7,
      totalSales: 3,
      conversionRate: 42.9,
      // The monthly premiums of the three sales; the cancelled commission is left out.
      totalRevenue: 180,
      totalCommission: 1350,
      averagePremium: 60,
      // Issued: Sol's $100 and Cy's $30 (its commission cancelled); decided: those and Sam's declined.
      issuedSales: 2,
      issuedRevenue: 130,
      issuedCommission: 900,
      decidedSales: 3,
      placementRate: 66.7,
    });
    expect(applications.total).toBe(7);
    expect(applications.rows.map((row) => row.firstName)).not.toContain("Stranger");
  });

  it("follows the Status and Carrier filters, alone and together", async () => {
    const { actor, aetna, americo } = await bookOfLeads();
    expect((await report(actor, { status: "sale" })).metrics).toMatchObject({
      totalLeads: 3,
      totalSales: 3,
      conversionRate: 100,
      totalRevenue: 180,
      totalCommission: 1350,
      averagePremium: 60,
    });
    expect((await report(actor, { status: "pending" })).metrics).toEqual({
      totalLeads: 2,
      totalSales: 0,
      conversionRate: 0,
      totalRevenue: 0,
      totalCommission: 0,
      averagePremium: 0,
      issuedSales: 0,
      issuedRevenue: 0,
      issuedCommission: 0,
      decidedSales: 0,
      placementRate: null,
    });
    expect((await report(actor, { carrierId: aetna.id })).metrics).toMatchObject({
      totalLeads: 4,
      totalSales: 3,
      conversionRate: 75,
    });
    const callbacks = await report(actor, { carrierId: americo.id });
    expect(callbacks.applications.rows.map((row) => row.firstName)).toEqual(["Cal"]);
    const pendingAetna = await report(actor, { carrierId: aetna.id, status: "pending" });
    expect(pendingAetna.applications.rows.map((row) => [row.firstName, row.carrier?.name])).toEqual([["Pam", "Aetna"]]);
  });

  it("an empty book is all zeros, with 0% conversion and no division by zero", async () => {
    const { actor } = await signedInAgent();
    expect((await report(actor)).metrics).toEqual({
      totalLeads: 0,
      totalSales: 0,
      conversionRate: 0,
      totalRevenue: 0,
      totalCommission: 0,
      averagePremium: 0,
      issuedSales: 0,
      issuedRevenue: 0,
      issuedCommission: 0,
      decidedSales: 0,
      placementRate: null,
    });
  });

  it("rounds the conversion rate to one decimal and the average premium to the cent", async () => {
    const { actor, agent } = await signedInAgent();
    await lead(agent.id, { status: "sale", premiumCents: 1000 });
    await lead(agent.id, { status: "sale", premiumCents: 1001 });
    await lead(agent.id, { status: "sale", premiumCents: 1001 });
    for (let i = 0; i < 3; i++) await lead(agent.id);
    const { metrics } = await report(actor);
    // 3 of 6 is 50.0; $30.02 over 3 sales is $10.006..., shown as $10.01.
    expect(metrics.conversionRate).toBe(50);
    expect(metrics.averagePremium).toBe(10.01);
    expect(metrics.totalRevenue).toBe(30.02);
    const oneOfThree = await signedInAgent();
    await lead(oneOfThree.agent.id, { status: "sale" });
    await lead(oneOfThree.agent.id);
    await lead(oneOfThree.agent.id);
    expect((await report(oneOfThree.actor)).metrics.conversionRate).toBe(33.3);
  });
});

describe("From Date and To Date are whole days of the agent's calendar, both included", () => {
  /** Four leads around Jan 15 2026 in Los Angeles (UTC-8): the last second before, the first and last of it, the first after. */
  async function aroundTheFifteenth() {
    const me = await signedInAgent();
    await me.user.update({ timezone: "America/Los_Angeles" });
    const actor = { ...me.actor, timezone: "America/Los_Angeles" };
    const at = (iso: string, firstName: string, status = "pending") =>
      lead(me.agent.id, { createdAt: new Date(iso), firstName, status, premiumCents: 2000 });
    await at("2026-01-15T07:59:59.999Z", "Before");
    await at("2026-01-15T08:00:00.000Z", "First", "sale");
    await at("2026-01-16T07:59:59.999Z", "Last");
    await at("2026-01-16T08:00:00.000Z", "After", "sale");
    return { ...me, actor };
  }

  it("one day is its local midnight to the next, in the agent's time zone", async () => {
    const { actor } = await aroundTheFifteenth();
    const day = await report(actor, { dateFrom: "2026-01-15", dateTo: "2026-01-15" });
    expect(day.applications.rows.map((row) => row.firstName)).toEqual(["Last", "First"]);
    expect(day.metrics).toMatchObject({ totalLeads: 2, totalSales: 1, conversionRate: 50, totalRevenue: 20 });
  });

  it("From alone runs to the newest lead, To alone from the oldest", async () => {
    const { actor } = await aroundTheFifteenth();
    const from = await report(actor, { dateFrom: "2026-01-15" });
    expect(from.applications.rows.map((row) => row.firstName)).toEqual(["After", "Last", "First"]);
    const to = await report(actor, { dateTo: "2026-01-14" });
    expect(to.applications.rows.map((row) => row.firstName)).toEqual(["Before"]);
    expect(to.metrics.totalLeads).toBe(1);
  });

  it("the same instants fall on other days for an agent in New York", async () => {
    const { actor } = await aroundTheFifteenth();
    const newYork = { ...actor, timezone: "America/New_York" };
    // Five hours behind UTC: the first two fall on Jan 15 there, the last two on Jan 16.
    const day = await report(newYork, { dateFrom: "2026-01-15", dateTo: "2026-01-15" });
    expect(day.applications.rows.map((row) => row.firstName)).toEqual(["First", "Before"]);
  });
});

describe("the page /agent/reports", () => {
  it("shows the figures, one page of 20 leads newest first, the carriers to choose from and the filters kept", async () => {
    const { cookie, agent, aetna, americo, stranger } = await bookOfLeads();
    // The carriers the agent carries are choices too; another agent's are not.
    const { carrier: ethos } = await giveCarrier(agent.id, "Ethos", "Term", 50);
    await giveCarrier(stranger.agent.id, "Foresters", "Term", 50);
    for (let i = 0; i < 20; i++) {
      // Noon in Los Angeles, the agent's time zone, on Jan 1 to Jan 20 2025.
      await lead(agent.id, { firstName: `Old${i}`, createdAt: new Date(Date.UTC(2025, 0, 1 + i, 20)) });
    }
    const first = await jsonOf<PageData>(await page("", cookie));
    expect(first.fieldErrors).toBeNull();
    expect(first.report!.metrics.totalLeads).toBe(27);
    expect(first.report!.applications.rows).toHaveLength(20);
    expect(first.report!.applications.rows[19]!.firstName).toBe("Old7");
    const second = await jsonOf<PageData>(await page("?page=2", cookie));
    expect(second.report!.applications.rows.map((row) => row.firstName)).toEqual([
      "Old6",
      "Old5",
      "Old4",
      "Old3",
      "Old2",
      "Old1",
      "Old0",
    ]);
    expect(first.carriers.map((c) => c.name)).toEqual(["Aetna", "Americo", "Ethos"]);
    expect(first.carriers.map((c) => c.id)).toEqual([aetna.id, americo.id, ethos.id]);
    const filtered = await jsonOf<PageData>(
      await page(`?dateFrom=2025-01-01&dateTo=2025-01-03&status=pending&carrierId=all`, cookie),
    );
    expect(filtered.values).toEqual({
      dateFrom: "2025-01-01",
      dateTo: "2025-01-03",
      status: "pending",
      carrierId: "all",
    });
    expect(filtered.report!.applications.rows.map((row) => row.firstName)).toEqual(["Old2", "Old1", "Old0"]);
    // A page past the last goes to the last.
    const beyond = await page("?page=9", cookie);
    expect(beyond.status).toBe(302);
    expect(beyond.headers.get("Location")).toBe("/agent/reports?page=2");
  });

  it.each([
    ["a reversed range, at To Date", "?dateFrom=2026-02-10&dateTo=2026-02-01", "dateTo", REPORT_MESSAGES.reversed],
    ["an impossible date", "?dateFrom=2026-02-30", "dateFrom", REPORT_MESSAGES.noSuchDate],
    ["a date of the wrong shape", "?dateTo=02%2F01%2F2026", "dateTo", REPORT_MESSAGES.dateFormat],
    ["an unknown status", "?status=won", "status", REPORT_MESSAGES.unknownStatus],
    ["a carrier id that is not one", "?carrierId=aetna", "carrierId", REPORT_MESSAGES.unknownCarrier],
    [
      "a carrier that does not exist",
      "?carrierId=5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f",
      "carrierId",
      REPORT_MESSAGES.unknownCarrier,
    ],
  ])("refuses %s with the message at the field, keeping every value typed", async (_what, query, field, message) => {
    const { cookie } = await bookOfLeads();
    const response = await page(query, cookie);
    expect(response.status).toBe(200);
    const data = await jsonOf<PageData>(response);
    expect(data.fieldErrors).toEqual({ [field]: [message] });
    expect(data.report).toBeNull();
    const typed = new URLSearchParams(query);
    for (const [name, value] of typed) expect(data.values[name]).toBe(value);
  });

  it("sends an agent who has not finished setup to the setup, and an admin away", async () => {
    const inSetup = await signedInAgent({ setupComplete: false });
    const response = await page("", inSetup.cookie);
    expect(response.headers.get("Location")).toBe("/agent/setup");
    const { cookie } = await signedInAdmin();
    expect((await page("", cookie)).headers.get("Location")).toBe("/");
  });
});

describe("GET /api/agent/reports", () => {
  it("answers { applications, metrics } for the agent's own leads, a page at a time with the total in X-Total-Count", async () => {
    const { cookie, aetna } = await bookOfLeads();
    const response = await api("?pageSize=2&page=2", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("7");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await jsonOf<{ applications: ApiRow[]; metrics: Metrics }>(response);
    expect(Object.keys(body).sort()).toEqual(["applications", "metrics"]);
    expect(body.applications).toHaveLength(2);
    expect(Object.keys(body.applications[0]!).sort()).toEqual(
      [
        "id",
        "createdAt",
        "firstName",
        "lastName",
        "status",
        "carrierId",
        "carrier",
        "coverageAmount",
        "monthlyPremium",
      ].sort(),
    );
    expect(body.metrics.totalLeads).toBe(7);
    const sales = await jsonOf<{ applications: ApiRow[]; metrics: Metrics }>(
      await api(`?status=sale&carrierId=${aetna.id}&dateFrom=&dateTo=`, cookie),
    );
    expect(sales.applications.map((row) => row.status)).toEqual(["sale", "sale", "sale"]);
    expect(sales.applications.every((row) => row.carrier?.name === "Aetna")).toBe(true);
    expect(sales.metrics).toMatchObject({ totalSales: 3, totalCommission: 1350 });
    // Far-off days are refused at their field, as on every date filter (the year 100 was a Postgres 500).
    const wide = await api("?dateFrom=0100-01-01&dateTo=9999-12-31", cookie);
    expect(wide.status).toBe(400);
    expect((await wide.json()).fieldErrors).toEqual({
      dateFrom: [PERIOD_MESSAGES.outOfRange],
      dateTo: [PERIOD_MESSAGES.outOfRange],
    });
    const widest = await api("?dateFrom=1970-01-01&dateTo=2999-12-31", cookie);
    expect(widest.headers.get("X-Total-Count")).toBe("7");
    // "all" and empty mean no filter.
    const all = await api("?status=all&carrierId=all&dateFrom=&dateTo=", cookie);
    expect(all.headers.get("X-Total-Count")).toBe("7");
  });

  it.each([
    ["?dateFrom=2026-03-02&dateTo=2026-03-01", "dateTo", REPORT_MESSAGES.reversed],
    ["?dateTo=2026-13-01", "dateTo", REPORT_MESSAGES.noSuchDate],
    ["?dateFrom=yesterday", "dateFrom", REPORT_MESSAGES.dateFormat],
    ["?status=won", "status", REPORT_MESSAGES.unknownStatus],
    ["?carrierId=not-a-carrier", "carrierId", REPORT_MESSAGES.unknownCarrier],
    ["?carrierId=5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f", "carrierId", REPORT_MESSAGES.unknownCarrier],
    ["?pageSize=501", "pageSize", "Page size is at most 500"],
    ["?page=0", "page", "Page starts at 1"],
  ])("answers %s with a 400 naming the field", async (query, field, message) => {
    const { cookie } = await signedInAgent();
    const response = await api(query, cookie);
    expect(response.status).toBe(400);
    const body = await jsonOf<{ error: string; fieldErrors: Record<string, string[]> }>(response);
    expect(body.error).toBe(message);
    expect(body.fieldErrors[field]).toEqual([message]);
  });

  it("is refused signed out (401) and to an admin (403)", async () => {
    expect((await api("")).status).toBe(401);
    const { cookie } = await signedInAdmin();
    expect((await api("", cookie)).status).toBe(403);
  });
});

describe("Export CSV: POST /agent/reports/export", () => {
  it("downloads the filtered leads with the spec's columns, quoted and neutralised, named for today in the agent's time zone", async () => {
    const { cookie, agent, user, aetna } = await bookOfLeads();
    const tricky = await lead(agent.id, {
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: "Smith, Jr.",
      status: "sale",
      premiumCents: 8550,
      commissionCents: 69_255,
      carrierId: aetna.id,
    });
    await tricky.update({ ssnLast4: "6789", ssnEncrypted: "sealed-ssn-value", routingNumberLast4: "4321" });
    await lead(agent.id, { firstName: "@Ann", lastName: "-Minus\r\nTwo", createdAt: new Date("2025-06-01T12:00:00Z") });
    const response = await exportCsv("", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = todayIn("America/Los_Angeles");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="agent-report-${today}.csv"`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(["Date", "Customer", "Status", "Carrier", "Coverage", "Monthly Premium", "Commission"]);
    expect(rows).toHaveLength(9);
    // Newest first: the tricky sale was made last; the lead of June 2025 is the oldest.
    expect(rows[0]).toEqual([
      today,
      `'=HYPERLINK("http://evil.example") Smith, Jr.`,
      "Sale",
      "Aetna",
      "10000.00",
      "85.50",
      "692.55",
    ]);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"") Smith, Jr."`);
    expect(rows[8]).toEqual(["2025-06-01", "'@Ann -Minus\r\nTwo", "Pending", "", "10000.00", "50.00", ""]);
    const byName = Object.fromEntries(rows.map((row) => [row[1]!, row]));
    expect(byName["Sol Lead"]!.slice(2)).toEqual(["Sale", "Aetna", "10000.00", "100.00", "900.00"]);
    // A cancelled commission counts 0.00, so the column adds up to Total Commission.
    expect(byName["Cy Lead"]!.slice(2)).toEqual(["Sale", "Aetna", "10000.00", "30.00", "0.00"]);
    expect(byName["Cal Lead"]!.slice(2)).toEqual(["Callback", "Americo", "10000.00", "50.00", ""]);
    expect(text).not.toContain("Stranger");
    expect(text).not.toContain("6789");
    expect(text).not.toContain("sealed-ssn-value");
    expect(text).not.toContain("4321");
    const logged = await ActivityLog.findAll({ where: { userId: user.id, action: REPORT_EXPORTED }, raw: true });
    expect(logged).toHaveLength(1);
  });

  it("honours the filters: the date range in the agent's time zone, status and carrier", async () => {
    const { cookie, agent, aetna } = await bookOfLeads();
    await lead(agent.id, {
      firstName: "Jan",
      status: "sale",
      createdAt: new Date("2026-01-15T08:00:00Z"),
      carrierId: aetna.id,
    });
    await lead(agent.id, {
      firstName: "Eve",
      status: "sale",
      createdAt: new Date("2026-01-15T07:59:00Z"),
      carrierId: aetna.id,
    });
    const rows = parseCsv(
      await (
        await exportCsv(`?dateFrom=2026-01-15&dateTo=2026-01-15&status=sale&carrierId=${aetna.id}`, cookie)
      ).text(),
    ).slice(1);
    expect(rows.map((row) => [row[0], row[1]])).toEqual([["2026-01-15", "Jan Lead"]]);
    const pending = parseCsv(await (await exportCsv("?status=pending", cookie)).text()).slice(1);
    expect(pending.map((row) => row[1]).sort()).toEqual(["Pam Lead", "Pat Lead"]);
  });

  it("reads the rows in batches, carrying on exactly after each one, leads of one instant included", async () => {
    const { actor, agent } = await signedInAgent();
    const sameInstant = new Date("2026-02-01T12:00:00.000Z");
    // Small batches: every lead inserted also counts as unread for each admin the worker's database
    // has gathered (hundreds by then), so a thousand leads took more than the test's time.
    const batchSize = 4;
    const count = batchSize * 2 + 3;
    await Application.bulkCreate(
      Array.from({ length: count }, (_, i) => ({
        agentId: agent.id,
        firstName: `Bulk${String(i).padStart(4, "0")}`,
        lastName: "Lead",
        status: "pending",
        // Two leads in three at the same instant, so the first batch ends inside that run of equal times.
        createdAt: i % 3 !== 0 ? sameInstant : new Date(sameInstant.getTime() - (i + 1) * 1000),
      })),
    );
    expect(await Application.count({ where: { agentId: agent.id, createdAt: sameInstant } })).toBe(
      count - Math.ceil(count / 3),
    );
    if (isPostgres) {
      // Postgres keeps microseconds, which a JavaScript Date drops: a batch must carry on after them exactly.
      await sequelize.query(
        "UPDATE applications SET created_at = created_at + make_interval(secs => (abs(hashtext(id::text)) % 999) / 1000000.0) WHERE agent_id = :agentId",
        { replacements: { agentId: agent.id } },
      );
    }
    const file = await exportAgentReport(actor, { status: "all" }, new Date(), batchSize);
    let text = "";
    let chunks = 0;
    for await (const chunk of file.lines) {
      text += chunk;
      chunks++;
    }
    expect(chunks).toBe(1 + 3);
    const names = parseCsv(text)
      .slice(1)
      .map((row) => row[1]);
    expect(names).toHaveLength(count);
    expect(new Set(names).size).toBe(count);
  });

  it("sends refused filters back to the page, which shows the message at the field", async () => {
    const { cookie } = await signedInAgent();
    for (const query of ["?dateFrom=2026-02-10&dateTo=2026-02-01", "?carrierId=5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f"]) {
      const response = await exportCsv(query, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/agent/reports${query}`);
    }
  });

  it("is the agent's own: signed out goes to sign in, an admin is turned away", async () => {
    const signedOut = await exportCsv("");
    expect(signedOut.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/agent/reports/export")}`);
    const { cookie } = await signedInAdmin();
    expect((await exportCsv("", cookie)).headers.get("Location")).toBe("/");
  });

  it("a GET (a bookmark, a link from another site) exports nothing, writes nothing and lands on the report with its filters", async () => {
    const { cookie, user } = await bookOfLeads();
    const query = "?dateFrom=2026-01-01&status=sale";
    const response = await callRoute(exportLoader, { path: `/agent/reports/export${query}`, cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/agent/reports${query}`);
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(await ActivityLog.count({ where: { userId: user.id, action: REPORT_EXPORTED } })).toBe(0);
  });
});
