import { QueryTypes } from "sequelize";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Application, Notification, Session, User, createSequelize, isPostgres, sequelize } from "~db";
import { addDaysIso, todayIn } from "~/domain/periods";
import type { JobEngine, JobRun } from "~/jobs/engine.server";
import { jobErrorMessage } from "~/jobs/engine.server";
import { HOUSEKEEPING_JOBS } from "~/jobs/housekeeping.server";
import { createSession } from "~/services/sessions.server";
import { encrypt, sha256 } from "~/utils/crypto.server";
import { createAdmin, createAgent, createLead } from "../support/factories";
import { jobWorkerProcess, storedJob, testEngine, uniqueJobName, type StoredJob } from "../support/jobs";
import { createSoldPolicy } from "../support/retention-factories";

// The job engine of the run's database (pg-boss on Postgres, the in-process runner on SQLite),
// driven directly with short polls and leases (docs/decisions/049). Nothing sleeps for a fixed
// time: each test polls for the outcome it expects, with a deadline.

const engines: JobEngine[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const close of closers.splice(0)) await close();
});

function track(engine: JobEngine) {
  engines.push(engine);
  return engine;
}

/** Polls `read` until `done` holds (20 s at most), answering the last value read. */
function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeout = 20_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout, interval: 50 },
  );
}

const allStored = (ids: string[]) => Promise.all(ids.map((id) => storedJob(id)));
const everyIn = (state: string) => (rows: (StoredJob | null)[]) => rows.every((row) => row?.state === state);
const stateOf = (id: string, state: string) =>
  until(
    () => storedJob(id),
    (row) => row?.state === state,
    30_000,
  );

