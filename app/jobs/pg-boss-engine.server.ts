import pg from "pg";
import PgBoss from "pg-boss";
import { logger } from "~/utils/logger.server";
import {
  runAttempt,
  withDefaults,
  type EngineOptions,
  type EnqueueOptions,
  type JobData,
  type JobEngine,
  type RetryOutcome,
} from "./engine.server";

/** pg-boss's schema, installed by migration 023. */
const PG_BOSS_SCHEMA = "pgboss";
const DAY_SECONDS = 24 * 60 * 60;
// Any fixed number, the same on every machine (the migrations take 4_207_310_001).
const QUEUE_SETUP_LOCK_KEY = 4_207_310_023;

/**
 * The job engine on Postgres: pg-boss 10, shared by every app machine (docs/decisions/049).
 * - A job is fetched with SELECT ... FOR UPDATE SKIP LOCKED, so two machines never take one.
 * - An attempt still active after its queue's expireInSeconds is failed by pg-boss's maintenance
 *   (run by one machine per interval) and retried: a machine killed mid-job loses nothing.
 * - A cron schedule is kept in pgboss.schedule; each minute one machine's timekeeper sends the due
 *   ones through a queue throttled to one job per name and minute, so it fires once per period.
 * - Completed jobs stay in pgboss.job for 7 days and failed ones for 14 (the admin's list reads
 *   that table), then move to pgboss.archive for 7 more.
 * pg-boss runs its SQL through a small pool of its own (not Sequelize's), and does not migrate
 * its schema at start: migration 023 installed it, in the release command.
 */
export class PgBossJobEngine implements JobEngine {
  readonly kind = "pg-boss" as const;
  private readonly pool: pg.Pool;
  private readonly boss: PgBoss;
  private queuesReady: Promise<void> | null = null;
  private running = false;
  private inFlight = 0;

  constructor(
    connectionString: string,
    private readonly options: EngineOptions,
  ) {
    this.pool = new pg.Pool({ connectionString, max: 4, application_name: "agency-crm-jobs" });
    this.pool.on("error", (error) => logger.error({ err: error }, "job engine's database connection failed"));
    this.boss = new PgBoss({
      // Our pool: pg-boss's commands work before start() (an enqueue, an admin's retry).
      db: { executeSql: (text, values) => this.tracked(text, values) },
      schema: PG_BOSS_SCHEMA,
      migrate: false,
      supervise: true,
      schedule: Boolean(options.schedules?.length),
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      cronMonitorIntervalSeconds: options.cronIntervalSeconds ?? 30,
      cronWorkerIntervalSeconds: options.cronIntervalSeconds ?? 5,
      archiveCompletedAfterSeconds: 7 * DAY_SECONDS,
      archiveFailedAfterSeconds: 14 * DAY_SECONDS,
      deleteAfterDays: 7,
    });
    this.boss.on("error", (error) => logger.error({ err: error }, "job engine error"));
  }

  private async tracked(text: string, values?: unknown[]) {
    this.inFlight++;
    try {
      return await this.pool.query(text, values);
    } finally {
      this.inFlight--;
    }
  }

  /**
   * Resolves once no statement of pg-boss's has been running for a whole turn of the event loop.
   * pg-boss's stop() returns while a worker may still be ending its last job: it completes the job
   * without awaiting that (an unhandled rejection once the pool has ended). Bounded at 5 s.
   */
  private async settled() {
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.inFlight === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (this.inFlight === 0) return;
      } else {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }

  /**
   * Two machines starting at once would each create queues (a table and a partition of pgboss.job
   * each, in pg-boss's create_queue) and could deadlock; they take turns on an advisory lock.
   */
  private async oneMachineAtATime<T>(run: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock($1)", [QUEUE_SETUP_LOCK_KEY]);
      try {
        return await run();
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [QUEUE_SETUP_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  }

  /** Each name's queue, with its retry and lease settings brought up to date (createQueue keeps old ones). */
  private ensureQueues() {
    this.queuesReady ??= this.oneMachineAtATime(async () => {
      for (const [name, definition] of Object.entries(this.options.jobs)) {
        const { retryLimit, retryDelaySeconds, expireInSeconds } = withDefaults(definition);
        const queue = {
          name,
          policy: "standard" as const,
          retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds,
        };
        await this.boss.createQueue(name, queue);
        await this.boss.updateQueue(name, queue);
      }
    }).catch((error: unknown) => {
      this.queuesReady = null;
      throw error;
    });
    return this.queuesReady;
  }

  async start() {
    if (this.running) return;
    // Its start creates the cron's own queue when schedules are on.
    await this.oneMachineAtATime(() => this.boss.start());
    await this.ensureQueues();
    for (const [name, definition] of Object.entries(this.options.jobs)) {
      await this.boss.work<JobData>(
        name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          await runAttempt(definition, {
            id: job.id,
            name: job.name,
            data: job.data ?? {},
            attempt: job.retryCount + 1,
          });
        },
      );
    }
    if (this.options.schedules?.length) {
      const wanted = new Set(this.options.schedules.map((schedule) => schedule.name));
      // A schedule taken out of the code stops firing.
      for (const old of await this.boss.getSchedules()) {
        if (!wanted.has(old.name) && this.options.jobs[old.name]) await this.boss.unschedule(old.name);
      }
      for (const schedule of this.options.schedules) {
        await this.boss.schedule(schedule.name, schedule.cron, schedule.data ?? {}, { tz: "UTC" });
      }
    }
    this.running = true;
  }

  async stop() {
    if (this.running) {
      this.running = false;
      // Workers take nothing new and jobs in flight get stopTimeoutMs; pg-boss then fails the
      // ones left, so they are retried (here after a restart, or on another machine).
      await this.boss.stop({ graceful: true, wait: true, close: false, timeout: this.options.stopTimeoutMs ?? 10_000 });
    }
    await this.settled();
    if (!this.pool.ending) await this.pool.end();
  }

  async enqueue(name: string, data: JobData = {}, options: EnqueueOptions = {}) {
    if (!this.options.jobs[name]) throw new Error(`No handler for job ${name}`);
    await this.ensureQueues();
    return this.boss.send(name, data, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singleton
        ? { singletonKey: options.singleton.key, singletonSeconds: options.singleton.seconds }
        : {}),
    });
  }

  async retry(id: string): Promise<RetryOutcome> {
    const { rows } = await this.pool.query<{ name: string }>(
      `SELECT name FROM ${PG_BOSS_SCHEMA}.job WHERE id = $1 AND state = 'failed'`,
      [id],
    );
    if (!rows[0]) return "not_failed";
    const result = (await this.boss.retry(rows[0].name, id)) as unknown as { affected: number };
    return result.affected > 0 ? "retried" : "not_failed";
  }
}
