// The intake benchmark (`npm run bench:intake [-- --db sqlite|postgres]`, issue 24 item 8): the
// real-time intake API's median and 95th percentile with 20 concurrent posters against 100,000
// existing leads, through the production build started the way `npm start` does, with a real
// posting key. Target: p95 under 300 ms on the 2-core machine. Both databases by default (each in
// a child process of this script: the database is chosen when the models load).
//
// The database: 3 admins, 50 approved agents (20 of them with an Active order of 5,000 calls,
// licensed in three of the ten states the posts come from), one active source, and 100,000 leads
// filled set-based through bulkLoad (prisma-free-db/bulk-load.ts), each with a phone in E.164 and
// 85% with an email, created one every few minutes over the last year, so about 8,000 of them lie
// inside the source's 30-day duplicate window. The posts (after 40 unmeasured ones): 85% new people,
// 10% duplicates of an existing lead (by phone, or by email in other case), 5% reposts of an
// external id already posted; 5% of the new people live in a state no agent is licensed in (they
// wait unassigned). One poster alone first, then 20 at once.
//
// Options: --posts N (20 posters' total, default 400), --single N (one poster's posts, default
// 100), --leads N (existing leads, default 100,000), --port P (default 3491), --waits (Postgres:
// sample what the database's sessions wait on, by statement), --import-rows N (then a CSV of N rows
// imported through scripts/bench-csv-import.ts on a database of its own, default 50,000: time and
// peak RSS growth against 90 s and 150 MB; 0 skips it). BUILD_DIR is honoured;
// nothing is built here (run `npm run build` first). Everything talks to 127.0.0.1 only.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import {
  commandLine,
  createPostgresDatabase,
  dropPostgresDatabase,
  median,
  productionBuildDir,
  serverEnv,
  startServer,
  stopServer,
  waitForServer,
} from "./bench-support";
import { benchCsvImport } from "./bench-csv-import";

const { args, flag, option } = commandLine();
const db = option("db", "both");
if (!["sqlite", "postgres", "both"].includes(db)) throw new Error("--db must be sqlite, postgres or both");
const POSTERS = Number(option("posters", "20"));
const POSTS = Number(option("posts", "400"));
const SINGLE = Number(option("single", "100"));
const LEADS = Number(option("leads", "100000"));
const port = Number(option("port", "3491"));
const IMPORT_ROWS = Number(option("import-rows", "50000"));
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const TIME_LIMIT_MS = 20 * 60_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

// --- both databases: this script again, once per database -----------------------------------------

if (db === "both") {
  const self = fileURLToPath(import.meta.url);
  for (const one of ["sqlite", "postgres"]) {
    const rest = args.filter((arg, i) => arg !== "--db" && args[i - 1] !== "--db");
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", self, "--db", one, ...rest], { stdio: "inherit" });
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`--db ${one} exited ${code}`))));
    });
  }
  process.exit(0);
}

// --- one database ----------------------------------------------------------------------------------

const buildDir = productionBuildDir();
let server: ChildProcess | null = null;
let sqliteFile: string | null = null;
let pgDatabase: string | null = null;

