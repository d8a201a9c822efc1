import { Op, col, fn, where as sqlWhere } from "sequelize";
import { Attempt } from "~db";
import { tooManyAttempts } from "./errors.server";
import { serializedTransaction } from "./locks.server";

/**
 * A limit on attempts per key: `max` in any `windowMs`. Without `backoff` the next attempt is
 * refused until the window has moved on. With `backoff` the failures past `max` are not refused
 * for the rest of the window but spaced: after the (max + n)th failure the next try on that key
 * waits `baseMs * 2^n`, up to `capMs`, one try at a time (decision 080).
 */
export type LimitRule = {
  kind: string;
  max: number;
  windowMs: number;
  message: string;
  backoff?: { baseMs: number; capMs: number; message: (waitMs: number) => string };
};

/** "30 seconds", "1 minute", "15 minutes": how long a refused caller waits, rounded up. */
function waitText(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

const signInWait = (waitMs: number) =>
  `Too many failed sign-in attempts. Please wait ${waitText(waitMs)} and try again.`;

/**
 * Failed sign-ins are limited per (account, address) pair, per address, and per account from
 * addresses the account has not signed in from, each with growing delays, so that a stranger's
 * guesses slow the stranger and not the owner at their own address (decision 080). A successful
 * sign-in gives its attempt back.
 * @internal tests read its figures.
 */
export const SIGN_IN_LIMITS = {
  /** One account from one address: 5 tries an hour, then 30 s, 1, 2, 4, 8 minutes ... up to 15 between tries. */
  pair: {
    kind: "login-pair",
    max: 5,
    windowMs: 60 * 60_000,
    message: signInWait(30_000),
    backoff: { baseMs: 30_000, capMs: 15 * 60_000, message: signInWait },
  },
  /** One address, whatever the accounts (an office shares one): 20 tries, then the same delays. */
  address: {
    kind: "login-address",
    max: 20,
    windowMs: 60 * 60_000,
    message: signInWait(30_000),
    backoff: { baseMs: 30_000, capMs: 15 * 60_000, message: signInWait },
  },
  /**
   * One account from addresses it has not signed in from (many addresses guessing together): 10
   * tries an hour, then the same delays up to 5 minutes, which slows a spread-out attack without
   * keeping the owner off a new device for long, and never touches the owner's known addresses.
   */
  account: {
    kind: "login-account",
    max: 10,
    windowMs: 60 * 60_000,
    message: signInWait(30_000),
    backoff: { baseMs: 30_000, capMs: 5 * 60_000, message: signInWait },
  },
} satisfies Record<string, LimitRule>;

/** An address an account signed in from, remembered for 30 days (kept as an attempt row). */
const KNOWN_ADDRESS = { kind: "login-known", keepMs: 30 * 24 * 60 * 60_000 };

// IPv6's longest text is 45 characters; with an email of at most 254 the pair fits the 300 of attempts.key.
const pairKey = (email: string, ip: string) => `${email}|${ip.slice(0, 45)}`;

/**
 * Takes one sign-in attempt for an email from an address against every sign-in limit at once:
 * the pair's, the address's, and the account's when the address is not one the account signed in
 * from. Unknown emails are counted like known ones, so the answers do not tell them apart.
 */
export async function takeSignInAttempt(email: string, ip: string | null | undefined): Promise<AttemptTicket> {
  if (!ip) return takeAttempts([{ rule: SIGN_IN_LIMITS.account, key: email }]);
  const known = await Attempt.count({ where: { kind: KNOWN_ADDRESS.kind, key: pairKey(email, ip) } });
  return takeAttempts([
    { rule: SIGN_IN_LIMITS.pair, key: pairKey(email, ip) },
    { rule: SIGN_IN_LIMITS.address, key: ip },
    ...(known ? [] : [{ rule: SIGN_IN_LIMITS.account, key: email }]),
  ]);
}

/**
 * After a right password: the pair's failures are forgotten and the address is remembered as the
 * account's, so a later spread-out attack on the account does not slow the owner there. The
 * address's failures stay: other accounts may have been guessed from it.
 */
export async function recordSignIn(email: string, ip: string | null | undefined) {
  if (!ip) return;
  const key = pairKey(email, ip);
  await Attempt.destroy({ where: { kind: [SIGN_IN_LIMITS.pair.kind, KNOWN_ADDRESS.kind], key } });
  await Attempt.create({ kind: KNOWN_ADDRESS.kind, key });
}

/**
 * Someone who proved who they are another way (a password reset) starts again: the account's
 * failures and its pairs' are forgotten.
 */
export async function clearSignInFailures(email: string) {
  const prefix = pairKey(email, "");
  await Attempt.destroy({ where: { kind: SIGN_IN_LIMITS.account.kind, key: email } });
  await Attempt.destroy({
    where: {
      kind: SIGN_IN_LIMITS.pair.kind,
      // A prefix compared as text: LIKE would read the email's "_" and "%" as wildcards.
      [Op.and]: [sqlWhere(fn("substr", col("key"), 1, prefix.length), prefix)],
    },
  });
}

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

/** One key counted against one rule. */
type Limit = { rule: LimitRule; key: string };

/** The wait before the next try on a key with `failures` ended failures in its window. */
function backoffWait(rule: LimitRule & { backoff: NonNullable<LimitRule["backoff"]> }, failures: number) {
  return Math.min(rule.backoff.capMs, rule.backoff.baseMs * 2 ** Math.max(0, failures - rule.max));
}

/**
 * One locked look at the keys: records an attempt (in flight) for every key and answers its ids,
 * or answers the ids of the live attempts in flight it has to wait for when a limit is reached
 * only with their help, or refuses (429) when a limit is reached by attempts that ended (with a
 * backoff: while its delay since the last failure runs, or while a try past the limit is in flight).
 */
async function tryTakeAttempt(limits: Limit[], inFlight: boolean): Promise<{ ids: string[] } | { waitFor: string[] }> {
  return serializedTransaction(
    limits.map(({ rule, key }) => `attempts:${rule.kind}:${key}`),
    async (transaction) => {
      const now = Date.now();
      const waitFor: string[] = [];
      let refusal: { waitMs: number; message: string } | null = null;
      for (const { rule, key } of limits) {
        const counted = { kind: rule.kind, key, createdAt: { [Op.gte]: new Date(now - rule.windowMs) } };
        const count = await Attempt.count({ where: counted, transaction });
        if (count < rule.max) continue;
        const rows = await Attempt.findAll({
          attributes: ["id", "inFlight", "createdAt", "updatedAt"],
          where: counted,
          transaction,
          raw: true,
        });
        const isLive = (row: (typeof rows)[number]) =>
          Boolean(row.inFlight) && new Date(row.updatedAt).getTime() >= now - inFlightTiming.staleMs;
        const live = rows.filter(isLive);
        const ended = rows.filter((row) => !isLive(row));
        if (ended.length < rule.max) {
          waitFor.push(...live.map((attempt) => attempt.id));
          continue;
        }
        if (!rule.backoff) {
          // Free again when enough of the ended tries have left the window for one more to fit.
          const times = ended.map((row) => new Date(row.createdAt).getTime()).sort((a, b) => a - b);
          throw tooManyAttempts(rule.message, times[ended.length - rule.max]! + rule.windowMs - now);
        }
        const backoff = { ...rule, backoff: rule.backoff };
        // Past the free tries one try runs at a time: a burst gets one check per delay.
        const lastEnded = Math.max(...ended.map((row) => new Date(row.updatedAt).getTime()));
        const waitMs = live.length
          ? backoffWait(backoff, ended.length + 1)
          : backoffWait(backoff, ended.length) - (now - lastEnded);
        if (waitMs > 0 && (!refusal || waitMs > refusal.waitMs))
          refusal = { waitMs, message: rule.backoff.message(waitMs) };
      }
      if (refusal) throw tooManyAttempts(refusal.message, refusal.waitMs);
      if (waitFor.length) return { waitFor };
      const rows = await Attempt.bulkCreate(
        limits.map(({ rule, key }) => ({ kind: rule.kind, key, inFlight })),
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
  return takeAttempts(presentKeys(keys).map((key) => ({ rule, key })));
}

/** takeAttempt for keys each counted against a rule of its own, as one step. */
async function takeAttempts(limits: Limit[]): Promise<AttemptTicket> {
  const taken = await recordAttempt(limits, true);
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
  await recordAttempt(
    presentKeys(keys).map((key) => ({ rule, key })),
    false,
  );
}

const presentKeys = (keys: (string | null | undefined)[]) => [...new Set(keys.filter((key): key is string => !!key))];

async function recordAttempt(limits: Limit[], inFlight: boolean) {
  if (!limits.length) return [];
  let answer = await tryTakeAttempt(limits, inFlight);
  let ahead = new Set<string>();
  let lastProgress = Date.now();
  while ("waitFor" in answer) {
    const waitFor = new Set(answer.waitFor);
    // Progress: an attempt this request waited behind has ended (or gone stale).
    if ([...ahead].some((id) => !waitFor.has(id))) lastProgress = Date.now();
    if (Date.now() - lastProgress >= inFlightTiming.noProgressMs) {
      const { rule } = limits[0]!;
      throw tooManyAttempts(rule.message, rule.backoff?.baseMs ?? inFlightTiming.noProgressMs);
    }
    ahead = waitFor;
    await pause(inFlightTiming.pollMs);
    answer = await tryTakeAttempt(limits, inFlight);
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

/** Old counters are useless after their window; this keeps the table small. Known addresses last longer. */
export async function pruneAttempts(olderThanMs = 24 * 60 * 60_000) {
  const now = Date.now();
  await Attempt.destroy({
    where: {
      [Op.or]: [
        { kind: { [Op.ne]: KNOWN_ADDRESS.kind }, createdAt: { [Op.lt]: new Date(now - olderThanMs) } },
        { kind: KNOWN_ADDRESS.kind, createdAt: { [Op.lt]: new Date(now - KNOWN_ADDRESS.keepMs) } },
      ],
    },
  });
}
