import crypto from "node:crypto";
import cronParser from "cron-parser";
import { QueryTypes, type Sequelize } from "sequelize";
import { logger } from "~/utils/logger.server";
import {
  backoffMs,
  jobErrorMessage,
  JobFailure,
  runAttempt,
  withDefaults,
  type EngineOptions,
  type EnqueueOptions,
  type JobData,
  type JobEngine,
  type RetryOutcome,
} from "./engine.server";

const DAY_MS = 24 * 60 * 60_000;
// What the admin's list keeps, as pg-boss is told to (app/jobs/pg-boss-engine.server.ts).
const KEEP_COMPLETED_MS = 7 * DAY_MS;
const KEEP_FAILED_MS = 14 * DAY_MS;
const CRON_KEY = "__cron";

type Claimed = {
  id: string;
  name: string;
  data: string;
  retryCount: number;
  retryLimit: number;
  retryDelaySeconds: number;
  expireSeconds: number;
  startedAt: number;
};

/**
 * A schedule's slots as the runner meets them: `due(now)` is the latest slot until it has `fired`,
 * then null until the next one comes. The expression is read only when a slot may have come: every
 * enqueue wakes the runner, and parsing each schedule on each wake cost a busy server about 2% of
 * its CPU (tests/unit/cron-slots.test.ts).
 */
export class CronSlots {
  private last: number | null = null;
  private nextAt = 0;
  constructor(private readonly cron: string) {
    this.around(Date.now()); // an expression that does not parse throws here, at the engine's start
  }

  private around(instant: number) {
    return cronParser.parseExpression(this.cron, { currentDate: new Date(instant), tz: "UTC" });
  }

  due(now: number): number | null {
    if (now < this.nextAt) return null;
    const slot = this.around(now).prev().getTime();
    // Still the fired slot: a wake in a slot's first second may be told the one before.
    return slot === this.last ? null : slot;
  }

  fired(slot: number) {
    this.last = slot;
    // The slot after the one fired, not after now, so that no slot is ever stepped over.
    this.nextAt = this.around(slot).next().getTime();
  }
}

/**
 * The job runner of the embedded SQLite database: the same handlers as pg-boss, run in this
 * process from the `jobs` table (migration 023). What it guarantees (docs/decisions/049):
 * - a job is taken by one runner: the claim is one UPDATE of the oldest due job, and SQLite takes
 *   the write lock before that statement reads, so two processes on the file never take one job;
 * - the claim sets a lease (`expires_at`); a runner that dies (kill -9) leaves the job active
 *   until the lease runs out, when any runner's sweep puts it back to be retried;
 * - an attempt's end is written only by the runner that holds it (same `started_at`), so a runner
 *   whose lease ran out cannot complete or fail a job another runner has taken since;
 * - a cron schedule fires once per slot: its job is keyed by the slot's time (a unique index), and
 *   the latest slot missed while the process was down fires when it starts again;
 * - jobs run one at a time per process, and every poll (2 s by default) looks for due ones.
 */
export class SqliteJobEngine implements JobEngine {
  readonly kind = "sqlite" as const;
  private readonly pollMs: number;
  private readonly maintenanceMs: number;
  private readonly stopTimeoutMs: number;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private again = false;
  private running = false;
  private stopping = false;
  private lastMaintenance = 0;
  private readonly cronSlots = new Map<string, CronSlots>();
  private current: Claimed | null = null;

  constructor(
    private readonly db: Sequelize,
    private readonly options: EngineOptions,
  ) {
    this.pollMs = (options.pollingIntervalSeconds ?? 2) * 1000;
    this.maintenanceMs = (options.maintenanceIntervalSeconds ?? 30) * 1000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    // Each schedule's job must have a handler and its expression must parse (CronSlots reads it).
    for (const schedule of options.schedules ?? []) {
      this.definition(schedule.name);
      this.cronSlots.set(schedule.name, new CronSlots(schedule.cron));
    }
  }

  private definition(name: string) {
    const definition = this.options.jobs[name];
    if (!definition) throw new Error(`No handler for job ${name}`);
    return withDefaults(definition);
  }

