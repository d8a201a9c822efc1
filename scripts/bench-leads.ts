// The leads benchmark (`npm run bench:leads [-- --db sqlite|postgres]`): fills a throwaway database
// of its own (a temporary SQLite file, or a Postgres database created on BENCH_POSTGRES_URL and
// dropped after) with 100,000 leads over 50 agents, runs ANALYZE, and measures at that size. The
// leads' statuses follow their age; callbacks fall from 5 days overdue to 15 days ahead (one in 10
// undated); 15% are sold within a week, 6% of those commissions cancelled since, each with nine
// monthly payments settled when due before today (mostly paid, a few late, one policy in 8 lapsed
// from a month on) and unpaid after, a beneficiary and the change to sale; phones, carriers, three
// carriers and 3 to 8 licensed states per agent; an activity log of about 75,000 entries (30% of
// the assigned leads have 1 to 3, a status change by their agent or a reassignment by the first
// admin, within two weeks of arriving; every user signs in on 80% of the year's days). The leads
// are made by the one lead factory the demo seed and the tests use (prisma-free-db/seed/lead-factory).
//
// It calls the services, never copies of their SQL: each case records the statements its service
// had Sequelize send (text and values as the driver got them, and which ran at the same time),
// prints how many, replays them through the raw driver as they ran (so the service's time less the
// replay's is what the service adds to its SQL), and with --explain prints their plans. It measures:
//
// - the dashboards (getAdminDashboard, getAgentDashboard);
// - every list and figure of the busiest agent's portal through its service against the same
//   answer asked in plain SQL through the driver (as many statements as a good hand-written version
//   runs, those the service runs together run together), checked to agree, timed side by side
//   with the replay (medians, ratio service / SQL, target at most 3x; issue 11): My Leads
//   (listAgentLeads: page 1, page 200, searches, status filters); the lead's page (getLeadDetail,
//   the newest sale with its phones, beneficiary, months and history); Callbacks
//   (agentCallbackBoard, page 1 of each table; listAgentCallbacks, all, 100 a page); Retention
//   (listAgentRetention, 10 a page; retentionSummary); Commissions (listCommissions, page 1 and a search; commissionFigures, all
//   time, summary and ledger); Reports (agentReport unfiltered, and the last year of the agent's
//   calendar with status sale and their most common carrier; reportCarrierChoices; the whole
//   unfiltered CSV export, exportAgentReport, against its batch SQL in a loop); Profile
//   (getAgentStats, getAgentPerformance over 12 months);
// - the admin portal's lists the same way (issue 12 item 8), as the admin who opened 5% of the
//   leads: All Leads (listAllLeads: page 1 and 200 unfiltered, a search, contacted + the busiest
//   agent, last month's submitted days on the admin's calendar, unread only); Agents Management's
//   Approved tab (listManagedAgents with countAgentsByStatus, then the page's performance and
//   states); the Activity list (listActivity, 25 a page: unfiltered, by user, by action over last
//   month) and a lead's trail (leadTrail); the admin dashboard, today with the 90-day Sales
//   Performance chart (getAdminDashboard) against the cards' statement, the chart grouped by
//   calendar day (SQLite: date() at the admin's current UTC offset; Postgres: AT TIME ZONE) and
//   the newest leads;
// - issue 13's admin pages the same way: Reports & Analytics (each tab over the last 12 months,
//   the overview of the busiest agent and of the most common carrier, the Agents CSV), Retention
//   Management (cards, page 1 and a deep page), retention by sale (each payment filter), Premiums
//   Management (this month and all time, the cards, the agents' ledgers), Callback Management
//   (every agent and the busiest) and the Order Sheet (3,000 orders over the year, page and cards);
// - the unread-leads figures (the shell's capped one and the exact count) for the readers that
//   cost the most, with --explain the plans of the statements they ran and of all of the above
//   (the service's statements, then the plain SQL's);
// - what the writes the unread counts follow cost at that size (a lead inserted and deleted, a
//   read inserted and deleted), and how long the load spent inserting leads and reads;
// - with a production build in BUILD_DIR (or ./build), the server's CPU per GET /api/counts for an
//   admin and an agent against GET /api/auth/me, as bench-server measures it (each round in a
//   different order), plus on Postgres the database's own CPU for the same requests (target: the
//   poll at most 1.5x /api/auth/me).
//
// Options: --db sqlite|postgres, --pg-database NAME (bench_leads_PID, made and dropped), --leads N
// (100000), --agents N (50), --explain, --no-server,
// --requests N (200), --rounds N (3), --port N (3482), --keep (leave the database and print its
// URL), --reuse URL (measure a database a --keep run left, migrated to the current schema),
// --only TEXT[,TEXT...] (measure only the service/SQL cases whose label contains one of them,
// case-insensitive), --search-sizes N,N,... (instead of the above: My Leads' and All Leads'
// searches and filters at each size, filled set-based; --only picks among them; with --reuse, a
// database a --keep run of it left, measured at its size without filling).
// A build outside the repository (BUILD_DIR=/tmp/...) gets a node_modules link to the repository's.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { z } from "zod";
import { commandLine, createPostgresDatabase, dropPostgresDatabase } from "./bench-support";

const { flag, option } = commandLine();
const db = option("db", "sqlite");
if (db !== "sqlite" && db !== "postgres") throw new Error("--db must be sqlite or postgres");
const TOTAL = Number(option("leads", process.env.BENCH_LEADS || "100000"));
const AGENTS = Number(option("agents", "50"));
const REQUESTS = Number(option("requests", "200"));
const ROUNDS = Number(option("rounds", "3"));
const port = Number(option("port", "3482"));
const explain = flag("explain");
const keep = flag("keep");
const only = option("only", "").toLowerCase().split(",");
const chosen = (c: Case) => only.some((text) => c.label.toLowerCase().includes(text));
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SESSION_SECRET = "bench-leads-session-secret-not-for-production";
const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const withServer = !flag("no-server") && fs.existsSync(path.join(buildDir, "server/index.js"));

// --- the throwaway database --------------------------------------------------------------------

const reuse = option("reuse", "");
let sqliteFile: string | null = null;
let pgDatabase: string | null = null;
if (reuse) {
  process.env.DATABASE_URL = reuse;
  if (!reuse.startsWith("postgres")) sqliteFile = reuse.replace(/^sqlite:/, "");
} else if (db === "sqlite") {
  sqliteFile = path.join(os.tmpdir(), `bench-leads-${process.pid}.sqlite`);
  process.env.DATABASE_URL = `sqlite:${sqliteFile}`;
} else {
  // --pg-database NAME: a name of one's own where others' runs (a process id seen from another
  // container can be the same) create and drop theirs on the same server.
  pgDatabase = option("pg-database", `bench_leads_${process.pid}`);
  process.env.DATABASE_URL = await createPostgresDatabase(POSTGRES_ADMIN_URL, pgDatabase);
}
process.env.SESSION_SECRET = SESSION_SECRET;
process.env.DATA_ENCRYPTION_KEY = "0".repeat(64);

async function dropDatabase() {
  if (keep || reuse) {
    console.log(`Kept the database: ${process.env.DATABASE_URL}`);
    return;
  }
  if (sqliteFile) for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) fs.rmSync(f, { force: true });
  if (pgDatabase) {
    await dropPostgresDatabase(POSTGRES_ADMIN_URL, pgDatabase);
  }
}

const { Agent, User, analyzeDatabase, closeDatabase, isPostgres, migrate, sequelize } =
  await import("../prisma-free-db/index");
const { ensureCatalog } = await import("../prisma-free-db/seed/catalog");
const { leadAttributes, leadPhoneRow, leadRow } = await import("../prisma-free-db/seed/lead-factory");
const summaryUpkeep = await import("../prisma-free-db/migrations/043-report-summaries-issued");
const { bulkLoad } = await import("../prisma-free-db/bulk-load");
const { getAdminDashboard, getAgentDashboard } = await import("../app/services/dashboard.server");
const { LEAD_LIST_COUNT_LIMIT, getLeadDetail, listAgentLeads } = await import("../app/services/lead-reads.server");
const { listAllLeads } = await import("../app/services/admin-leads.server");
const { searchTermWords } = await import("../app/services/lead-search.server");
const { listManagedAgents } = await import("../app/services/agent-management.server");
const { countAgentsByStatus } = await import("../app/services/agents.server");
const { leadTrail, listActivity } = await import("../app/services/audit.server");
const { chartDays } = await import("../app/services/dashboard.server");
type AllLeadsQuery = import("../app/domain/schemas/admin-leads").AllLeadsQuery;
const { agentCallbackBoard, listAgentCallbacks } = await import("../app/services/callbacks.server");
const { listAgentRetention, retentionSummary } = await import("../app/services/retention.server");
const { commissionFigures, listCommissions } = await import("../app/services/commissions.server");
const { agentReport, exportAgentReport, reportCarrierChoices } = await import("../app/services/reports.server");
const { getAgentPerformance, getAgentStats, monthStarts } = await import("../app/services/profile.server");
const { addDaysIso, isoDate, parseIsoDate, periodRange, todayIn, zonedMidnight } =
  await import("../app/domain/periods");
const { adminReport, exportAdminReport } = await import("../app/services/admin-reports.server");
const { listRetentionAccounts, listSalesWithPayments, retentionManagementSummary } =
  await import("../app/services/admin-retention.server");
const { listAgentLedgers, listPremiums, premiumFigures } = await import("../app/services/premiums.server");
const { listAdminCallbacks } = await import("../app/services/admin-callbacks.server");
const { orderSheet } = await import("../app/services/orders.server");
type ReportFilters = import("../app/domain/schemas/reports").ReportFilters;
const { countUnreadLeads } = await import("../app/services/leads.server");
const { encryptedHealth } = await import("../app/services/health-details.server");
const { shellCounts } = await import("../app/services/navigation.server");
const {
  and,
  column,
  contains,
  numbersInOneStatement,
  or,
  raw: rawSql,
  selectOne,
  selectRows,
  sql,
} = await import("../app/services/sql/reads.server");
type Sql = import("../app/services/sql/reads.server").Sql;
const { createSession, toSessionUser } = await import("../app/services/sessions.server");
const { sessionCookie } = await import("../app/utils/session.server");
type SessionUser = ReturnType<typeof toSessionUser>;

// --- realistic data ------------------------------------------------------------------------------

/** A seeded generator, so every run fills the same spread (the ids are random). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20_240_610);
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;

/**
 * Health details as the app keeps them, encrypted (decision 070): a few encrypted once and shared,
 * so the fill pays no encryption per lead.
 */
const HEALTH_POOL = [
  { doctorName: "Dr. Alvarez", medications: "Lisinopril 10 mg daily; metformin 500 mg twice daily" },
  { doctorName: "Dr. Chen", medications: "Atorvastatin 20 mg", medicalHistory: "High cholesterol" },
  { doctorName: "Dr. Okafor", doctorPhone: "8135550199", medicalHistory: "Type 2 diabetes since 2015" },
  { medications: "Levothyroxine 50 mcg" },
].map((details) => encryptedHealth(details));
const NO_HEALTH = encryptedHealth({});
function weighted<T extends string>(weights: Record<T, number>): T {
  const total = Object.values<number>(weights).reduce((a, b) => a + b, 0);
  let at = rand() * total;
  for (const [key, weight] of Object.entries<number>(weights)) if ((at -= weight) < 0) return key as T;
  return Object.keys(weights)[0] as T;
}

const FIRST_NAMES = `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard
  Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark
  Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian
  Dorothy George Melissa Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia
  Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott
  Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Patrick
  Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia`
  .split(/\s+/)
  .filter(Boolean);
