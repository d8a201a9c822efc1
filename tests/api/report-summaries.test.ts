import crypto from "node:crypto";
import { Op, QueryTypes, type Sequelize } from "sequelize";
import { describe, expect, it } from "vitest";
import { Application, PaymentTracking, createSequelize, isPostgres, sequelize } from "~db";
import { migratorFor } from "../../prisma-free-db/migrator";
import { updatePolicy } from "~/services/policy.server";
import { carrierId } from "../support/application-factories";
import { createLead, signedInAdmin, signedInAgent, uniqueEmail } from "../support/factories";
import { premiumSeller, recordPremiumSale } from "../support/premiums-factories";
import { freshDatabases } from "../support/fresh-databases";

// The reports' summaries (migration 024, docs/decisions/055) against a recount from the lead rows,
// in JavaScript, after each kind of change whoever makes it: inserts with and without an agent and a
// carrier, status changes to and from sale, a commission cancelled, a premium and a product changed,
// reassignment, a carrier changed, a lead moved to another day, payments (which change nothing),
// deletions one and many at once, changes side by side, and the migration's count of the leads a
// database already has. The leads are created in 2003, which no other test file writes on, so
// the summaries' buckets of that year (widest buckets included) hold only this file's leads.

const HOUR = 3_600_000;
/** The widest buckets (1536 hours) that hold 2003's January to November, which this file's leads keep to. */
const WIDEST = 1536 * HOUR;
const YEAR_START = Math.floor(Date.UTC(2003, 0, 1) / WIDEST) * WIDEST;
const YEAR_END = Math.floor(Date.UTC(2003, 11, 1) / WIDEST) * WIDEST;
const NONE = "00000000-0000-0000-0000-000000000000";

type LeadRow = {
  created_at: Date | string;
  agent_id: string | null;
  carrier_id: string | null;
  status: string;
  sold_product_name: string | null;
  monthly_premium_cents: number | string | null;
  calculated_commission_cents: number | string | null;
  commission_cancelled_at: Date | string | null;
  policy_status: string | null;
  policy_issue_date: Date | string | null;
};

/** The buckets' widths in hours, level by level (migration 024). */
const WIDTHS = [1, 4, 24, 192, 1536];

type Figures = [
  leads: number,
  sales: number,
  premiumCents: number,
  commissionCents: number,
  issuedSales: number,
  issuedPremiumCents: number,
  issuedCommissionCents: number,
  decidedSales: number,
];

/** Every summary row the leads of 2003 should make, with its figures, recounted lead by lead. */
function recount(leads: LeadRow[]) {
  const sums = new Map<string, Figures>();
  for (const lead of leads) {
    const hour = Math.floor(new Date(lead.created_at).getTime() / HOUR);
    const sale = lead.status === "sale";
    // Decision 074: issued has an issue date and is not "not taken"; decided has left submitted
    // and pending underwriting.
    const issued = sale && lead.policy_issue_date !== null && lead.policy_status !== "not_taken";
    const decided =
      sale && lead.policy_status !== null && !["submitted", "pending_underwriting"].includes(lead.policy_status);
    const premium = Number(lead.monthly_premium_cents ?? 0);
    const commission = lead.commission_cancelled_at ? 0 : Number(lead.calculated_commission_cents ?? 0);
    const figures: Figures = [
      1,
      sale ? 1 : 0,
      sale ? premium : 0,
      sale ? commission : 0,
      issued ? 1 : 0,
      issued ? premium : 0,
      issued ? commission : 0,
      decided ? 1 : 0,
    ];
    const agent = lead.agent_id ?? NONE;
    const carrier = lead.carrier_id ?? NONE;
    const product = sale ? (lead.sold_product_name ?? "") : "";
    const cubes = [
      [1, NONE, NONE, lead.status, ""],
      [2, agent, NONE, "", ""],
      ...(sale ? [[3, NONE, carrier, "", product]] : []),
      [4, agent, carrier, lead.status, product],
    ];
    for (const [level, width] of WIDTHS.entries()) {
      for (const [cube, a, c, status, p] of cubes) {
        const key = [cube, level, hour - (hour % width), a, c, status, p].join("|");
        const sum = sums.get(key) ?? [0, 0, 0, 0, 0, 0, 0, 0];
        sums.set(key, sum.map((n, i) => n + figures[i]!) as Figures);
      }
    }
  }
  return Object.fromEntries(sums);
}

