import crypto from "node:crypto";
import { QueryTypes, type Sequelize } from "sequelize";
import { describe, expect, it } from "vitest";
import { createSequelize, isPostgres } from "~db";
import { bulkLoad } from "../../prisma-free-db/bulk-load";
import { migratorFor } from "../../prisma-free-db/migrator";
import { freshDatabases } from "../support/fresh-databases";

// The leads benchmark's bulk load (prisma-free-db/bulk-load.ts) turns the per-row triggers off and
// counts what they keep again after, set-based. The same load of 2,000 leads, with their phones,
// reads of their own and of others' leads, reassignments, sales, renames and deletions, is run in
// two fresh databases: through the triggers in one, through bulkLoad in the other. What the triggers
// keep must come out the same (the unread counts, the report summaries, the search terms), with the
// triggers and indexes back as they were and keeping counts from there.

const freshDatabaseUrl = freshDatabases("bulkload");

const LEADS = 2_000;
const STATUSES = ["pending", "contacted", "callback", "rescheduled", "declined", "sale"];

/** Ids shared by both databases, so their rows can be compared one for one. */
const ids = {
  admins: [crypto.randomUUID(), crypto.randomUUID()],
  agentUsers: [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()],
  agents: [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()],
  /** An agent-role user without an agent record: counts no lead. */
  loner: crypto.randomUUID(),
  leads: Array.from({ length: LEADS }, () => crypto.randomUUID()),
  phones: Array.from({ length: 2 * LEADS }, () => crypto.randomUUID()),
  reads: Array.from({ length: 3 * LEADS }, () => crypto.randomUUID()),
};

const stamp = (at: Date) => ({ created_at: at, updated_at: at });

async function migratedWithPeople(): Promise<Sequelize> {
  const db = createSequelize(await freshDatabaseUrl());
  await migratorFor(db).up();
  const qi = db.getQueryInterface();
  const user = (id: string, role: string, i: number) => ({
    id,
    email: `bulk.${role}${i}@example.test`,
    password_hash: "x",
    first_name: "Bulk",
    last_name: `${role}${i}`,
    role,
    ...stamp(new Date("2025-01-01T00:00:00Z")),
  });
  await qi.bulkInsert("users", [
    ...ids.admins.map((id, i) => user(id, "admin", i)),
    ...ids.agentUsers.map((id, i) => user(id, "agent", i)),
    user(ids.loner, "agent", 9),
  ]);
  await qi.bulkInsert(
    "agents",
    ids.agents.map((id, i) => ({
      id,
      user_id: ids.agentUsers[i],
      license_number: `BULK-${i}`,
      ...stamp(new Date("2025-01-01T00:00:00Z")),
    })),
  );
  return db;
}

/** A sale's policy status and issue date, in turn: undecided, issued, refused, ended after issue. */
const POLICIES = [
  ["submitted", null],
  ["pending_underwriting", null],
  ["issued", "2025-06-01"],
  ["declined", null],
  ["not_taken", "2025-06-02"],
  ["lapsed", "2025-06-03"],
  ["reinstated", "2025-06-04"],
] as const;

