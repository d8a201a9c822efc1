import { Op } from "sequelize";
import { Attempt } from "~db";
import { ServiceError } from "./errors.server";
import { serializedTransaction } from "./locks.server";

export type LimitRule = { kind: string; max: number; windowMs: number; message: string };

export const LOGIN_FAILURES: LimitRule = {
  kind: "login",
  max: 5,
  windowMs: 15 * 60_000,
  message: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
};

export const RESET_REQUESTS: LimitRule = {
  kind: "reset-request",
  max: 5,
  windowMs: 60 * 60_000,
  message: "Too many reset requests. Please try again in an hour.",
};

export const PUBLIC_SUBMISSIONS: LimitRule = {
  kind: "public-submit",
  max: 10,
  windowMs: 60 * 60_000,
  message: "Too many submissions from your address. Please try again later.",
};

// Landing-page inquiries count apart from public applications, so one cannot use up the other.
export const INQUIRIES: LimitRule = {
  kind: "inquiry",
  max: 10,
  windowMs: 60 * 60_000,
  message: "Too many inquiries from your address. Please try again in an hour.",
};

export const REGISTRATIONS: LimitRule = {
  kind: "register",
  max: 5,
  windowMs: 60 * 60_000,
  message: "Too many registration requests from your address. Please try again later.",
};

/**
 * An attempt taken against a limit, in flight until its work ends: `keep()` makes it count
 * (a failed sign-in, an accepted submission), `giveBack()` removes it (a successful sign-in, a
 * refused submission).
 */
export type AttemptTicket = { keep: () => Promise<void>; giveBack: () => Promise<void> };

// An attempt in flight longer than this is taken to have failed (its process may have stopped).
const IN_FLIGHT_STALE_MS = 30_000;
// How long a request waits for attempts in flight to end before it is refused.
const IN_FLIGHT_WAIT_MS = 10_000;
const IN_FLIGHT_POLL_MS = 100;

/**
 * One locked look at the keys: records an attempt (in flight) for every key and answers its ids,
 * or answers "wait" when the limit is reached only with the help of attempts still in flight, or
 * refuses (429) when the limit is reached by attempts that ended.
 */
async function tryTakeAttempt(rule: LimitRule, keys: string[], inFlight: boolean): Promise<string[] | "wait"> {
  return serializedTransaction(
    keys.map((key) => `attempts:${rule.kind}:${key}`),
    async (transaction) => {
      const now = Date.now();
      let blockedInFlight = false;
      for (const key of keys) {
        const counted = { kind: rule.kind, key, createdAt: { [Op.gte]: new Date(now - rule.windowMs) } };
        const count = await Attempt.count({ where: counted, transaction });
        if (count < rule.max) continue;
        const inFlight = await Attempt.count({
          where: { ...counted, inFlight: true, createdAt: { [Op.gte]: new Date(now - IN_FLIGHT_STALE_MS) } },
          transaction,
        });
        if (count - inFlight >= rule.max) throw new ServiceError(429, rule.message);
        blockedInFlight = true;
      }
      if (blockedInFlight) return "wait";
      const rows = await Attempt.bulkCreate(
        keys.map((key) => ({ kind: rule.kind, key, inFlight })),
        { transaction },
      );
      return rows.map((row) => row.id);
    },
  );
}

/**
 * Refuses (429) when any of the keys has reached the rule's limit inside the window, and otherwise
 * records one attempt for every key, as one step: parallel requests cannot all pass the count
 * before any of them is recorded (docs/decisions/013). The attempt counts while its work runs, so
 * 30 parallel wrong passwords run at most 5 checks; a request that finds the limit reached only by
 * attempts still in flight waits for them to end (up to 10 s), so 6 colleagues signing in at once
 * from one office address all get in.
 */
export async function takeAttempt(rule: LimitRule, keys: (string | null | undefined)[]): Promise<AttemptTicket> {
  const taken = await recordAttempt(rule, keys, true);
  return {
    keep: async () => {
      await Attempt.update({ inFlight: false }, { where: { id: taken } });
    },
    giveBack: async () => {
      await Attempt.destroy({ where: { id: taken } });
    },
  };
}

/** Counts one try against the limit whatever comes of it (an inquiry, a reset request), or refuses (429). */
export async function countAttempt(rule: LimitRule, keys: (string | null | undefined)[]) {
  await recordAttempt(rule, keys, false);
}

async function recordAttempt(rule: LimitRule, keys: (string | null | undefined)[], inFlight: boolean) {
  const present = [...new Set(keys.filter((key): key is string => !!key))];
  if (!present.length) return [];
  const waitUntil = Date.now() + IN_FLIGHT_WAIT_MS;
  let ids = await tryTakeAttempt(rule, present, inFlight);
  while (ids === "wait") {
    if (Date.now() >= waitUntil) throw new ServiceError(429, rule.message);
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
    ids = await tryTakeAttempt(rule, present, inFlight);
  }
  return ids;
}

/** Runs `work` as one attempt against the limit: kept when it succeeds, given back when it fails. */
export async function withAttempt<T>(rule: LimitRule, keys: (string | null | undefined)[], work: () => Promise<T>) {
  const ticket = await takeAttempt(rule, keys);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await ticket.giveBack();
    throw error;
  }
  await ticket.keep();
  return result;
}

export async function clearAttempts(rule: LimitRule, key: string) {
  await Attempt.destroy({ where: { kind: rule.kind, key } });
}

/** Old counters are useless after their window; this keeps the table small. */
export async function pruneAttempts(olderThanMs = 24 * 60 * 60_000) {
  await Attempt.destroy({ where: { createdAt: { [Op.lt]: new Date(Date.now() - olderThanMs) } } });
}
