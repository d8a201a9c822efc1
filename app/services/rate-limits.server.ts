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

/**
 * How long attempts in flight are waited for (decision 057). An attempt in flight is live while
 * its process says so: it is touched every staleMs / 3 while its work runs, and one not touched
 * for staleMs is taken to have failed (its process stopped). A request that finds the limit
 * reached only by live attempts in flight waits as long as they make progress: it is refused only
 * when none of the attempts ahead of it has ended for noProgressMs. A fixed wait (10 s before)
 * refused correct passwords when the hashing queue, one hash at a time, was longer than that.
 * @internal tests shorten them.
 */
export const inFlightTiming = { staleMs: 30_000, noProgressMs: 60_000, pollMs: 100 };

// Waiters in this process wake as soon as an attempt here ends; the poll covers other processes.
const wakers = new Set<() => void>();
function wakeWaiters() {
  for (const wake of [...wakers]) wake();
}
function pause(ms: number) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wakers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wakers.add(done);
  });
}

/**
 * One locked look at the keys: records an attempt (in flight) for every key and answers its ids,
 * or answers the ids of the live attempts in flight it has to wait for when the limit is reached
 * only with their help, or refuses (429) when the limit is reached by attempts that ended.
 */
async function tryTakeAttempt(
  rule: LimitRule,
  keys: string[],
  inFlight: boolean,
): Promise<{ ids: string[] } | { waitFor: string[] }> {
  return serializedTransaction(
    keys.map((key) => `attempts:${rule.kind}:${key}`),
    async (transaction) => {
      const now = Date.now();
      const waitFor: string[] = [];
      for (const key of keys) {
        const counted = { kind: rule.kind, key, createdAt: { [Op.gte]: new Date(now - rule.windowMs) } };
        const count = await Attempt.count({ where: counted, transaction });
        if (count < rule.max) continue;
        const live = await Attempt.findAll({
          attributes: ["id"],
          where: { ...counted, inFlight: true, updatedAt: { [Op.gte]: new Date(now - inFlightTiming.staleMs) } },
          transaction,
          raw: true,
        });
        if (count - live.length >= rule.max) throw new ServiceError(429, rule.message);
        waitFor.push(...live.map((attempt) => attempt.id));
      }
      if (waitFor.length) return { waitFor };
      const rows = await Attempt.bulkCreate(
        keys.map((key) => ({ kind: rule.kind, key, inFlight })),
        { transaction },
      );
      return { ids: rows.map((row) => row.id) };
    },
  );
}

/**
 * Refuses (429) when any of the keys has reached the rule's limit inside the window, and otherwise
 * records one attempt for every key, as one step: parallel requests cannot all pass the count
 * before any of them is recorded (docs/decisions/013). The attempt counts while its work runs, so
 * 30 parallel wrong passwords run at most 5 checks; a request that finds the limit reached only by
 * attempts still in flight waits for them to end for as long as they are live and some end, so 10
 * parallel sign-ins of one account, or 6 colleagues from one office address, all get in however
 * long the hashing queue is (decision 057).
 */
export async function takeAttempt(rule: LimitRule, keys: (string | null | undefined)[]): Promise<AttemptTicket> {
  const taken = await recordAttempt(rule, keys, true);
  // Touched while the work runs, so a long queue ahead of it does not make it look abandoned.
  const heartbeat = setInterval(() => {
    void Attempt.update({ inFlight: true }, { where: { id: taken, inFlight: true } }).catch(() => {});
  }, inFlightTiming.staleMs / 3);
  heartbeat.unref();
  const end = async (change: () => Promise<unknown>) => {
    clearInterval(heartbeat);
    try {
      await change();
    } finally {
      wakeWaiters();
    }
  };
  return {
    keep: () => end(() => Attempt.update({ inFlight: false }, { where: { id: taken } })),
    giveBack: () => end(() => Attempt.destroy({ where: { id: taken } })),
  };
}

/** Counts one try against the limit whatever comes of it (an inquiry, a reset request), or refuses (429). */
export async function countAttempt(rule: LimitRule, keys: (string | null | undefined)[]) {
  await recordAttempt(rule, keys, false);
}

async function recordAttempt(rule: LimitRule, keys: (string | null | undefined)[], inFlight: boolean) {
  const present = [...new Set(keys.filter((key): key is string => !!key))];
  if (!present.length) return [];
  let answer = await tryTakeAttempt(rule, present, inFlight);
  let ahead = new Set<string>();
  let lastProgress = Date.now();
  while ("waitFor" in answer) {
    const waitFor = new Set(answer.waitFor);
    // Progress: an attempt this request waited behind has ended (or gone stale).
    if ([...ahead].some((id) => !waitFor.has(id))) lastProgress = Date.now();
    if (Date.now() - lastProgress >= inFlightTiming.noProgressMs) throw new ServiceError(429, rule.message);
    ahead = waitFor;
    await pause(inFlightTiming.pollMs);
    answer = await tryTakeAttempt(rule, present, inFlight);
  }
  return answer.ids;
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
