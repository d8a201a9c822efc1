import crypto from "node:crypto";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Attempt } from "~db";
import { createLimiter } from "~db/concurrency";
import { signIn } from "~/services/auth.server";
import { ServiceError } from "~/services/errors.server";
import { SIGN_IN_LIMITS, inFlightTiming, takeAttempt, type LimitRule } from "~/services/rate-limits.server";
import { passwords } from "~/utils/crypto.server";
import { TEST_PASSWORD, createAdmin } from "../support/factories";

// Decision 057: a request that meets a limit only through attempts in flight waits for as long as
// they are live and some of them end, never a fixed time. The password check is the real one,
// made slow and one at a time here (the hashing worker's queue on a busy machine), and the times
// are shortened so that the queue as a whole outlasts the time an attempt may go untouched.
const realCheck = passwords.verify;
const passwordChecks = vi.spyOn(passwords, "verify");
afterAll(() => passwordChecks.mockRestore());

const CHECK_MS = 320;
const defaults = { ...inFlightTiming };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let queue = createLimiter(1);

beforeEach(() => {
  // A heartbeat every staleMs / 3: three may slip on a busy machine before an attempt looks stale.
  Object.assign(inFlightTiming, { staleMs: 1500, noProgressMs: 3000, pollMs: 25 });
  queue = createLimiter(1);
  passwordChecks.mockClear();
  passwordChecks.mockImplementation((password, stored) =>
    queue(async () => {
      await sleep(CHECK_MS);
      return realCheck(password, stored);
    }),
  );
});
afterEach(() => {
  Object.assign(inFlightTiming, defaults);
  passwordChecks.mockImplementation(realCheck);
});

function outcomes(results: PromiseSettledResult<unknown>[]) {
  return results.map((result) => {
    if (result.status === "fulfilled") return "ok";
    if (result.reason instanceof ServiceError) return result.reason.status;
    throw result.reason;
  });
}

const uniqueIp = () => `10.${crypto.randomInt(1, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;

describe("sign-ins behind a busy hashing queue (decision 057)", () => {
  it("10 parallel sign-ins of one account behind a busy queue all succeed, though they wait longer than staleMs and noProgressMs in all", async () => {
    const admin = await createAdmin();
    const started = Date.now();
    // Another account's hash holds the queue for longer than an untouched attempt stays live.
    void queue(() => sleep(inFlightTiming.staleMs + 200));
    const results = outcomes(
      await Promise.allSettled(
        Array.from({ length: 10 }, () => signIn({ email: admin.email, password: TEST_PASSWORD }, { ip: uniqueIp() })),
      ),
    );
    expect(results).toEqual(Array(10).fill("ok"));
    expect(passwordChecks).toHaveBeenCalledTimes(10);
    // The last one waited for everything ahead of it: no fixed wait this long would have let it in.
    expect(Date.now() - started).toBeGreaterThan(inFlightTiming.noProgressMs);
  });

  it("30 parallel wrong passwords for one account from one address still run at most 5 checks", async () => {
    const admin = await createAdmin();
    const ip = uniqueIp();
    const results = outcomes(
      await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => signIn({ email: admin.email, password: `wrong-${i}` }, { ip })),
      ),
    );
    expect(passwordChecks).toHaveBeenCalledTimes(SIGN_IN_LIMITS.pair.max);
    expect(results.filter((r) => r === 401)).toHaveLength(SIGN_IN_LIMITS.pair.max);
    expect(results.filter((r) => r === 429)).toHaveLength(30 - SIGN_IN_LIMITS.pair.max);
  });

  it("an attempt whose process stopped (never touched) counts as failed after staleMs; one that goes on unchanged for noProgressMs turns the waiter away", async () => {
    const rule: LimitRule = { kind: "test-queue", max: 1, windowMs: 60_000, message: "Too many test attempts." };
    const abandonedKey = `k:${crypto.randomUUID()}`;
    await Attempt.create({ kind: rule.kind, key: abandonedKey, inFlight: true });
    await expect(takeAttempt(rule, [abandonedKey])).rejects.toMatchObject({ status: 429 });

    const key = `k:${crypto.randomUUID()}`;
    const held = await takeAttempt(rule, [key]);
    const started = Date.now();
    await expect(takeAttempt(rule, [key])).rejects.toMatchObject({ status: 429 });
    // Refused for lack of progress, not for staleness: the held attempt was live all along.
    expect(Date.now() - started).toBeGreaterThanOrEqual(inFlightTiming.noProgressMs);
    await held.giveBack();
    const next = await takeAttempt(rule, [key]);
    await next.giveBack();
  });
});
