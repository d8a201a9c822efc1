import { isPostgres, sequelize } from "~db";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { DNC_IMPORT_JOBS } from "./dnc-import.server";
import type { EngineOptions, EnqueueOptions, JobData, JobEngine, RetryOutcome } from "./engine.server";
import { HOUSEKEEPING_JOBS, HOUSEKEEPING_SCHEDULES } from "./housekeeping.server";
import { LEAD_IMPORT_JOBS } from "./lead-import.server";
import { PgBossJobEngine } from "./pg-boss-engine.server";
import { SqliteJobEngine } from "./sqlite-engine.server";
import { WEBHOOK_JOBS, WEBHOOK_SCHEDULES } from "./webhooks.server";

/** An engine for this process's database: pg-boss on Postgres, the in-process runner on SQLite. */
function createJobEngine(options: EngineOptions): JobEngine {
  return isPostgres ? new PgBossJobEngine(env.databaseUrl, options) : new SqliteJobEngine(sequelize, options);
}

// The server (BUILD_DIR/server.js) and the Remix build each bundle their own copy of this module;
// the engine is kept on globalThis so the one the server starts is the one a page's retry wakes.
const SHARED = Symbol.for("agency-crm.jobs");
const shared = globalThis as typeof globalThis & { [SHARED]?: JobEngine };

/** The app's engine: its jobs, and the schedules unless JOB_SCHEDULES=0. Made on first use. */
function appEngine(): JobEngine {
  return (shared[SHARED] ??= createJobEngine({
    jobs: { ...HOUSEKEEPING_JOBS, ...LEAD_IMPORT_JOBS, ...DNC_IMPORT_JOBS, ...WEBHOOK_JOBS },
    schedules: env.jobSchedules ? [...HOUSEKEEPING_SCHEDULES, ...WEBHOOK_SCHEDULES] : [],
  }));
}

/** Starts this process's job workers (and the schedules): server/start.ts, after the migrations. */
export async function startJobs(): Promise<void> {
  const engine = appEngine();
  await engine.start();
  logger.info({ engine: engine.kind, schedules: env.jobSchedules }, "job workers started");
}

/**
 * Stops them at shutdown: no new job is taken, the ones in flight get up to 10 s to finish and are
 * failed after that (so they run again, here after a restart or on another machine).
 */
export async function stopJobs(): Promise<void> {
  const engine = shared[SHARED];
  if (!engine) return;
  delete shared[SHARED];
  await engine.stop();
  logger.info({ engine: engine.kind }, "job workers stopped");
}

/** Adds a job for this process's engine to run (here or, on Postgres, on any app machine). */
export function enqueueJob(name: string, data?: JobData, options?: EnqueueOptions): Promise<string | null> {
  return appEngine().enqueue(name, data, options);
}

/** Runs a failed job again (the admin's Retry, app/services/jobs.server.ts). */
export function retryJob(id: string): Promise<RetryOutcome> {
  return appEngine().retry(id);
}
