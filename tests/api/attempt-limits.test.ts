import crypto from "node:crypto";
import { Op } from "sequelize";
import { afterAll, describe, expect, it, vi } from "vitest";
import { Application, Attempt, Notification, User, sequelize } from "~db";
import { publicApplicationSchema } from "~/domain/schemas/public-application";
import { createPublicApplication } from "~/services/applications.server";
import { LICENSE_TAKEN, registerAgent, signIn } from "~/services/auth.server";
import { ServiceError } from "~/services/errors.server";
import {
  PUBLIC_SUBMISSIONS,
  REGISTRATIONS,
  SIGN_IN_LIMITS,
  clearSignInFailures,
  countAttempt,
  takeAttempt,
  type LimitRule,
} from "~/services/rate-limits.server";
import { env } from "~/utils/env.server";
import { passwords } from "~/utils/crypto.server";
import { applicationPayload, carrierId } from "../support/application-factories";
import { TEST_PASSWORD, createAdmin, createAgent, uniqueEmail } from "../support/factories";

// The real password check, watched: how many checks ran, and against which hash.
const passwordChecks = vi.spyOn(passwords, "verify");
afterAll(() => passwordChecks.mockRestore());

function uniqueIp() {
  return `10.${crypto.randomInt(1, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
}

/** The statuses of settled service calls: "ok" or the ServiceError's status; anything else fails. */
function outcomes(results: PromiseSettledResult<unknown>[]) {
  return results.map((result) => {
    if (result.status === "fulfilled") return "ok";
    if (result.reason instanceof ServiceError) return result.reason.status;
    throw result.reason;
  });
}

const count = (values: unknown[], value: unknown) => values.filter((v) => v === value).length;

describe("attempt limits under parallel requests (check and record are one step)", () => {
  it("countAttempt lets exactly max of 40 parallel attempts through, on one key and across two", async () => {
    const rule: LimitRule = { kind: "test-race", max: 3, windowMs: 60_000, message: "Too many test attempts." };
    const key = `k:${crypto.randomUUID()}`;
    const results = outcomes(await Promise.allSettled(Array.from({ length: 40 }, () => countAttempt(rule, [key]))));
    expect(count(results, "ok")).toBe(3);
    expect(count(results, 429)).toBe(37);
    expect(await Attempt.count({ where: { kind: rule.kind, key } })).toBe(3);

    // Two keys per attempt, in either order: the shared key still caps them all.
    const shared = `k:${crypto.randomUUID()}`;
    const mixed = outcomes(
      await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => countAttempt(rule, i % 2 ? [shared, `own:${i}`] : [`own:${i}`, shared])),
      ),
    );
    expect(count(mixed, "ok")).toBe(3);
    expect(await Attempt.count({ where: { kind: rule.kind, key: shared } })).toBe(3);
  });

  it("a request that meets the limit only through attempts in flight waits for them: let in when one is given back, refused when all are kept", async () => {
    const rule: LimitRule = { kind: "test-in-flight", max: 2, windowMs: 60_000, message: "Too many test attempts." };
    const key = `k:${crypto.randomUUID()}`;
    const [first, second] = await Promise.all([takeAttempt(rule, [key]), takeAttempt(rule, [key])]);
    const waiting = takeAttempt(rule, [key]);
    await first!.giveBack();
    const third = await waiting;
    await second!.keep();
    await third.keep();
    // Both counted attempts have ended: the next one is refused at once.
    await expect(takeAttempt(rule, [key])).rejects.toMatchObject({ status: 429 });
  });

  it("6 people signing in at once from one office address all get in", async () => {
    const ip = uniqueIp();
    const users = await Promise.all(Array.from({ length: 6 }, () => createAdmin()));
    const results = outcomes(
      await Promise.allSettled(users.map((user) => signIn({ email: user.email, password: TEST_PASSWORD }, { ip }))),
    );
    expect(results).toEqual(Array(6).fill("ok"));
  });

  it("20 parallel public applications from one address: exactly 10 are accepted, the rest answer 429", async () => {
    const { agent } = await createAgent({ status: "approved", licensedStates: ["FL"] });
    const carrier = await carrierId();
    const ip = uniqueIp();
    const inputs = Array.from({ length: 20 }, () =>
      publicApplicationSchema.parse(applicationPayload(agent.id, carrier)),
    );
    const results = outcomes(await Promise.allSettled(inputs.map((input) => createPublicApplication(input, { ip }))));
    expect(count(results, "ok")).toBe(PUBLIC_SUBMISSIONS.max);
    expect(count(results, 429)).toBe(20 - PUBLIC_SUBMISSIONS.max);
    expect(await Application.count({ where: { agentId: agent.id } })).toBe(PUBLIC_SUBMISSIONS.max);
  });

  it("a refused application is given back: it does not count against the address", async () => {
    const ip = uniqueIp();
    const input = publicApplicationSchema.parse(applicationPayload(crypto.randomUUID(), await carrierId()));
    await expect(createPublicApplication(input, { ip })).rejects.toBeInstanceOf(ServiceError);
    expect(await Attempt.count({ where: { kind: PUBLIC_SUBMISSIONS.kind, key: `ip:${ip}` } })).toBe(0);
  });

  it("8 parallel registrations from one address: 5 are created, 3 answer 429", async () => {
    const ip = uniqueIp();
    const results = outcomes(
      await Promise.allSettled(
        Array.from({ length: 8 }, () =>
          registerAgent(
            {
              firstName: "Rae",
              lastName: "Racer",
              email: uniqueEmail("burst"),
              phone: "(813) 555-0199",
              licenseNumber: `FL-${crypto.randomUUID()}`,
              password: "secret1",
            },
            { ip },
          ),
        ),
      ),
    );
    expect(count(results, "ok")).toBe(REGISTRATIONS.max);
    expect(count(results, 429)).toBe(8 - REGISTRATIONS.max);
  });
});

describe("sign-in timing does not tell which emails have an account", () => {
  it("an unknown email is checked against a hash of the configured cost, like a known one", async () => {
    const admin = await createAdmin();
    passwordChecks.mockClear();
    await expect(signIn({ email: uniqueEmail("unknown"), password: "guess-1" })).rejects.toThrow("Invalid credentials");
    await expect(signIn({ email: admin.email, password: "guess-2" })).rejects.toThrow("Invalid credentials");
    expect(passwordChecks).toHaveBeenCalledTimes(2);
    const [unknownCheck, knownCheck] = passwordChecks.mock.calls;
    expect(unknownCheck![0]).toBe("guess-1");
    // The same scheme and cost as a real hash: "scrypt$N$r$p$salt$hash".
    const cost = (hash: string) => hash.split("$").slice(0, 4).join("$");
    expect(cost(unknownCheck![1])).toBe(cost(knownCheck![1]));
    expect(cost(unknownCheck![1])).toBe(`scrypt$${2 ** env.scryptLogN}$8$1`);
  });
});

/** A new approved agent (no second factor): a right password signs in. */
async function owner() {
  const { user } = await createAgent({ status: "approved" });
  return user;
}

const wrong = (email: string, ip: string | null, i = 0) => signIn({ email, password: `wrong-${i}` }, { ip });
const right = (email: string, ip: string | null) => signIn({ email, password: TEST_PASSWORD }, { ip });

/** Moves the keys' attempts `ms` into the past, as if that long had gone by since they ended. */
async function age(keys: { kind: string; key: string }[], ms: number) {
  const rows = await Attempt.findAll({ where: { [Op.or]: keys }, raw: true });
  // Plain SQL: a model update would stamp updated_at with now.
  for (const row of rows) {
    await sequelize.query("UPDATE attempts SET created_at = :createdAt, updated_at = :updatedAt WHERE id = :id", {
      replacements: {
        id: row.id,
        createdAt: new Date(new Date(row.createdAt).getTime() - ms),
        updatedAt: new Date(new Date(row.updatedAt).getTime() - ms),
      },
    });
  }
}

/** The refusal's message, failing when the call was not refused with 429. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).status).toBe(429);
  return (error as ServiceError).message;
}

describe("sign-in limits per account and address, with growing delays (decision 080)", () => {
  it("a stranger's 5 wrong guesses from address X do not stop the right password from address Y; X is told to wait 30 seconds", async () => {
    const user = await owner();
    const [x, y] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 5; i++) await expect(wrong(user.email, x, i)).rejects.toThrow("Invalid credentials");
    expect(await refusal(right(user.email, x))).toBe(
      "Too many failed sign-in attempts. Please wait 30 seconds and try again.",
    );
    expect((await right(user.email, y)).kind).toBe("signed-in");
  });

  it("30 parallel wrong guesses for one account from one address run at most 5 password checks: 5 answer 401, 25 answer 429", async () => {
    const user = await owner();
    const ip = uniqueIp();
    passwordChecks.mockClear();
    const results = outcomes(await Promise.allSettled(Array.from({ length: 30 }, (_, i) => wrong(user.email, ip, i))));
    expect(passwordChecks).toHaveBeenCalledTimes(SIGN_IN_LIMITS.pair.max);
    expect(count(results, 401)).toBe(5);
    expect(count(results, 429)).toBe(25);
  });

  it("the delay grows after each failure past the 5th: 30 s, 1, 2, 4, 8 minutes, then 15 at most; one try is let in when it has passed", async () => {
    const user = await owner();
    const ip = uniqueIp();
    // Every key of these tries: the pair's delays are the longest, so they are the ones told.
    const keys = [
      { kind: SIGN_IN_LIMITS.pair.kind, key: `${user.email}|${ip}` },
      { kind: SIGN_IN_LIMITS.address.kind, key: ip },
      { kind: SIGN_IN_LIMITS.account.kind, key: user.email },
    ];
    for (let i = 0; i < 5; i++) await expect(wrong(user.email, ip, i)).rejects.toThrow("Invalid credentials");
    const waits = ["30 seconds", "1 minute", "2 minutes", "4 minutes", "8 minutes", "15 minutes", "15 minutes"];
    const delaysMs = [30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000];
    for (const [step, wait] of waits.entries()) {
      expect(await refusal(wrong(user.email, ip))).toContain(`Please wait ${wait} and try again.`);
      // A moment short of the delay is still refused; the delay itself lets one try in.
      await age(keys, delaysMs[step]! - 5_000);
      expect(await refusal(wrong(user.email, ip))).toContain("Please wait 5 seconds");
      await age(keys, 5_000);
      await expect(wrong(user.email, ip, step)).rejects.toThrow("Invalid credentials");
    }
    // The failures are an hour old: the window has moved on and 5 tries are free again.
    await age(keys, SIGN_IN_LIMITS.pair.windowMs);
    expect((await right(user.email, ip)).kind).toBe("signed-in");
  });

  it("30 parallel wrong guesses for one account from 30 addresses run at most the account's 10 checks", async () => {
    const user = await owner();
    passwordChecks.mockClear();
    const results = outcomes(
      await Promise.allSettled(Array.from({ length: 30 }, (_, i) => wrong(user.email, uniqueIp(), i))),
    );
    expect(passwordChecks).toHaveBeenCalledTimes(SIGN_IN_LIMITS.account.max);
    expect(count(results, 401)).toBe(10);
    expect(count(results, 429)).toBe(20);
  });

  it("the account's ceiling slows new addresses but not an address the owner signed in from", async () => {
    const user = await owner();
    const home = uniqueIp();
    expect((await right(user.email, home)).kind).toBe("signed-in");
    for (let i = 0; i < SIGN_IN_LIMITS.account.max; i++) {
      await expect(wrong(user.email, uniqueIp(), i)).rejects.toThrow("Invalid credentials");
    }
    expect(await refusal(right(user.email, uniqueIp()))).toContain("Please wait 30 seconds");
    expect((await right(user.email, home)).kind).toBe("signed-in");
    // And the owner's own mistakes at home are counted for home alone (the pair), not refused by the ceiling.
    await expect(wrong(user.email, home)).rejects.toThrow("Invalid credentials");
    expect((await right(user.email, home)).kind).toBe("signed-in");
  });

  it("30 parallel wrong guesses from one address, each for another email, run at most the address's 20 checks", async () => {
    const ip = uniqueIp();
    passwordChecks.mockClear();
    const results = outcomes(
      await Promise.allSettled(Array.from({ length: 30 }, () => wrong(uniqueEmail("nobody"), ip))),
    );
    expect(passwordChecks).toHaveBeenCalledTimes(SIGN_IN_LIMITS.address.max);
    expect(count(results, 401)).toBe(20);
    expect(count(results, 429)).toBe(10);
  });

  it("a right password gives its attempt back and forgets the pair's failures; the address's stay", async () => {
    const user = await owner();
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) await expect(wrong(user.email, ip, i)).rejects.toThrow("Invalid credentials");
    expect((await right(user.email, ip)).kind).toBe("signed-in");
    const counted = (kind: string, key: string) => Attempt.count({ where: { kind, key } });
    expect(await counted(SIGN_IN_LIMITS.pair.kind, `${user.email}|${ip}`)).toBe(0);
    expect(await counted(SIGN_IN_LIMITS.address.kind, ip)).toBe(3);
    // The account's ceiling counts only addresses it never signed in from; none of these was.
    expect(await counted(SIGN_IN_LIMITS.account.kind, user.email)).toBe(3);
  });

  it("a password reset forgets the account's failures and its pairs', and no other email's", async () => {
    // "_" would be a wildcard in LIKE: a.b_c@... must not clear a.bxc@...'s failures.
    const tag = crypto.randomBytes(4).toString("hex");
    const [email, lookalike] = [`a.b_c${tag}@example.com`, `a.bxc${tag}@example.com`];
    const ip = uniqueIp();
    for (const address of [email, lookalike]) {
      for (let i = 0; i < 5; i++) await expect(wrong(address, ip, i)).rejects.toThrow("Invalid credentials");
    }
    await clearSignInFailures(email);
    expect(await Attempt.count({ where: { kind: SIGN_IN_LIMITS.pair.kind, key: `${email}|${ip}` } })).toBe(0);
    expect(await Attempt.count({ where: { kind: SIGN_IN_LIMITS.account.kind, key: email } })).toBe(0);
    expect(await Attempt.count({ where: { kind: SIGN_IN_LIMITS.pair.kind, key: `${lookalike}|${ip}` } })).toBe(5);
  });
});

describe("registration does not tell whether an email has an account (decision 080)", () => {
  const registration = (email: string) => ({
    firstName: "Rae",
    lastName: "Racer",
    email,
    phone: "(813) 555-0199",
    licenseNumber: `FL-${crypto.randomUUID()}`,
    password: "secret1",
  });

  it("a taken email gets the new email's answer, makes nothing, and the owner and the admins are told", async () => {
    await createAdmin();
    const user = await owner();
    const fresh = uniqueEmail("fresh");
    const created = await registerAgent(registration(fresh), { ip: uniqueIp() });
    const taken = await registerAgent(registration(user.email.toUpperCase()), { ip: uniqueIp() });
    expect(Object.keys(taken).sort()).toEqual(Object.keys(created).sort());
    expect(taken).toEqual({ ...created, email: user.email });
    expect(await User.count({ where: { email: user.email } })).toBe(1);
    const told = await Notification.findAll({ where: { userId: user.id }, raw: true });
    expect(told.map((n) => n.title)).toEqual(["Registration with your email"]);
    const admins = await Notification.count({ where: { title: "Registration with an email in use" } });
    expect(admins).toBeGreaterThan(0);
  });

  it("a license number another agent has is refused whatever the email, so the refusal tells nothing of it", async () => {
    const user = await owner();
    const first = registration(uniqueEmail("first"));
    await registerAgent(first, { ip: uniqueIp() });
    for (const email of [user.email, uniqueEmail("other")]) {
      await expect(
        registerAgent({ ...registration(email), licenseNumber: first.licenseNumber }, { ip: uniqueIp() }),
      ).rejects.toMatchObject({ status: 409, fieldErrors: { licenseNumber: [LICENSE_TAKEN] } });
    }
  });
});
