// The do-not-call file benchmark (issue 25 item 1, decision 069): a generated file of N numbers
// (1,000,000 by default) listed through the real path (startDncImport reading the file from disk
// into chunks, the app's job engine running the job), on a throwaway database, measuring the time
// from the upload to the completed import and the process's peak RSS growth. Target: 1,000,000
// numbers in under 2 minutes on SQLite and Postgres.
//
//   npm run bench:dnc -- --db sqlite|postgres|both --numbers 1000000
//
// The file: numbers written as a registry's extract is ("(305) 555-0142" and "3055550142" mixed),
// 1% repeating the number before it (already listed) and 1% not a phone number (invalid), with a
// header line. Each database runs in a child process (the database is chosen when the models load).
// Everything talks to 127.0.0.1 only.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { commandLine, createPostgresDatabase, dropPostgresDatabase } from "./bench-support";

type Db = "sqlite" | "postgres";
type BenchResult = {
  db: Db;
  numbers: number;
  uploadSeconds: number;
  seconds: number;
  peakRssGrowthMb: number;
  added: number;
  alreadyListed: number;
  invalid: number;
};

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const RESULT_PREFIX = "BENCH_DNC_IMPORT_RESULT ";
const self = fileURLToPath(import.meta.url);

function benchInChild(db: Db, numbers: number): Promise<BenchResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", self, "--child", "--db", db, "--numbers", String(numbers)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => {
      const line = output.split("\n").find((text) => text.startsWith(RESULT_PREFIX));
      if (code !== 0 || !line) reject(new Error(`bench-dnc-import --db ${db} exited ${code}`));
      else resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as BenchResult);
    });
  });
}

/** Writes the file a line at a time (never whole in memory). */
async function writeNumbers(numbers: number, file: string) {
  const out = fs.createWriteStream(file);
  const write = (line: string) =>
    out.write(line) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", () => resolve()));
  await write("Phone Number\r\n");
  const areaCodes = [212, 305, 312, 404, 512, 602, 713, 818, 919, 971];
  for (let i = 0; i < numbers; i++) {
    const kind = i % 100;
    if (kind === 99) {
      await write("555-01\r\n");
      continue;
    }
    const n = kind === 98 ? i - 1 : i;
    const area = areaCodes[n % areaCodes.length]!;
    const local = String(2_000_000 + Math.floor(n / areaCodes.length)).padStart(7, "0");
    await write(n % 2 ? `(${area}) ${local.slice(0, 3)}-${local.slice(3)}\r\n` : `${area}${local}\r\n`);
  }
  out.end();
  await new Promise<void>((resolve) => out.once("finish", () => resolve()));
}

async function runChild(db: Db, numbers: number): Promise<BenchResult> {
  let sqliteFile: string | null = null;
  let pgDatabase: string | null = null;
  if (db === "sqlite") {
    sqliteFile = path.join(os.tmpdir(), `bench-dnc-import-${process.pid}.sqlite`);
    process.env.DATABASE_URL = `sqlite:${sqliteFile}`;
  } else {
    pgDatabase = `bench_dnc_import_${process.pid}`;
    process.env.DATABASE_URL = await createPostgresDatabase(POSTGRES_ADMIN_URL, pgDatabase);
  }
  process.env.SESSION_SECRET = "bench-dnc-import-session-secret-not-for-production";
  process.env.DATA_ENCRYPTION_KEY = "0".repeat(64);
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";
  const file = path.join(os.tmpdir(), `bench-dnc-import-${process.pid}.csv`);
  const db_ = await import("../prisma-free-db/index");
  try {
    await db_.migrate();
    const admin = await db_.User.create({
      email: "bench-admin@example.com",
      passwordHash: "not-a-password",
      firstName: "Bench",
      lastName: "Admin",
      role: "admin",
    });
    await writeNumbers(numbers, file);
    const { createSession, getSessionUser } = await import("../app/services/sessions.server");
    const actor = (await getSessionUser(await createSession(admin.id)))!;
    const service = await import("../app/services/dnc-import.server");
    const jobs = await import("../app/jobs/index.server");

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
    const started = performance.now();
    const upload = await service.startDncImport(actor, { path: file, name: "registry.csv" }, "national_registry");
    const uploadSeconds = (performance.now() - started) / 1000;
    await jobs.startJobs();
    let found = await db_.DncImport.findByPk(upload.id);
    while (found && found.status !== "completed" && found.status !== "failed") {
      await new Promise((resolve) => setTimeout(resolve, 250));
      found = await db_.DncImport.findByPk(upload.id);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    await jobs.stopJobs();
    if (!found || found.status !== "completed") throw new Error(`The import ended ${found?.status}: ${found?.error}`);
    const round = (value: number) => Math.round(value * 10) / 10;
    const result: BenchResult = {
      db,
      numbers,
      uploadSeconds: round(uploadSeconds),
      seconds: round(seconds),
      peakRssGrowthMb: round((peak - baseline) / 1024 / 1024),
      added: found.added,
      alreadyListed: found.alreadyListed,
      invalid: found.invalid,
    };
    console.error(
      `${db}: ${numbers.toLocaleString("en-US")} numbers (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB): ` +
        `upload kept in ${result.uploadSeconds} s, done in ${result.seconds} s; added ${found.added}, ` +
        `already listed ${found.alreadyListed}, invalid ${found.invalid}; peak RSS growth ${result.peakRssGrowthMb} MB`,
    );
    return result;
  } finally {
    fs.rmSync(file, { force: true });
    await db_.closeDatabase();
    if (sqliteFile)
      for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) fs.rmSync(f, { force: true });
    if (pgDatabase) await dropPostgresDatabase(POSTGRES_ADMIN_URL, pgDatabase);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  const { args, option } = commandLine();
  const chosen = option("db", "both");
  const numbers = Number(option("numbers", "1000000"));
  if (args.includes("--child")) {
    if (chosen !== "sqlite" && chosen !== "postgres") throw new Error("--db must be sqlite or postgres");
    console.log(`${RESULT_PREFIX}${JSON.stringify(await runChild(chosen, numbers))}`);
    process.exit(0);
  }
  const dbs: Db[] = chosen === "both" ? ["sqlite", "postgres"] : chosen === "postgres" ? ["postgres"] : ["sqlite"];
  for (const db of dbs) {
    const result = await benchInChild(db, numbers);
    const verdict = result.seconds < 120 ? "under" : "OVER";
    console.log(
      `${db}: ${result.seconds} s for ${numbers.toLocaleString("en-US")} numbers (${verdict} the 120 s target); ${JSON.stringify(result)}`,
    );
  }
}