describe(`the job engine (${isPostgres ? "pg-boss" : "SQLite runner"})`, () => {
  it("runs a handler once per job, with its payload", async () => {
    const name = uniqueJobName("echo");
    const runs: JobRun[] = [];
    const engine = track(testEngine({ jobs: { [name]: { handler: async (job) => void runs.push(job) } } }));
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) ids.push((await engine.enqueue(name, { n }))!);
    await engine.start();
    await until(() => allStored(ids), everyIn("completed"));
    expect(runs.map((run) => run.id).sort()).toEqual([...ids].sort());
    expect(runs.map((run) => run.data.n).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(runs.every((run) => run.attempt === 1 && run.name === name)).toBe(true);
  });

  it("retries a failing job with backoff, then keeps it as failed with its error, masked", async () => {
    const name = uniqueJobName("failing");
    const tries: { attempt: number; at: number }[] = [];
    const engine = track(
      testEngine({
        jobs: {
          [name]: {
            handler: async (job) => {
              tries.push({ attempt: job.attempt, at: Date.now() });
              throw new Error('Carrier refused "jane.doe@example.com" card 4111 1111 1111 1111\n    at secret line');
            },
            retryLimit: 2,
            retryDelaySeconds: 1,
          },
        },
      }),
    );
    const id = (await engine.enqueue(name))!;
    await engine.start();
    const failed = await stateOf(id, "failed");
    expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
    // The first retry waits 1 to 2 s, the second 2 to 4 s (pg-boss's backoff, on both engines).
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(2_000);
    expect(failed!.retryCount).toBe(2);
    expect(failed!.lastError).toBe('Carrier refused "…" card •••• •••• •••• 1111');
    // pg-boss stores what a handler throws: the message only, no stack.
    if (isPostgres) expect(failed!.output).toEqual({ message: failed!.lastError });
  });

  it("runs a failed job again when it is retried, and refuses to retry one that is not failed", async () => {
    const name = uniqueJobName("flaky");
    let carrierUp = false;
    const attempts: number[] = [];
    const engine = track(
      testEngine({
        jobs: {
          [name]: {
            handler: async (job) => {
              attempts.push(job.attempt);
              if (!carrierUp) throw new Error("Carrier API unavailable");
            },
            retryLimit: 0,
          },
        },
      }),
    );
    const id = (await engine.enqueue(name))!;
    await engine.start();
    await stateOf(id, "failed");
    carrierUp = true;
    expect(await engine.retry(id)).toBe("retried");
    const done = await stateOf(id, "completed");
    expect(attempts).toEqual([1, 2]);
    expect(done!.lastError).toBeNull();
    expect(await engine.retry(id)).toBe("not_failed");
  });

  it("gives a job whose process was killed (kill -9) mid-job to another after its lease, losing nothing", async () => {
    const name = uniqueJobName("lease");
    const runs: JobRun[] = [];
    const survivor = track(
      testEngine({
        jobs: { [name]: { handler: async (job) => void runs.push(job), expireInSeconds: 2, retryDelaySeconds: 1 } },
      }),
    );
    const id = (await survivor.enqueue(name, { leadId: "not-personal" }))!;
    const worker = jobWorkerProcess(name);
    closers.push(async () => void worker.child.kill("SIGKILL"));
    expect(await worker.started).toEqual({ id, attempt: 1 });
    worker.child.kill("SIGKILL");
    await worker.exited;
    expect((await storedJob(id))!.state).toBe("active");

    await survivor.start();
    await stateOf(id, "completed");
    expect(runs.map((run) => [run.id, run.attempt])).toEqual([[id, 2]]);
  }, 60_000);

  it("shares the jobs with a second app process's engine without running any twice", async () => {
    const name = uniqueJobName("shared");
    const ranBy = new Map<string, string[]>();
    const takers = new Set<string>();
    const engineFor = (label: string, db = sequelize) =>
      track(
        testEngine(
          {
            jobs: {
              [name]: {
                handler: async (job) => {
                  ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), label]);
                  takers.add(label);
                  // Each engine's first job waits until the other has taken one: both take part.
                  await until(
                    async () => takers.size,
                    (size) => size === 2,
                  );
                },
              },
            },
          },
          db,
        ),
      );
    // On SQLite the second process is a second connection to the file.
    const second = isPostgres ? sequelize : createSequelize(process.env.DATABASE_URL!);
    if (!isPostgres) closers.push(() => second.close());
    const a = engineFor("a");
    const b = engineFor("b", second);
    const ids: string[] = [];
    for (let n = 0; n < 12; n++) ids.push((await a.enqueue(name, { n }))!);
    await Promise.all([a.start(), b.start()]);
    await until(() => allStored(ids), everyIn("completed"), 30_000);
    expect([...ranBy.keys()].sort()).toEqual([...ids].sort());
    expect([...ranBy.values()].every((labels) => labels.length === 1)).toBe(true);
    expect([...takers].sort()).toEqual(["a", "b"]);
  }, 60_000);

  it("fires a cron schedule once per period with two engines running it", async () => {
    const name = uniqueJobName("cron");
    const runs: JobRun[] = [];
    const options = {
      jobs: { [name]: { handler: async (job: JobRun) => void runs.push(job) } },
      schedules: [{ name, cron: "* * * * *" }],
    };
    const second = isPostgres ? sequelize : createSequelize(process.env.DATABASE_URL!);
    if (!isPostgres) closers.push(() => second.close());
    const began = Date.now();
    const a = track(testEngine(options));
    const b = track(testEngine(options, second));
    await Promise.all([a.start(), b.start()]);
    await until(
      async () => runs.length,
      (count) => count >= 1,
      30_000,
    );
    // Both engines have had their turn at the schedule by the time they have stopped.
    await Promise.all([a.stop(), b.stop()]);
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(began / 60_000) + 1;
    const perMinute = await sequelize.query<{ slot: string; count: number | string }>(
      isPostgres
        ? `SELECT date_trunc('minute', created_on)::text AS slot, COUNT(*) AS count FROM pgboss.job WHERE name = :name GROUP BY 1`
        : `SELECT singleton_on AS slot, COUNT(*) AS count FROM jobs WHERE name = :name GROUP BY 1`,
      { type: QueryTypes.SELECT, replacements: { name } },
    );
    expect(perMinute.length).toBeGreaterThanOrEqual(1);
    expect(perMinute.length).toBeLessThanOrEqual(minutes);
    expect(perMinute.every((slot) => Number(slot.count) === 1)).toBe(true);
  }, 60_000);

  it("refuses a job name without a handler, and adds one job per singleton window", async () => {
    const name = uniqueJobName("single");
    const engine = track(testEngine({ jobs: { [name]: { handler: async () => {} } } }));
    await expect(engine.enqueue(uniqueJobName("unknown"))).rejects.toThrow(/No handler for job/);
    const first = await engine.enqueue(name, {}, { singleton: { key: "lead-1", seconds: 3600 } });
    const again = await engine.enqueue(name, {}, { singleton: { key: "lead-1", seconds: 3600 } });
    const other = await engine.enqueue(name, {}, { singleton: { key: "lead-2", seconds: 3600 } });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
    const later = await engine.enqueue(name, {}, { startAfter: new Date(Date.now() + 3_600_000) });
    await engine.start();
    await until(() => allStored([first!, other!]), everyIn("completed"));
    expect((await storedJob(later!))!.state).toBe("created");
  });
});