const LAST_NAMES = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
  Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis
  Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera
  Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris
  Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward
  Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel
  Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Fisher`
  .split(/\s+/)
  .filter(Boolean);
const CITIES = [
  ["Tampa", "FL"],
  ["Orlando", "FL"],
  ["Houston", "TX"],
  ["Dallas", "TX"],
  ["Phoenix", "AZ"],
  ["Atlanta", "GA"],
  ["Charlotte", "NC"],
  ["Columbus", "OH"],
  ["Nashville", "TN"],
  ["Denver", "CO"],
] as const;
const DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "aol.com", "icloud.com", "hotmail.com"];
const CONSENT_TEXT =
  "By submitting this form I agree to be contacted by the agent I chose and by the agency about life insurance " +
  "products at the phone number and email I gave, including by automated calls, prerecorded messages and texts. " +
  "Consent is not a condition of purchase. Message and data rates may apply. I can withdraw consent at any time.";
/** The lead's status by its age: new leads are mostly pending, older ones worked. */
function statusFor(ageDays: number) {
  if (ageDays < 3) return weighted({ pending: 80, contacted: 15, callback: 5 });
  return weighted({ pending: 20, contacted: 30, callback: 8, rescheduled: 5, declined: 22, sale: 15 });
}
const LICENSED_STATES = ["AZ", "CA", "CO", "FL", "GA", "IL", "MI", "NC", "NY", "OH", "PA", "TN", "TX", "VA", "WA"];
const YEAR_MS = 365 * 86_400_000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join("");

// --- the load --------------------------------------------------------------------------------------

/** Milliseconds the load spent inserting into each table. */
const insertMs = new Map<string, number>();

async function insert(table: string, rows: Record<string, unknown>[]) {
  const qi = sequelize.getQueryInterface();
  const started = performance.now();
  for (let i = 0; i < rows.length; i += 500) await qi.bulkInsert(table, rows.slice(i, i + 500));
  insertMs.set(table, (insertMs.get(table) ?? 0) + performance.now() - started);
}

type Bench = {
  admin: SessionUser;
  /** An admin who has opened every lead but the 50 oldest: the most reads to count. */
  diligentAdmin: SessionUser;
  busiest: SessionUser;
  /** An agent who has opened every one of their leads. */
  diligentAgent: SessionUser;
  agentLeads: Map<string, number>;
};

/**
 * The Order Sheet's orders (issue 13): 3,000 over the last year, each of an agent's calls bought
 * (25 to 500 at $4-$12 a call), from a generator of its own so the leads stay the same. A database
 * a --keep run left before orders were filled gets them on --reuse.
 */
async function fillOrders() {
  const { n } = await numbersInOneStatement({ n: sql`SELECT COUNT(*) FROM orders` });
  if (n > 0) return;
  const agents = await selectRows(
    sql`SELECT g.id, u.first_name || ' ' || u.last_name AS name FROM agents g JOIN users u ON u.id = g.user_id
        WHERE u.email LIKE 'bench.agent%' ORDER BY u.email`,
    IdAndName,
  );
  const orderRand = random(20_261_125);
  const now = Date.now();
  await insert(
    "orders",
    Array.from({ length: 3000 }, () => {
      const agent = agents[Math.floor(orderRand() * agents.length)]!;
      const calls = 25 + Math.floor(orderRand() * 476);
      const at = new Date(now - Math.floor(orderRand() * YEAR_MS));
      return {
        id: crypto.randomUUID(),
        agent_id: agent.id,
        agent_name: agent.name,
        calls_ordered: calls,
        calls_completed: Math.floor(orderRand() * (calls + 1)),
        company_source: orderRand() < 0.5 ? "Facebook" : "Google",
        platform_source: "Web",
        referrer: null,
        total_payment_cents: calls * (400 + Math.floor(orderRand() * 801)),
        payment_gateway: "Zelle",
        status: "Active",
        created_at: at,
        updated_at: at,
      };
    }),
  );
}

async function fill(): Promise<Bench> {
  await migrate();
  await ensureCatalog();
  const carriers = await selectRows(sql`SELECT id, name FROM carriers`, IdAndName);
  const now = new Date();
  const at = (ms: number) => new Date(now.getTime() - ms);
  const users: Record<string, unknown>[] = [];
  const agents: Record<string, unknown>[] = [];
  const agentIds: string[] = [];
  const agentUserIds: string[] = [];
  for (let i = 0; i < AGENTS; i++) {
    const userId = crypto.randomUUID();
    const agentId = crypto.randomUUID();
    const created = at(YEAR_MS + 86_400_000);
    users.push({
      id: userId,
      email: `bench.agent${i}@example.test`,
      password_hash: "x",
      first_name: pick(FIRST_NAMES),
      last_name: `Agent${i}`,
      role: "agent",
      timezone: "America/New_York",
      must_change_password: false,
      created_at: created,
      updated_at: created,
    });
    agents.push({
      id: agentId,
      user_id: userId,
      license_number: `BENCH-${i}`,
      status: "approved",
      setup_complete: true,
      calls_left: 10,
      created_at: created,
      updated_at: created,
    });
    agentIds.push(agentId);
    agentUserIds.push(userId);
  }
  const adminIds = [crypto.randomUUID(), crypto.randomUUID()];
  for (const [i, id] of adminIds.entries()) {
    users.push({
      id,
      email: `bench.admin${i}@example.test`,
      password_hash: "x",
      first_name: "Bench",
      last_name: `Admin${i}`,
      role: "admin",
      timezone: "America/New_York",
      must_change_password: false,
      created_at: at(YEAR_MS + 86_400_000),
      updated_at: at(YEAR_MS + 86_400_000),
    });
  }
  await insert("users", users);
  await insert("agents", agents);
  // The activity log and the licensed states draw from a generator of their own, so the leads are
  // the same as before they were added.
  const logRand = random(20_261_123);
  // Each agent licensed in 3 to 8 states (Agents Management shows the first 3, +N more).
  await insert(
    "licensed_states",
    agentIds.flatMap((agentId) =>
      [...LICENSED_STATES]
        .sort(() => logRand() - 0.5)
        .slice(0, 3 + Math.floor(logRand() * 6))
        .map((state) => ({ id: crypto.randomUUID(), agent_id: agentId, state, created_at: now, updated_at: now })),
    ),
  );
  // Each agent carries three carriers (the report's Carrier choices add those named on leads).
  await insert(
    "agent_carriers",
    agentIds.flatMap((agentId, i) =>
      [0, 1, 2].map((k) => ({
        id: crypto.randomUUID(),
        agent_id: agentId,
        carrier_id: carriers[(i + k * 5) % carriers.length]!.id,
        created_at: now,
        updated_at: now,
      })),
    ),
  );

  // Agents' shares fall off as 1/sqrt(rank): the busiest has about 8% of the leads (about 7,900 at
  // 100,000, so 395 pages of 20), the quietest about 1%; 1% of leads are not assigned yet.
  const shares = agentIds.map((_, i) => 1 / Math.sqrt(i + 1));
  const shareTotal = shares.reduce((a, b) => a + b, 0);
  const cumulative = shares.map(
    (
      (sum) => (share) =>
        (sum += share / shareTotal)
    )(0),
  );
  const agentFor = () => {
    if (rand() < 0.01) return null;
    const r = rand();
    const index = cumulative.findIndex((c) => r < c);
    return index < 0 ? agentIds.length - 1 : index;
  };
  const agentLeads = new Map<string, number>();
  const allLeadIds: { id: string; createdAt: number }[] = [];

  const CHUNK = 5000;
  for (let done = 0; done < TOTAL; done += CHUNK) {
    const leads: Record<string, unknown>[] = [];
    const phones: Record<string, unknown>[] = [];
    const payments: Record<string, unknown>[] = [];
    const saleParts: { beneficiaries: Record<string, unknown>[]; changes: Record<string, unknown>[] } = {
      beneficiaries: [],
      changes: [],
    };
    const reads: Record<string, unknown>[] = [];
    const notifications: Record<string, unknown>[] = [];
    const activity: Record<string, unknown>[] = [];
    for (let i = 0; i < Math.min(CHUNK, TOTAL - done); i++) {
      const id = crypto.randomUUID();
      const ageMs = Math.floor(rand() * YEAR_MS);
      const ageDays = ageMs / 86_400_000;
      const createdAt = at(ageMs);
      const agentIndex = agentFor();
      const agentId = agentIndex === null ? null : agentIds[agentIndex]!;
      if (agentId) agentLeads.set(agentId, (agentLeads.get(agentId) ?? 0) + 1);
      const status = agentId ? statusFor(ageDays) : "pending";
      const firstName = pick(FIRST_NAMES);
      const lastName = pick(LAST_NAMES);
      const hasEmail = rand() < 0.85;
      const [city, state] = pick(CITIES);
      const sold = status === "sale";
      const carrier = sold || rand() < 0.5 ? pick(carriers) : null;
      const premium = 2000 + Math.floor(rand() * 15_000);
      // Sold within a week of arriving (never after now); 6% of commissions cancelled since.
      const soldAt = sold
        ? new Date(Math.min(now.getTime(), createdAt.getTime() + Math.floor(rand() * 7 * 86_400_000)))
        : null;
      const commissionCancelledAt =
        soldAt && rand() < 0.06
          ? new Date(Math.min(now.getTime(), soldAt.getTime() + Math.floor(rand() * 60 * 86_400_000)))
          : null;
      const callback = status === "callback" || status === "rescheduled";
      leads.push(
        leadRow(
          leadAttributes({
            id,
            agentId,
            carrierId: carrier?.id ?? null,
            status,
            firstName,
            lastName,
            hasEmail,
            email: hasEmail
              ? `${firstName}.${lastName}${Math.floor(rand() * 1000)}@${pick(DOMAINS)}`.toLowerCase()
              : null,
            gender: rand() < 0.5 ? "Male" : "Female",
            dateOfBirth: iso(new Date(now.getTime() - (45 + rand() * 40) * YEAR_MS)),
            address: `${100 + Math.floor(rand() * 9900)} ${pick(LAST_NAMES)} St`,
            city,
            state,
            zipCode: digits(5),
            height: `5'${Math.floor(rand() * 12)}"`,
            weight: 120 + Math.floor(rand() * 140),
            maritalStatus: pick(["single", "married", "widowed", "divorced"]),
            ssnEncrypted: crypto.randomBytes(60).toString("base64"),
            ssnLast4: digits(4),
            smoker: rand() < 0.2,
            ...(rand() < 0.4 ? HEALTH_POOL[i % HEALTH_POOL.length]! : NO_HEALTH),
            coverageAmountCents: (5 + Math.floor(rand() * 46)) * 100_000,
            monthlyPremiumCents: premium,
            soldProductName: sold ? "Final Expense" : null,
            soldCompPercentage: sold ? 100 : null,
            calculatedCommissionCents: sold ? premium * 9 : null,
            soldAt,
            commissionCancelledAt,
            // Callbacks from 5 days overdue to 15 days ahead (about 5% due today); one in 10 undated.
            callbackDate: callback && rand() < 0.9 ? new Date(now.getTime() + (rand() * 20 - 5) * 86_400_000) : null,
            paymentMethod: sold ? "bank" : null,
            routingNumberEncrypted: sold ? crypto.randomBytes(40).toString("base64") : null,
            routingNumberLast4: sold ? digits(4) : null,
            accountNumberEncrypted: sold ? crypto.randomBytes(40).toString("base64") : null,
            accountNumberLast4: sold ? digits(4) : null,
            source: "public_form",
            consentGiven: true,
            consentText: CONSENT_TEXT,
            consentAt: createdAt,
            consentIp: `10.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}`,
            createdAt,
            updatedAt: createdAt,
          }),
        ),
      );
      const phoneCount = rand() < 0.3 ? 2 : 1;
      for (let p = 0; p < phoneCount; p++) {
        phones.push(
          leadPhoneRow(id, {
            phoneNumber: `813555${digits(4)}`,
            phoneType: p === 0 ? "mobile" : "home",
            isPrimary: p === 0 && rand() < 0.7,
            createdAt,
            updatedAt: createdAt,
          }),
        );
      }
      if (soldAt) {
        // Months due before today are settled: mostly paid, a few late (not_paid); one policy in 8
        // lapses at a month (cancelled), after which nothing more is paid. Later months are unpaid.
        const lapseMonth = rand() < 0.12 ? 1 + Math.floor(rand() * 9) : 0;
        for (let month = 1; month <= 9; month++) {
          const due = iso(new Date(soldAt.getTime() + (month - 1) * 30 * 86_400_000));
          const settled = month === lapseMonth ? "cancelled" : lapseMonth && month > lapseMonth ? "not_paid" : "paid";
          payments.push({
            id: crypto.randomUUID(),
            application_id: id,
            month_number: month,
            due_date: due,
            amount_cents: premium,
            status: due < iso(now) ? (settled === "paid" && rand() < 0.03 ? "not_paid" : settled) : "not_paid",
            created_at: soldAt,
            updated_at: soldAt,
          });
        }
        // What the lead's page shows of a sale: its beneficiary and its agent's change to sale
        // (no random draws, so the rest of the data is as before they were added).
        saleParts.beneficiaries.push({
          id: crypto.randomUUID(),
          application_id: id,
          name: `Pat ${lastName}`,
          relationship: "spouse",
          percentage: 100,
          created_at: createdAt,
          updated_at: createdAt,
        });
        saleParts.changes.push({
          id: crypto.randomUUID(),
          application_id: id,
          user_id: agentIndex === null ? null : agentUserIds[agentIndex],
          from_status: "pending",
          to_status: "sale",
          created_at: soldAt,
          updated_at: soldAt,
        });
      }
      if (agentIndex !== null) {
        // Agents open most leads within days; a few stay unread.
        const agentUserId = agentUserIds[agentIndex]!;
        if (ageDays > 2 ? rand() < 0.97 : rand() < 0.4) {
          reads.push({
            id: crypto.randomUUID(),
            user_id: agentUserId,
            application_id: id,
            created_at: now,
            updated_at: now,
          });
        }
        // A new-lead notification to its agent; the older ones have been read.
        notifications.push({
          id: crypto.randomUUID(),
          user_id: agentUserId,
          application_id: id,
          type: "new_lead",
          title: "New lead assigned",
          message: `${firstName} ${lastName} submitted an application.`,
          is_read: ageDays > 30,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
      // Every admin is told of every new lead too: the first has read the last week's, the
      // second every one.
      for (const [index, adminId] of adminIds.entries()) {
        notifications.push({
          id: crypto.randomUUID(),
          user_id: adminId,
          application_id: id,
          type: "new_lead",
          title: "New lead",
          message: `${firstName} ${lastName} submitted an application.`,
          is_read: index === 1 || ageDays > 7,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
      // The first admin opens a lead now and then.
      if (rand() < 0.05) {
        reads.push({
          id: crypto.randomUUID(),
          user_id: adminIds[0],
          application_id: id,
          created_at: now,
          updated_at: now,
        });
      }
      // The activity log: 30% of assigned leads have 1 to 3 entries within two weeks of arriving,
      // a status change by their agent or a reassignment by the first admin.
      if (agentIndex !== null && logRand() < 0.3) {
        for (let k = 1 + Math.floor(logRand() * 3); k > 0; k--) {
          const byAdmin = logRand() < 0.3;
          const when = new Date(Math.min(now.getTime(), createdAt.getTime() + Math.floor(logRand() * 14 * 86_400_000)));
          activity.push({
            id: crypto.randomUUID(),
            user_id: byAdmin ? adminIds[0] : agentUserIds[agentIndex],
            action: byAdmin ? "lead_reassigned" : "lead_status_changed",
            entity_type: "application",
            entity_id: id,
            summary: byAdmin
              ? `Bench Admin0 reassigned ${firstName} ${lastName} to another agent`
              : `Status of ${firstName} ${lastName} changed to ${status}`,
            created_at: when,
            updated_at: when,
          });
        }
      }
      allLeadIds.push({ id, createdAt: createdAt.getTime() });
    }
    await insert("applications", leads);
    await insert("phones", phones);
    await insert("payment_trackings", payments);
    await insert("beneficiaries", saleParts.beneficiaries);
    await insert("status_changes", saleParts.changes);
    await insert("lead_reads", reads);
    await insert("notifications", notifications);
    await insert("activity_logs", activity);
    process.stdout.write(`\r${Math.min(done + CHUNK, TOTAL)} leads`);
  }
  process.stdout.write("\n");

  // The second admin has opened every lead but the 50 oldest, the second-busiest agent every lead
  // of theirs: the readers with the most reads to count.
  allLeadIds.sort((a, b) => b.createdAt - a.createdAt);
  const byCount = [...agentLeads.entries()].sort((a, b) => b[1] - a[1]);
  const busiestAgentId = byCount[0]![0];
  const diligentAgentId = byCount[1]![0];
  const diligentUserId = agentUserIds[agentIds.indexOf(diligentAgentId)]!;
  const notYetRead = await selectRows(
    sql`SELECT a.id FROM applications a WHERE a.agent_id = ${diligentAgentId}
          AND NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = ${diligentUserId} AND r.application_id = a.id)`,
    Id,
  );
  const readNow = (userId: string) => (applicationId: string) => ({
    id: crypto.randomUUID(),
    user_id: userId,
    application_id: applicationId,
    created_at: now,
    updated_at: now,
  });
  await insert(
    "lead_reads",
    allLeadIds.slice(0, allLeadIds.length - 50).map((lead) => readNow(adminIds[1]!)(lead.id)),
  );
  await insert(
    "lead_reads",
    notYetRead.map((lead) => readNow(diligentUserId)(lead.id)),
  );
  // Sign-ins: every agent and admin on 80% of the days of the last year, at a random hour.
  const signIns: Record<string, unknown>[] = [];
  for (const userId of [...agentUserIds, ...adminIds]) {
    for (let day = 0; day < 365; day++) {
      if (logRand() >= 0.8) continue;
      const when = at(day * 86_400_000 + Math.floor(logRand() * 86_400_000));
      signIns.push({
        id: crypto.randomUUID(),
        user_id: userId,
        action: "sign_in",
        entity_type: "user",
        entity_id: userId,
        summary: "Signed in",
        created_at: when,
        updated_at: when,
      });
    }
  }
  await insert("activity_logs", signIns);
  await fillOrders();

  // Statistics for the planner, as a real database has them (without, a sum walks every sale), and
  // on Postgres the visibility map autovacuum keeps, without which no index-only scan skips the table.
  await analyzeDatabase();
  if (isPostgres) await sequelize.query("VACUUM ANALYZE");

  return {
    admin: await sessionUser(adminIds[0]!),
    diligentAdmin: await sessionUser(adminIds[1]!),
    busiest: await sessionUser(agentUserIds[agentIds.indexOf(busiestAgentId)]!),
    diligentAgent: await sessionUser(diligentUserId),
    agentLeads,
  };
}

// --- the set-based fill (issue 23 item 4): 10,000 to 1,000,000 leads in minutes ------------------

/**
 * Agents and admins for fillLeadsSetBased: `agents` approved agents (each with a user) and one
 * admin, all on New York's calendar, by bulk insert. Returns their ids and session users.
 */
async function fillPeopleForSetBasedFill(agents: number) {
  await migrate();
  await ensureCatalog();
  const created = new Date(Date.now() - YEAR_MS - 86_400_000);
  const stamp = { created_at: created, updated_at: created };
  const person = (email: string, lastName: string, role: string) => ({
    id: crypto.randomUUID(),
    email,
    password_hash: "x",
    first_name: "Bench",
    last_name: lastName,
    role,
    timezone: "America/New_York",
    must_change_password: false,
    ...stamp,
  });
  const agentUsers = Array.from({ length: agents }, (_, i) =>
    person(`bench.agent${i}@example.test`, `Agent${i}`, "agent"),
  );
  const admin = person("bench.admin0@example.test", "Admin0", "admin");
  await insert("users", [...agentUsers, admin]);
  const agentRows = agentUsers.map((user, i) => ({
    id: crypto.randomUUID(),
    user_id: user.id,
    license_number: `BENCH-${i}`,
    status: "approved",
    setup_complete: true,
    calls_left: 10,
    ...stamp,
  }));
  await insert("agents", agentRows);
  return {
    agentIds: agentRows.map((a) => a.id),
    admin: await sessionUser(admin.id),
    /** The busiest agent: fillLeadsSetBased gives the first agent the most leads. */
    busiest: await sessionUser(agentUsers[0]!.id),
  };
}

/**
 * `count` leads in one INSERT ... SELECT per 100,000 over a generated series (SQLite: a recursive
 * CTE; Postgres: generate_series), never row by row, numbered from `first` so successive calls add
 * different leads. Spread as fill()'s: created over the last year, 1% unassigned, agents' shares
 * skewed (agent i of n has sqrt((i+1)/n) - sqrt(i/n) of them: the first about 14% with 50 agents),
 * statuses pending 20%, contacted 30, callback 8, rescheduled 5, declined 22, sale 15; a carrier on
 * every sale and half the others; premiums $20-$170, commission 9 months of it, 6% of commissions
 * cancelled; names from fill()'s lists, an email for 85%. The load runs in bulkLoad: the triggers
 * off and, on Postgres, the secondary indexes dropped, then everything the triggers keep (the
 * unread counts, the report summaries, the search index) counted again set-based, and the indexes
 * built once (tests/api/bulk-load.test.ts checks it leaves what the triggers would). `alsoInside`
 * runs in the same load, after the leads (the searches' phones and reads). The "random" draws are a
 * fixed function of the lead's number, so every run fills the same spread.
 */
async function fillLeadsSetBased(
  count: number,
  first: number,
  agentIds: readonly string[],
  alsoInside: () => Promise<void> = async () => {},
) {
  const qi = sequelize.getQueryInterface();
  const postgres = isPostgres;
  const started = performance.now();
  // Lookup tables the statement picks from by number.
  await sequelize.query("DROP TABLE IF EXISTS bench_fill_pick");
  await sequelize.query(
    "CREATE TABLE bench_fill_pick (kind VARCHAR(8) NOT NULL, idx INTEGER NOT NULL, value TEXT NOT NULL, PRIMARY KEY (kind, idx))",
  );
  const carriers = await selectRows(sql`SELECT id FROM carriers ORDER BY name`, Id);
  const pickRows = [
    ...agentIds.map((value, idx) => ({ kind: "agent", idx, value })),
    ...carriers.map((c, idx) => ({ kind: "carrier", idx, value: c.id })),
    ...FIRST_NAMES.map((value, idx) => ({ kind: "first", idx, value })),
    ...LAST_NAMES.map((value, idx) => ({ kind: "last", idx, value })),
  ];
  for (let i = 0; i < pickRows.length; i += 500) await qi.bulkInsert("bench_fill_pick", pickRows.slice(i, i + 500));
  const nowMs = Date.now();
  // r(k): a draw in [0, 1) for lead number i, from a multiplicative hash per k. The last name's
  // skewed draw (r8 x r9) shares no draw with the lead's age (r0) or agent (r3): a common name is
  // common among the newest leads too, as in a real book, so a search's page 1 read newest first
  // is not made slow by the fill (2026-11-27; the fills before drew it from r0 x r3).
  const r = (k: number) =>
    `(((n.i * ${[7919, 104_729, 15_485_863, 32_452_843, 49_979_687, 67_867_967, 86_028_121, 122_949_829, 141_650_963, 160_481_219][k]} + ${k * 7_777 + 1}) % 1000003) * 1.0 / 1000003)`;
  const pick = (kind: string, index: string) =>
    `(SELECT p.value FROM bench_fill_pick p WHERE p.kind = '${kind}' AND p.idx = ${index})`;
  const uuid = postgres
    ? "gen_random_uuid()"
    : `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
        substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;
  const instant = (ms: string) =>
    postgres ? `to_timestamp((${ms}) / 1000.0)` : `strftime('%Y-%m-%d %H:%M:%f +00:00', (${ms}) / 1000.0, 'unixepoch')`;
  const cast = (text: string) => (postgres ? `CAST(${text} AS UUID)` : text);
  // A draw times n as a whole number below n (Postgres rounds a CAST to INTEGER; SQLite truncates).
  const below = (draw: string, n: number) =>
    postgres ? `CAST(FLOOR(${draw} * ${n}) AS INTEGER)` : `CAST(${draw} * ${n} AS INTEGER)`;
  const agentCount = agentIds.length;
  const BATCH = 100_000;
  const rebuilt = await bulkLoad(sequelize, async () => {
    for (let from = first; from < first + count; from += BATCH) {
      const to = Math.min(first + count, from + BATCH);
      const series = postgres
        ? `generate_series(CAST(${from} AS BIGINT), ${to - 1}) AS n(i)`
        : `(WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to - 1}) SELECT i FROM s) n`;
      // d: the lead's draws; v: its columns.
      await sequelize.query(
        `INSERT INTO applications (id, agent_id, carrier_id, status, first_name, last_name, has_email, email,
         monthly_premium_cents, sold_product_name, sold_comp_percentage, calculated_commission_cents, sold_at,
         commission_cancelled_at, source, consent_given, created_at, updated_at)
       SELECT ${uuid}, v.agent_id, v.carrier_id, v.status, v.first_name, v.last_name, v.has_email,
         CASE WHEN v.has_email THEN lower(v.first_name || '.' || v.last_name || (v.i % 1000) || '@example.test') END,
         v.premium, CASE WHEN v.status = 'sale' THEN 'Final Expense' END, CASE WHEN v.status = 'sale' THEN 100 END,
         CASE WHEN v.status = 'sale' THEN v.premium * 9 END, CASE WHEN v.status = 'sale' THEN ${instant("v.created_ms")} END,
         CASE WHEN v.status = 'sale' AND v.r8 < 0.06 THEN ${instant(String(nowMs))} END,
         'public_form', ${postgres ? "true" : "1"}, ${instant("v.created_ms")}, ${instant("v.created_ms")}
       FROM (
         SELECT d.i, d.r8, ${cast(`CASE WHEN d.agent_index IS NULL THEN NULL ELSE ${pick("agent", "d.agent_index")} END`)} AS agent_id,
           d.status, d.created_ms, d.has_email, d.premium,
           ${cast(`CASE WHEN d.status = 'sale' OR d.r5 < 0.5 THEN ${pick("carrier", below("d.r6", carriers.length))} END`)} AS carrier_id,
           ${pick("first", below("d.r7", FIRST_NAMES.length))} AS first_name,
           ${pick("last", below("d.r3", LAST_NAMES.length))} AS last_name
         FROM (
           SELECT n.i, ${r(5)} AS r5, ${r(6)} AS r6, ${r(7)} AS r7, ${r(8)} * ${r(9)} AS r3, ${r(1)} AS r8,
             CASE WHEN ${r(2)} < 0.01 THEN NULL ELSE ${below(`${r(3)} * ${r(3)}`, agentCount)} END AS agent_index,
             CASE WHEN ${r(2)} < 0.01 THEN 'pending' ELSE
               CASE WHEN ${r(4)} < 0.20 THEN 'pending' WHEN ${r(4)} < 0.50 THEN 'contacted' WHEN ${r(4)} < 0.58 THEN 'callback'
                 WHEN ${r(4)} < 0.63 THEN 'rescheduled' WHEN ${r(4)} < 0.85 THEN 'declined' ELSE 'sale' END END AS status,
             ${nowMs} - CAST(${r(0)} * ${YEAR_MS} AS BIGINT) AS created_ms,
             ${r(1)} < 0.85 AS has_email,
             2000 + CAST(${r(7)} * 15000 AS INTEGER) AS premium
           FROM ${series}
         ) d
       ) v`,
      );
      if (to % 10_000 === 0 || to === first + count) process.stdout.write(`\r${to} leads`);
    }
    await alsoInside();
  });
  await sequelize.query("DROP TABLE bench_fill_pick");
  process.stdout.write(
    ` in ${((performance.now() - started) / 1000).toFixed(1)} s with the triggers off: then the indexes and the search terms built in ${rebuilt.indexSeconds.toFixed(1)} s, the unread counts and report summaries counted in ${rebuilt.recountSeconds.toFixed(1)} s\n`,
  );
  insertMs.set("applications", (insertMs.get("applications") ?? 0) + performance.now() - started);
}

/** --sizes N,N,...: the reports at each size, filled set-based one after the other. */
const SIZES = option("sizes", "").split(",").filter(Boolean).map(Number);

/**
 * The report tabs at each of SIZES leads (added to the same database between sizes), as ms (the
 * service's median of 15 after a warm-up) and the ratio to the first size; target: the 12-month
 * overview within 2x of its time at the first size (10,000).
 */
async function reportsAtSizes() {
  const people = await fillPeopleForSetBasedFill(AGENTS);
  const { admin, busiest } = people;
  const now = new Date();
  const today = todayIn(admin.timezone, now);
  const lastYear = { dateFrom: addDaysIso(today, -364), dateTo: today };
  const [{ carrierId }] = (await selectRows(
    sql`SELECT c.id AS "carrierId" FROM carriers c ORDER BY c.name LIMIT 1`,
    z.object({ carrierId: column.text }),
  )) as [{ carrierId: string }];
  const cases: [string, () => Promise<unknown>][] = [
    ["admin overview, 12 months", () => adminReport(admin, { status: "all" }, { parts: ["overview"] }, now)],
    ["admin performance, 12 months", () => adminReport(admin, { status: "all" }, { parts: ["performance"] }, now)],
    ["admin revenue, 12 months", () => adminReport(admin, { status: "all" }, { parts: ["revenue"] }, now)],
    [
      "admin agents, page 1",
      () => adminReport(admin, { status: "all" }, { parts: ["agents"], agentsPage: { page: 1, pageSize: 25 } }, now),
    ],
    ["admin agents CSV", () => exportAdminReport(admin, { status: "all" }, "agents", now)],
    [
      "admin overview, busiest agent",
      () => adminReport(admin, { status: "all", agentId: busiest.agent!.id }, { parts: ["overview"] }, now),
    ],
    ["admin overview, a carrier", () => adminReport(admin, { status: "all", carrierId }, { parts: ["overview"] }, now)],
    ["admin overview, status sale", () => adminReport(admin, { status: "sale" }, { parts: ["overview"] }, now)],
    [
      "agent report figures, all time",
      () => agentReport(busiest, { status: "all" } as ReportFilters, { page: 1, pageSize: 20 }),
    ],
    [
      "agent report, last year, sale, a carrier",
      () =>
        agentReport(busiest, { status: "sale", carrierId, ...lastYear } as ReportFilters, { page: 1, pageSize: 20 }),
    ],
  ];
  const results = new Map<string, number[]>();
  let filled = 0;
  for (const size of SIZES) {
    const fillStarted = performance.now();
    await fillLeadsSetBased(size - filled, filled, people.agentIds);
    filled = size;
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    await analyzeDatabase();
    if (isPostgres) await sequelize.query("VACUUM ANALYZE");
    const { summaries } = await numbersInOneStatement({ summaries: sql`SELECT COUNT(*) FROM report_summaries` });
    console.log(
      `\n${size} leads (${size - (SIZES[SIZES.indexOf(size) - 1] ?? 0)} added in ${fillSeconds.toFixed(1)} s, set-based; ${summaries} summary rows) on ${isPostgres ? "Postgres" : "SQLite"}: median of 15, ratio to ${SIZES[0]}`,
    );
    for (const [label, run] of cases) {
      const ms = await time(run, 15);
      const all = results.get(label) ?? [];
      all.push(ms);
      results.set(label, all);
      console.log(`  ${label.padEnd(45)}${ms.toFixed(2).padStart(8)} ms   ${(ms / all[0]!).toFixed(2)}x`);
    }
  }
  // What the summaries' upkeep adds to a write at the last size: one lead inserted, sold, and
  // deleted, with the triggers and with them dropped (median of 20 each).
  const writes = async () => {
    const ms: number[][] = [[], [], []];
    for (let i = 0; i < 23; i++) {
      const lead = leadRow(
        leadAttributes({ agentId: busiest.agent!.id, firstName: "Bench", lastName: "Write", createdAt: new Date() }),
      );
      const steps = [
        () => sequelize.getQueryInterface().bulkInsert("applications", [lead]),
        () =>
          sequelize.query(
            "UPDATE applications SET status = 'sale', monthly_premium_cents = 5000, calculated_commission_cents = 45000 WHERE id = :id",
            { replacements: { id: lead.id } },
          ),
        () => sequelize.query("DELETE FROM applications WHERE id = :id", { replacements: { id: lead.id } }),
      ];
      for (const [k, step] of steps.entries()) {
        const at = performance.now();
        await step();
        if (i >= 3) ms[k]!.push(performance.now() - at);
      }
    }
    return ms.map((m) => median(m).toFixed(2));
  };
  const withTriggers = await writes();
  await summaryUpkeep.dropTriggers(sequelize);
  const without = await writes();
  await summaryUpkeep.createTriggers(sequelize);
  console.log(
    `\nOne lead written at ${filled} leads, with the summaries' triggers / without: insert ${withTriggers[0]} / ${without[0]} ms, sold ${withTriggers[1]} / ${without[1]} ms, delete ${withTriggers[2]} / ${without[2]} ms`,
  );

  console.log("\nTargets");
  const overview = results.get("admin overview, 12 months")!;
  for (const [i, size] of SIZES.entries()) {
    if (i === 0) continue;
    const ratio = overview[i]! / overview[0]!;
    console.log(
      `  12-month overview at ${size} within 2x of ${SIZES[0]}: ${ratio.toFixed(2)}x ${ratio <= 2 ? "PASS" : "FAIL"}`,
    );
  }
}

