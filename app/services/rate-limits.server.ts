import { Op } from "sequelize";
import { Attempt } from "~db";
import { ServiceError } from "./errors.server";

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

/** Refuses (429) when any of the keys has reached the rule's limit inside the window. */
export async function assertUnderLimit(rule: LimitRule, keys: (string | null | undefined)[]) {
  const since = new Date(Date.now() - rule.windowMs);
  for (const key of keys) {
    if (!key) continue;
    const count = await Attempt.count({
      where: { kind: rule.kind, key, createdAt: { [Op.gte]: since } },
    });
    if (count >= rule.max) throw new ServiceError(429, rule.message);
  }
}

export async function recordAttempt(rule: LimitRule, keys: (string | null | undefined)[]) {
  const rows = keys.filter((key): key is string => !!key).map((key) => ({ kind: rule.kind, key }));
  if (rows.length) await Attempt.bulkCreate(rows);
}

export async function clearAttempts(rule: LimitRule, key: string) {
  await Attempt.destroy({ where: { kind: rule.kind, key } });
}

/** Old counters are useless after their window; this keeps the table small. */
export async function pruneAttempts(olderThanMs = 24 * 60 * 60_000) {
  await Attempt.destroy({ where: { createdAt: { [Op.lt]: new Date(Date.now() - olderThanMs) } } });
}