/** The load: the same rows and changes in either database, in many-row statements. */
async function load(db: Sequelize) {
  const qi = db.getQueryInterface();
  const carriers = await db.query<{ id: string }>("SELECT id FROM carriers ORDER BY name, id", {
    type: QueryTypes.SELECT,
  });
  const leads = ids.leads.map((id, i) => {
    const status = STATUSES[i % STATUSES.length]!;
    const sale = status === "sale";
    const premium = 2_000 + ((i * 37) % 15_000);
    return {
      id,
      agent_id: i % 10 === 0 ? null : ids.agents[i % 3],
      carrier_id: sale || i % 2 === 0 ? (carriers[i % Math.max(carriers.length, 1)]?.id ?? null) : null,
      first_name: ["Maria", "James", "Li", "Ana"][i % 4],
      last_name: ["Garcia", "Smith", "Nguyen", "O'Brien", "Lopez"][i % 5],
      email: i % 7 === 0 ? null : `lead${i}@example.test`,
      has_email: i % 7 !== 0,
      status,
      monthly_premium_cents: premium,
      sold_product_name: sale && i % 4 !== 0 ? "Final Expense" : null,
      calculated_commission_cents: sale ? premium * 9 : null,
      sold_at: sale ? new Date(Date.UTC(2025, 0, 1) + i * 4.3 * 3_600_000) : null,
      commission_cancelled_at: sale && i % 17 === 0 ? new Date("2025-12-01T00:00:00Z") : null,
      // The policy's status and issue date (migration 043's issued and decided figures).
      policy_status: sale ? POLICIES[i % POLICIES.length]![0] : null,
      policy_issue_date: sale ? POLICIES[i % POLICIES.length]![1] : null,
      source: "public_form",
      consent_given: true,
      // Over most of a year, at every hour of the day: the summaries' buckets of each width.
      ...stamp(new Date(Date.UTC(2025, 0, 1) + i * 4.3 * 3_600_000)),
    };
  });
  for (let i = 0; i < leads.length; i += 500) await qi.bulkInsert("applications", leads.slice(i, i + 500));
  const phones = ids.leads.flatMap((leadId, i) =>
    i % 3 === 0
      ? []
      : [0, 1].slice(0, i % 4 === 0 ? 2 : 1).map((k) => ({
          id: ids.phones[2 * i + k],
          application_id: leadId,
          phone_number: k ? `(813) 555-${String(i).padStart(4, "0")}` : `727.555.${String(9999 - i).padStart(4, "0")}`,
          phone_type: "mobile",
          is_primary: k === 0,
          ...stamp(new Date("2025-06-01T00:00:00Z")),
        })),
  );
  for (let i = 0; i < phones.length; i += 500) await qi.bulkInsert("phones", phones.slice(i, i + 500));
  // Reads by both admins, an agent (their own leads and others', which count for nobody) and the loner.
  const readers: [string, number][] = [
    [ids.admins[0]!, 5],
    [ids.admins[1]!, 11],
    [ids.agentUsers[0]!, 7],
    [ids.loner, 13],
  ];
  let next = 0;
  const reads = readers.flatMap(([userId, every]) =>
    ids.leads
      .filter((_, i) => i % every === 0)
      .map((leadId) => ({
        id: ids.reads[next++],
        user_id: userId,
        application_id: leadId,
        ...stamp(new Date("2025-06-01T00:00:00Z")),
      })),
  );
  for (let i = 0; i < reads.length; i += 500) await qi.bulkInsert("lead_reads", reads.slice(i, i + 500));
  const some = (every: number, from = 0) => ids.leads.filter((_, i) => i % every === from);
  // Changes after the inserts: reassigned (to an agent, and to nobody), sold, renamed, a read taken
  // back, deleted (their phones and reads go with them).
  await db.query("UPDATE applications SET agent_id = :agent WHERE id IN (:ids)", {
    replacements: { agent: ids.agents[1], ids: some(50, 1) },
  });
  await db.query("UPDATE applications SET agent_id = NULL WHERE id IN (:ids)", { replacements: { ids: some(50, 2) } });
  await db.query(
    `UPDATE applications SET status = 'sale', monthly_premium_cents = 5000, calculated_commission_cents = 45000,
       sold_product_name = 'Term Life' WHERE id IN (:ids)`,
    { replacements: { ids: some(40, 3) } },
  );
  await db.query(
    "UPDATE applications SET policy_status = 'issued', policy_issue_date = '2025-07-01' WHERE id IN (:ids)",
    {
      replacements: { ids: some(40, 3) },
    },
  );
  await db.query("UPDATE applications SET last_name = 'Renamed', email = NULL WHERE id IN (:ids)", {
    replacements: { ids: some(60, 4) },
  });
  await db.query("DELETE FROM lead_reads WHERE user_id = :user AND application_id IN (:ids)", {
    replacements: { user: ids.admins[0], ids: some(25) },
  });
  await db.query("DELETE FROM applications WHERE id IN (:ids)", { replacements: { ids: some(97, 5) } });
}