// --- timing ------------------------------------------------------------------------------------------

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Median milliseconds of `rounds` runs after a warm-up. */
async function time(run: () => Promise<unknown>, rounds = 15) {
  return (await timeSideBySide([run], rounds))[0]!;
}

/** A case's rounds stop once this long has gone, after at least MIN_ROUNDS (a statement of seconds is timed 5 times, not 40). */
const ROUNDS_BUDGET_MS = 20_000;
const MIN_ROUNDS = 5;

/**
 * Median milliseconds of each of `runs` over `rounds` rounds (fewer past ROUNDS_BUDGET_MS) after a
 * warm-up, taking turns within each round, so a machine busy with other work slows them alike.
 */
async function timeSideBySide(runs: (() => Promise<unknown>)[], rounds = 40) {
  for (const run of runs) {
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await run();
      if (performance.now() - started > 1000) break;
    }
  }
  const times = runs.map((): number[] => []);
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    if (round >= MIN_ROUNDS && performance.now() - started > ROUNDS_BUDGET_MS) break;
    for (const [i, run] of runs.entries()) {
      const started = performance.now();
      await run();
      times[i]!.push(performance.now() - started);
    }
  }
  return times.map(median);
}

/**
 * Plain SQL straight through the driver, on connections of its own: the baseline. On Postgres a
 * pool as large as the app's (10), so statements sent together run together as the service's do.
 */
async function rawConnection() {
  if (isPostgres) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    // An idle connection ended by the server (the database dropped WITH (FORCE) after a failure)
    // would otherwise end the process before the failure itself is printed.
    pool.on("error", () => {});
    return {
      all: async <T>(sql: string, params: unknown[]) => (await pool.query(sql, params)).rows as T[],
      close: () => pool.end(),
    };
  }
  const sqlite3 = (await import("sqlite3")).default;
  const connection = await new Promise<import("sqlite3").Database>((resolve, reject) => {
    const opened = new sqlite3.Database(sqliteFile!, sqlite3.OPEN_READONLY, (error) =>
      error ? reject(error) : resolve(opened),
    );
  });
  return {
    all: <T>(sql: string, params: unknown[]) =>
      new Promise<T[]>((resolve, reject) =>
        connection.all(sql, params, (error, rows) => (error ? reject(error) : resolve(rows as T[]))),
      ),
    close: () => new Promise<void>((resolve) => connection.close(() => resolve())),
  };
}
type Raw = Awaited<ReturnType<typeof rawConnection>>;

// --- what the services ran ----------------------------------------------------------------------------

/** A statement as Sequelize handed it to the driver: its text, its bound values, when it started and ended. */
type Ran = { sql: string; parameters: unknown; start: number; end: number };
let ranStatements: Ran[] | null = null;
{
  // Every statement Sequelize sends (a model query's, a selectRows') goes through its dialect's
  // Query#run with the text and values the driver gets: wrapped, it tells what a service ran.
  type Run = (this: unknown, sql: string, parameters?: unknown) => Promise<unknown>;
  const { Query } = (sequelize as unknown as { dialect: { Query: { prototype: { run: Run } } } }).dialect;
  const run = Query.prototype.run;
  Query.prototype.run = async function (sql, parameters) {
    const start = performance.now();
    try {
      return await run.call(this, sql, parameters);
    } finally {
      ranStatements?.push({ sql, parameters, start, end: performance.now() });
    }
  };
}

/** What `run` answers, and the statements it had Sequelize send, in the order they started. */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ answer: T; ran: Ran[] }> {
  ranStatements = [];
  try {
    const answer = await run();
    return { answer, ran: [...ranStatements].sort((a, b) => a.start - b.start) };
  } finally {
    ranStatements = null;
  }
}

const isRead = (statement: Ran) => /^\s*(SELECT|WITH)\b/i.test(statement.sql);

/**
 * The reads a service ran, replayed through the raw driver as it ran them: statements that were
 * running at the same time (sent together, Promise.all) are sent together again, the others one
 * after the other. What the service adds to its SQL is its time less the replay's.
 */
function replayOf(raw: Raw, ran: Ran[]) {
  const waves: Ran[][] = [];
  let waveEnd = -Infinity;
  for (const statement of ran.filter(isRead)) {
    if (statement.start < waveEnd) waves[waves.length - 1]!.push(statement);
    else waves.push([statement]);
    waveEnd = Math.max(waveEnd, statement.end);
  }
  return async () => {
    for (const wave of waves) await Promise.all(wave.map((s) => raw.all(s.sql, (s.parameters ?? []) as unknown[])));
  };
}

/** "3 reads", "3 reads, 2 at once" (at most that many running together), "+ 1 write". */
function statementsSaid(ran: Ran[]) {
  let together = 1;
  for (const s of ran) together = Math.max(together, ran.filter((t) => t.start <= s.start && t.end > s.start).length);
  const reads = ran.filter(isRead).length;
  const writes = ran.filter((s) => /^\s*(INSERT|UPDATE|DELETE)\b/i.test(s.sql)).length;
  const others = ran.length - reads - writes;
  return [
    `${reads} ${reads === 1 ? "read" : "reads"}${together > 1 ? `, ${together} at once` : ""}`,
    writes ? ` + ${writes} ${writes === 1 ? "write" : "writes"}` : "",
    others ? ` + ${others} other` : "",
  ].join("");
}

// --- the plain SQL of each list -------------------------------------------------------------------

type Row = Record<string, unknown>;
/** A statement for the raw driver: its text with the driver's placeholders, and their values. */
type Statement = { sql: string; params: unknown[] };

/**
 * `:name` placeholders to the driver's own ($1 on Postgres, ?1 on SQLite), each value bound once
 * however often it is named, an array as a list (IN (:ids)); Dates as each database stores them
 * (Sequelize writes SQLite's as UTC text, which compares as text).
 */
function bind(sql: string, values: Record<string, unknown>): Statement {
  const params: unknown[] = [];
  const named = new Map<string, string>();
  const one = (value: unknown) => {
    params.push(
      !isPostgres && value instanceof Date ? value.toISOString().replace("T", " ").replace("Z", " +00:00") : value,
    );
    return isPostgres ? `$${params.length}` : `?${params.length}`;
  };
  const text = sql.replace(/(?<![:\w]):([a-zA-Z]\w*)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`No value for :${name}`);
    const value = values[name];
    if (Array.isArray(value)) return value.map(one).join(", ");
    if (!named.has(name)) named.set(name, one(value));
    return named.get(name)!;
  });
  return { sql: text, params };
}

type ListCase = {
  label: string;
  status: string;
  search?: string;
  page: number;
  carrierId?: string;
  created?: { start: Date; end: Date };
};

/** The lead list's WHERE (My Leads, the report): the agent, a status, a carrier, a creation range, the search's words. */
function leadsWhere(agentId: string, query: Omit<ListCase, "label" | "page">) {
  const values: Record<string, unknown> = { agentId, status: query.status, carrierId: query.carrierId };
  // The agent's working leads: not returned to their source (decision 064), as My Leads shows.
  let where = "a.agent_id = :agentId AND a.returned_at IS NULL";
  if (query.status !== "all") where += " AND a.status = :status";
  if (query.carrierId) where += " AND a.carrier_id = :carrierId";
  if (query.created) {
    where += " AND a.created_at >= :createdStart AND a.created_at < :createdEnd";
    Object.assign(values, { createdStart: query.created.start, createdEnd: query.created.end });
  }
  const search = searchByIndex(query.search);
  for (const condition of search.conditions) where += ` AND ${condition}`;
  return { where, values: { ...values, ...search.values } };
}

// --- the lead search from its term index (issue 23 item 5, migration 051) -----------------------

/**
 * The lead search by hand, as a plain-SQL baseline: every word begins one of the lead's terms
 * (searchTermWords splits and reads phone pieces as the service does), each word's leads gathered
 * from the term index, ordered and cut by the list's statement around it.
 */
function searchByIndex(search: string | undefined) {
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  const end = isPostgres ? "chr(1114111)" : "char(1114111)";
  for (const [i, word] of searchTermWords(search).entries()) {
    values[`word${i}`] = word;
    conditions.push(`a.id IN (SELECT x.application_id FROM lead_search_terms x
      WHERE x.term >= lower(:word${i}) AND x.term < lower(:word${i}) || ${end})`);
  }
  return { conditions, values };
}

/** --search-sizes N,N,...: My Leads' and All Leads' searches and filters at each size, filled set-based. */
const SEARCH_SIZES = option("search-sizes", "").split(",").filter(Boolean).map(Number);

/**
 * My Leads (the busiest agent) and All Leads (the admin, who opened 5% of the leads) at each of
 * SEARCH_SIZES leads, added to one database between sizes by fillLeadsSetBased with a phone each
 * (813-555-xxxx, set-based) and the admin's reads: every search, status, agent, submitted-days and
 * unread case, page 1 and page 40, the service against the hand-written SQL (checked to agree),
 * side by side; then each case's service time as a ratio to the first size. Targets: within 2x of
 * the SQL, and flat (page 1 and 40) from the first size to the last (issue 23 item 5).
 */
async function searchesAtSizes() {
  // --reuse: the people and leads a --keep run of this mode left, brought to the current schema;
  // a size it already has is measured without filling.
  if (reuse) await migrate();
  const people = reuse ? await peopleOfSetBasedFill() : await fillPeopleForSetBasedFill(AGENTS);
  const { admin, busiest } = people;
  const agentId = busiest.agent!.id;
  const raw = await rawConnection();
  const all = <T = Row>(statement: Statement) => raw.all<T>(statement.sql, statement.params);
  const now = new Date();
  const today = todayIn(admin.timezone, now);
  const thisMonth = `${today.slice(0, 8)}01`;
  const lastMonth = { from: `${addDaysIso(thisMonth, -1).slice(0, 8)}01`, to: addDaysIso(thisMonth, -1) };
  const { year, month, day } = parseIsoDate(lastMonth.from)!;
  const end = parseIsoDate(lastMonth.to)!;
  const lastMonthRange = {
    start: zonedMidnight(year, month, day, admin.timezone),
    end: zonedMidnight(end.year, end.month, end.day + 1, admin.timezone),
  };
  const mine: ListCase[] = [
    { label: "page 1", status: "all", page: 1 },
    { label: "page 40", status: "all", page: 40 },
    { label: "contacted, page 40", status: "contacted", page: 40 },
    { label: 'search "garcia", page 1', status: "all", search: "garcia", page: 1 },
    { label: 'search "example" (85% of emails), page 40', status: "all", search: "example", page: 40 },
    { label: 'search "mary smith"', status: "all", search: "mary smith", page: 1 },
    { label: 'search "555-0142" (a phone)', status: "all", search: "555-0142", page: 1 },
    { label: 'search "li" (two letters)', status: "all", search: "li", page: 1 },
  ];
  const theirs: AllLeadsCase[] = [
    { label: "page 1", page: 1 },
    { label: "page 40", page: 40 },
    { label: 'search "garcia", page 1', search: "garcia", page: 1 },
    { label: 'search "garcia", page 40', search: "garcia", page: 40 },
    { label: 'search "mary smith", page 1', search: "mary smith", page: 1 },
    { label: 'search "555-0142" (a phone), page 1', search: "555-0142", page: 1 },
    { label: 'search "li" (two letters), page 1', search: "li", page: 1 },
    { label: "unread only, page 1", unread: true, page: 1 },
    { label: "unread only, page 40", unread: true, page: 40 },
    { label: "contacted + busiest agent, page 40", status: "contacted", agentId, page: 40 },
    { label: "submitted last month, page 40", days: lastMonth, page: 40 },
  ];
  // `atLeast`: the service's total is a floor ("N+"): a search's count stops after each term's
  // first entries (decision 090), where the hand-written SQL counts every match.
  type Answer = { ids: string[]; total: number; atLeast?: boolean };
  // [label, service, hand-written SQL, the page asked for]
  const cases: [string, () => Promise<Answer>, () => Promise<Answer>, number][] = [
    ...mine.map((query): (typeof cases)[number] => [
      `My Leads ${query.label}`,
      async () => {
        const page = await listAgentLeads(busiest, { ...query, pageSize: 20 } as never);
        return { ids: page.rows.map((row) => row.id), total: page.total, atLeast: page.totalAtLeast };
      },
      async () => {
        const sql = myLeadsSql(agentId, busiest.id, query, { countUpTo: LEAD_LIST_COUNT_LIMIT });
        const [rows, [count]] = await Promise.all([all<{ id: string }>(sql.page), all<{ total: unknown }>(sql.count)]);
        return { ids: rows.map((row) => row.id), total: num(count!.total) };
      },
      query.page,
    ]),
    ...theirs.map((query): (typeof cases)[number] => [
      `All Leads ${query.label}`,
      async () => {
        const page = await listAllLeads(admin, allLeadsQueryOf(query));
        return { ids: page.rows.map((row) => row.id), total: page.total, atLeast: page.totalAtLeast };
      },
      async () => {
        const sql = allLeadsSql(admin.id, query, query.days ? lastMonthRange : null);
        const [rows, [count]] = await Promise.all([all<{ id: string }>(sql.page), all<{ total: unknown }>(sql.count)]);
        return { ids: rows.map((row) => row.id), total: num(count!.total) };
      },
      query.page,
    ]),
  ];
  const results = new Map<string, { size: number; ms: number; exists: boolean }[]>();
  const verdicts: string[] = [];
  let filled = reuse ? await countOf("applications") : 0;
  for (const size of SEARCH_SIZES) {
    const fillStarted = performance.now();
    if (size < filled) throw new Error(`--reuse: the database has ${filled} leads, more than ${size}`);
    // A phone for each new lead (813-555 and four digits, as fill()'s), and the admin's reads of 5%,
    // in the same load as the leads.
    if (size > filled) {
      await fillLeadsSetBased(size - filled, filled, people.agentIds, async () => {
        const postgres = isPostgres;
        const uuid = postgres ? "gen_random_uuid()" : "lower(hex(randomblob(16)))";
        const stamp = postgres ? "now()" : "strftime('%Y-%m-%d %H:%M:%f +00:00', 'now')";
        const fourDigits = postgres
          ? "lpad(CAST(floor(random() * 10000) AS INTEGER)::text, 4, '0')"
          : "substr('000' || (abs(random()) % 10000), -4, 4)";
        const lonely = "NOT EXISTS (SELECT 1 FROM phones p WHERE p.application_id = a.id)";
        await sequelize.query(
          `INSERT INTO phones (id, application_id, phone_number, phone_type, is_primary, created_at, updated_at)
           SELECT ${uuid}, a.id, '813555' || ${fourDigits}, 'mobile', ${postgres ? "true" : "1"}, ${stamp}, ${stamp}
           FROM applications a WHERE ${lonely}`,
        );
        const sometimes = postgres ? "random() < 0.05" : "abs(random()) % 100 < 5";
        await sequelize.query(
          `INSERT INTO lead_reads (id, user_id, application_id, created_at, updated_at)
           SELECT ${uuid}, '${admin.id}', a.id, ${stamp}, ${stamp} FROM applications a
           WHERE NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = '${admin.id}' AND r.application_id = a.id)
             AND ${sometimes}`,
        );
      });
    }
    filled = size;
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    await analyzeDatabase();
    if (isPostgres) await sequelize.query("VACUUM ANALYZE");
    console.log(
      `\n${size} leads (added with phones and reads in ${fillSeconds.toFixed(1)} s) on ${isPostgres ? "Postgres" : "SQLite"}: service / hand-written SQL, median side by side; service as a ratio to ${SEARCH_SIZES[0]}`,
    );
    for (const [label, service, handWritten, page] of cases.filter(([label]) => chosen({ label } as Case))) {
      const [a, b] = [await service(), await handWritten()];
      const sameTotal = a.atLeast && a.total < LEAD_LIST_COUNT_LIMIT ? a.total <= b.total : a.total === b.total;
      if (JSON.stringify(a.ids) !== JSON.stringify(b.ids) || !sameTotal) {
        throw new Error(`${label}: the service and the SQL disagree`);
      }
      const [serviceMs, sqlMs] = (await timeSideBySide([service, handWritten], 15)) as [number, number];
      const times = [...(results.get(label) ?? []), { size, ms: serviceMs, exists: page === 1 || a.ids.length > 0 }];
      results.set(label, times);
      const ratio = serviceMs / sqlMs;
      if (size === 100_000 || SEARCH_SIZES.length === 1) {
        verdicts.push(`  ${label} at ${size} <= 2x SQL: ${ratio.toFixed(2)}x ${ratio <= 2 ? "PASS" : "FAIL"}`);
      }
      console.log(
        `  ${label.padEnd(50)}${`${a.ids.length} of ${a.total}${a.atLeast && a.total < LEAD_LIST_COUNT_LIMIT ? "+" : ""}`.padEnd(16)}service ${serviceMs.toFixed(2).padStart(8)} ms   SQL ${sqlMs.toFixed(2).padStart(8)} ms   ${ratio.toFixed(2)}x   ${(serviceMs / times[0]!.ms).toFixed(2)}x of ${SEARCH_SIZES[0]}`,
      );
    }
  }
  await raw.close();
  console.log("\nTargets");
  for (const verdict of verdicts) console.log(verdict);
  const last = SEARCH_SIZES[SEARCH_SIZES.length - 1]!;
  for (const [label, times] of results) {
    // Against the first size where the page exists: a page 40 that is empty at 10,000 (fewer than
    // 781 matches) is no page, so the flatness of page 40 is read from where it has rows.
    const base = times.find((time) => time.exists) ?? times[0]!;
    const ratio = times[times.length - 1]!.ms / base.ms;
    const note = base === times[0] ? "" : ` (the page is empty at ${times[0]!.size})`;
    console.log(
      `  ${label} at ${last} within 2x of ${base.size}${note}: ${ratio.toFixed(2)}x ${ratio <= 2 ? "PASS" : "FAIL"}`,
    );
  }
}