const LEAD_COLUMNS = `created_at, agent_id, carrier_id, status, sold_product_name, monthly_premium_cents,
  calculated_commission_cents, commission_cancelled_at, policy_status, policy_issue_date`;

/** The stored summaries of 2003 (rows that fell back to nothing left out) and the recount, side by side. */
async function summariesAndRecount(db: Sequelize = sequelize) {
  const [leads, rows] = await Promise.all([
    db.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM applications WHERE created_at >= :from AND created_at < :to`, {
      type: QueryTypes.SELECT,
      replacements: { from: new Date(YEAR_START), to: new Date(YEAR_END) },
    }),
    db.query<Record<string, string | number>>(`SELECT * FROM report_summaries WHERE bucket >= :from AND bucket < :to`, {
      type: QueryTypes.SELECT,
      replacements: { from: YEAR_START / HOUR, to: YEAR_END / HOUR },
    }),
  ]);
  const stored: Record<string, Figures> = {};
  for (const row of rows) {
    const figures: Figures = [
      Number(row.leads),
      Number(row.sales),
      Number(row.premium_cents),
      Number(row.commission_cents),
      Number(row.issued_sales),
      Number(row.issued_premium_cents),
      Number(row.issued_commission_cents),
      Number(row.decided_sales),
    ];
    if (figures.some((n) => n !== 0)) {
      const key = [row.cube, row.level, row.bucket, row.agent_id, row.carrier_id, row.status, row.product];
      stored[key.map(String).join("|")] = figures;
    }
  }
  return { stored, recounted: recount(leads) };
}

async function expectAgreement(db?: Sequelize) {
  const { stored, recounted } = await summariesAndRecount(db);
  expect(Object.keys(recounted).length).toBeGreaterThan(0);
  expect(stored).toEqual(recounted);
}

const in2003 = (day: string, time = "12:00") => new Date(`2003-${day}T${time}:00Z`);

describe("the report summaries", () => {
  it("agree with the leads after inserts, sales, cancellations, reassignments, payments and deletions", async () => {
    const [a, b] = [await signedInAgent(), await signedInAgent()];
    const [aetna, other] = [await carrierId("Aetna"), await carrierId("Mutual of Omaha")];
    const made = [
      await createLead(a.agent.id, { createdAt: in2003("03-04"), monthlyPremiumCents: 5000 }),
      await createLead(a.agent.id, {
        createdAt: in2003("03-04", "12:30"),
        carrierId: aetna,
        monthlyPremiumCents: 7000,
      }),
      await createLead(null, { createdAt: in2003("03-31", "23:59"), monthlyPremiumCents: null }),
      await createLead(b.agent.id, { createdAt: in2003("04-01", "00:00"), carrierId: other }),
    ];
    await Application.bulkCreate(
      Array.from({ length: 5 }, (_, i) => ({
        agentId: i % 2 ? a.agent.id : b.agent.id,
        firstName: "Bulk",
        lastName: `Lead${i}`,
        status: "contacted",
        monthlyPremiumCents: 1000 * (i + 1),
        createdAt: in2003("05-0" + (i + 1)),
      })),
    );
    await expectAgreement();

    // Sold (with a product, a commission), then its commission cancelled and its premium changed.
    const [first, second, unassigned, fourth] = made as [Application, Application, Application, Application];
    await first.update({ status: "sale", soldProductName: "GL Preferred", calculatedCommissionCents: 45_000 });
    await second.update({ status: "sale", soldProductName: null, calculatedCommissionCents: 63_000 });
    await expectAgreement();
    await first.update({ commissionCancelledAt: new Date() });
    await second.update({ monthlyPremiumCents: 9000, soldProductName: "Term 20" });
    await PaymentTracking.create({
      applicationId: second.id,
      monthNumber: 1,
      dueDate: "2003-04-04",
      amountCents: 9000,
    });
    await expectAgreement();

    // No longer a sale; reassigned, given an agent, another carrier, moved to another month.
    await first.update({ status: "declined" });
    await second.update({ agentId: b.agent.id });
    await unassigned.update({ agentId: a.agent.id, carrierId: aetna });
    await fourth.update({ carrierId: null, createdAt: in2003("07-15", "08:00") });
    await expectAgreement();

    // Deleted: one, then many in one statement.
    await unassigned.destroy();
    await expectAgreement();
    await Application.destroy({ where: { firstName: "Bulk", createdAt: { [Op.gte]: in2003("05-01", "00:00") } } });
    await expectAgreement();
  });

  it("agree after many changes of the same hour side by side, to and from sale", async () => {
    const { agent } = await signedInAgent();
    const carrier = await carrierId("Aetna");
    const leads = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createLead(agent.id, {
          createdAt: in2003("09-09", `10:${String(i).padStart(2, "0")}`),
          carrierId: carrier,
          status: i % 2 ? "sale" : "contacted",
          soldProductName: i % 2 ? "GL Preferred" : null,
          calculatedCommissionCents: 1000,
        }),
      ),
    );
    await Promise.all(leads.map((lead) => lead.update({ status: lead.status === "sale" ? "contacted" : "sale" })));
    await Promise.all(leads.slice(0, 6).map((lead) => lead.destroy()));
    await expectAgreement();
  });
});

/** One agent's sales figures of 2003 from the summaries' agent cube, at the widest level. */
async function sellerFigures(agentId: string) {
  const [row] = await sequelize.query<Record<string, number | string | null>>(
    `SELECT SUM(sales) AS sales, SUM(issued_sales) AS issued, SUM(decided_sales) AS decided,
       SUM(issued_premium_cents) AS "issuedPremium", SUM(issued_commission_cents) AS "issuedCommission"
     FROM report_summaries WHERE cube = 2 AND level = 4 AND agent_id = :agentId AND bucket >= :from AND bucket < :to`,
    { type: QueryTypes.SELECT, replacements: { agentId, from: YEAR_START / HOUR, to: YEAR_END / HOUR } },
  );
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)]));
}

describe("the report summaries' issued figures (migration 043)", () => {
  it("agree with the leads as their policies are issued, declined, not taken, lapsed, reinstated and corrected", async () => {
    const seller = await premiumSeller("Summary");
    const { actor: admin } = await signedInAdmin();
    // Sold on 2003-06-02, created that morning; issue dates in June 2003 (after the sale, before today).
    const sales = [];
    for (let i = 0; i < 6; i++) {
      const lead = await recordPremiumSale(seller, {
        premiumCents: 3_000 + 1_000 * i,
        soldAt: in2003("06-02", "15:00"),
        firstName: "Summary",
        lastName: `Policy${i}`,
      });
      // The model never writes created_at on an update: moved to 2003 in SQL.
      await sequelize.query("UPDATE applications SET created_at = :at WHERE id = :id", {
        replacements: { at: in2003("06-02", `0${i}:30`), id: lead.id },
      });
      sales.push(lead);
    }
    await expectAgreement();
    const [issued, declined, notTaken, pending, lapsed, cancelledCommission] = sales as [
      Application,
      Application,
      Application,
      Application,
      Application,
      Application,
    ];
    const number = (n: number) => `SUM-${process.pid}-${Date.now() % 100_000}-${n}`;
    const issue = (lead: Application, n: number) =>
      updatePolicy(seller.actor, lead.id, { status: "issued", policyNumber: number(n), issueDate: "2003-06-20" });
    await issue(issued, 1);
    await updatePolicy(seller.actor, declined.id, { status: "declined" });
    await updatePolicy(admin, pending.id, { status: "pending_underwriting" });
    await expectAgreement();

    await issue(notTaken, 2);
    await updatePolicy(seller.actor, notTaken.id, { status: "not_taken", notes: "Refused at delivery" });
    await issue(lapsed, 3);
    await updatePolicy(seller.actor, lapsed.id, { status: "lapsed" });
    await issue(cancelledCommission, 4);
    await cancelledCommission.update({ commissionCancelledAt: new Date() });
    await expectAgreement();
    // By hand: six sales of $30-$80 at 100% (commission 9 x premium); issued: the first, the
    // lapsed one and the cancelled commission's ($30, $70, $80), not the one not taken; decided:
    // all but the one pending underwriting.
    expect(await sellerFigures(seller.agent.id)).toEqual({
      sales: 6,
      issued: 3,
      decided: 5,
      issuedPremium: 3_000 + 7_000 + 8_000,
      issuedCommission: 9 * (3_000 + 7_000),
    });

    // Reinstated; a corrected issue date; an issued sale moved away from sale; one deleted.
    await updatePolicy(seller.actor, lapsed.id, { status: "reinstated" });
    await updatePolicy(admin, issued.id, { status: "issued", issueDate: "2003-06-25" });
    await pending.update({ status: "contacted" });
    await expectAgreement();
    await issued.destroy();
    await expectAgreement();
  });
});

describe("the report summaries' triggers after migration 043", () => {
  it("are made again as 024, 026 and 033 made them (Postgres: an insert counted once per statement, a delete before the row goes), the update watching the policy's status and issue date", async () => {
    if (!isPostgres) {
      // SQLite: a trigger per row for each event, after it; the update's column list is 043's.
      const rows = await sequelize.query<{ name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'report_summaries_%' ORDER BY name",
        { type: QueryTypes.SELECT },
      );
      expect(rows.map((row) => [row.name, /^CREATE TRIGGER \S+ (AFTER \w+)/.exec(row.sql)?.[1]])).toEqual([
        ["report_summaries_lead_delete", "AFTER DELETE"],
        ["report_summaries_lead_insert", "AFTER INSERT"],
        ["report_summaries_lead_update", "AFTER UPDATE"],
      ]);
      const update = rows.find((row) => row.name === "report_summaries_lead_update")!.sql;
      expect(update).toMatch(/UPDATE OF [^)]*\bpolicy_status\b/);
      expect(update).toMatch(/UPDATE OF [^)]*\bpolicy_issue_date\b/);
      return;
    }
    const rows = await sequelize.query<{ name: string; timing: string; orientation: string; events: string }>(
      `SELECT trigger_name AS name, action_timing AS timing, action_orientation AS orientation,
         string_agg(event_manipulation, ',' ORDER BY event_manipulation) AS events
       FROM information_schema.triggers WHERE trigger_name LIKE 'report_summaries_%'
       GROUP BY trigger_name, action_timing, action_orientation ORDER BY trigger_name`,
      { type: QueryTypes.SELECT },
    );
    expect(rows).toEqual([
      { name: "report_summaries_lead_delete", timing: "BEFORE", orientation: "ROW", events: "DELETE" },
      { name: "report_summaries_lead_insert", timing: "AFTER", orientation: "STATEMENT", events: "INSERT" },
      { name: "report_summaries_lead_update", timing: "AFTER", orientation: "ROW", events: "UPDATE" },
    ]);
    const watched = await sequelize.query<{ column: string }>(
      `SELECT event_object_column AS "column" FROM information_schema.triggered_update_columns
       WHERE trigger_name = 'report_summaries_lead_update'`,
      { type: QueryTypes.SELECT },
    );
    expect(watched.map((row) => row.column)).toEqual(expect.arrayContaining(["policy_status", "policy_issue_date"]));
  });
});

// ---------------------------------------------------------------------------------------------
// The migration counts the leads a database already has.

/** An empty database of the run's kind, dropped when the file ends. */
const freshDatabaseUrl = freshDatabases("summaries");

describe("migrations 024 and 043", () => {
  it("counts every lead already there, sold or not, with and without an agent and a carrier", async () => {
    const db = createSequelize(await freshDatabaseUrl());
    try {
      const migrator = migratorFor(db);
      await migrator.up({ to: "023-jobs" });
      const qi = db.getQueryInterface();
      const stamp = (at: Date) => ({ created_at: at, updated_at: at });
      const userId = crypto.randomUUID();
      const agentId = crypto.randomUUID();
      await qi.bulkInsert("users", [
        {
          id: userId,
          email: uniqueEmail("summaries"),
          password_hash: "x",
          first_name: "Pre",
          last_name: "Existing",
          role: "agent",
          ...stamp(new Date()),
        },
      ]);
      await qi.bulkInsert("agents", [{ id: agentId, user_id: userId, license_number: "LIC", ...stamp(new Date()) }]);
      const [carrier] = await db.query<{ id: string }>("SELECT id FROM carriers LIMIT 1", { type: QueryTypes.SELECT });
      const lead = (at: Date, status: string, sold: boolean, agent: string | null) => ({
        id: crypto.randomUUID(),
        agent_id: agent,
        carrier_id: sold ? (carrier?.id ?? null) : null,
        first_name: "Old",
        last_name: "Lead",
        status,
        monthly_premium_cents: 4200,
        sold_product_name: sold ? "GL Preferred" : null,
        calculated_commission_cents: sold ? 37_800 : null,
        ...stamp(at),
      });
      await qi.bulkInsert("applications", [
        lead(in2003("01-01", "00:00"), "sale", true, agentId),
        lead(in2003("01-31", "23:00"), "sale", true, agentId),
        lead(in2003("06-15"), "pending", false, null),
        lead(in2003("09-30", "23:59"), "contacted", false, agentId),
      ]);
      await migrator.up();
      await expectAgreement(db);
    } finally {
      await db.close();
    }
  });

  it("043 counts the issued and decided sales already there", async () => {
    const db = createSequelize(await freshDatabaseUrl());
    try {
      const migrator = migratorFor(db);
      await migrator.up({ to: "042-policy-status" });
      const qi = db.getQueryInterface();
      const [carrier] = await db.query<{ id: string }>("SELECT id FROM carriers LIMIT 1", { type: QueryTypes.SELECT });
      const at = in2003("08-08", "08:00");
      const sale = (policyStatus: string, issueDate: string | null, cancelled = false) => ({
        id: crypto.randomUUID(),
        agent_id: null,
        carrier_id: carrier?.id ?? null,
        first_name: "Old",
        last_name: "Policy",
        status: "sale",
        monthly_premium_cents: 4200,
        sold_product_name: "GL Preferred",
        calculated_commission_cents: 37_800,
        commission_cancelled_at: cancelled ? at : null,
        sold_at: at,
        policy_status: policyStatus,
        policy_issue_date: issueDate,
        created_at: at,
        updated_at: at,
      });
      await qi.bulkInsert("applications", [
        sale("submitted", null),
        sale("pending_underwriting", null),
        sale("issued", "2003-08-20"),
        sale("issued", "2003-08-21", true),
        sale("lapsed", "2003-08-22"),
        sale("not_taken", "2003-08-23"),
        sale("declined", null),
      ]);
      await migrator.up();
      await expectAgreement(db);
      const [row] = await db.query<Record<string, number | string>>(
        `SELECT SUM(sales) AS sales, SUM(issued_sales) AS issued, SUM(decided_sales) AS decided,
           SUM(issued_premium_cents) AS premium, SUM(issued_commission_cents) AS commission
         FROM report_summaries WHERE cube = 1 AND level = 4 AND bucket >= :from AND bucket < :to`,
        { type: QueryTypes.SELECT, replacements: { from: YEAR_START / HOUR, to: YEAR_END / HOUR } },
      );
      // By hand: 7 sales; issued = the two issued and the lapsed one (not taken has a date but is
      // not issued); decided = all but submitted and pending; the cancelled commission left out.
      expect(Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]))).toEqual({
        sales: 7,
        issued: 3,
        decided: 5,
        premium: 3 * 4200,
        commission: 2 * 37_800,
      });
    } finally {
      await db.close();
    }
  });
});