describe("housekeeping as jobs", () => {
  const runJob = async (engine: JobEngine, name: keyof typeof HOUSEKEEPING_JOBS) => {
    const id = (await engine.enqueue(name))!;
    await stateOf(id, "completed");
  };

  it("erases a CVV once the first draft date has passed, keeps one before, and does no harm run twice", async () => {
    const engine = track(testEngine({ jobs: HOUSEKEEPING_JOBS }));
    await engine.start();
    const today = todayIn("America/New_York");
    const { agent } = await createAgent();
    const passed = await createLead(agent.id);
    const coming = await createLead(agent.id);
    await Application.update(
      { cardCvvEncrypted: encrypt("123"), firstDraftDate: addDaysIso(today, -1) },
      { where: { id: passed.id } },
    );
    await Application.update(
      { cardCvvEncrypted: encrypt("456"), firstDraftDate: addDaysIso(today, 1) },
      { where: { id: coming.id } },
    );
    await runJob(engine, "erase-cvvs");
    await runJob(engine, "erase-cvvs");
    expect((await Application.findByPk(passed.id))!.cardCvvEncrypted).toBeNull();
    expect((await Application.findByPk(coming.id))!.cardCvvEncrypted).not.toBeNull();
  });

  it("deletes expired sessions and keeps live ones", async () => {
    const engine = track(testEngine({ jobs: HOUSEKEEPING_JOBS }));
    await engine.start();
    const admin = await createAdmin();
    const live = await createSession(admin.id);
    const old = await createSession(admin.id);
    await Session.update({ expiresAt: new Date(Date.now() - 60_000) }, { where: { id: sha256(old) } });
    await runJob(engine, "prune-sessions");
    expect(await Session.findByPk(sha256(old))).toBeNull();
    expect(await Session.findByPk(sha256(live))).not.toBeNull();
  });

  it("sends a payment reminder once, even when the job runs twice", async () => {
    const engine = track(testEngine({ jobs: HOUSEKEEPING_JOBS }));
    const { user, agent } = await createAgent();
    await User.update({ timezone: "America/Chicago" }, { where: { id: user.id } });
    const policy = await createSoldPolicy(agent.id, { firstDue: addDaysIso(todayIn("America/Chicago"), 1) });
    const ids = [(await engine.enqueue("send-payment-reminders"))!, (await engine.enqueue("send-payment-reminders"))!];
    await engine.start();
    await until(() => allStored(ids), everyIn("completed"));
    const reminders = await Notification.findAll({ where: { userId: user.id, type: "retention_reminder" } });
    expect(reminders.map((n) => n.applicationId)).toEqual([policy.id]);
  });
});

describe("a job's stored error", () => {
  it("is the first line of the message, with quoted values, email addresses and long numbers masked", () => {
    expect(jobErrorMessage(new Error('invalid input syntax for type uuid: "ann@example.com"'))).toBe(
      'invalid input syntax for type uuid: "…"',
    );
    expect(jobErrorMessage(new Error("Could not reach bob@example.com about 123-45-6789\nat x"))).toBe(
      "Could not reach …@… about •••-••-6789",
    );
    expect(jobErrorMessage(new Error("x".repeat(400)))).toHaveLength(300);
    expect(jobErrorMessage("plain")).toBe("plain");
    expect(jobErrorMessage({})).toBe("Unknown error");
  });
});