/** A lead list's row of lead `l`: its columns and correlated subqueries (:readerId opened it or not). */
const LEAD_ROW_COLUMNS = `l.id, l.agent_id AS "agentId", l.carrier_id AS "carrierId", l.status, l.first_name AS "firstName",
  l.last_name AS "lastName", l.email, l.city, l.state, l.gender, l.weight,
  l.coverage_amount_cents AS "coverageAmountCents", l.monthly_premium_cents AS "monthlyPremiumCents",
  l.calculated_commission_cents AS "calculatedCommissionCents", l.sold_product_name AS "soldProductName",
  l.callback_date AS "callbackDate", l.created_at AS "createdAt", l.updated_at AS "updatedAt",
  (SELECT p.phone_number FROM phones p WHERE p.application_id = l.id
    ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "primaryPhone",
  (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrierName",
  (SELECT COUNT(*) FROM payment_trackings t WHERE t.application_id = l.id AND t.status = 'paid') AS "paymentsPaid",
  (SELECT COUNT(*) FROM payment_trackings t WHERE t.application_id = l.id) AS "paymentsTotal",
  CASE WHEN EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = :readerId AND r.application_id = l.id)
    THEN 0 ELSE 1 END AS "isUnread"`;

/**
 * My Leads in plain SQL: the page's ids from the index (newest first), then the row's columns and
 * its correlated subqueries for those 20 rows only; the total with the same WHERE.
 */
/**
 * The total of a lead list in plain SQL. `countUpTo`: as My Leads and All Leads count it (decision
 * 058), no further than that or than the end of the page asked for if deeper, which is the
 * service's `total` (LEAD_LIST_COUNT_LIMIT, "1,000+" past it).
 */
function leadsTotalSql(where: string, page: number, countUpTo?: number) {
  return countUpTo === undefined
    ? `SELECT COUNT(*) AS total FROM applications a WHERE ${where}`
    : `SELECT COUNT(*) AS total FROM (SELECT 1 FROM applications a WHERE ${where} LIMIT ${Math.max(countUpTo, page * 20)}) counted`;
}

function myLeadsSql(agentId: string, readerId: string, query: ListCase, { countUpTo }: { countUpTo?: number } = {}) {
  const { where, values } = leadsWhere(agentId, query);
  const page = bind(
    `SELECT ${LEAD_ROW_COLUMNS}
     FROM (SELECT a.id FROM applications a WHERE ${where}
           ORDER BY a.created_at DESC, a.id DESC LIMIT :limit OFFSET :offset) page
     JOIN applications l ON l.id = page.id
     ORDER BY l.created_at DESC, l.id DESC`,
    { ...values, readerId, limit: 20, offset: (query.page - 1) * 20 },
  );
  return { page, count: bind(leadsTotalSql(where, query.page, countUpTo), values), where, values };
}

/** A scheduled callback of the agent, word for word the predicate of migration 010's partial index. */
const CALLBACK = "agent_id = :agentId AND status IN ('callback', 'rescheduled')";
const CALLBACK_RANGES = {
  overdue: "callback_date < :dueStart",
  today: "callback_date >= :dueStart AND callback_date < :dueEnd",
  later: "callback_date >= :dueEnd",
  undated: "callback_date IS NULL",
  dated: "callback_date IS NOT NULL",
};
const callbackTallySql = `SELECT ${(["overdue", "today", "later", "undated"] as const)
  .map((range) => `(SELECT COUNT(*) FROM applications WHERE ${CALLBACK} AND ${CALLBACK_RANGES[range]}) AS "${range}"`)
  .join(", ")}`;
const callbackPageSql = (range: string, order: string) =>
  `SELECT l.id, l.first_name, l.last_name, l.email, l.city, l.state, l.status, l.carrier_id,
     l.coverage_amount_cents, l.monthly_premium_cents, l.callback_date, l.created_at,
     (SELECT p.phone_number FROM phones p WHERE p.application_id = l.id
       ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "primaryPhone",
     (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrierName"
   FROM (SELECT id FROM applications WHERE ${CALLBACK} AND ${range} ORDER BY ${order} LIMIT :limit OFFSET :offset) page
   JOIN applications l ON l.id = page.id ORDER BY ${order.replace(/(^|, )/g, "$1l.")}`;

/** The sold policies of the agent, newest sale first (migration 009's (agent_id, sold_at, id)). */
const SOLD = "a.agent_id = :agentId AND a.sold_at IS NOT NULL";
const ACTIVE = `${SOLD} AND a.commission_cancelled_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM payment_trackings c WHERE c.application_id = a.id AND c.status = 'cancelled')`;
const PAID_AND_LAPSED = (alias: string) =>
  `(SELECT COUNT(*) FROM payment_trackings t WHERE t.application_id = ${alias}.id AND t.status = 'paid') AS "paid",
   CASE WHEN EXISTS (SELECT 1 FROM payment_trackings t WHERE t.application_id = ${alias}.id AND t.status = 'cancelled')
     THEN 1 ELSE 0 END AS "lapsed"`;
const soldPageSql = (columns: string, where: string) =>
  `SELECT ${columns} FROM (SELECT a.id FROM applications a WHERE ${where}
     ORDER BY a.sold_at DESC, a.id DESC LIMIT :limit OFFSET :offset) page
   JOIN applications l ON l.id = page.id ORDER BY l.sold_at DESC, l.id DESC`;
const RETENTION_COLUMNS = `l.id, l.first_name, l.last_name, l.monthly_premium_cents, l.sold_at, l.commission_cancelled_at,
  l.sold_product_name, (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrier",
  (SELECT p.phone_number FROM phones p WHERE p.application_id = l.id
    ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "phone",
  CASE WHEN EXISTS (SELECT 1 FROM payment_trackings c WHERE c.application_id = l.id AND c.status = 'cancelled')
    THEN 1 ELSE 0 END AS "lapsed"`;
const retentionSummarySql = `SELECT
  (SELECT COUNT(*) FROM applications a WHERE ${ACTIVE}) AS "accounts",
  (SELECT SUM(a.monthly_premium_cents) FROM applications a WHERE ${ACTIVE}) AS "revenue",
  ${["today", "tomorrow"]
    .map(
      (day) => `(SELECT COUNT(*) FROM payment_trackings t JOIN applications a ON a.id = t.application_id
     WHERE t.status = 'not_paid' AND t.due_date = :${day} AND ${ACTIVE}) AS "${day}"`,
    )
    .join(",\n  ")}`;
const COMMISSION_COLUMNS = `l.id, l.first_name, l.last_name, (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrier",
  l.sold_product_name, l.sold_comp_percentage, l.sold_at, l.monthly_premium_cents, l.calculated_commission_cents,
  l.commission_cancelled_at, ${PAID_AND_LAPSED("l")}`;