  private async query<T extends object>(sql: string, replacements: Record<string, unknown>) {
    return this.db.query<T>(sql, { type: QueryTypes.SELECT, replacements });
  }

  async start() {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.wake();
  }

  async stop() {
    if (!this.running) return;
    this.stopping = true;
    clearTimeout(this.timer);
    const ticking = this.ticking;
    if (ticking) {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), this.stopTimeoutMs);
      });
      const outcome = await Promise.race([ticking.then(() => "done" as const), gaveUp]);
      clearTimeout(timer);
      // The job in flight is failed as pg-boss fails its own at stop: it is retried, here or elsewhere.
      const left = this.current;
      if (outcome === "timeout" && left) await this.fail(left, "The server stopped while the job ran");
    }
    this.running = false;
  }

  /** Looks for due work now rather than at the next poll (after an enqueue or a retry). */
  private wake() {
    if (!this.running || this.stopping) return;
    clearTimeout(this.timer);
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick().finally(() => {
      this.ticking = null;
      if (this.stopping) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.pollMs);
      }
    });
  }

  private async tick() {
    try {
      const now = Date.now();
      if (now - this.lastMaintenance >= this.maintenanceMs) {
        this.lastMaintenance = now;
        await this.expireLeases(now);
        await this.purge(now);
      }
      await this.fireSchedules(now);
      while (!this.stopping) {
        const job = await this.claim();
        if (!job) break;
        await this.runClaimed(job);
      }
    } catch (error) {
      logger.error({ err: error }, "job runner poll failed");
    }
  }

  /** Attempts whose lease ran out (their process died, or they ran too long) go back to be retried. */
  private async expireLeases(now: number) {
    await this.db.query(
      `UPDATE jobs SET
         state = CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END,
         start_after = CASE WHEN retry_count < retry_limit
           THEN :now + retry_delay_seconds * 1000 * (1 << MIN(16, retry_count)) ELSE start_after END,
         finished_at = CASE WHEN retry_count < retry_limit THEN NULL ELSE :now END,
         expires_at = NULL,
         last_error = 'The attempt''s lease of ' || expire_seconds || ' s ran out: its process stopped or it ran too long'
       WHERE state = 'active' AND expires_at < :now`,
      { replacements: { now } },
    );
  }

  private async purge(now: number) {
    await this.db.query(
      `DELETE FROM jobs WHERE (state = 'completed' AND finished_at < :completed)
         OR (state = 'failed' AND finished_at < :failed)`,
      { replacements: { completed: now - KEEP_COMPLETED_MS, failed: now - KEEP_FAILED_MS } },
    );
  }

  /** Each schedule's latest slot, once: a slot already fired (here or by another process) adds nothing. */
  private async fireSchedules(now: number) {
    for (const schedule of this.options.schedules ?? []) {
      const slots = this.cronSlots.get(schedule.name)!;
      const slot = slots.due(now);
      if (slot === null) continue;
      await this.insert(schedule.name, schedule.data ?? {}, now, { key: CRON_KEY, on: slot });
      slots.fired(slot);
    }
  }

  private async insert(name: string, data: JobData, startAfter: number, singleton?: { key: string; on: number }) {
    const definition = this.definition(name);
    const id = crypto.randomUUID();
    // Sequelize runs an INSERT without reading what it returns; the id is ours, so a read tells
    // whether the row went in or a singleton window already had one.
    await this.db.query(
      `INSERT INTO jobs (id, name, data, state, retry_limit, retry_count, retry_delay_seconds, expire_seconds,
         start_after, created_at, singleton_key, singleton_on)
       VALUES (:id, :name, :data, 'created', :retryLimit, 0, :retryDelaySeconds, :expireSeconds,
         :startAfter, :createdAt, :singletonKey, :singletonOn)
       ON CONFLICT DO NOTHING`,
      {
        replacements: {
          id,
          name,
          data: JSON.stringify(data),
          retryLimit: definition.retryLimit,
          retryDelaySeconds: definition.retryDelaySeconds,
          expireSeconds: definition.expireInSeconds,
          startAfter,
          createdAt: Date.now(),
          singletonKey: singleton?.key ?? null,
          singletonOn: singleton?.on ?? null,
        },
      },
    );
    const [row] = await this.query<{ id: string }>(`SELECT id FROM jobs WHERE id = :id`, { id });
    return row ? id : null;
  }

  async enqueue(name: string, data: JobData = {}, options: EnqueueOptions = {}) {
    const now = Date.now();
    const window = options.singleton ? options.singleton.seconds * 1000 : 0;
    const id = await this.insert(
      name,
      data,
      Math.max(now, options.startAfter?.getTime() ?? now),
      options.singleton ? { key: options.singleton.key, on: Math.floor(now / window) * window } : undefined,
    );
    if (id) this.wake();
    return id;
  }

  /** Takes the oldest due job this runner has a handler for, with its lease, in one statement. */
  private async claim(): Promise<Claimed | null> {
    const now = Date.now();
    const [row] = await this.query<Claimed>(
      `UPDATE jobs SET state = 'active', started_at = :now, expires_at = :now + expire_seconds * 1000,
         retry_count = CASE WHEN started_at IS NULL THEN retry_count ELSE retry_count + 1 END
       WHERE id = (SELECT id FROM jobs WHERE state IN ('created', 'retry') AND start_after <= :now
                   AND name IN (:names) ORDER BY start_after, created_at, id LIMIT 1)
       RETURNING id, name, data, retry_count AS "retryCount", retry_limit AS "retryLimit",
         retry_delay_seconds AS "retryDelaySeconds", expire_seconds AS "expireSeconds", started_at AS "startedAt"`,
      { now, names: Object.keys(this.options.jobs) },
    );
    return row ?? null;
  }

  private async runClaimed(job: Claimed) {
    this.current = job;
    const run = { id: job.id, name: job.name, data: JSON.parse(job.data) as JobData, attempt: job.retryCount + 1 };
    let timer: NodeJS.Timeout | undefined;
    const leaseEnds = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new JobFailure(`The attempt ran past its lease of ${job.expireSeconds} s`)),
        job.expireSeconds * 1000,
      );
    });
    try {
      await Promise.race([runAttempt(this.definition(job.name), run), leaseEnds]);
      await this.complete(job);
    } catch (error) {
      await this.fail(job, error instanceof JobFailure ? error.message : jobErrorMessage(error));
    } finally {
      clearTimeout(timer);
      this.current = null;
    }
  }

  private async complete(job: Claimed) {
    await this.db.query(
      `UPDATE jobs SET state = 'completed', finished_at = :now, expires_at = NULL, last_error = NULL
       WHERE id = :id AND state = 'active' AND started_at = :startedAt`,
      { replacements: { now: Date.now(), id: job.id, startedAt: job.startedAt } },
    );
  }

  private async fail(job: Claimed, message: string) {
    const now = Date.now();
    await this.db.query(
      `UPDATE jobs SET
         state = CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END,
         start_after = CASE WHEN retry_count < retry_limit THEN :retryAt ELSE start_after END,
         finished_at = CASE WHEN retry_count < retry_limit THEN NULL ELSE :now END,
         expires_at = NULL, last_error = :message
       WHERE id = :id AND state = 'active' AND started_at = :startedAt`,
      {
        replacements: {
          now,
          retryAt: now + backoffMs(job.retryDelaySeconds, job.retryCount),
          message,
          id: job.id,
          startedAt: job.startedAt,
        },
      },
    );
  }

  async retry(id: string): Promise<RetryOutcome> {
    const rows = await this.query<{ id: string }>(
      `UPDATE jobs SET state = 'retry', retry_limit = retry_limit + 1, start_after = :now, finished_at = NULL
       WHERE id = :id AND state = 'failed' RETURNING id`,
      { id, now: Date.now() },
    );
    if (rows.length === 0) return "not_failed";
    this.wake();
    return "retried";
  }
}
