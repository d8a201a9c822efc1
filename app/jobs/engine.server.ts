import { redactLongNumbers } from "~db/models/activity-summary";
import { logger } from "~/utils/logger.server";

/**
 * Background work runs through one small interface (docs/decisions/049): a handler per job name,
 * jobs enqueued by name with a JSON payload (optionally delayed, optionally one per key and time
 * window), names run on a cron schedule, retries with backoff, a job that keeps failing kept as
 * failed until an administrator retries it, and a lease after which a job whose process died runs
 * again. Two engines keep that promise: pg-boss on Postgres (app/jobs/pg-boss-engine.server.ts),
 * shared by every app machine, and an in-process runner on the embedded SQLite database
 * (app/jobs/sqlite-engine.server.ts).
 */

/** A job's payload: a JSON object. Ids and dates, never personal data (it is stored as is). */
export type JobData = Record<string, unknown>;

/** What a handler is given: the job, and which attempt this is (1 for the first). */
export type JobRun = { id: string; name: string; data: JobData; attempt: number };

export type JobDefinition = {
  /**
   * Does the work. It must be idempotent: after a crash, or a lease that ran out, the same job
   * runs again. Its error's message is stored and shown to administrators, trimmed and masked
   * (jobErrorMessage), so write messages without personal data.
   */
  handler: (job: JobRun) => Promise<void>;
  /** Retries after the first attempt before the job is kept as failed. */
  retryLimit?: number;
  /** The first retry waits between this and twice this; each later one doubles (pg-boss's backoff). */
  retryDelaySeconds?: number;
  /** The lease: an attempt still running after this long is failed, and retried if it may be. */
  expireInSeconds?: number;
};

const JOB_DEFAULTS = { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 15 * 60 } as const;

/** A name run on a cron expression (five fields, UTC). */
export type JobSchedule = { name: string; cron: string; data?: JobData };

export type EnqueueOptions = {
  /** Not before then. */
  startAfter?: Date;
  /**
   * At most one job of this name and key per window of `seconds` (pg-boss's throttling):
   * enqueueing another in the same window answers null and adds nothing.
   */
  singleton?: { key: string; seconds: number };
};

export type EngineOptions = {
  jobs: Record<string, JobDefinition>;
  /** The schedules this process fires; leave out where no schedule should run (the e2e server). */
  schedules?: JobSchedule[];
  /** How often an idle worker looks for due jobs. */
  pollingIntervalSeconds?: number;
  /** How often leases that ran out are looked for (pg-boss's maintenance interval). */
  maintenanceIntervalSeconds?: number;
  /** How often a machine looks at the schedules (pg-boss's cron monitor); the SQLite runner, at every poll. */
  cronIntervalSeconds?: number;
  /** How long stop() waits for the jobs in flight before failing them (they are retried). */
  stopTimeoutMs?: number;
};

export type RetryOutcome = "retried" | "not_failed";

export interface JobEngine {
  readonly kind: "pg-boss" | "sqlite";
  /** Starts the workers (and the schedules given); resolves once they run. */
  start(): Promise<void>;
  /** Takes no new job, waits for those in flight (bounded by stopTimeoutMs), then lets go. */
  stop(): Promise<void>;
  /** The new job's id, or null when a singleton window already has one. */
  enqueue(name: string, data?: JobData, options?: EnqueueOptions): Promise<string | null>;
  /** Runs a failed job again (one more attempt allowed); "not_failed" when it is not failed. */
  retry(id: string): Promise<RetryOutcome>;
}

const MESSAGE_MAX = 300;

/**
 * What is stored and shown of a job's error: the first line of its message, at most 300
 * characters, with quoted values, email addresses and long digit runs masked. Handlers write
 * their messages without personal data; this is the net under that rule for messages a library
 * wrote (Postgres quotes the value it refused: invalid input syntax for type uuid: "...").
 */
export function jobErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const line = text.split("\n", 1)[0]!.trim() || (error instanceof Error ? error.name : "Unknown error");
  const masked = redactLongNumbers(
    line.replace(/"[^"]*"|'[^']*'/g, '"…"').replace(/[^\s@"'<>()]+@[^\s@"'<>()]+/g, "…@…"),
  );
  return masked.length > MESSAGE_MAX ? `${masked.slice(0, MESSAGE_MAX - 1)}…` : masked;
}

/**
 * A handler's failure as the engines store it. pg-boss stores what a handler throws through
 * serialize-error, which keeps the stack and every property; toJSON keeps the masked message only.
 */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JobFailure";
  }
  toJSON() {
    return { message: this.message };
  }
}

/**
 * Runs one attempt of a job with its handler and logs the outcome (the job's name and id, never
 * its payload). A failure is rethrown as a JobFailure carrying the masked message.
 */
export async function runAttempt(definition: JobDefinition, job: JobRun) {
  const started = Date.now();
  const fields = { job: job.name, jobId: job.id, attempt: job.attempt };
  try {
    await definition.handler(job);
  } catch (error) {
    const message = jobErrorMessage(error);
    logger.warn({ ...fields, ms: Date.now() - started, error: message }, "job failed");
    throw new JobFailure(message);
  }
  logger.info({ ...fields, ms: Date.now() - started }, "job completed");
}

/** The wait before retry number `retryCount + 1`: [d, 2d) times 2^retryCount, as pg-boss computes it. */
export function backoffMs(retryDelaySeconds: number, retryCount: number) {
  const base = Math.max(1, retryDelaySeconds) * 1000 * 2 ** Math.min(16, retryCount);
  return Math.round(base * (1 + Math.random()));
}

/** A definition with every default filled in. */
export function withDefaults(definition: JobDefinition) {
  return { ...JOB_DEFAULTS, ...definition };
}