/** A commission searched: every word in the customer's names or email, the product or the carrier. */
function commissionWhere(search: string) {
  const values: Record<string, string> = {};
  let where = SOLD;
  for (const [i, word] of search.split(/\s+/).filter(Boolean).entries()) {
    values[`word${i}`] = `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: string) => `lower(${column}) LIKE :word${i} ESCAPE '\\'`;
    where += ` AND (${["a.first_name", "a.last_name", "a.email", "a.sold_product_name"].map(like).join(" OR ")}
      OR EXISTS (SELECT 1 FROM carriers c WHERE c.id = a.carrier_id AND ${like("c.name")}))`;
  }
  return { where, values };
}
/**
 * The summary and the ledger's totals: each sale's paid months and whether any is cancelled, once
 * per sale (a MATERIALIZED CTE, which neither database inlines into every sum that reads them),
 * then summed; earned = advanced x min(paid, 9) / 9 to the cent, as (2 x advanced x paid + 9) / 18.
 */
const commissionFiguresSql = `WITH x AS MATERIALIZED (
    SELECT COALESCE(a.calculated_commission_cents, 0) AS commission,
      CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE 1 END AS cancelled,
      CASE WHEN a.calculated_commission_cents > 0 THEN a.calculated_commission_cents ELSE 0 END AS advanced,
      ${PAID_AND_LAPSED("a")}
    FROM applications a WHERE ${SOLD})
  SELECT COUNT(*) AS "sales", SUM(1 - s.cancelled) AS "active",
    SUM(s.commission) AS "commissions", SUM(CASE WHEN s.cancelled = 0 THEN s.commission ELSE 0 END) AS "activeCommissions",
    SUM(s.advanced) AS "advanced", SUM(s.earned) AS "earned",
    SUM(CASE WHEN s.cancelled = 1 OR s.lapsed = 1 THEN 0 ELSE s.advanced - s.earned END) AS "unearned",
    SUM(CASE WHEN s.cancelled = 1 OR s.lapsed = 1 THEN s.advanced - s.earned ELSE 0 END) AS "chargedBack"
  FROM (SELECT x.commission, x.cancelled, x.advanced, x.lapsed,
          (2 * x.advanced * (CASE WHEN x.paid > 9 THEN 9 ELSE x.paid END) + 9) / 18 AS earned FROM x) s`;
const reportMetricsSql = (where: string) => {
  const sold = `${where} AND a.status = 'sale'`;
  return `SELECT (SELECT COUNT(*) FROM applications a WHERE ${where}) AS "leads",
    (SELECT COUNT(*) FROM applications a WHERE ${sold}) AS "sales",
    (SELECT SUM(a.monthly_premium_cents) FROM applications a WHERE ${sold}) AS "revenue",
    (SELECT SUM(a.calculated_commission_cents) FROM applications a WHERE ${sold} AND a.commission_cancelled_at IS NULL) AS "commission"`;
};
const carrierChoicesSql = `SELECT c.id, c.name FROM carriers c
  WHERE c.id IN (SELECT a.carrier_id FROM applications a WHERE a.agent_id = :agentId AND a.carrier_id IS NOT NULL)
     OR c.id IN (SELECT g.carrier_id FROM agent_carriers g WHERE g.agent_id = :agentId)
  ORDER BY LOWER(c.name), c.id`;
const exportBatchSql = (where: string, after: boolean) =>
  `SELECT a.id, CAST(a.created_at AS TEXT) AS "cursor", a.created_at, a.first_name, a.last_name, a.status,
     (SELECT c.name FROM carriers c WHERE c.id = a.carrier_id) AS "carrierName", a.coverage_amount_cents,
     a.monthly_premium_cents, a.calculated_commission_cents, a.commission_cancelled_at
   FROM applications a WHERE ${where}${after ? " AND (a.created_at, a.id) < (:afterAt, :afterId)" : ""}
   ORDER BY a.created_at DESC, a.id DESC LIMIT 500`;
const agentStatsSql = `SELECT (SELECT COUNT(*) FROM applications WHERE agent_id = :agentId) AS "leads",
  (SELECT COUNT(*) FROM applications WHERE agent_id = :agentId AND status = 'sale') AS "sales",
  (SELECT SUM(calculated_commission_cents) FROM applications
    WHERE agent_id = :agentId AND status = 'sale' AND commission_cancelled_at IS NULL) AS "commission"`;
/** Leads, sales and commission per month of the agent's calendar (:m0 .. :m12, the months' first instants). */
function performanceSql() {
  const month = (column: string) =>
    `CASE ${Array.from({ length: 11 }, (_, i) => `WHEN ${column} >= :m${11 - i} THEN ${11 - i}`).join(" ")} ELSE 0 END`;
  return `SELECT month, SUM(leads) AS leads, SUM(sales) AS sales, SUM(cents) AS cents FROM (
      SELECT ${month("created_at")} AS month, 1 AS leads, 0 AS sales, 0 AS cents FROM applications
      WHERE agent_id = :agentId AND created_at >= :m0 AND created_at < :m12
      UNION ALL
      SELECT ${month("sold_at")}, 0, 1, CASE WHEN commission_cancelled_at IS NULL THEN COALESCE(calculated_commission_cents, 0) ELSE 0 END
      FROM applications WHERE agent_id = :agentId AND status = 'sale' AND sold_at >= :m0 AND sold_at < :m12
    ) months GROUP BY month`;
}

/** One list or figure measured: the service, the same answer in plain SQL, and how to tell they agree. */
type Case = {
  label: string;
  service: () => Promise<unknown>;
  sql: () => Promise<unknown>;
  /** Throws when the two answers differ; says what they hold ("20 of 7751"). */
  compare: (fromService: never, fromSql: never) => string;
  /** The statements whose plans --explain prints. */
  plans: [string, Statement][];
};
function defineCase<S, Q>(c: {
  label: string;
  service: () => Promise<S>;
  sql: () => Promise<Q>;
  compare: (fromService: S, fromSql: Q) => [unknown, unknown, string];
  plans?: [string, Statement][];
}): Case {
  return {
    ...c,
    plans: c.plans ?? [],
    compare: (fromService, fromSql) => {
      const [a, b, said] = c.compare(fromService as S, fromSql as Q);
      if (JSON.stringify(a) !== JSON.stringify(b)) {
        throw new Error(
          `${c.label}: the service and the SQL answered differently:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`,
        );
      }
      return said;
    },
  };
}

const ids = (rows: { id: unknown }[]) => rows.map((row) => row.id);
const num = (value: unknown) => Number(value ?? 0);

/**
 * Every list and figure of the busiest agent's portal, as the service answers it and as plain SQL
 * through the driver, with the statements a good hand-written version runs (as many, in the same
 * order: what one waits for, the other waits for too).
 */
async function portalCases(raw: Raw, actor: SessionUser, now: Date): Promise<Case[]> {
  const all = <T = Row>(statement: Statement) => raw.all<T>(statement.sql, statement.params);
  const agentId = actor.agent!.id;
  const timeZone = actor.timezone;
  const agent = { agentId };

  // My Leads: the page and its total, run together.
  const myLeads = (query: ListCase) =>
    defineCase({
      label: `My Leads ${query.label}`,
      service: () =>
        listAgentLeads(actor, { status: query.status, search: query.search, page: query.page, pageSize: 20 } as never),
      sql: async () => {
        const sql = myLeadsSql(agentId, actor.id, query, { countUpTo: LEAD_LIST_COUNT_LIMIT });
        const [rows, [count]] = await Promise.all([all(sql.page), all<{ total: unknown }>(sql.count)]);
        return { rows, total: num(count!.total) };
      },
      compare: (s, q) => [
        [s.total, s.rows.map((r) => [r.id, r.primaryPhone, r.payments.paid, r.isUnread])],
        [q.total, q.rows.map((r) => [r.id, r.primaryPhone, num(r.paymentsPaid), Boolean(num(r.isUnread))])],
        `${s.rows.length} of ${s.total}`,
      ],
      plans: [
        [`My Leads ${query.label}: the page`, myLeadsSql(agentId, actor.id, query).page],
        [
          `My Leads ${query.label}: the total`,
          myLeadsSql(agentId, actor.id, query, { countUpTo: LEAD_LIST_COUNT_LIMIT }).count,
        ],
      ],
    });

  // Callbacks: the tally first, then each table's page from its range of the index; the undated
  // ones after the later ones when a page of those falls short.
  // Today in the agent's time zone, from its midnight to the next.
  const todayRange = periodRange("today", { timeZone, now });
  const bounds = { dueStart: todayRange.start!, dueEnd: todayRange.end! };
  const tally = async () => {
    const [row] = await all(bind(callbackTallySql, { ...agent, ...bounds }));
    return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, num(value)]));
  };
  const callbackRows = async (range: keyof typeof CALLBACK_RANGES, dated: number, undated: boolean, limit: number) => {
    const values = { ...agent, ...bounds, limit, offset: 0 };
    const rows = dated > 0 ? await all(bind(callbackPageSql(CALLBACK_RANGES[range], "callback_date, id"), values)) : [];
    if (!undated || rows.length >= limit) return rows;
    return [
      ...rows,
      ...(await all(bind(callbackPageSql(CALLBACK_RANGES.undated, "id"), { ...values, limit: limit - rows.length }))),
    ];
  };
  const callbackPlans = (Object.keys(CALLBACK_RANGES) as (keyof typeof CALLBACK_RANGES)[]).map(
    (range): [string, Statement] => [
      `callbacks, ${range}`,
      bind(callbackPageSql(CALLBACK_RANGES[range], range === "undated" ? "id" : "callback_date, id"), {
        ...agent,
        ...bounds,
        limit: 20,
        offset: 0,
      }),
    ],
  );

  // Retention: a page of policies and the total together, then the page's payments; the cards.
  const today = todayIn(timeZone, now);
  const retentionPage = bind(soldPageSql(RETENTION_COLUMNS, SOLD), { ...agent, limit: 10, offset: 0 });
  const soldCount = bind(`SELECT COUNT(*) AS total FROM applications a WHERE ${SOLD}`, agent);
  const paymentsSql = `SELECT t.id, t.application_id, t.month_number, t.due_date, t.amount_cents, t.status, t.notes
    FROM payment_trackings t WHERE t.application_id IN (:ids) ORDER BY t.application_id, t.month_number`;
  const firstPolicies = ids(await all<{ id: string }>(retentionPage));
  const summary = bind(retentionSummarySql, { ...agent, today, tomorrow: addDaysIso(today, 1) });

  // Commissions: the history's page and total together; the figures in one statement.
  const commissions = (search: string) => {
    const { where, values } = commissionWhere(search);
    return {
      page: bind(soldPageSql(COMMISSION_COLUMNS, where), { ...agent, ...values, limit: 20, offset: 0 }),
      count: bind(`SELECT COUNT(*) AS total FROM applications a WHERE ${where}`, { ...agent, ...values }),
    };
  };
  const figures = bind(commissionFiguresSql, agent);

  // Reports: My Leads' page and total with the report's WHERE, and the metrics, run together; the
  // filtered one over the last year of the agent's calendar, sales of their most common carrier.
  const [{ carrierId }] = (await all<{ carrierId: string }>(
    bind(
      `SELECT carrier_id AS "carrierId" FROM applications WHERE agent_id = :agentId AND carrier_id IS NOT NULL
       GROUP BY carrier_id ORDER BY COUNT(*) DESC, carrier_id LIMIT 1`,
      agent,
    ),
  )) as [{ carrierId: string }];
  const yearAgo = addDaysIso(today, -365);
  const midnight = (day: string, after: number) => {
    const { year, month, day: date } = parseIsoDate(day)!;
    return zonedMidnight(year, month, date + after, timeZone);
  };
  const reportQueries: [string, ReportFilters, ListCase][] = [
    ["unfiltered", { status: "all" }, { label: "", status: "all", page: 1 }],
    [
      "last year, sale, carrier",
      { dateFrom: yearAgo, dateTo: today, status: "sale", carrierId },
      {
        label: "",
        status: "sale",
        carrierId,
        created: { start: midnight(yearAgo, 0), end: midnight(today, 1) },
        page: 1,
      },
    ],
  ];
  const unfiltered = myLeadsSql(agentId, actor.id, reportQueries[0]![2]);
  const [batchEnd] = await all<Row>(
    bind(
      `SELECT CAST(a.created_at AS TEXT) AS "afterAt", a.id AS "afterId" FROM applications a WHERE ${unfiltered.where}
       ORDER BY a.created_at DESC, a.id DESC LIMIT 1 OFFSET 499`,
      unfiltered.values,
    ),
  );
  const exportPlan = bind(exportBatchSql(unfiltered.where, true), {
    afterAt: null,
    afterId: null,
    ...unfiltered.values,
    ...batchEnd,
  });

  // The lead's page: the lead with its carrier and agent (the access rule in its WHERE), then its
  // phones, beneficiaries, months and status history together. The newest sale, with its months.
  const [{ leadId }] = (await all<{ leadId: string }>(
    bind(
      `SELECT id AS "leadId" FROM applications WHERE agent_id = :agentId
       ORDER BY CASE WHEN sold_at IS NULL THEN 1 ELSE 0 END, created_at DESC, id LIMIT 1`,
      agent,
    ),
  )) as [{ leadId: string }];
  const lead = { ...agent, id: leadId };
  const leadPage = {
    lead: bind(
      `SELECT l.*, c.name AS "carrierName", u.first_name AS "agentFirstName", u.last_name AS "agentLastName"
       FROM applications l LEFT JOIN carriers c ON c.id = l.carrier_id
       LEFT JOIN agents g ON g.id = l.agent_id LEFT JOIN users u ON u.id = g.user_id
       WHERE l.id = :id AND l.agent_id = :agentId`,
      lead,
    ),
    parts: [
      `SELECT p.id, p.phone_number, p.phone_type, p.is_primary FROM phones p WHERE p.application_id = :id
       ORDER BY p.is_primary DESC, p.created_at, p.id`,
      `SELECT b.id, b.name, b.relationship, b.other_relationship, b.date_of_birth, b.age, b.phone, b.percentage
       FROM beneficiaries b WHERE b.application_id = :id ORDER BY b.created_at, b.id`,
      `SELECT t.id, t.month_number, t.due_date, t.amount_cents, t.status, t.notes
       FROM payment_trackings t WHERE t.application_id = :id ORDER BY t.month_number`,
      `SELECT s.id, s.from_status, s.to_status, s.notes, s.created_at, u.id AS "userId", u.first_name, u.last_name
       FROM status_changes s LEFT JOIN users u ON u.id = s.user_id WHERE s.application_id = :id
       ORDER BY s.created_at DESC, s.id DESC`,
    ].map((sql) => bind(sql, lead)),
  };

  // Profile: the cards in one statement, the 12 months in one grouped statement.
  const months = Object.fromEntries(monthStarts(now, timeZone).map((month, i) => [`m${i}`, month.start]));
  const stats = bind(agentStatsSql, agent);
  const performance = bind(performanceSql(), { ...agent, ...months });

  return [
    ...[
      { label: "page 1", status: "all", page: 1 },
      { label: "page 200", status: "all", page: 200 },
      { label: 'search "garcia"', status: "all", search: "garcia", page: 1 },
      { label: 'search "mary smith" (two words)', status: "all", search: "mary smith", page: 1 },
      // The search from its index (issue 23 item 5): a deep page, a phone number, two letters.
      { label: 'search "gmail", page 40', status: "all", search: "gmail", page: 40 },
      { label: 'search "555-0142" (a phone)', status: "all", search: "555-0142", page: 1 },
      { label: 'search "li" (two letters)', status: "all", search: "li", page: 1 },
      { label: "status callback", status: "callback", page: 1 },
      { label: "status contacted, page 50", status: "contacted", page: 50 },
    ].map(myLeads),
    defineCase({
      label: "Callbacks board, page 1 of each table",
      service: () => agentCallbackBoard(actor, { overdue: 1, today: 1, upcoming: 1 }, 20, now),
      sql: async () => {
        const t = await tally();
        const [overdue, due, upcoming] = await Promise.all([
          callbackRows("overdue", t.overdue!, false, 20),
          callbackRows("today", t.today!, false, 20),
          callbackRows("later", t.later!, true, 20),
        ]);
        return { t, tables: [overdue, due, upcoming] };
      },
      compare: (s, q) => [
        [s.counts.overdue, s.counts.dueToday, s.overdue.rows, s.today.rows, s.upcoming.rows].map((x) =>
          typeof x === "number" ? x : ids(x),
        ),
        [q.t.overdue, q.t.today, ...q.tables.map((rows) => ids(rows as { id: unknown }[]))],
        `${s.counts.overdue} overdue, ${s.counts.dueToday} today, ${s.counts.upcoming} later`,
      ],
      plans: [["callbacks, the tally", bind(callbackTallySql, { ...agent, ...bounds })], ...callbackPlans],
    }),
    defineCase({
      label: "Callbacks API, all, page 1 of 100",
      service: () => listAgentCallbacks(actor, { category: "all", page: 1, pageSize: 100 }, now),
      sql: async () => {
        const t = await tally();
        return callbackRows("dated", t.overdue! + t.today! + t.later!, true, 100);
      },
      compare: (s, q) => [ids(s.rows), ids(q as { id: unknown }[]), `${s.rows.length} of ${s.total}`],
    }),
    defineCase({
      label: "Retention page 1 of 10",
      service: () => listAgentRetention(actor, { page: 1, pageSize: 10 }, now),
      sql: async () => {
        const [rows, [count]] = await Promise.all([all<{ id: string }>(retentionPage), all<Row>(soldCount)]);
        const payments = rows.length ? await all(bind(paymentsSql, { ids: ids(rows) })) : [];
        return { rows, payments, total: num(count!.total) };
      },
      compare: (s, q) => [
        [s.total, ids(s.rows), s.rows.flatMap((r) => r.payments.map((p) => p.id)).sort()],
        [q.total, ids(q.rows), q.payments.map((p) => String(p.id)).sort()],
        `${s.rows.length} of ${s.total}`,
      ],
      plans: [
        ["retention, the page", retentionPage],
        ["retention, the total", soldCount],
        ["retention, the payments", bind(paymentsSql, { ids: firstPolicies })],
      ],
    }),
    defineCase({
      label: "Retention summary",
      service: () => retentionSummary(actor, now),
      sql: () => all(summary),
      compare: (s, [q]) => [
        [s.activeAccounts, s.dueToday, s.dueTomorrow],
        [num(q!.accounts), num(q!.today), num(q!.tomorrow)],
        `${s.activeAccounts} active, ${s.dueToday}+${s.dueTomorrow} due`,
      ],
      plans: [["retention summary", summary]],
    }),
    ...["", "garcia"].map((search) =>
      defineCase({
        label: `Commissions page 1${search ? ` search "${search}"` : ""}`,
        service: () => listCommissions(actor, { period: "all", status: "all", search, page: 1, pageSize: 20 }, now),
        sql: async () => {
          const sql = commissions(search);
          const [rows, [count]] = await Promise.all([all<Row & { id: string }>(sql.page), all<Row>(sql.count)]);
          return { rows, total: num(count!.total) };
        },
        compare: (s, q) => [
          [s.total, s.rows.map((r) => [r.id, r.ledger.monthsPaid])],
          [q.total, q.rows.map((r) => [r.id, Math.min(9, num(r.paid))])],
          `${s.rows.length} of ${s.total}`,
        ],
        plans: [
          [`commissions${search ? ` "${search}"` : ""}, the page`, commissions(search).page],
          [`commissions${search ? ` "${search}"` : ""}, the total`, commissions(search).count],
        ],
      }),
    ),
    defineCase({
      label: "Commission figures, all time",
      service: () => commissionFigures(actor, { period: "all" }, now),
      sql: () => all(figures),
      compare: (s, [q]) => [
        [
          s.summary.totalSales,
          s.summary.totalActiveSales,
          Math.round(s.ledger.earned * 100),
          Math.round(s.ledger.chargedBack * 100),
        ],
        [num(q!.sales), num(q!.active), num(q!.earned), num(q!.chargedBack)],
        `${s.summary.totalSales} sales, ${s.summary.totalCancelledSales} cancelled`,
      ],
      plans: [["commission figures", figures]],
    }),
    ...reportQueries.map(([label, filters, query]) => {
      const sql = myLeadsSql(agentId, actor.id, query);
      const metrics = bind(reportMetricsSql(sql.where), sql.values);
      return defineCase({
        label: `Report ${label}, page 1`,
        service: () => agentReport(actor, filters, { page: 1, pageSize: 20 }),
        sql: async () => {
          const [rows, [count], [figures]] = await Promise.all([all(sql.page), all<Row>(sql.count), all<Row>(metrics)]);
          return { rows, total: num(count!.total), sales: num(figures!.sales) };
        },
        compare: (s, q) => [
          [s.applications.total, s.metrics.totalSales, ids(s.applications.rows)],
          [q.total, q.sales, ids(q.rows as { id: unknown }[])],
          `${s.applications.rows.length} of ${s.applications.total}`,
        ],
        plans: [
          [`report ${label}, the page`, sql.page],
          [`report ${label}, the total`, sql.count],
          [`report ${label}, the metrics`, metrics],
        ],
      });
    }),
    defineCase({
      label: "Report carrier choices",
      service: () => reportCarrierChoices(actor),
      sql: () => all<{ id: string }>(bind(carrierChoicesSql, agent)),
      compare: (s, q) => [ids(s), ids(q), `${s.length} carriers`],
      plans: [["report carrier choices", bind(carrierChoicesSql, agent)]],
    }),
    defineCase({
      label: "Report CSV export, unfiltered",
      service: async () => {
        let lines = 0;
        for await (const chunk of (await exportAgentReport(actor, { status: "all" }, now)).lines) {
          lines += chunk.split("\n").length - 1;
        }
        return lines - 1;
      },
      sql: async () => {
        let rows = 0;
        let after: { afterAt: unknown; afterId: unknown } | null = null;
        for (;;) {
          const batch: { id: string; cursor: string }[] = await all<{ id: string; cursor: string }>(
            bind(exportBatchSql(unfiltered.where, after !== null), { ...unfiltered.values, ...after }),
          );
          rows += batch.length;
          if (batch.length < 500) return rows;
          after = { afterAt: batch[batch.length - 1]!.cursor, afterId: batch[batch.length - 1]!.id };
        }
      },
      compare: (s, q) => [s, q, `${s} rows`],
      plans: [["report export, a batch after the first", exportPlan]],
    }),
    defineCase({
      label: "Lead page, the newest sale",
      service: () => getLeadDetail(actor, leadId),
      sql: async () => {
        const [row] = await all<{ id: string; carrierName: string | null }>(leadPage.lead);
        const [phones, beneficiaries, months, history] = await Promise.all(leadPage.parts.map((part) => all(part)));
        return { row: row!, phones: phones!, beneficiaries: beneficiaries!, months: months!, history: history! };
      },
      compare: (s, q) => [
        [
          s.id,
          s.carrier?.name ?? null,
          ids(s.phones),
          ids(s.beneficiaries),
          ids(s.paymentTracking),
          ids(s.statusHistory),
        ],
        [
          q.row.id,
          q.row.carrierName,
          ids(q.phones as { id: unknown }[]),
          ids(q.beneficiaries as { id: unknown }[]),
          ids(q.months as { id: unknown }[]),
          ids(q.history as { id: unknown }[]),
        ],
        `${s.phones.length} ${s.phones.length === 1 ? "phone" : "phones"}, ${s.paymentTracking.length} months`,
      ],
      plans: [
        ["lead page, the lead", leadPage.lead],
        ...leadPage.parts.map((part, i): [string, Statement] => [
          `lead page, its ${["phones", "beneficiaries", "months", "status history"][i]}`,
          part,
        ]),
      ],
    }),
    defineCase({
      label: "Profile stats",
      service: () => getAgentStats(actor),
      sql: () => all(stats),
      compare: (s, [q]) => [s.totalLeads, num(q!.leads), `${s.totalLeads} leads, ${s.conversionRate}%`],
      plans: [["profile stats", stats]],
    }),
    defineCase({
      label: "Profile performance, 12 months",
      service: () => getAgentPerformance(actor, now),
      sql: () => all(performance),
      compare: (s, q) => [
        s.reduce((sum, m) => sum + m.leads * 1000 + m.sales, 0),
        q.reduce((sum, m) => sum + num(m.leads) * 1000 + num(m.sales), 0),
        `${s.reduce((sum, m) => sum + m.sales, 0)} sales`,
      ],
      plans: [["profile performance", performance]],
    }),
  ];
}

// --- the admin portal ------------------------------------------------------------------------------

type AllLeadsCase = {
  label: string;
  page: number;
  status?: string;
  search?: string;
  agentId?: string;
  /** Submitted days, both included, on the admin's calendar. */
  days?: { from: string; to: string };
  unread?: boolean;
};

/** The All Leads service's query for a case: newest first, 20 a page. */
function allLeadsQueryOf(query: AllLeadsCase): AllLeadsQuery {
  return {
    status: (query.status ?? "all") as AllLeadsQuery["status"],
    search: query.search,
    sort: "newest",
    page: query.page,
    pageSize: 20,
    agentId: query.agentId,
    dateFrom: query.days?.from,
    dateTo: query.days?.to,
    unread: Boolean(query.unread),
  };
}

/** All Leads' WHERE, hand-written: the agent, unread for the reader, the status, the submitted range, the words. */
function adminLeadsWhere(readerId: string, query: AllLeadsCase, range: { start: Date; end: Date } | null) {
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (query.agentId) {
    conditions.push("a.agent_id = :agentId");
    values.agentId = query.agentId;
  }
  if (query.unread) {
    conditions.push("NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = :readerId AND r.application_id = a.id)");
    values.readerId = readerId;
  }
  if (query.status) {
    conditions.push("a.status = :status");
    values.status = query.status;
  }
  if (range) {
    conditions.push("a.created_at >= :createdStart AND a.created_at < :createdEnd");
    Object.assign(values, { createdStart: range.start, createdEnd: range.end });
  }
  const search = searchByIndex(query.search);
  conditions.push(...search.conditions);
  Object.assign(values, search.values);
  return { where: conditions.join(" AND ") || "1 = 1", values };
}

/** All Leads in plain SQL: the page's ids from an index, then its 20 rows with My Leads' columns and the agent's name. */
function allLeadsSql(readerId: string, query: AllLeadsCase, range: { start: Date; end: Date } | null) {
  const { where, values } = adminLeadsWhere(readerId, query, range);
  const page = bind(
    `SELECT ${LEAD_ROW_COLUMNS}, u.first_name AS "agentFirstName", u.last_name AS "agentLastName"
     FROM (SELECT a.id FROM applications a WHERE ${where}
           ORDER BY a.created_at DESC, a.id DESC LIMIT :limit OFFSET :offset) page
     JOIN applications l ON l.id = page.id
     LEFT JOIN agents g ON g.id = l.agent_id
     LEFT JOIN users u ON u.id = g.user_id
     ORDER BY l.created_at DESC, l.id DESC`,
    { ...values, readerId, limit: 20, offset: (query.page - 1) * 20 },
  );
  // Unread only and nothing else: the reader's unread count, which the database keeps (decision 024).
  const onlyUnread = query.unread && !query.status && !query.search && !query.agentId && !range;
  const count = onlyUnread
    ? bind(`SELECT c.count AS total FROM unread_lead_counts c WHERE c.user_id = :readerId`, { readerId })
    : bind(leadsTotalSql(where, query.page, LEAD_LIST_COUNT_LIMIT), values);
  return { page, count };
}

const MANAGED_AGENTS_PAGE = `SELECT a.id, a.company_name, a.license_number, a.status, a.call_quota, a.calls_left,
    a.calls_ordered, a.calls_sold, a.setup_complete, a.created_at,
    CASE WHEN a.temporary_password_encrypted IS NULL THEN 0 ELSE 1 END AS "hasTemporaryPassword",
    u.first_name, u.last_name, u.email, u.phone, b.id AS "bdmId", b.first_name AS "bdmFirstName", b.last_name AS "bdmLastName"
  FROM agents a JOIN users u ON u.id = a.user_id LEFT JOIN bdms b ON b.id = a.bdm_id
  WHERE a.status = :status ORDER BY a.created_at DESC, a.id DESC LIMIT :limit OFFSET :offset`;
/** The page's agents' figures: the counts from the (agent_id, status, ...) index, the commission from the sold rows. */
const AGENTS_PERFORMANCE = `SELECT agent_id AS "agentId", SUM(leads) AS leads, SUM(sales) AS sales, SUM(cents) AS cents FROM (
    SELECT agent_id, COUNT(*) AS leads, SUM(CASE WHEN status = 'sale' THEN 1 ELSE 0 END) AS sales, 0 AS cents
    FROM applications WHERE agent_id IN (:agentIds) GROUP BY agent_id
    UNION ALL
    SELECT agent_id, 0, 0, SUM(calculated_commission_cents) FROM applications
    WHERE agent_id IN (:agentIds) AND status = 'sale' AND commission_cancelled_at IS NULL GROUP BY agent_id
  ) figures GROUP BY agent_id`;
const AGENTS_STATES = `SELECT "agentId", state, total FROM (
    SELECT agent_id AS "agentId", state, ROW_NUMBER() OVER (PARTITION BY agent_id ORDER BY state) AS position,
      COUNT(*) OVER (PARTITION BY agent_id) AS total
    FROM licensed_states WHERE agent_id IN (:agentIds)
  ) ranked WHERE position <= 3 ORDER BY "agentId", position`;

type ActivityCase = {
  label: string;
  userId?: string;
  action?: string;
  applicationId?: string;
  days?: { from: string; to: string };
};
/**
 * The Activity list in plain SQL, the LIMIT written in: bound as a parameter, SQLite plans the join
 * for an unknown number of ids and walks the whole log (47 ms against 6 ms at 75,000 entries).
 */
function activitySql(query: ActivityCase, range: { start: Date; end: Date } | null, limit: number) {
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ...query };
  if (query.userId) conditions.push("l.user_id = :userId");
  if (query.action) conditions.push("l.action = :action");
  if (query.applicationId) conditions.push("l.entity_type = 'application' AND l.entity_id = :applicationId");
  if (range) {
    conditions.push("l.created_at >= :createdStart AND l.created_at < :createdEnd");
    Object.assign(values, { createdStart: range.start, createdEnd: range.end });
  }
  const where = conditions.join(" AND ") || "1 = 1";
  return {
    page: bind(
      `SELECT l.id, l.action, l.entity_type, l.entity_id, l.summary, l.created_at, u.first_name, u.last_name
       FROM (SELECT l.id FROM activity_logs l WHERE ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit}) page
       JOIN activity_logs l ON l.id = page.id LEFT JOIN users u ON u.id = l.user_id
       ORDER BY l.created_at DESC, l.id DESC`,
      values,
    ),
    count: bind(`SELECT COUNT(*) AS total FROM activity_logs l WHERE ${where}`, values),
  };
}

/**
 * The admin portal's lists and figures at this size, as the service answers them and as plain SQL
 * through the driver: All Leads (issue 12 item 8), Agents Management's Approved tab, the Activity
 * list and a lead's trail, and the dashboard with the Sales Performance chart.
 */
async function adminCases(raw: Raw, admin: SessionUser, busiestAgentId: string, now: Date): Promise<Case[]> {
  const all = <T = Row>(statement: Statement) => raw.all<T>(statement.sql, statement.params);
  const timeZone = admin.timezone;
  const midnight = (day: string, after: number) => {
    const { year, month, day: date } = parseIsoDate(day)!;
    return zonedMidnight(year, month, date + after, timeZone);
  };
  const rangeOf = (days?: { from: string; to: string }) =>
    days ? { start: midnight(days.from, 0), end: midnight(days.to, 1) } : null;
  // Last month on the admin's calendar.
  const today = todayIn(timeZone, now);
  const thisMonth = `${today.slice(0, 8)}01`;
  const lastMonth = { from: `${addDaysIso(thisMonth, -1).slice(0, 8)}01`, to: addDaysIso(thisMonth, -1) };

  const allLeads = (query: AllLeadsCase) => {
    const sql = allLeadsSql(admin.id, query, rangeOf(query.days));
    const serviceQuery = allLeadsQueryOf(query);
    return defineCase({
      label: `All Leads ${query.label}`,
      service: () => listAllLeads(admin, serviceQuery),
      sql: async () => {
        const [rows, [count]] = await Promise.all([all(sql.page), all<{ total: unknown }>(sql.count)]);
        return { rows, total: num(count!.total) };
      },
      compare: (s, q) => [
        [
          s.total,
          s.rows.map((r) => [r.id, r.primaryPhone, r.payments.paid, r.isUnread, r.agent?.user.lastName ?? null]),
        ],
        [
          q.total,
          q.rows.map((r) => [r.id, r.primaryPhone, num(r.paymentsPaid), Boolean(num(r.isUnread)), r.agentLastName]),
        ],
        `${s.rows.length} of ${s.total}`,
      ],
      plans: [
        [`All Leads ${query.label}: the page`, sql.page],
        [`All Leads ${query.label}: the total`, sql.count],
      ],
    });
  };

  // Agents Management: the page, its total and the tabs' counts together, then the page's
  // performance and states together.
  const agentsPage = bind(MANAGED_AGENTS_PAGE, { status: "approved", limit: 20, offset: 0 });
  const agentsTotal = bind(`SELECT COUNT(*) AS total FROM agents a WHERE a.status = :status`, { status: "approved" });
  const agentCounts = bind(`SELECT status, COUNT(*) AS n FROM agents GROUP BY status`, {});
  const firstAgents = ids(await all<{ id: string }>(agentsPage));

  // The Activity list, 25 a page as the page shows it; a lead's trail, its latest 50.
  const [{ leadId }] = (await all<{ leadId: string }>(
    bind(
      `SELECT entity_id AS "leadId" FROM activity_logs WHERE entity_type = 'application'
       GROUP BY entity_id ORDER BY COUNT(*) DESC, entity_id LIMIT 1`,
      {},
    ),
  )) as [{ leadId: string }];
  const activity = (query: ActivityCase) => {
    const sql = activitySql(query, rangeOf(query.days), 25);
    return defineCase({
      label: `Activity ${query.label}`,
      service: () =>
        listActivity(admin, {
          userId: query.userId,
          action: query.action as never,
          applicationId: query.applicationId,
          dateFrom: query.days?.from,
          dateTo: query.days?.to,
          page: 1,
          pageSize: 25,
        }),
      sql: async () => {
        const [rows, [count]] = await Promise.all([all<{ id: string }>(sql.page), all<{ total: unknown }>(sql.count)]);
        return { rows, total: num(count!.total) };
      },
      compare: (s, q) => [[s.total, ids(s.rows)], [q.total, ids(q.rows)], `${s.rows.length} of ${s.total}`],
      plans: [
        [`activity ${query.label}: the page`, sql.page],
        [`activity ${query.label}: the total`, sql.count],
      ],
    });
  };
  const trail = activitySql({ label: "", applicationId: leadId }, null, 50).page;

  // The dashboard, today with the 90 days' chart: the cards in one statement, the chart's days in
  // one grouped statement (by the calendar day of the sale in the admin's time zone), the 10 newest
  // leads, all three together.
  const today0 = periodRange("today", { timeZone, now });
  const days = chartDays("90d", timeZone, now);
  const range = { start: today0.start, end: today0.end };
  const statsSql = bind(
    `SELECT (SELECT COUNT(*) FROM applications WHERE created_at >= :start AND created_at < :end) AS "totalLeads",
       (SELECT COUNT(*) FROM applications WHERE status = 'sale' AND created_at >= :start AND created_at < :end) AS "converted",
       (SELECT COUNT(*) FROM applications WHERE status = 'pending' AND created_at >= :start AND created_at < :end) AS "pending",
       (SELECT COUNT(*) FROM applications WHERE status IN ('callback', 'rescheduled')
         AND created_at >= :start AND created_at < :end) AS "callbacks",
       (SELECT SUM(calculated_commission_cents) FROM applications WHERE status = 'sale'
         AND commission_cancelled_at IS NULL AND sold_at >= :start AND sold_at < :end) AS "commissionCents",
       (SELECT COUNT(*) FROM agents WHERE status = 'approved') AS "activeAgents"`,
    range,
  );
  // The engineer's baseline: SQLite's date() with the admin's offset now (a fixed offset: days
  // before a daylight-saving change shift by an hour, so only the totals are compared).
  const offsetHours = Math.round(
    (Date.parse(now.toLocaleString("en-US", { timeZone })) -
      Date.parse(now.toLocaleString("en-US", { timeZone: "UTC" }))) /
      3_600_000,
  );
  const chartSql = bind(
    isPostgres
      ? `SELECT (sold_at AT TIME ZONE '${timeZone}')::date AS day, COUNT(*) AS sales, SUM(monthly_premium_cents) AS revenue
         FROM applications WHERE status = 'sale' AND sold_at >= :from AND sold_at < :to GROUP BY day`
      : `SELECT date(sold_at, '${offsetHours} hours') AS day, COUNT(*) AS sales, SUM(monthly_premium_cents) AS revenue
         FROM applications WHERE status = 'sale' AND sold_at >= :from AND sold_at < :to GROUP BY day`,
    { from: days[0]!.start, to: days[days.length - 1]!.start },
  );
  const recentSql = bind(
    `SELECT a.id, a.first_name, a.last_name, a.email, a.status, a.coverage_amount_cents, a.monthly_premium_cents,
       a.created_at, g.id AS "agentId", u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
       (SELECT p.phone_number FROM phones p WHERE p.application_id = a.id
         ORDER BY p.is_primary DESC, p.created_at ASC LIMIT 1) AS "primaryPhone"
     FROM applications a LEFT JOIN agents g ON g.id = a.agent_id LEFT JOIN users u ON u.id = g.user_id
     WHERE a.created_at >= :start AND a.created_at < :end ORDER BY a.created_at DESC LIMIT 10`,
    range,
  );

  return [
    ...[
      { label: "page 1", page: 1 },
      { label: "page 200", page: 200 },
      { label: 'search "garcia", page 1', search: "garcia", page: 1 },
      { label: 'search "garcia", page 40', search: "garcia", page: 40 },
      // The search from its index (issue 23 item 5): two words, a phone number, two letters, a deep page.
      { label: 'search "mary smith", page 1', search: "mary smith", page: 1 },
      { label: 'search "555-0142" (a phone), page 1', search: "555-0142", page: 1 },
      { label: 'search "li" (two letters), page 1', search: "li", page: 1 },
      { label: 'search "gmail", page 40', search: "gmail", page: 40 },
      { label: 'search "garcia" + unread, page 1', search: "garcia", unread: true, page: 1 },
      { label: "contacted + busiest agent, page 1", status: "contacted", agentId: busiestAgentId, page: 1 },
      { label: "contacted + busiest agent, page 100", status: "contacted", agentId: busiestAgentId, page: 100 },
      { label: `submitted ${lastMonth.from.slice(0, 7)}, page 1`, days: lastMonth, page: 1 },
      { label: `submitted ${lastMonth.from.slice(0, 7)}, page 200`, days: lastMonth, page: 200 },
      { label: "unread (admin opened 5%), page 1", unread: true, page: 1 },
      { label: "unread (admin opened 5%), page 40", unread: true, page: 40 },
      { label: "unread (admin opened 5%), page 200", unread: true, page: 200 },
    ].map(allLeads),
    defineCase({
      label: "Agents Management, approved, page 1",
      service: () =>
        Promise.all([
          listManagedAgents(admin, { status: "approved", search: "", page: 1, pageSize: 20 }),
          countAgentsByStatus(admin),
        ]),
      sql: async () => {
        const [rows, [count], counts] = await Promise.all([
          all<{ id: string }>(agentsPage),
          all<{ total: unknown }>(agentsTotal),
          all<{ status: string; n: unknown }>(agentCounts),
        ]);
        const agentIds = ids(rows);
        const [performance, states] = await Promise.all([
          all<{ leads: unknown }>(bind(AGENTS_PERFORMANCE, { agentIds })),
          all(bind(AGENTS_STATES, { agentIds })),
        ]);
        return { rows, total: num(count!.total), counts, performance, states };
      },
      compare: ([s, counts], q) => [
        [s.total, counts.approved, ids(s.rows), s.rows.reduce((sum, r) => sum + r.performance.leads, 0)],
        [
          q.total,
          num(q.counts.find((c) => c.status === "approved")?.n),
          ids(q.rows),
          q.performance.reduce((sum, r) => sum + num(r.leads), 0),
        ],
        `${s.rows.length} of ${s.total}, ${s.rows.reduce((sum, r) => sum + r.performance.leads, 0)} leads`,
      ],
      plans: [
        ["agents management, the page", agentsPage],
        ["agents management, the performance", bind(AGENTS_PERFORMANCE, { agentIds: firstAgents })],
        ["agents management, the states", bind(AGENTS_STATES, { agentIds: firstAgents })],
      ],
    }),
    ...[
      { label: "no filter, page 1" },
      { label: "by user (admin), page 1", userId: admin.id },
      {
        label: `status changes in ${lastMonth.from.slice(0, 7)}, page 1`,
        action: "lead_status_changed",
        days: lastMonth,
      },
    ].map(activity),
    defineCase({
      label: "Activity, a lead's trail",
      service: () => leadTrail(admin, leadId),
      sql: () => all<{ id: string }>(trail),
      compare: (s, q) => [ids(s), ids(q), `${s.length} entries`],
      plans: [["a lead's trail", trail]],
    }),
    defineCase({
      label: "Admin dashboard, today + 90-day chart",
      service: () => getAdminDashboard(admin, { period: "today", chart: "90d" }, now),
      sql: async () => {
        const [[stats], chart, recent] = await Promise.all([
          all<Row>(statsSql),
          all<{ sales: unknown; revenue: unknown }>(chartSql),
          all<{ id: string }>(recentSql),
        ]);
        return { stats: stats!, chart, recent };
      },
      compare: (s, q) => {
        const chart = s.salesPerformance.days;
        return [
          [
            s.stats.totalLeads,
            s.stats.converted,
            s.stats.revenueThisPeriodCents,
            chart.reduce((sum, d) => sum + d.sales, 0),
            chart.reduce((sum, d) => sum + d.revenueCents, 0),
            ids(s.recentApplications),
          ],
          [
            num(q.stats.totalLeads),
            num(q.stats.converted),
            num(q.stats.commissionCents),
            q.chart.reduce((sum, d) => sum + num(d.sales), 0),
            q.chart.reduce((sum, d) => sum + num(d.revenue), 0),
            ids(q.recent),
          ],
          `${s.stats.totalLeads} leads today, ${chart.reduce((sum, d) => sum + d.sales, 0)} sales in 90 days`,
        ];
      },
      plans: [
        ["dashboard, the cards", statsSql],
        ["dashboard, the chart", chartSql],
        ["dashboard, the newest leads", recentSql],
      ],
    }),
  ];
}

// --- the admin's sales operations (issue 13) --------------------------------------------------------

/**
 * A report's leads per agent in plain SQL: grouped first, most revenue first (then sales, leads,
 * the agent's name and id), only the page's groups joined to their names; `total` the groups.
 */
const reportAgentsSql = (where: string, assignedOnly: boolean, total: boolean) =>
  `SELECT s.agent_id AS "agentId", u.first_name AS "firstName", u.last_name AS "lastName", s.leads, s.sales,
     s.revenue, s.commission${total ? `, COUNT(*) OVER () AS "total"` : ""}
   FROM (SELECT agent_id, COUNT(*) AS leads, SUM(CASE WHEN status = 'sale' THEN 1 ELSE 0 END) AS sales,
       SUM(CASE WHEN status = 'sale' THEN monthly_premium_cents ELSE 0 END) AS revenue,
       SUM(CASE WHEN status = 'sale' AND commission_cancelled_at IS NULL THEN calculated_commission_cents ELSE 0 END) AS commission
     FROM applications WHERE ${where}${assignedOnly ? " AND agent_id IS NOT NULL" : ""} GROUP BY agent_id) s
   ${assignedOnly ? "JOIN" : "LEFT JOIN"} agents g ON g.id = s.agent_id ${assignedOnly ? "JOIN" : "LEFT JOIN"} users u ON u.id = g.user_id
   ORDER BY s.revenue DESC, s.sales DESC, s.leads DESC, u.last_name, u.first_name, s.agent_id
   LIMIT :limit OFFSET :offset`;

/**
 * The sold policies of the retention screens and Premiums Management, with their agent's name.
 * The pages' LIMITs are written in, as Sequelize writes its replacements: bound, SQLite plans the
 * every-agent page for an unknown number of rows and sorts every sale (24 ms against 4 ms).
 */
const SOLD_WITH_AGENT_COLUMNS = `l.id, l.first_name, l.last_name, l.email, l.monthly_premium_cents, l.sold_at,
  l.commission_cancelled_at, l.sold_product_name, l.sold_comp_percentage, l.calculated_commission_cents, l.agent_id,
  u.first_name AS "agentFirstName", u.last_name AS "agentLastName"`;
const soldWithAgentPageSql = (columns: string, where: string, page: number) =>
  `SELECT ${columns} FROM (SELECT a.id FROM applications a WHERE ${where}
     ORDER BY a.sold_at DESC, a.id DESC LIMIT 20 OFFSET ${(page - 1) * 20}) page
   JOIN applications l ON l.id = page.id LEFT JOIN agents g ON g.id = l.agent_id LEFT JOIN users u ON u.id = g.user_id
   ORDER BY l.sold_at DESC, l.id DESC`;
/** An active policy: sold, its commission standing and no month cancelled. */
const ACTIVE_POLICY = `a.sold_at IS NOT NULL AND a.commission_cancelled_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM payment_trackings c WHERE c.application_id = a.id AND c.status = 'cancelled')`;

/**
 * Issue 13's admin pages at this size, as the service answers them and as plain SQL through the
 * driver: Reports & Analytics (each tab over the last 12 months, the overview of the busiest agent
 * and of the most common carrier, the Agents tab's CSV), Retention Management (the cards, page 1
 * and a deep page), retention by sale (page 1 of each payment filter), Premiums Management (the
 * table this month and all time, the cards and the agents' ledgers, all time) and Callback
 * Management (page 1, every agent and the busiest).
 */
async function salesOperationsCases(raw: Raw, admin: SessionUser, busiestAgentId: string, now: Date): Promise<Case[]> {
  const all = <T = Row>(statement: Statement) => raw.all<T>(statement.sql, statement.params);
  const timeZone = admin.timezone;
  const midnight = (day: string) => {
    const { year, month, day: date } = parseIsoDate(day)!;
    return zonedMidnight(year, month, date, timeZone);
  };

  // Reports: the last 12 calendar months to today, and the period of as many days just before.
  const today = todayIn(timeZone, now);
  const { year, month } = parseIsoDate(today)!;
  const dateFrom = isoDate(year, month - 11, 1);
  const days = Math.round((Date.parse(today) - Date.parse(dateFrom)) / 86_400_000) + 1;
  const window = {
    previousStart: midnight(addDaysIso(dateFrom, -days)),
    start: midnight(dateFrom),
    end: midnight(addDaysIso(today, 1)),
  };
  const monthBounds: Record<string, Date> = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [
      `m${i}`,
      i === 0 ? window.start : midnight(isoDate(year, month - 11 + i, 1)),
    ]),
  );
  const [{ carrierId }] = (await all<{ carrierId: string }>(
    bind(
      `SELECT carrier_id AS "carrierId" FROM applications WHERE carrier_id IS NOT NULL
       GROUP BY carrier_id ORDER BY COUNT(*) DESC, carrier_id LIMIT 1`,
      {},
    ),
  )) as [{ carrierId: string }];
  const reportWhere = (from: "start" | "previousStart", filter: { agentId?: string; carrierId?: string }) => {
    let where = `created_at >= :${from} AND created_at < :end`;
    if (filter.agentId) where += " AND agent_id = :agentId";
    if (filter.carrierId) where += " AND carrier_id = :carrierId";
    return where;
  };
  const overviewSql = (filter: { agentId?: string; carrierId?: string }) => {
    const values = { ...window, ...filter };
    const now = "created_at >= :start";
    const before = "created_at < :start";
    return {
      figures: bind(
        `SELECT SUM(CASE WHEN ${now} THEN 1 ELSE 0 END) AS "leads",
           SUM(CASE WHEN ${now} AND status = 'sale' THEN 1 ELSE 0 END) AS "sales",
           SUM(CASE WHEN ${now} AND status = 'sale' THEN monthly_premium_cents ELSE 0 END) AS "revenue",
           SUM(CASE WHEN ${before} THEN 1 ELSE 0 END) AS "previousLeads",
           SUM(CASE WHEN ${before} AND status = 'sale' THEN 1 ELSE 0 END) AS "previousSales",
           SUM(CASE WHEN ${before} AND status = 'sale' THEN monthly_premium_cents ELSE 0 END) AS "previousRevenue"
         FROM applications WHERE ${reportWhere("previousStart", filter)}`,
        values,
      ),
      top: bind(reportAgentsSql(reportWhere("start", filter), true, false), { ...values, limit: 5, offset: 0 }),
    };
  };
  const trendSql = bind(
    `SELECT CASE ${Array.from({ length: 11 }, (_, i) => `WHEN created_at >= :m${11 - i} THEN ${11 - i}`).join(" ")} ELSE 0 END AS month,
       COUNT(*) AS leads, SUM(CASE WHEN status = 'sale' THEN 1 ELSE 0 END) AS sales,
       SUM(CASE WHEN status = 'sale' THEN monthly_premium_cents ELSE 0 END) AS revenue
     FROM applications WHERE ${reportWhere("start", {})} GROUP BY 1`,
    { ...window, ...monthBounds },
  );
  const byCarrierSql = (product: boolean) =>
    bind(
      `SELECT s.carrier_id AS "carrierId", c.name${product ? ", s.product" : ""}, s.sales, s.revenue FROM (
         SELECT carrier_id${product ? ", sold_product_name AS product" : ""}, COUNT(*) AS sales, SUM(monthly_premium_cents) AS revenue
         FROM applications WHERE ${reportWhere("start", {})} AND status = 'sale'
         GROUP BY carrier_id${product ? ", sold_product_name" : ""}) s LEFT JOIN carriers c ON c.id = s.carrier_id
       ORDER BY s.revenue DESC, s.sales DESC, c.name${product ? ", s.product" : ""}`,
      window,
    );
  const agentsTabSql = (limit: number) =>
    bind(reportAgentsSql(reportWhere("start", {}), false, true), { ...window, limit, offset: 0 });
  const sumOf = (rows: Row[], key: string) => rows.reduce((sum, row) => sum + num(row[key]), 0);
  const overviewCase = (label: string, filter: { agentId?: string; carrierId?: string }) => {
    const sql = overviewSql(filter);
    return defineCase({
      label: `Admin report overview, 12 months${label}`,
      service: () => adminReport(admin, { status: "all", ...filter }, { parts: ["overview"] }, now),
      sql: async () => {
        const [[figures], top] = await Promise.all([all<Row>(sql.figures), all<{ agentId: string }>(sql.top)]);
        return { figures: figures!, top };
      },
      compare: (s, q) => {
        const o = s.overview!;
        return [
          [
            o.current.totalLeads,
            o.current.totalSales,
            o.current.totalRevenueCents,
            o.previous.totalLeads,
            o.topPerformers.map((a) => a.agentId),
          ],
          [
            num(q.figures.leads),
            num(q.figures.sales),
            num(q.figures.revenue),
            num(q.figures.previousLeads),
            q.top.map((r) => r.agentId),
          ],
          `${o.current.totalLeads} leads, ${o.previous.totalLeads} before`,
        ];
      },
      plans: [
        [`report overview${label}: the figures`, sql.figures],
        [`report overview${label}: top performers`, sql.top],
      ],
    });
  };

  // Retention Management: the cards in one statement; a page of policies and the total together,
  // then the page's months. Retention by sale: All Leads' page of the sales, the total, then the months.
  const days2 = { today, tomorrow: addDaysIso(today, 1) };
  const dueOn = (day: string) =>
    `(SELECT COUNT(*) FROM payment_trackings t JOIN applications a ON a.id = t.application_id
      WHERE t.status = 'not_paid' AND t.due_date = :${day} AND ${ACTIVE_POLICY}) AS "${day}"`;
  const retentionCardsSql = bind(
    `SELECT (SELECT COUNT(*) FROM applications WHERE sold_at IS NOT NULL) AS "accounts", ${dueOn("today")}, ${dueOn("tomorrow")},
       (SELECT COUNT(*) FROM payment_trackings WHERE status = 'paid') AS "paid",
       (SELECT COUNT(*) FROM payment_trackings) AS "months"`,
    days2,
  );
  const accountColumns = `${SOLD_WITH_AGENT_COLUMNS}, (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrier",
    (SELECT p.phone_number FROM phones p WHERE p.application_id = l.id
      ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "phone",
    CASE WHEN EXISTS (SELECT 1 FROM payment_trackings c WHERE c.application_id = l.id AND c.status = 'cancelled')
      THEN 1 ELSE 0 END AS "lapsed"`;
  const accountsPage = (page: number) => bind(soldWithAgentPageSql(accountColumns, "a.sold_at IS NOT NULL", page), {});
  const accountsTotal = bind("SELECT COUNT(*) AS total FROM applications a WHERE a.sold_at IS NOT NULL", {});
  const monthsSql = `SELECT t.id, t.application_id, t.month_number, t.due_date, t.amount_cents, t.status, t.notes
    FROM payment_trackings t WHERE t.application_id IN (:ids) ORDER BY t.application_id, t.month_number`;
  const [{ total: soldTotal }] = (await all<{ total: unknown }>(accountsTotal)) as [{ total: unknown }];
  const deepPage = Math.max(1, Math.floor(num(soldTotal) / 20 / 2));
  const salesWhere = (paymentStatus: string) =>
    `a.status = 'sale'${paymentStatus === "all" ? "" : " AND EXISTS (SELECT 1 FROM payment_trackings t WHERE t.application_id = a.id AND t.status = :paymentStatus)"}`;
  const salesPage = (paymentStatus: string) => {
    const values = { readerId: admin.id, paymentStatus: paymentStatus === "pending" ? "not_paid" : paymentStatus };
    return {
      page: bind(
        `SELECT ${LEAD_ROW_COLUMNS}, l.sold_at, u.first_name AS "agentFirstName", u.last_name AS "agentLastName"
         FROM (SELECT a.id FROM applications a WHERE ${salesWhere(paymentStatus)}
               ORDER BY a.created_at DESC, a.id DESC LIMIT 20) page
         JOIN applications l ON l.id = page.id LEFT JOIN agents g ON g.id = l.agent_id LEFT JOIN users u ON u.id = g.user_id
         ORDER BY l.created_at DESC, l.id DESC`,
        paymentStatus === "all" ? { readerId: admin.id } : values,
      ),
      count: bind(
        `SELECT COUNT(*) AS total FROM applications a WHERE ${salesWhere(paymentStatus)}`,
        paymentStatus === "all" ? {} : { paymentStatus: values.paymentStatus },
      ),
    };
  };

  // Premiums Management: the sales of the period (sale dates), newest first, and the total
  // together; the cards in one statement; the agents' ledgers and how many agents have sales.
  const thisMonth = periodRange("thismonth", { timeZone, now });
  const premiumsSql = (range: { start: Date; end: Date } | null) => {
    const where = `a.sold_at IS NOT NULL${range ? " AND a.sold_at >= :soldStart AND a.sold_at < :soldEnd" : ""}`;
    const values = range ? { soldStart: range.start, soldEnd: range.end } : {};
    return {
      page: bind(
        soldWithAgentPageSql(
          `${SOLD_WITH_AGENT_COLUMNS}, (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrier"`,
          where,
          1,
        ),
        values,
      ),
      count: bind(`SELECT COUNT(*) AS total FROM applications a WHERE ${where}`, values),
    };
  };
  const premiumCardsSql = bind(
    `SELECT COUNT(*) AS "sales", SUM(monthly_premium_cents) AS "premium",
       SUM(CASE WHEN commission_cancelled_at IS NULL THEN calculated_commission_cents ELSE 0 END) AS "commission",
       SUM(CASE WHEN commission_cancelled_at IS NULL THEN 0 ELSE 1 END) AS "cancelled"
     FROM applications WHERE sold_at IS NOT NULL`,
    {},
  );
  const ledgersSql = bind(
    `WITH x AS MATERIALIZED (
       SELECT a.agent_id, CASE WHEN a.calculated_commission_cents > 0 THEN a.calculated_commission_cents ELSE 0 END AS advanced,
         CASE WHEN a.commission_cancelled_at IS NULL THEN 0 ELSE 1 END AS cancelled, ${PAID_AND_LAPSED("a")}
       FROM applications a WHERE a.sold_at IS NOT NULL AND a.agent_id IS NOT NULL),
     s AS (SELECT x.agent_id, x.advanced, CASE WHEN x.cancelled = 1 OR x.lapsed = 1 THEN 1 ELSE 0 END AS lapsed,
       (2 * x.advanced * (CASE WHEN x.paid > 9 THEN 9 ELSE x.paid END) + 9) / 18 AS earned FROM x)
     SELECT s.agent_id AS "agentId", u.first_name, u.last_name, COUNT(*) AS sales, SUM(s.advanced) AS advanced,
       SUM(s.earned) AS earned, SUM(CASE WHEN s.lapsed = 1 THEN s.advanced - s.earned ELSE 0 END) AS "chargedBack"
     FROM s JOIN agents g ON g.id = s.agent_id JOIN users u ON u.id = g.user_id
     GROUP BY s.agent_id, u.first_name, u.last_name ORDER BY u.first_name, u.last_name, s.agent_id LIMIT 20`,
    {},
  );
  const ledgerAgentsSql = bind(
    "SELECT COUNT(DISTINCT agent_id) AS total FROM applications WHERE sold_at IS NOT NULL",
    {},
  );

  // Callback Management: the dated and undated counts in one statement, then the page from the
  // dated range of the index, topped up from the undated one when it falls short.
  const scheduled = (agentId?: string) =>
    `${agentId ? "agent_id = :agentId AND " : ""}status IN ('callback', 'rescheduled')`;
  const callbackCounts = (agentId?: string) =>
    bind(
      `SELECT (SELECT COUNT(*) FROM applications WHERE ${scheduled(agentId)} AND callback_date IS NOT NULL) AS "dated",
         (SELECT COUNT(*) FROM applications WHERE ${scheduled(agentId)} AND callback_date IS NULL) AS "undated"`,
      agentId ? { agentId } : {},
    );
  const callbackPage = (agentId: string | undefined, dated: boolean, limit: number) => {
    const order = dated ? "callback_date, id" : "id";
    return bind(
      `SELECT l.id, l.first_name, l.last_name, l.agent_id, u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
         l.status, l.coverage_amount_cents, l.monthly_premium_cents, l.callback_date, l.created_at,
         (SELECT p.phone_number FROM phones p WHERE p.application_id = l.id
           ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "phone"
       FROM (SELECT id FROM applications WHERE ${scheduled(agentId)} AND callback_date IS ${dated ? "NOT NULL" : "NULL"}
             ORDER BY ${order} LIMIT ${limit}) page
       JOIN applications l ON l.id = page.id LEFT JOIN agents g ON g.id = l.agent_id LEFT JOIN users u ON u.id = g.user_id
       ORDER BY ${order.replace(/(^|, )/g, "$1l.")}`,
      agentId ? { agentId } : {},
    );
  };

  // The Order Sheet: the page from the created_at index and the total together; the cards in one statement.
  const ordersSql = (range: { start: Date; end: Date } | null) => {
    const where = range ? "o.created_at >= :createdStart AND o.created_at < :createdEnd" : "1 = 1";
    const values = range ? { createdStart: range.start, createdEnd: range.end } : {};
    return {
      page: bind(
        `SELECT o.id, o.agent_id, o.agent_name, o.calls_ordered, o.calls_completed, o.company_source, o.platform_source,
           o.referrer, o.total_payment_cents, o.payment_gateway, o.bdm_id, b.first_name, b.last_name, o.status, o.created_at
         FROM orders o LEFT JOIN bdms b ON b.id = o.bdm_id WHERE ${where}
         ORDER BY o.created_at DESC, o.id DESC LIMIT 20`,
        values,
      ),
      cards: bind(
        `SELECT COUNT(*) AS "orders", SUM(o.calls_ordered) AS "calls", SUM(o.calls_completed) AS "completed",
           SUM(o.total_payment_cents) AS "revenue" FROM orders o WHERE ${where}`,
        values,
      ),
    };
  };

  return [
    overviewCase("", {}),
    overviewCase(", busiest agent", { agentId: busiestAgentId }),
    overviewCase(", top carrier", { carrierId }),
    defineCase({
      label: "Admin report performance, 12 months",
      service: () => adminReport(admin, { status: "all" }, { parts: ["performance"] }, now),
      sql: () => all<Row>(trendSql),
      compare: (s, q) => {
        const trend = s.performance!.monthlyTrend;
        const byMonth = new Map(q.map((r) => [num(r.month), r]));
        return [
          trend.map((m) => [m.leads, m.sales, m.revenueCents]),
          trend.map((_, i) => [num(byMonth.get(i)?.leads), num(byMonth.get(i)?.sales), num(byMonth.get(i)?.revenue)]),
          `${trend.length} months, ${trend.reduce((sum, m) => sum + m.leads, 0)} leads`,
        ];
      },
      plans: [["report performance, the months", trendSql]],
    }),
    defineCase({
      label: "Admin report revenue, 12 months",
      service: () => adminReport(admin, { status: "all" }, { parts: ["revenue"] }, now),
      sql: async () => {
        const [trend, carriers, products] = await Promise.all([
          all<Row>(trendSql),
          all<{ carrierId: string | null } & Row>(byCarrierSql(false)),
          all<Row>(byCarrierSql(true)),
        ]);
        return { trend, carriers, products };
      },
      compare: (s, q) => {
        const r = s.revenue!;
        return [
          [r.byCarrier.map((c) => c.key), r.byProduct.length, r.byMonth.reduce((sum, m) => sum + m.revenueCents, 0)],
          [q.carriers.map((c) => c.carrierId ?? "none"), q.products.length, sumOf(q.trend, "revenue")],
          `${r.byCarrier.length} carriers, ${r.byProduct.length} products`,
        ];
      },
      plans: [
        ["report revenue, by carrier", byCarrierSql(false)],
        ["report revenue, by product", byCarrierSql(true)],
      ],
    }),
    defineCase({
      label: "Admin report agents, 12 months, page 1 of 25",
      service: () =>
        adminReport(admin, { status: "all" }, { parts: ["agents"], agentsPage: { page: 1, pageSize: 25 } }, now),
      sql: () => all<{ agentId: string | null; total: unknown }>(agentsTabSql(25)),
      compare: (s, q) => [
        [s.agents!.total, s.agents!.rows.map((a) => a.agentId)],
        [num(q[0]?.total), q.map((r) => r.agentId ?? null)],
        `${s.agents!.rows.length} of ${s.agents!.total}`,
      ],
      plans: [["report agents, the page", agentsTabSql(25)]],
    }),
    defineCase({
      label: "Admin report agents CSV export, 12 months",
      service: () => exportAdminReport(admin, { status: "all" }, "agents", now),
      sql: () => all<Row>(agentsTabSql(500)),
      compare: (s, q) => [s.text.split("\n").length - 2, q.length, `${q.length} agents`],
    }),
    defineCase({
      label: "Retention Management cards",
      service: () => retentionManagementSummary(admin, {}, now),
      sql: () => all<Row>(retentionCardsSql),
      compare: (s, [q]) => [
        [s.totalAccounts, s.dueToday, s.dueTomorrow, s.paidPayments, s.totalPayments],
        [num(q!.accounts), num(q!.today), num(q!.tomorrow), num(q!.paid), num(q!.months)],
        `${s.totalAccounts} accounts, ${s.paymentsDueSoon} due soon`,
      ],
      plans: [["retention management cards", retentionCardsSql]],
    }),
    ...[1, deepPage].map((page) =>
      defineCase({
        label: `Retention Management accounts, page ${page}`,
        service: () =>
          listRetentionAccounts(admin, { status: "all", sort: "newest", search: "", page, pageSize: 20 } as never, now),
        sql: async () => {
          const [rows, [count]] = await Promise.all([all<{ id: string }>(accountsPage(page)), all<Row>(accountsTotal)]);
          const months = rows.length ? await all<{ id: string }>(bind(monthsSql, { ids: ids(rows) })) : [];
          return { rows, months, total: num(count!.total) };
        },
        compare: (s, q) => [
          [s.total, ids(s.rows), s.rows.flatMap((r) => r.payments.map((p) => p.id)).sort()],
          [q.total, ids(q.rows), ids(q.months).map(String).sort()],
          `${s.rows.length} of ${s.total}`,
        ],
        plans: [[`retention accounts, page ${page}`, accountsPage(page)]],
      }),
    ),
    ...(["all", "pending", "paid", "cancelled"] as const).map((paymentStatus) => {
      const sql = salesPage(paymentStatus);
      return defineCase({
        label: `Retention by sale, payments ${paymentStatus}, page 1`,
        service: () =>
          listSalesWithPayments(admin, {
            status: "sale",
            sort: "newest",
            page: 1,
            pageSize: 20,
            unread: false,
            paymentStatus,
          } as AllLeadsQuery),
        sql: async () => {
          const [rows, [count]] = await Promise.all([all<{ id: string }>(sql.page), all<Row>(sql.count)]);
          const months = rows.length ? await all<{ id: string }>(bind(monthsSql, { ids: ids(rows) })) : [];
          return { rows, months, total: num(count!.total) };
        },
        compare: (s, q) => [
          [s.total, ids(s.rows), s.rows.flatMap((r) => r.paymentTracking.map((p) => p.id)).sort()],
          [q.total, ids(q.rows), ids(q.months).map(String).sort()],
          `${s.rows.length} of ${s.total}`,
        ],
        plans: [
          [`retention by sale ${paymentStatus}: the page`, sql.page],
          [`retention by sale ${paymentStatus}: the total`, sql.count],
        ],
      });
    }),
    ...(
      [
        ["this month", "thismonth", thisMonth],
        ["all time", "all", null],
      ] as const
    ).map(([label, period, range]) => {
      const sql = premiumsSql(range as { start: Date; end: Date } | null);
      return defineCase({
        label: `Premiums ${label}, page 1`,
        service: () => listPremiums(admin, { period, page: 1, pageSize: 20 }, now),
        sql: async () => {
          const [rows, [count]] = await Promise.all([all<{ id: string }>(sql.page), all<Row>(sql.count)]);
          return { rows, total: num(count!.total) };
        },
        compare: (s, q) => [[s.total, ids(s.rows)], [q.total, ids(q.rows)], `${s.rows.length} of ${s.total}`],
        plans: [
          [`premiums ${label}: the page`, sql.page],
          [`premiums ${label}: the total`, sql.count],
        ],
      });
    }),
    defineCase({
      label: "Premium figures, all time",
      service: () => premiumFigures(admin, { period: "all" }, now),
      sql: () => all<Row>(premiumCardsSql),
      compare: (s, [q]) => [
        [s.totalSales, s.totalPremiumCents, s.totalCommissionCents, s.cancelledSales],
        [num(q!.sales), num(q!.premium), num(q!.commission), num(q!.cancelled)],
        `${s.totalSales} sales, ${s.cancelledSales} cancelled`,
      ],
      plans: [["premium figures", premiumCardsSql]],
    }),
    defineCase({
      label: "Premiums agents' ledgers, all time, page 1",
      service: () => listAgentLedgers(admin, { period: "all", page: 1, pageSize: 20 }, now),
      sql: async () => {
        const [rows, [count]] = await Promise.all([all<Row>(ledgersSql), all<Row>(ledgerAgentsSql)]);
        return { rows, total: num(count!.total) };
      },
      compare: (s, q) => [
        [s.total, s.rows.map((r) => [r.agentId, r.sales, r.earnedCents, r.chargedBackCents])],
        [q.total, q.rows.map((r) => [r.agentId, num(r.sales), num(r.earned), num(r.chargedBack)])],
        `${s.rows.length} of ${s.total} agents`,
      ],
      plans: [
        ["premiums ledgers", ledgersSql],
        ["premiums ledgers, the agents", ledgerAgentsSql],
      ],
    }),
    ...(
      [
        ["every agent", undefined],
        ["busiest agent", busiestAgentId],
      ] as const
    ).map(([label, agentId]) =>
      defineCase({
        label: `Admin callbacks, ${label}, page 1`,
        service: () => listAdminCallbacks(admin, { agentId, page: 1, pageSize: 20 }),
        sql: async () => {
          const [counts] = await all<Row>(callbackCounts(agentId));
          const dated = num(counts!.dated);
          const rows = dated > 0 ? await all<{ id: string }>(callbackPage(agentId, true, 20)) : [];
          if (rows.length < 20 && num(counts!.undated) > 0) {
            rows.push(...(await all<{ id: string }>(callbackPage(agentId, false, 20 - rows.length))));
          }
          return { rows, total: dated + num(counts!.undated) };
        },
        compare: (s, q) => [[s.total, ids(s.rows)], [q.total, ids(q.rows)], `${s.rows.length} of ${s.total}`],
        plans: [
          [`admin callbacks, ${label}: the counts`, callbackCounts(agentId)],
          [`admin callbacks, ${label}: the page`, callbackPage(agentId, true, 20)],
        ],
      }),
    ),
    ...(
      [
        ["all time", "all", null],
        ["this month", "thismonth", thisMonth],
      ] as const
    ).map(([label, period, range]) => {
      const sql = ordersSql(range as { start: Date; end: Date } | null);
      return defineCase({
        label: `Order Sheet ${label}, page 1 with the cards`,
        service: () => orderSheet(admin, { period, page: 1, pageSize: 20 }, now),
        sql: async () => {
          // The cards' order count is the list's total.
          const [rows, [cards]] = await Promise.all([all<{ id: string }>(sql.page), all<Row>(sql.cards)]);
          return { rows, total: num(cards!.orders), cards: cards! };
        },
        compare: ({ list: s, stats }, q) => [
          [s.total, ids(s.rows), stats.totalCallsOrdered, stats.totalRevenueCents],
          [q.total, ids(q.rows), num(q.cards.calls), num(q.cards.revenue)],
          `${s.rows.length} of ${s.total}`,
        ],
        plans: [
          [`order sheet ${label}: the page`, sql.page],
          [`order sheet ${label}: the cards`, sql.cards],
        ],
      });
    }),
  ];
}