/** What the triggers keep, and the triggers and indexes themselves, in a form to compare. */
async function kept(db: Sequelize) {
  const select = <T extends object>(statement: string) => db.query<T>(statement, { type: QueryTypes.SELECT });
  const counts = await select("SELECT user_id, count FROM unread_lead_counts ORDER BY user_id");
  // Rows whose figures fell to zero stay when the triggers write them; a recount leaves them out
  // (the reports read neither).
  const summaries = await select(
    `SELECT * FROM report_summaries WHERE leads <> 0 OR sales <> 0 OR premium_cents <> 0 OR commission_cents <> 0
     ORDER BY cube, level, bucket, agent_id, carrier_id, status, product`,
  );
  const tables = "'applications', 'phones', 'lead_reads'";
  // The search terms (migration 051), with their lead's agent and creation time, on both databases.
  const terms = await select(
    "SELECT term, application_id, agent_id, created_at FROM lead_search_terms ORDER BY application_id, term",
  );
  if (isPostgres) {
    return {
      counts,
      summaries,
      terms,
      indexes: await select(
        `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE tablename IN (${tables}, 'report_summaries', 'lead_search_terms') ORDER BY indexname`,
      ),
      triggers: await select(
        `SELECT tgname, tgenabled FROM pg_trigger WHERE NOT tgisinternal AND tgrelid IN (SELECT oid FROM pg_class WHERE relname IN (${tables})) ORDER BY tgname`,
      ),
    };
  }
  return {
    counts,
    summaries,
    terms,
    schema: await select(
      `SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN (${tables}, 'lead_search_terms') ORDER BY name`,
    ),
  };
}

/** One more lead, a phone and a read, through whatever triggers there are. */
async function writeOneMore(db: Sequelize) {
  const qi = db.getQueryInterface();
  const id = "00000000-0000-4000-8000-000000000001";
  await qi.bulkInsert("applications", [
    {
      id,
      agent_id: ids.agents[0],
      first_name: "After",
      last_name: "Load",
      status: "sale",
      monthly_premium_cents: 7_000,
      calculated_commission_cents: 63_000,
      source: "public_form",
      consent_given: true,
      ...stamp(new Date("2025-07-04T10:00:00Z")),
    },
  ]);
  await qi.bulkInsert("phones", [
    {
      id: "00000000-0000-4000-8000-000000000002",
      application_id: id,
      phone_number: "212-555-0199",
      phone_type: "mobile",
      is_primary: true,
      ...stamp(new Date("2025-07-04T10:00:00Z")),
    },
  ]);
  await qi.bulkInsert("lead_reads", [
    { id: "00000000-0000-4000-8000-000000000003", user_id: ids.admins[1], application_id: id, ...stamp(new Date()) },
  ]);
}

describe("bulkLoad", () => {
  it("leaves what the triggers would have kept, and the triggers and indexes as they were", async () => {
    const [byTriggers, byBulkLoad] = [await migratedWithPeople(), await migratedWithPeople()];
    try {
      await load(byTriggers);
      await bulkLoad(byBulkLoad, () => load(byBulkLoad));
      const expected = await kept(byTriggers);
      // The comparison has something to compare: every user counted, leads in every cube.
      expect(expected.counts).toHaveLength(6);
      expect(expected.counts.some((row) => Number((row as { count: unknown }).count) > 1_000)).toBe(true);
      expect(expected.summaries.length).toBeGreaterThan(1_000);
      const figure = (name: string) =>
        expected.summaries.some((row) => Number((row as Record<string, unknown>)[name]) > 0);
      expect([figure("issued_sales"), figure("decided_sales"), figure("issued_commission_cents")]).toEqual([
        true,
        true,
        true,
      ]);
      expect(await kept(byBulkLoad)).toEqual(expected);

      await writeOneMore(byTriggers);
      await writeOneMore(byBulkLoad);
      expect(await kept(byBulkLoad)).toEqual(await kept(byTriggers));
    } finally {
      await byTriggers.close();
      await byBulkLoad.close();
    }
  }, 180_000);

  it("refuses a load while a table has a trigger whose upkeep it cannot redo, and changes nothing", async () => {
    const db = await migratedWithPeople();
    try {
      if (isPostgres) {
        await db.query(
          "CREATE FUNCTION bulk_test_noop() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$",
        );
        await db.query(
          "CREATE TRIGGER bulk_test_noop AFTER INSERT ON phones FOR EACH ROW EXECUTE FUNCTION bulk_test_noop()",
        );
      } else {
        await db.query("CREATE TRIGGER bulk_test_noop AFTER INSERT ON phones BEGIN SELECT 1; END");
      }
      const before = await kept(db);
      let loaded = false;
      await expect(
        bulkLoad(db, async () => {
          loaded = true;
        }),
      ).rejects.toThrow(/bulk_test_noop/);
      expect(loaded).toBe(false);
      expect(await kept(db)).toEqual(before);
    } finally {
      await db.close();
    }
  }, 120_000);
});