if (db === "sqlite") {
  sqliteFile = path.join(os.tmpdir(), `bench-intake-${process.pid}.sqlite`);
  process.env.DATABASE_URL = `sqlite:${sqliteFile}`;
} else {
  pgDatabase = `bench_intake_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  process.env.DATABASE_URL = await createPostgresDatabase(POSTGRES_ADMIN_URL, pgDatabase);
}
const databaseUrl = process.env.DATABASE_URL!;

async function cleanUp() {
  await stopServer(server);
  if (sqliteFile) for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) fs.rmSync(f, { force: true });
  if (pgDatabase) {
    await dropPostgresDatabase(POSTGRES_ADMIN_URL, pgDatabase);
  }
}

const deadline = setTimeout(() => {
  console.error("The benchmark ran past its time limit; stopping.");
  void cleanUp().finally(() => process.exit(1));
}, TIME_LIMIT_MS);

const { Agent, LeadSource, LicensedState, Order, analyzeDatabase, closeDatabase, isPostgres, migrate, sequelize } =
  await import("../prisma-free-db/index");
const { ensureCatalog } = await import("../prisma-free-db/seed/catalog");
const { bulkLoad } = await import("../prisma-free-db/bulk-load");
const { newPostingKey } = await import("../app/services/posting-keys.server");

/** The states the posts come from (each with agents licensed in it), and one nobody is licensed in. */
const STATES = ["FL", "TX", "GA", "OH", "PA", "NC", "AZ", "TN", "MI", "CA"];
const NOBODYS_STATE = "WY";
const DAY_MS = 86_400_000;
const WINDOW_DAYS = 30;
/** A lead every this many ms over the last year: lead i was created i steps ago. */
const STEP_MS = Math.floor((365 * DAY_MS) / LEADS);

async function fill() {
  await migrate();
  await ensureCatalog();
  const qi = sequelize.getQueryInterface();
  const created = new Date(Date.now() - 400 * DAY_MS);
  const stamp = { created_at: created, updated_at: created };
  const person = (i: number, role: string) => ({
    id: crypto.randomUUID(),
    email: `bench.${role}${i}@example.test`,
    password_hash: "x",
    first_name: "Bench",
    last_name: `${role}${i}`,
    role,
    timezone: "America/New_York",
    must_change_password: false,
    ...stamp,
  });
  const admins = [0, 1, 2].map((i) => person(i, "admin"));
  const agentUsers = Array.from({ length: 50 }, (_, i) => person(i, "agent"));
  await qi.bulkInsert("users", [...admins, ...agentUsers]);
  const agents = await Agent.bulkCreate(
    agentUsers.map((user, i) => ({
      userId: user.id,
      licenseNumber: `BENCH-${i}`,
      status: "approved",
      setupComplete: true,
      createdAt: created,
      updatedAt: created,
    })),
  );
  // Agents 0-19 hold orders, each licensed in three of the posting states; the others in states
  // nobody posts from.
  await LicensedState.bulkCreate(
    agents.flatMap((agent, i) =>
      i < 20
        ? [0, 3, 7].map((k) => ({ agentId: agent.id, state: STATES[(i + k) % STATES.length]! }))
        : [{ agentId: agent.id, state: "NY" }],
    ),
  );
  await Order.bulkCreate(
    agents.slice(0, 20).map((agent, i) => ({
      agentId: agent.id,
      agentName: `Bench agent${i}`,
      callsOrdered: 5000,
      companySource: "Bench",
      platformSource: "Bench",
      totalPaymentCents: 5000 * 17_500,
      status: "Active",
    })),
  );
  const key = newPostingKey();
  const source = await LeadSource.create({
    name: "Bench vendor",
    costPerLeadCents: 17_500,
    defaultCarrierId: null,
    postingKeyHash: key.hash,
    postingKeyLast4: key.last4,
    keyRotatedAt: null,
    status: "active",
    duplicateWindowDays: WINDOW_DAYS,
    // Measured is the answer's time, not the limit: the limit's count still runs on every post.
    rateLimitPerMinute: 1_000_000,
  });

  const started = performance.now();
  const nowMs = Date.now();
  const agentIds = agents.map((a) => a.id);
  await sequelize.query("CREATE TABLE bench_intake_agents (idx INTEGER PRIMARY KEY, id TEXT NOT NULL)");
  await qi.bulkInsert(
    "bench_intake_agents",
    agentIds.map((id, idx) => ({ idx, id })),
  );
  const instant = (msSql: string) =>
    isPostgres
      ? `to_timestamp((${msSql}) / 1000.0)`
      : `strftime('%Y-%m-%d %H:%M:%f +00:00', (${msSql}) / 1000.0, 'unixepoch')`;
  const uuid = isPostgres
    ? "gen_random_uuid()"
    : `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
        substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;
  const agentOf = `(SELECT ${isPostgres ? "CAST(b.id AS UUID)" : "b.id"} FROM bench_intake_agents b WHERE b.idx = n.i % 50)`;
  const BATCH = 50_000;
  const rebuilt = await bulkLoad(sequelize, async () => {
    for (let from = 0; from < LEADS; from += BATCH) {
      const to = Math.min(LEADS, from + BATCH);
      const series = isPostgres
        ? `generate_series(CAST(${from} AS BIGINT), ${to - 1}) AS n(i)`
        : `(WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to - 1}) SELECT i FROM s) n`;
      // Lead i: phone +1305 and i in seven digits, an email but for every seventh, 1% unassigned,
      // a fifth of them from the bench's source with an external id.
      const digits = isPostgres ? "lpad(CAST(n.i AS TEXT), 7, '0')" : "substr('0000000' || n.i, -7, 7)";
      await sequelize.query(
        `INSERT INTO applications (id, agent_id, status, first_name, last_name, has_email, email, email_normalized,
           phone_e164, lead_source_id, external_id, billable, source, consent_given, created_at, updated_at)
         SELECT ${uuid}, CASE WHEN n.i % 100 = 0 THEN NULL ELSE ${agentOf} END, 'pending', 'Old', 'Lead' || n.i,
           n.i % 7 <> 0, CASE WHEN n.i % 7 <> 0 THEN 'Old.Lead' || n.i || '@Example.test' END,
           CASE WHEN n.i % 7 <> 0 THEN 'old.lead' || n.i || '@example.test' END,
           '+1305' || ${digits},
           CASE WHEN n.i % 5 = 0 THEN ${isPostgres ? `CAST('${source.id}' AS UUID)` : `'${source.id}'`} END,
           CASE WHEN n.i % 5 = 0 THEN 'old-' || n.i END, ${isPostgres ? "true" : "1"}, 'intake',
           ${isPostgres ? "true" : "1"}, ${instant(`${nowMs} - n.i * ${STEP_MS}`)}, ${instant(`${nowMs} - n.i * ${STEP_MS}`)}
         FROM ${series}`,
      );
      await sequelize.query(
        `INSERT INTO phones (id, application_id, phone_number, phone_type, is_primary, created_at, updated_at)
         SELECT ${uuid}, a.id, substr(a.phone_e164, 3), 'mobile', ${isPostgres ? "true" : "1"}, a.created_at, a.created_at
         FROM applications a WHERE a.phone_e164 >= '+1305${String(from).padStart(7, "0")}'
           AND a.phone_e164 <= '+1305${String(to - 1).padStart(7, "0")}'`,
      );
      process.stdout.write(`\r${to} leads`);
    }
  });
  await sequelize.query("DROP TABLE bench_intake_agents");
  await analyzeDatabase();
  process.stdout.write(
    ` filled in ${((performance.now() - started) / 1000).toFixed(1)} s (indexes ${rebuilt.indexSeconds.toFixed(1)} s, counts ${rebuilt.recountSeconds.toFixed(1)} s)\n`,
  );
  return { key: key.key };
}