/** The plan of a raw statement: EXPLAIN QUERY PLAN on SQLite, EXPLAIN ANALYZE on Postgres. */
async function rawPlan(raw: Raw, statement: Statement) {
  const rows = await raw.all<Row>(
    `${isPostgres ? "EXPLAIN (ANALYZE, BUFFERS)" : "EXPLAIN QUERY PLAN"} ${statement.sql}`,
    statement.params,
  );
  return rows
    .map((row) => `    ${isPostgres ? row["QUERY PLAN"] : `${row.id}<-${row.parent} ${row.detail}`}`)
    .join("\n");
}

/** A bench user as the services see a signed-in one (their agent profile included). */
async function sessionUser(userId: string) {
  return toSessionUser((await User.findByPk(userId, { include: [{ model: Agent, as: "agent" }] }))!);
}

/** fillPeopleForSetBasedFill's people, found in a database a --keep run of --search-sizes left. */
async function peopleOfSetBasedFill() {
  const agents = await selectRows(
    sql`SELECT g.id, g.user_id AS "userId" FROM agents g JOIN users u ON u.id = g.user_id
        WHERE u.email LIKE 'bench.agent%' ORDER BY (SELECT COUNT(*) FROM applications a WHERE a.agent_id = g.id) DESC`,
    z.object({ id: column.text, userId: column.text }),
  );
  const admin = await User.findOne({ where: { email: "bench.admin0@example.test" } });
  return {
    agentIds: agents.map((a) => a.id),
    admin: await sessionUser(admin!.id),
    busiest: await sessionUser(agents[0]!.userId),
  };
}

