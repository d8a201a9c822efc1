// The CSV import benchmark (issue 24 items 4 and 8): a generated CSV of N rows imported through
// the real path (stageLeadImport reading the file from disk, startLeadImport queueing the job, the
// app's job engine running it), on a throwaway database, measuring the time from the upload to
// the completed import and the process's peak RSS growth over that time. Targets: 50,000 rows in
// under 90 s on SQLite and Postgres, RSS growing by less than 150 MB (the file is streamed).
//
//   npx tsx scripts/bench-csv-import.ts --db sqlite|postgres --rows 50000
//
// The database: migrated, the demo catalog, one active source and 20 approved agents licensed in
// five states with an Active order of 100,000 calls each (so automatic distribution assigns every
// new lead). The file: 94% new people across ten states (half of them in states no agent is
// licensed in: those wait unassigned), 4% repeating an earlier row's phone (duplicates), 2% with a
// phone that is not one (rejected); every row carries an email, a date of birth and a zip code.
//
// benchCsvImport() runs this script in a child process (the database is chosen when the models
// load) and answers its figures; bench-intake can call it. Everything talks to 127.0.0.1 only.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { commandLine, createPostgresDatabase, dropPostgresDatabase } from "./bench-support";

type BenchResult = { seconds: number; peakRssGrowthMb: number; imported: number };

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const RESULT_PREFIX = "BENCH_CSV_IMPORT_RESULT ";
const self = fileURLToPath(import.meta.url);

/** Imports a generated CSV of `rows` rows on a throwaway database of the kind asked for. */
export async function benchCsvImport(options: { db: "sqlite" | "postgres"; rows: number }): Promise<BenchResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", self, "--child", "--db", options.db, "--rows", String(options.rows)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => {
      const line = output.split("\n").find((text) => text.startsWith(RESULT_PREFIX));
      if (code !== 0 || !line) reject(new Error(`bench-csv-import --db ${options.db} exited ${code}`));
      else resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as BenchResult);
    });
  });
}

const STATES = ["FL", "GA", "TX", "OH", "PA", "NC", "AZ", "MI", "TN", "VA"];
const LICENSED = STATES.slice(0, 5);

/** Writes the CSV a line at a time (never whole in memory); answers its path. */
async function writeCsv(rows: number, file: string) {
  const out = fs.createWriteStream(file);
  const write = (line: string) =>
    out.write(line) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", () => resolve()));
  await write("First Name,Last Name,Phone,Email,Address,City,State,Zip,DOB,Gender\r\n");
  const base = 2_000_000 + Math.floor(Math.random() * 5_000_000);
  for (let i = 0; i < rows; i++) {
    const kind = i % 50;
    // Every 25th row repeats the phone of the row before it; every 50th has no phone at all.
    const number = kind === 24 ? base + i - 1 : base + i;
    const phone = kind === 49 ? "12345" : `(305) ${String(number).slice(0, 3)}-${String(number).slice(3, 7)}`;
    await write(
      `Pat${i},Bench,${phone},pat${i}.${base}@example.com,${i} Main St,Springfield,${STATES[i % STATES.length]},` +
        `${String(10000 + (i % 89999))},0${1 + (i % 9)}/1${i % 9}/19${40 + (i % 20)},${i % 2 ? "female" : "male"}\r\n`,
    );
  }
  out.end();
  await new Promise<void>((resolve) => out.once("finish", () => resolve()));
}