// --- the posts ---------------------------------------------------------------------------------------

type Outcome = { ms: number; status: number; kind: string; answer: string };

let sequence = 0;
const posted: string[] = [];
const runTag = crypto.randomBytes(3).toString("hex");

/** The next post of the mix: a new person (85%), a duplicate of an old lead (10%), a repost (5%). */
function nextLead(): { kind: string; body: Record<string, unknown> } {
  sequence += 1;
  const draw = crypto.randomInt(100);
  // An old lead inside the window: lead i was created i steps ago.
  const recent = () => crypto.randomInt(1, Math.floor((WINDOW_DAYS - 1) * (DAY_MS / STEP_MS)));
  const consent = {
    timestamp: new Date().toISOString(),
    ipAddress: "203.0.113.7",
    pageUrl: "https://quotes.example.test/final-expense",
    text: "By clicking Submit I agree to be called about final expense coverage.",
  };
  const person = {
    firstName: "Nora",
    lastName: `Poster${sequence}`,
    city: "Springfield",
    zipCode: "33101",
    dateOfBirth: "1952-04-17",
    gender: "female",
    coverageAmount: 15000,
    consent,
  };
  if (draw < 5 && posted.length) {
    return {
      kind: "repost",
      body: { ...person, phone: "2125550100", state: "FL", externalId: posted[crypto.randomInt(posted.length)] },
    };
  }
  if (draw < 15) {
    const i = recent();
    const byEmail = i % 7 !== 0 && draw % 2 === 0;
    return {
      kind: "duplicate",
      body: {
        ...person,
        state: STATES[i % STATES.length],
        phone: byEmail
          ? `(646) 555-${String(sequence % 10_000).padStart(4, "0")}`
          : `305-${String(i).padStart(7, "0")}`,
        email: byEmail ? `OLD.LEAD${i}@EXAMPLE.TEST` : undefined,
        externalId: `${runTag}-${sequence}`,
      },
    };
  }
  // A new person: a phone in 212/718 nobody has, most with an email.
  const number = String(1_000_000 + sequence * 7 + crypto.randomInt(7)).padStart(7, "0");
  return {
    kind: "new",
    body: {
      ...person,
      phone: `(${sequence % 2 ? "212" : "718"}) ${number.slice(0, 3)}-${number.slice(3)}`,
      email: draw % 10 ? `nora.${runTag}.${sequence}@example.test` : undefined,
      state: draw >= 95 ? NOBODYS_STATE : STATES[sequence % STATES.length],
      address: "12 Elm Street",
      externalId: `${runTag}-${sequence}`,
    },
  };
}

async function postOne(base: string, key: string): Promise<Outcome> {
  const { kind, body } = nextLead();
  const started = performance.now();
  const response = await fetch(`${base}/api/intake/leads`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  let answer = "?";
  try {
    answer = (JSON.parse(text) as { status?: string }).status ?? "?";
  } catch {
    // not JSON: counted by its status below
  }
  if (response.status === 201 && typeof body.externalId === "string") posted.push(body.externalId);
  return { ms: elapsed, status: response.status, kind, answer };
}

// --- where the time goes -------------------------------------------------------------------------------

/** The server's processes (npm and the node it starts) by their parent links in /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while we looked
    }
  }
  const walk = (pid: number): number[] => [pid, ...(children.get(pid) ?? []).flatMap(walk)];
  return walk(root);
}

/** CPU ms (user + system) the server's processes have used so far. */
function serverCpuMs() {
  let ticks = 0;
  for (const pid of server?.pid ? processTree(server.pid) : []) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended
    }
  }
  return ticks * 10; // USER_HZ is 100
}