/** The same readers as fill() picks, found in a database a previous --keep run left. */
async function identify(): Promise<Bench> {
  const rows = await selectRows(
    sql`SELECT u.id AS "userId", u.role, u.last_name AS "lastName", g.id AS "agentId",
          (SELECT COUNT(*) FROM applications a WHERE a.agent_id = g.id) AS leads
        FROM users u LEFT JOIN agents g ON g.user_id = u.id WHERE u.email LIKE 'bench.%'`,
    z.object({
      userId: column.text,
      role: column.text,
      lastName: column.text,
      agentId: column.text.nullable(),
      leads: column.integer,
    }),
  );
  const agents = rows.filter((row) => row.role === "agent").sort((a, b) => b.leads - a.leads);
  return {
    admin: await sessionUser(rows.find((row) => row.lastName === "Admin0")!.userId),
    diligentAdmin: await sessionUser(rows.find((row) => row.lastName === "Admin1")!.userId),
    busiest: await sessionUser(agents[0]!.userId),
    diligentAgent: await sessionUser(agents[1]!.userId),
    agentLeads: new Map(agents.map((row) => [row.agentId!, row.leads])),
  };
}

const Id = z.object({ id: column.text });
const IdAndName = z.object({ id: column.text, name: column.text });

/** How many rows a table has. */
const countOf = async (table: "applications" | "activity_logs") =>
  (await numbersInOneStatement({ n: sql`SELECT COUNT(*) FROM ${rawSql(table)}` })).n;

