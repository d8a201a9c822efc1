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

/** An attempt taken against a limit; given back, it no longer counts. */
export type AttemptTicket = { giveBack: () => Promise<void> };

/**
 * Refuses (429) when any of the keys has reached the rule's limit inside the window, and otherwise
 * records one attempt for every key, as one step: parallel requests cannot all pass the count
 * before any of them is recorded (docs/decisions/013). The attempt is recorded before the work it
 * guards runs, so an attempt in progress counts too; give it back when it must not count (a
 * successful sign-in, a refused registration).
 */
export async function takeAttempt(rule: LimitRule, keys: (string | null | undefined)[]): Promise<AttemptTicket> {
  const present = [...new Set(keys.filter((key): key is string => !!key))];
  if (!present.length) return { giveBack: async () => {} };
  const ids = await serializedTransaction(
    present.map((key) => `attempts:${rule.kind}:${key}`),
    async (transaction) => {
      const since = new Date(Date.now() - rule.windowMs);
      for (const key of present) {
        const count = await Attempt.count({
          where: { kind: rule.kind, key, createdAt: { [Op.gte]: since } },
          transaction,
        });
        if (count >= rule.max) throw new ServiceError(429, rule.message);
      }
      const rows = await Attempt.bulkCreate(
        present.map((key) => ({ kind: rule.kind, key })),
        { transaction },
      );
      return rows.map((row) => row.id);
    },
  );
  return {
    giveBack: async () => {
      await Attempt.destroy({ where: { id: ids } });
    },
  };
}

/** Runs `work` as one attempt against the limit; an attempt that fails is given back. */
export async function withAttempt<T>(rule: LimitRule, keys: (string | null | undefined)[], work: () => Promise<T>) {
  const ticket = await takeAttempt(rule, keys);
  try {
    return await work();
  } catch (error) {
    await ticket.giveBack();
    throw error;
  }
}

export async function clearAttempts(rule: LimitRule, key: string) {
  await Attempt.destroy({ where: { kind: rule.kind, key } });
}

/** Old counters are useless after their window; this keeps the table small. */
export async function pruneAttempts(olderThanMs = 24 * 60 * 60_000) {
  await Attempt.destroy({ where: { createdAt: { [Op.lt]: new Date(Date.now() - olderThanMs) } } });
}
