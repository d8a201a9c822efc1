import crypto from "node:crypto";
import { fork, type ChildProcess } from "node:child_process";
import { QueryTypes, type Sequelize } from "sequelize";
import { isPostgres, sequelize } from "~db";
import type { EngineOptions, JobEngine } from "~/jobs/engine.server";
import { PgBossJobEngine } from "~/jobs/pg-boss-engine.server";
import { SqliteJobEngine } from "~/jobs/sqlite-engine.server";

/**
 * An engine of the run's kind on this worker's database, as an app process would make it, with
 * short polls so tests end quickly. On Postgres each has a pool of its own (a second machine); a
 * second SQLite engine is given a connection of its own (`db`) to be a second process.
 */
export function testEngine(options: EngineOptions, db: Sequelize = sequelize): JobEngine {
  const quick = {
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    cronIntervalSeconds: 1,
    stopTimeoutMs: 2_000,
    ...options,
  };
  return isPostgres
    ? new PgBossJobEngine(process.env.DATABASE_URL!, quick)
    : new SqliteJobEngine(db, { ...quick, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.1 });
}

/** A queue name of this test's own: queues and their jobs outlive a test on a worker's database. */
export const uniqueJobName = (base: string) => `${base}-${crypto.randomBytes(4).toString("hex")}`;

export type StoredJob = { state: string; retryCount: number; lastError: string | null; output: unknown };

/** A job's row as the engine left it, straight from its table. */
export async function storedJob(id: string): Promise<StoredJob | null> {
  const sql = isPostgres
    ? `SELECT state::text AS state, retry_count AS "retryCount", output,
         COALESCE(output->>'message', output->'value'->>'message', output->>'value') AS "lastError"
       FROM pgboss.job WHERE id = :id`
    : `SELECT state, retry_count AS "retryCount", last_error AS "lastError", NULL AS output FROM jobs WHERE id = :id`;
  const [row] = await sequelize.query<StoredJob>(sql, { type: QueryTypes.SELECT, replacements: { id } });
  return row ? { ...row, retryCount: Number(row.retryCount) } : null;
}

type ChildMessage = { ready?: boolean; started?: string; attempt?: number };

/**
 * A second app process (tests/support/job-worker-child.ts) working the queue `name` with a handler
 * that reports the job it took and never ends.
 */
export function jobWorkerProcess(name: string) {
  const child: ChildProcess = fork("tests/support/job-worker-child.ts", [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, JOB_NAME: name, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const started = new Promise<{ id: string; attempt: number }>((resolve, reject) => {
    child.on("message", (message: ChildMessage) => {
      if (message.started) resolve({ id: message.started, attempt: message.attempt ?? 0 });
    });
    child.once("exit", (code, signal) => reject(new Error(`the worker exited (${code ?? signal}):\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, started, exited };
}

/**
 * A job of the app's `name` that has failed every attempt, written straight into the SQLite
 * runner's table (the e2e server's database): what /admin/jobs shows with a Retry button.
 */
export async function seedFailedJob(options: { name: string; error: string }) {
  if (isPostgres) throw new Error("seedFailedJob writes the SQLite runner's table");
  const id = crypto.randomUUID();
  const now = Date.now();
  await sequelize.query(
    `INSERT INTO jobs (id, name, data, state, retry_limit, retry_count, retry_delay_seconds, expire_seconds,
       start_after, started_at, finished_at, created_at, last_error)
     VALUES (:id, :name, '{}', 'failed', 3, 3, 60, 900, :createdAt, :startedAt, :finishedAt, :createdAt, :error)`,
    {
      replacements: {
        id,
        name: options.name,
        error: options.error,
        createdAt: now - 20 * 60_000,
        startedAt: now - 5 * 60_000,
        finishedAt: now - 5 * 60_000 + 1_500,
      },
    },
  );
  return { id, name: options.name };
}
