import crypto from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { Application, Attempt } from "~db";
import { publicApplicationSchema } from "~/domain/schemas/public-application";
import { createPublicApplication } from "~/services/applications.server";
import { registerAgent, signIn } from "~/services/auth.server";
import { ServiceError } from "~/services/errors.server";
import {
  LOGIN_FAILURES,
  PUBLIC_SUBMISSIONS,
  REGISTRATIONS,
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

  it("30 parallel failed sign-ins for one email run at most 5 password checks: 5 answer 401, the rest 429", async () => {
    const admin = await createAdmin();
    passwordChecks.mockClear();
    const results = outcomes(
      await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) =>
          signIn({ email: admin.email, password: `wrong-${i}` }, { ip: uniqueIp() }),
        ),
      ),
    );
    expect(passwordChecks).toHaveBeenCalledTimes(LOGIN_FAILURES.max);
    expect(count(results, 401)).toBe(LOGIN_FAILURES.max);
    expect(count(results, 429)).toBe(30 - LOGIN_FAILURES.max);
  });

  it("30 parallel failed sign-ins from one address, each for another email, run at most 5 password checks", async () => {
    const ip = uniqueIp();
    passwordChecks.mockClear();
    const results = outcomes(
      await Promise.allSettled(
        Array.from({ length: 30 }, () => signIn({ email: uniqueEmail("nobody"), password: "wrong-pass" }, { ip })),
      ),
    );
    expect(passwordChecks.mock.calls.length).toBeLessThanOrEqual(LOGIN_FAILURES.max);
    expect(count(results, 401)).toBe(LOGIN_FAILURES.max);
    expect(count(results, 429)).toBe(30 - LOGIN_FAILURES.max);
  });

  it("a successful sign-in gives its attempt back: nothing stays counted for the email or the address", async () => {
    const admin = await createAdmin();
    const ip = uniqueIp();
    await expect(signIn({ email: admin.email, password: "wrong-pass" }, { ip })).rejects.toThrow("Invalid credentials");
    expect(await Attempt.count({ where: { kind: LOGIN_FAILURES.kind, key: `ip:${ip}` } })).toBe(1);
    const result = await signIn({ email: admin.email, password: TEST_PASSWORD }, { ip });
    expect(result.kind).toBe("signed-in");
    // The earlier failure from the address still counts; the successful try does not.
    expect(await Attempt.count({ where: { kind: LOGIN_FAILURES.kind, key: `ip:${ip}` } })).toBe(1);
    expect(await Attempt.count({ where: { kind: LOGIN_FAILURES.kind, key: `email:${admin.email}` } })).toBe(0);
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