/**
 * Postgres: what the database's busy sessions wait on while the posters run, sampled every 5 ms
 * from pg_stat_activity by statement (its first words) and wait event: a lock wait shows as
 * Lock/transactionid or Lock/tuple, a commit's flush as IO/WALSync, running as CPU.
 */
function sampleWaits(database: string) {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const client = new pg.Client(databaseUrl);
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ what: string }>(
        `SELECT coalesce(wait_event_type || '/' || wait_event, 'CPU') || '  ' ||
           regexp_replace(left(query, 70), '\\s+', ' ', 'g') AS what
         FROM pg_stat_activity WHERE datname = $1 AND state <> 'idle' AND pid <> pg_backend_pid()`,
        [database],
      );
      samples += 1;
      for (const { what } of rows) counts.set(what, (counts.get(what) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await client.end();
  })();
  return async () => {
    running = false;
    await done;
    const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`${db} busy sessions by wait and statement (mean sessions over ${samples} samples):`);
    for (const [what, n] of top) console.log(`  ${(n / samples).toFixed(2).padStart(6)}  ${what}`);
  };
}

async function posters(base: string, key: string, count: number, total: number) {
  const outcomes: Outcome[] = [];
  let left = total;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (left > 0) {
        left -= 1;
        outcomes.push(await postOne(base, key));
      }
    }),
  );
  return { outcomes, seconds: (performance.now() - started) / 1000 };
}

/** The posters, with the server's CPU per post and (Postgres, --waits) what its sessions waited on. */
async function measured(base: string, key: string, count: number, total: number) {
  const cpuBefore = serverCpuMs();
  const stopSampling = flag("waits") && pgDatabase ? sampleWaits(pgDatabase) : null;
  const run = await posters(base, key, count, total);
  await stopSampling?.();
  return { ...run, cpuMsPerPost: (serverCpuMs() - cpuBefore) / total };
}

function summary(
  label: string,
  { outcomes, seconds, cpuMsPerPost }: { outcomes: Outcome[]; seconds: number; cpuMsPerPost?: number },
) {
  const times = outcomes.map((o) => o.ms);
  const statuses = new Map<string, number>();
  for (const o of outcomes) statuses.set(`${o.status} ${o.answer}`, (statuses.get(`${o.status} ${o.answer}`) ?? 0) + 1);
  const answers = [...statuses].map(([k, v]) => `${k} ×${v}`).join(", ");
  console.log(
    `${db} ${label}: median ${ms(median(times))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))}; ${outcomes.length} posts in ${seconds.toFixed(1)} s (${(outcomes.length / seconds).toFixed(0)}/s)${cpuMsPerPost === undefined ? "" : `, server CPU ${ms(cpuMsPerPost)} a post`}; ${answers}`,
  );
  const failed = outcomes.filter((o) => o.status !== 200 && o.status !== 201);
  if (failed.length) throw new Error(`${failed.length} posts were not answered 200 or 201`);
  return { median: median(times), p95: percentile(times, 95) };
}

try {
  console.log(`${db}: filling ${LEADS} leads`);
  const { key } = await fill();
  await closeDatabase();
  const base = `http://127.0.0.1:${port}`;
  server = startServer(serverEnv(databaseUrl, port, buildDir));
  await waitForServer(server, base);
  // Warm-up: the routes' modules, the connections, the statements' plans.
  summary("warm-up, 2 posters", await posters(base, key, 2, 40));
  summary("1 poster", await measured(base, key, 1, SINGLE));
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const result = summary(`${POSTERS} posters`, await measured(base, key, POSTERS, POSTS));
  console.log(
    `${db} RESULT: ${POSTERS} concurrent posters, ${LEADS} existing leads: median ${ms(result.median)}, p95 ${ms(result.p95)} (target p95 < 300 ms: ${result.p95 < 300 ? "met" : "NOT met"}); load average ${loadBefore} → ${os.loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  clearTimeout(deadline);
  await cleanUp();
}

if (IMPORT_ROWS > 0) {
  console.log(`${db}: importing a CSV of ${IMPORT_ROWS} rows`);
  const imported = await benchCsvImport({ db: db as "sqlite" | "postgres", rows: IMPORT_ROWS });
  console.log(
    `${db} RESULT: a CSV of ${IMPORT_ROWS} rows imported in ${imported.seconds.toFixed(1)} s (target < 90 s: ${imported.seconds < 90 ? "met" : "NOT met"}), peak RSS growth ${imported.peakRssGrowthMb.toFixed(0)} MB (target < 150 MB: ${imported.peakRssGrowthMb < 150 ? "met" : "NOT met"}), ${imported.imported} leads imported`,
  );
}