// --- the poll through the production server --------------------------------------------------------

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

/** utime + stime of a process, in clock ticks; 0 once it is gone. */
function cpuTicks(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The Postgres backends serving the benchmark's database (the server's pool), by pid. */
async function backendTicks(monitor: pg.Client | null) {
  if (!monitor) return new Map<number, number>();
  const { rows } = await monitor.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [
    pgDatabase ?? new URL(process.env.DATABASE_URL!).pathname.slice(1),
  ]);
  return new Map(rows.map((row) => [row.pid, cpuTicks(row.pid)]));
}

function ticksSpent(before: Map<number, number>, after: Map<number, number>) {
  let spent = 0;
  for (const [pid, ticks] of after) spent += ticks - (before.get(pid) ?? ticks);
  return spent;
}

/**
 * Starts the production build on the filled database and measures, as bench-server does, the
 * CPU of the node process per request over REQUESTS sequential requests (median of ROUNDS rounds,
 * every path side by side in each round), and on Postgres the CPU its backends spent on them.
 */
async function measureServer(readers: [string, SessionUser][], cookies: Map<SessionUser, string>) {
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    BUILD_DIR: buildDir,
    SESSION_SECRET,
    DATA_ENCRYPTION_KEY: "0".repeat(64),
    ALLOW_INSECURE_COOKIES: "1",
  };
  console.log(`\nStarting the production build (${buildDir}) on this database ...`);
  // The build imports its dependencies by name: one built outside the repository finds them here.
  const modules = path.join(buildDir, "node_modules");
  if (!fs.existsSync(modules)) fs.symlinkSync(path.resolve("node_modules"), modules);
  const server: ChildProcess = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  let monitor: pg.Client | null = null;
  try {
    const ready = Date.now();
    for (;;) {
      if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
      if (Date.now() - ready > 120_000) throw new Error("The server did not answer /healthcheck within 120 s");
      const ok = await fetch(`${base}/healthcheck`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (isPostgres) {
      monitor = new pg.Client(POSTGRES_ADMIN_URL);
      await monitor.connect();
    }
    const targets = [
      { label: "GET /api/auth/me", path: "/api/auth/me", cookie: cookies.get(readers[0]![1])! },
      ...readers.map(([label, reader]) => ({
        label: `GET /api/counts, ${label}`,
        path: "/api/counts",
        cookie: cookies.get(reader)!,
      })),
    ];
    const call = async (target: (typeof targets)[number]) => {
      const response = await fetch(base + target.path, { headers: { cookie: target.cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
    };
    for (const target of targets) for (let i = 0; i < 20; i++) await call(target);
    const nodeMs = new Map<string, number[]>(targets.map((t) => [t.label, []]));
    const dbMs = new Map<string, number[]>(targets.map((t) => [t.label, []]));
    console.log(`Measuring CPU per request (${REQUESTS} requests x ${ROUNDS} rounds, side by side) ...`);
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts one path later, so no path is always measured right after the same one.
      for (const target of [...targets.slice(round % targets.length), ...targets.slice(0, round % targets.length)]) {
        const backendsBefore = await backendTicks(monitor);
        const before = cpuTicks(server.pid!);
        for (let i = 0; i < REQUESTS; i++) await call(target);
        nodeMs.get(target.label)!.push(((cpuTicks(server.pid!) - before) * TICK_MS) / REQUESTS);
        dbMs.get(target.label)!.push((ticksSpent(backendsBefore, await backendTicks(monitor)) * TICK_MS) / REQUESTS);
      }
    }
    const node = (label: string) => median(nodeMs.get(label)!);
    const total = (label: string) => median(nodeMs.get(label)!.map((ms, i) => ms + dbMs.get(label)![i]!));
    const baseline = targets[0]!.label;
    console.log(
      `\n${"request".padEnd(48)}${"node CPU ms".padEnd(13)}${"x auth/me".padEnd(11)}${isPostgres ? `${"+ Postgres ms".padEnd(15)}x auth/me` : ""}`,
    );
    const verdicts: string[] = [];
    for (const target of targets) {
      const ratio = node(target.label) / node(baseline);
      const both = total(target.label) / total(baseline);
      console.log(
        `${target.label.padEnd(48)}${node(target.label).toFixed(2).padEnd(13)}${ratio.toFixed(2).padEnd(11)}${isPostgres ? `${median(dbMs.get(target.label)!).toFixed(2).padEnd(15)}${both.toFixed(2)}` : ""}`,
      );
      if (target.label !== baseline) {
        const worst = Math.max(ratio, isPostgres ? both : 0);
        verdicts.push(
          `  ${target.label.replace("GET ", "")} <= 1.5x /api/auth/me: ${worst.toFixed(2)}x ${worst <= 1.5 ? "PASS" : "FAIL"}`,
        );
      }
    }
    return verdicts;
  } finally {
    await monitor?.end();
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
  }
}

const started = performance.now();

/** The --sizes modes fill databases of their own: each runs alone, then drops its database and exits. */
async function runSizesMode(measure: () => Promise<void>) {
  try {
    await measure();
  } finally {
    await closeDatabase().catch(() => {});
    await dropDatabase();
  }
  process.exit(0);
}

if (SEARCH_SIZES.length > 0) await runSizesMode(searchesAtSizes);
if (SIZES.length > 0) await runSizesMode(reportsAtSizes);

try {
  if (reuse) {
    // A database a --keep run left: bring it to the current migrations and statistics.
    await migrate();
    await fillOrders();
    await analyzeDatabase();
  }
  const bench = reuse ? await identify() : await fill();
  if (!reuse) {
    const seconds = (table: string) => `${((insertMs.get(table) ?? 0) / 1000).toFixed(1)} s`;
    console.log(
      `Filled in ${((performance.now() - started) / 1000).toFixed(0)} s, of which inserting: applications ${seconds("applications")}, lead_reads ${seconds("lead_reads")}, users ${seconds("users")}, the other rows ${seconds("phones")} + ${seconds("payment_trackings")} + ${seconds("notifications")}, activity_logs ${seconds("activity_logs")}`,
    );
  }
  const leadCount = await countOf("applications");
  const busiestLeads = bench.agentLeads.get(bench.busiest.agent!.id)!;
  console.log(
    `\nLeads benchmark on ${db === "postgres" || isPostgres ? "Postgres" : "SQLite"}: ${leadCount} leads over ${bench.agentLeads.size} agents (busiest ${busiestLeads}, quietest ${Math.min(...bench.agentLeads.values())}); ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );

  console.log("\nDashboards");
  const dashboards: [string, () => Promise<unknown>][] = [
    ["admin dashboard, today", () => getAdminDashboard(bench.admin, { period: "today" })],
    ["admin dashboard, this month", () => getAdminDashboard(bench.admin, { period: "thismonth" })],
    ["admin dashboard, all time", () => getAdminDashboard(bench.admin, { period: "all" })],
    ["agent dashboard, all time", () => getAgentDashboard(bench.busiest, { period: "all" })],
  ];
  for (const [label, run] of dashboards) {
    const { ran } = await statementsOf(run);
    console.log(`  ${label.padEnd(30)}${(await time(run, 5)).toFixed(1).padStart(6)} ms (${statementsSaid(ran)})`);
  }

  console.log(
    `\nThe busiest agent's lists and figures (${busiestLeads} leads): service (its statements, and those replayed through the driver) / plain SQL through the driver, median of each side by side (40 rounds, or at least 5 within 20 s)`,
  );
  const raw = await rawConnection();
  const portal = await portalCases(raw, bench.busiest, new Date());
  const verdicts: string[] = [];
  const ranBy = new Map<Case, Ran[]>();
  const measure = async (cases: Case[]) => {
    for (const c of cases.filter(chosen)) {
      const { answer, ran } = await statementsOf(c.service);
      ranBy.set(c, ran);
      const said = c.compare(answer as never, (await c.sql()) as never);
      const rounds = c.label.includes("export") ? 10 : 40;
      const [serviceMs, replayMs, sqlMs] = (await timeSideBySide([c.service, replayOf(raw, ran), c.sql], rounds)) as [
        number,
        number,
        number,
      ];
      const ratio = serviceMs / sqlMs;
      verdicts.push(`  ${c.label} <= 3x SQL: ${ratio.toFixed(2)}x ${ratio <= 3 ? "PASS" : "FAIL"}`);
      console.log(
        `  ${c.label.padEnd(50)}${said.padEnd(36)}service ${serviceMs.toFixed(2).padStart(7)} ms ${`(${statementsSaid(ran)})`.padEnd(22)} replayed ${replayMs.toFixed(2).padStart(7)} ms   SQL ${sqlMs.toFixed(2).padStart(7)} ms   ${ratio.toFixed(2)}x`,
      );
    }
  };
  await measure(portal);
  // What scoping a search by agent buys: lower(column) LIKE '%word%' can use no btree, so it is
  // evaluated on every entry it is given, the agent's in the covering index or every lead.
  const search = or([sql`a.first_name`, sql`a.last_name`, sql`a.email`].map((name) => contains(name, "%garcia%")));
  const countWhere = (where: Sql) => () =>
    numbersInOneStatement({ n: sql`SELECT COUNT(*) FROM applications a WHERE ${where}` });
  const [scopedMs, wholeMs] = await timeSideBySide(
    [countWhere(and([sql`a.agent_id = ${bench.busiest.agent!.id}`, search])), countWhere(search)],
    10,
  );
  console.log(
    `  the search's COUNT alone: ${scopedMs!.toFixed(2)} ms over the busiest agent's leads, ${wholeMs!.toFixed(2)} ms over all ${leadCount} leads`,
  );

  const activityCount = await countOf("activity_logs");
  console.log(
    `\nThe admin portal's lists and figures (${leadCount} leads, ${activityCount} activity entries): service / plain SQL, median of each side by side`,
  );
  const admin = await adminCases(raw, bench.admin, bench.busiest.agent!.id, new Date());
  await measure(admin);

  console.log(
    `\nThe admin's sales operations (issue 13: reports, retention, premiums, callbacks): service / plain SQL, median of each side by side`,
  );
  const salesOperations = await salesOperationsCases(raw, bench.admin, bench.busiest.agent!.id, new Date());
  await measure(salesOperations);

  if (explain) {
    console.log("\nQuery plans: the statements each service ran, then the plain SQL it is measured against");
    for (const c of [...portal, ...admin, ...salesOperations].filter(chosen)) {
      for (const [i, statement] of ranBy.get(c)!.filter(isRead).entries()) {
        const params = (statement.parameters ?? []) as unknown[];
        console.log(
          `  ${c.label}: the service's statement ${i + 1}\n${await rawPlan(raw, { sql: statement.sql, params })}`,
        );
      }
      for (const [label, statement] of c.plans) console.log(`  ${label} (plain SQL)\n${await rawPlan(raw, statement)}`);
    }
  }

  console.log(
    "\nUnread leads: the exact count (GET /api/leads/unread-count) and the shell's figures (GET /api/counts)",
  );
  // The poll's floor: an agent with no leads, reads or notifications yet.
  const stamp = Date.now();
  const newUser = await User.create({
    email: `bench.new.${stamp}@example.test`,
    passwordHash: "x",
    firstName: "New",
    lastName: "Agent",
    role: "agent",
  });
  const newAgent = await Agent.create({
    userId: newUser.id,
    licenseNumber: `BENCH-NEW-${stamp}`,
    status: "approved",
    setupComplete: true,
  });
  const readers: [string, SessionUser][] = [
    ["admin, opened 5%", bench.admin],
    ["admin, opened all but 50", bench.diligentAdmin],
    ["busiest agent, opened most", bench.busiest],
    ["agent, opened all", bench.diligentAgent],
    ["new agent, no leads", toSessionUser(Object.assign(newUser, { agent: newAgent }))],
  ];
  const unreadRan: [string, Ran[]][] = [];
  for (const [label, reader] of readers) {
    const { leads, reads } = await numbersInOneStatement({
      leads: sql`SELECT COUNT(*) FROM applications a WHERE ${reader.agent ? sql`a.agent_id = ${reader.agent.id}` : rawSql("1 = 1")}`,
      reads: sql`SELECT COUNT(*) FROM lead_reads r WHERE r.user_id = ${reader.id}`,
    });
    const exact = await statementsOf(() => countUnreadLeads(reader));
    const shell = await statementsOf(() => shellCounts(reader));
    unreadRan.push([`${label}, the exact count`, exact.ran], [`${label}, the shell's figures`, shell.ran]);
    const [exactMs, shellMs] = await timeSideBySide([() => countUnreadLeads(reader), () => shellCounts(reader)], 15);
    console.log(
      `  ${label.padEnd(28)}${`${leads} leads, ${reads} read`.padEnd(26)}unread ${String(exact.answer).padStart(6)} in ${exactMs!.toFixed(2).padStart(6)} ms (${statementsSaid(exact.ran)})   shell's figures in ${shellMs!.toFixed(2).padStart(6)} ms (${statementsSaid(shell.ran)}): ${JSON.stringify(shell.answer)}`,
    );
  }

  if (explain) {
    console.log("\nQuery plans of the statements the unread counts ran: the exact count and the shell's figures");
    for (const [label, ran] of unreadRan) {
      for (const statement of ran.filter(isRead)) {
        const params = (statement.parameters ?? []) as unknown[];
        console.log(`  ${label}\n${await rawPlan(raw, { sql: statement.sql, params })}`);
      }
    }
  }
  await raw.close();

  // What the unread counts' upkeep adds to a write (migration 007's triggers): one lead, for the
  // busiest agent, inserted and deleted; one read, by the admin who opened 5%, inserted and deleted.
  console.log("\nWrites the unread counts follow, at this size (median of 40, each undone after)");
  const qi = sequelize.getQueryInterface();
  const unreadByAdmin = await selectOne(
    sql`SELECT a.id FROM applications a
        WHERE NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = ${bench.admin.id} AND r.application_id = a.id)
        LIMIT 1`,
    Id,
  );
  const writeMs: Record<string, number[]> = { leadInsert: [], leadDelete: [], readInsert: [], readDelete: [] };
  const timed = async (key: string, run: () => Promise<unknown>, keep: boolean) => {
    const at = performance.now();
    await run();
    if (keep) writeMs[key]!.push(performance.now() - at);
  };
  for (let i = 0; i < 43; i++) {
    const keep = i >= 3;
    const at = new Date();
    const lead = leadRow(
      leadAttributes({ agentId: bench.busiest.agent!.id, firstName: "Bench", lastName: "Write", createdAt: at }),
    );
    await timed("leadInsert", () => qi.bulkInsert("applications", [lead]), keep);
    const deleteLead = () =>
      sequelize.query("DELETE FROM applications WHERE id = :id", { replacements: { id: lead.id } });
    await timed("leadDelete", deleteLead, keep);
    const read = { id: crypto.randomUUID(), user_id: bench.admin.id, application_id: unreadByAdmin!.id };
    await timed("readInsert", () => qi.bulkInsert("lead_reads", [{ ...read, created_at: at, updated_at: at }]), keep);
    const deleteRead = () => sequelize.query("DELETE FROM lead_reads WHERE id = :id", { replacements: read });
    await timed("readDelete", deleteRead, keep);
  }
  console.log(
    `  a lead: insert ${median(writeMs.leadInsert!).toFixed(2)} ms, delete ${median(writeMs.leadDelete!).toFixed(2)} ms; a read: insert ${median(writeMs.readInsert!).toFixed(2)} ms, delete ${median(writeMs.readDelete!).toFixed(2)} ms`,
  );

  if (withServer) {
    const cookies = new Map<SessionUser, string>();
    for (const [, reader] of readers) {
      cookies.set(reader, (await sessionCookie.serialize(await createSession(reader.id))).split(";")[0]!);
    }
    await closeDatabase();
    verdicts.push(...(await measureServer(readers, cookies)));
  } else {
    console.log(`\nNo production build in ${buildDir} (or --no-server): the server's CPU per poll was not measured.`);
  }

  console.log("\nTargets");
  for (const line of verdicts) console.log(line);
} finally {
  await closeDatabase().catch(() => {});
  await dropDatabase();
}