async function runChild(db: "sqlite" | "postgres", rows: number): Promise<BenchResult> {
  let sqliteFile: string | null = null;
  let pgDatabase: string | null = null;
  if (db === "sqlite") {
    sqliteFile = path.join(os.tmpdir(), `bench-csv-import-${process.pid}.sqlite`);
    process.env.DATABASE_URL = `sqlite:${sqliteFile}`;
  } else {
    pgDatabase = `bench_csv_import_${process.pid}`;
    process.env.DATABASE_URL = await createPostgresDatabase(POSTGRES_ADMIN_URL, pgDatabase);
  }
  process.env.SESSION_SECRET = "bench-csv-import-session-secret-not-for-production";
  process.env.DATA_ENCRYPTION_KEY = "0".repeat(64);
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";
  const csvFile = path.join(os.tmpdir(), `bench-csv-import-${process.pid}.csv`);
  const db_ = await import("../prisma-free-db/index");
  try {
    await db_.migrate();
    const { ensureCatalog } = await import("../prisma-free-db/seed/catalog");
    await ensureCatalog();
    const { Agent, LeadImport, LeadSource, LicensedState, Order, User } = db_;
    const admin = await User.create({
      email: "bench-admin@example.com",
      passwordHash: "not-a-password",
      firstName: "Bench",
      lastName: "Admin",
      role: "admin",
    });
    const source = await LeadSource.create({
      name: "Bench list",
      costPerLeadCents: 2_500,
      defaultCarrierId: null,
      postingKeyHash: "0".repeat(64),
      postingKeyLast4: "0000",
      keyRotatedAt: null,
    });
    for (let i = 0; i < 20; i++) {
      const user = await User.create({
        email: `bench-agent-${i}@example.com`,
        passwordHash: "not-a-password",
        firstName: "Agent",
        lastName: `No${i}`,
        role: "agent",
      });
      const agent = await Agent.create({
        userId: user.id,
        licenseNumber: `LIC-${i}`,
        status: "approved",
        setupComplete: true,
        callsLeft: 0,
      });
      await LicensedState.bulkCreate(LICENSED.map((state) => ({ agentId: agent.id, state })));
      await Order.create({
        agentId: agent.id,
        agentName: `Agent No${i}`,
        callsOrdered: 100_000,
        callsCompleted: 0,
        companySource: "Direct",
        platformSource: "Facebook Ads",
        referrer: null,
        totalPaymentCents: 100,
        paymentGateway: "Zelle",
        bdmId: null,
        status: "Active",
      });
    }
    await writeCsv(rows, csvFile);
    const { createSession, getSessionUser } = await import("../app/services/sessions.server");
    const actor = (await getSessionUser(await createSession(admin.id)))!;
    const service = await import("../app/services/lead-import.server");
    const jobs = await import("../app/jobs/index.server");

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
    const started = performance.now();
    const staged = await service.stageLeadImport(actor, {
      path: csvFile,
      name: "bench.csv",
      bytes: fs.statSync(csvFile).size,
    });
    const stagedAt = performance.now();
    const view = await service.getLeadImport(actor, staged.id);
    await service.startLeadImport(actor, staged.id, {
      ...service.importChoicesFrom({ distribution: "automatic", sourceId: source.id }, view).choices,
    });
    await jobs.startJobs();
    let found = await LeadImport.findByPk(staged.id);
    while (found && found.status !== "completed" && found.status !== "failed") {
      await new Promise((resolve) => setTimeout(resolve, 500));
      found = await LeadImport.findByPk(staged.id);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    await jobs.stopJobs();
    if (!found || found.status !== "completed") throw new Error(`The import ended ${found?.status}: ${found?.error}`);
    const result = {
      seconds: Math.round(seconds * 10) / 10,
      peakRssGrowthMb: Math.round(((peak - baseline) / 1024 / 1024) * 10) / 10,
      imported: found.imported,
    };
    console.error(
      `${db}: ${rows} rows (${(fs.statSync(csvFile).size / 1024 / 1024).toFixed(1)} MB): upload kept in ` +
        `${((stagedAt - started) / 1000).toFixed(1)} s, done in ${result.seconds} s; imported ${found.imported}, ` +
        `duplicates ${found.duplicates}, rejected ${found.rejected}; peak RSS growth ${result.peakRssGrowthMb} MB`,
    );
    return result;
  } finally {
    fs.rmSync(csvFile, { force: true });
    await db_.closeDatabase();
    if (sqliteFile)
      for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) fs.rmSync(f, { force: true });
    if (pgDatabase) {
      await dropPostgresDatabase(POSTGRES_ADMIN_URL, pgDatabase);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  const { args, option } = commandLine();
  const db = option("db", "sqlite");
  if (db !== "sqlite" && db !== "postgres") throw new Error("--db must be sqlite or postgres");
  const rows = Number(option("rows", "50000"));
  if (args.includes("--child")) {
    const result = await runChild(db, rows);
    console.log(`${RESULT_PREFIX}${JSON.stringify(result)}`);
    process.exit(0);
  } else {
    const result = await benchCsvImport({ db, rows });
    console.log(JSON.stringify({ db, rows, ...result }));
  }
}
