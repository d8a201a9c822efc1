import crypto from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { Op, type Transaction } from "sequelize";
import { Agent, RecoveryCode, Session, TwoFactorCredential, User, sequelize } from "~db";
import { fullName } from "~/domain/format";
import { decrypt, encrypt, sha256 } from "~/utils/crypto.server";
import { logActivity } from "./activity.server";
import { completeSignIn, refuseBarredAgent } from "./auth.server";
import { ServiceError, conflict, forbidden, notFound } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import { takeAttempt, type LimitRule } from "./rate-limits.server";
import type { RequestMeta, SessionUser } from "./sessions.server";
import { challengeUserId, consumeChallenge } from "./two-factor-challenges.server";

// Two-factor sign-in with TOTP (RFC 6238; issue 27 item 1, docs/decisions/079): SHA-1, 6 digits,
// 30-second steps, as every authenticator app reads them; a code of the step before or after is
// accepted too (clocks drift), and a step once accepted never again.

const ISSUER = "Agency CRM";
/** Steps either side of now that are accepted. */
const WINDOW = 1;
const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
// Crockford's base32: 32 letters (so every byte maps evenly), none that reads as another.
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** Wrong codes per user and address, the password limit's figures. */
const TWO_FACTOR_FAILURES: LimitRule = {
  kind: "two-factor",
  max: 5,
  windowMs: 15 * 60_000,
  message: "Too many wrong codes. Please wait 15 minutes and try again.",
};

/**
 * Wrong codes per user from every address together: someone who has the password and many
 * addresses still gets 20 guesses an hour (at most 480 a day, 3 right codes in a million each).
 */
const TWO_FACTOR_USER_FAILURES: LimitRule = {
  kind: "two-factor-user",
  max: 20,
  windowMs: 60 * 60_000,
  message: "Too many wrong codes for this account. Please try again in an hour.",
};

export const TWO_FACTOR_MESSAGES = {
  invalidCode: "That code is not right. Enter the 6-digit code your app shows, or a recovery code.",
  invalidTotp: "That code is not right. Enter the 6-digit code your app shows now.",
  challengeExpired: "This sign-in has expired. Sign in again with your password.",
  alreadyEnabled: "Two-factor sign-in is already on.",
  notStarted: "Start the setup first: a new secret is made for you.",
  notEnabled: "Two-factor sign-in is not on.",
  adminMustKeep: "Administrators must keep two-factor sign-in on.",
  agentNotFound: "Agent not found",
} as const;

const invalid = (message: string) => new ServiceError(400, message, { code: [message] });

function currentStep() {
  return Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
}

/** The time step a 6-digit code belongs to, or null when it is none of the accepted ones. */
async function stepOf(secret: string, code: string): Promise<number | null> {
  // verifyTOTP answers how far from "now" the code was; "now" is read again to be sure it did not
  // move on between the two readings (a step boundary), which would misplace the step by one.
  for (;;) {
    const before = currentStep();
    const match = await verifyTOTP({ otp: code, secret, period: PERIOD_SECONDS, window: WINDOW });
    if (currentStep() !== before) continue;
    return match ? before + match.delta : null;
  }
}

function normalizeCode(code: string) {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

const isTotpCode = (code: string) => /^\d{6}$/.test(code);

function newRecoveryCode() {
  const letters = Array.from(crypto.randomBytes(10), (byte) => RECOVERY_ALPHABET[byte % 32]).join("");
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Takes one try against both limits; the tickets count it when kept, forget it when given back. */
async function takeCodeAttempt(userId: string, meta: RequestMeta) {
  const pair = await takeAttempt(TWO_FACTOR_FAILURES, [`user:${userId}:ip:${meta.ip ?? "unknown"}`]);
  let user;
  try {
    user = await takeAttempt(TWO_FACTOR_USER_FAILURES, [`user:${userId}`]);
  } catch (error) {
    await pair.giveBack();
    throw error;
  }
  return {
    keep: async () => {
      await Promise.all([pair.keep(), user.keep()]);
    },
    giveBack: async () => {
      await Promise.all([pair.giveBack(), user.giveBack()]);
    },
  };
}

/**
 * Accepts a current TOTP code of the user's enabled secret once: the step is recorded with a
 * conditional UPDATE, so of two requests with one code (or a replay) only one passes.
 */
async function acceptTotp(userId: string, secretEncrypted: string, code: string) {
  const step = await stepOf(decrypt(secretEncrypted), code);
  if (step === null) return false;
  const [changed] = await TwoFactorCredential.update(
    { lastUsedStep: step },
    { where: { userId, [Op.or]: [{ lastUsedStep: null }, { lastUsedStep: { [Op.lt]: step } }] } },
  );
  return changed === 1;
}

/** Uses one of the user's recovery codes up; false when it is not one of theirs or was used. */
async function acceptRecoveryCode(user: Pick<User, "id"> & { firstName: string; lastName: string }, code: string) {
  const [changed] = await RecoveryCode.update(
    { usedAt: new Date() },
    { where: { userId: user.id, codeHash: sha256(code), usedAt: null } },
  );
  if (changed !== 1) return false;
  await logActivity({
    userId: user.id,
    action: "two_factor_recovery_code_used",
    entityType: "user",
    entityId: user.id,
    summary: `${fullName(user)} signed in with a recovery code`,
  });
  return true;
}

/**
 * Checks a code of a user whose second factor is on, counted against the limits: a wrong one is a
 * 400 at the `code` field, a right one is given back. Recovery codes only where `allowRecovery`.
 */
async function checkCode(
  user: Pick<User, "id" | "firstName" | "lastName">,
  rawCode: string,
  meta: RequestMeta,
  allowRecovery: boolean,
) {
  const code = normalizeCode(rawCode);
  const attempt = await takeCodeAttempt(user.id, meta);
  const credential = await TwoFactorCredential.findByPk(user.id, { attributes: ["secretEncrypted"], raw: true });
  let accepted = false;
  if (credential?.secretEncrypted && isTotpCode(code)) {
    accepted = await acceptTotp(user.id, credential.secretEncrypted, code);
  } else if (credential?.secretEncrypted && allowRecovery && code.length === 10) {
    accepted = await acceptRecoveryCode(user, code);
  }
  if (!accepted) {
    await attempt.keep();
    throw invalid(allowRecovery ? TWO_FACTOR_MESSAGES.invalidCode : TWO_FACTOR_MESSAGES.invalidTotp);
  }
  await attempt.giveBack();
}

/** Ten new recovery codes in place of the user's old ones; the codes are answered once, kept hashed. */
async function replaceRecoveryCodes(userId: string, transaction: Transaction) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await RecoveryCode.destroy({ where: { userId }, transaction });
  await RecoveryCode.bulkCreate(
    codes.map((code) => ({ userId, codeHash: sha256(normalizeCode(code)) })),
    { transaction },
  );
  return codes;
}

function otpauthUrl(secret: string, email: string) {
  return getTOTPAuthUri({
    secret,
    period: PERIOD_SECONDS,
    digits: 6,
    algorithm: "SHA-1",
    accountName: email,
    issuer: ISSUER,
  });
}

type TwoFactorStatus = {
  enabled: boolean;
  enabledAt: string | null;
  /** The secret waiting for its first code, while enrolment is under way. */
  pending: { secret: string; otpauthUrl: string } | null;
  recoveryCodesLeft: number;
};

/** What the enrolment page shows: on or off, the secret being set up, the unused recovery codes. */
export async function getTwoFactorStatus(actor: SessionUser): Promise<TwoFactorStatus> {
  const [user, credential, recoveryCodesLeft] = await Promise.all([
    User.findByPk(actor.id, { attributes: ["twoFactorEnabledAt"], raw: true }),
    TwoFactorCredential.findByPk(actor.id, { attributes: ["pendingSecretEncrypted"], raw: true }),
    RecoveryCode.count({ where: { userId: actor.id, usedAt: null } }),
  ]);
  const enabledAt = user?.twoFactorEnabledAt ? new Date(user.twoFactorEnabledAt).toISOString() : null;
  const pendingSecret =
    !enabledAt && credential?.pendingSecretEncrypted ? decrypt(credential.pendingSecretEncrypted) : null;
  return {
    enabled: !!enabledAt,
    enabledAt,
    pending: pendingSecret ? { secret: pendingSecret, otpauthUrl: otpauthUrl(pendingSecret, actor.email) } : null,
    recoveryCodesLeft: enabledAt ? recoveryCodesLeft : 0,
  };
}

/** Enrolment's first step: a new secret, kept (encrypted) until a code from it turns it on. */
export async function startTwoFactorSetup(actor: SessionUser) {
  const user = await User.findByPk(actor.id, { attributes: ["twoFactorEnabledAt"], raw: true });
  if (user?.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  const { secret } = await generateTOTP({ period: PERIOD_SECONDS });
  await TwoFactorCredential.upsert({ userId: actor.id, pendingSecretEncrypted: encrypt(secret) });
  return { secret, otpauthUrl: otpauthUrl(secret, actor.email) };
}

/**
 * Enrolment's second step: a right code from the new secret turns two-factor sign-in on and
 * answers ten recovery codes, once. The code's step counts as used.
 */
export async function enableTwoFactor(actor: SessionUser, rawCode: string, meta: RequestMeta = {}) {
  const code = normalizeCode(rawCode);
  const attempt = await takeCodeAttempt(actor.id, meta);
  try {
    const [user, credential] = await Promise.all([
      User.findByPk(actor.id, { attributes: ["twoFactorEnabledAt"], raw: true }),
      TwoFactorCredential.findByPk(actor.id),
    ]);
    if (user?.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    if (!credential?.pendingSecretEncrypted) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
    const step = isTotpCode(code) ? await stepOf(decrypt(credential.pendingSecretEncrypted), code) : null;
    if (step === null) {
      await attempt.keep();
      throw invalid(TWO_FACTOR_MESSAGES.invalidTotp);
    }
    const recoveryCodes = await sequelize.transaction(async (transaction) => {
      await credential.update(
        { secretEncrypted: credential.pendingSecretEncrypted, pendingSecretEncrypted: null, lastUsedStep: step },
        { transaction },
      );
      await User.update({ twoFactorEnabledAt: new Date() }, { where: { id: actor.id }, transaction });
      const codes = await replaceRecoveryCodes(actor.id, transaction);
      await logActivity(
        {
          userId: actor.id,
          action: "two_factor_enabled",
          entityType: "user",
          entityId: actor.id,
          summary: `${fullName(actor)} turned on two-factor sign-in`,
        },
        { transaction },
      );
      return codes;
    });
    await attempt.giveBack();
    return { recoveryCodes };
  } catch (error) {
    // A wrong code was kept above; any other refusal is not a guess and is given back.
    if (!(error instanceof ServiceError && error.fieldErrors?.code)) await attempt.giveBack();
    throw error;
  }
}

/** Ten new recovery codes (the old ones stop working), for a current code from the app. */
export async function regenerateRecoveryCodes(actor: SessionUser, code: string, meta: RequestMeta = {}) {
  if (!actor.twoFactorEnabled) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  await checkCode(actor, code, meta, false);
  const recoveryCodes = await sequelize.transaction(async (transaction) => {
    const codes = await replaceRecoveryCodes(actor.id, transaction);
    await logActivity(
      {
        userId: actor.id,
        action: "two_factor_recovery_codes_regenerated",
        entityType: "user",
        entityId: actor.id,
        summary: `${fullName(actor)} made new recovery codes`,
      },
      { transaction },
    );
    return codes;
  });
  return { recoveryCodes };
}

/** Everything of a user's second factor goes; they sign in with the password alone until they enrol again. */
async function clearTwoFactor(userId: string, transaction: Transaction) {
  await TwoFactorCredential.destroy({ where: { userId }, transaction });
  await RecoveryCode.destroy({ where: { userId }, transaction });
  await User.update({ twoFactorEnabledAt: null }, { where: { id: userId }, transaction });
}

/** An agent turns their second factor off with a current code; administrators must keep theirs. */
export async function disableTwoFactor(actor: SessionUser, code: string, meta: RequestMeta = {}) {
  if (actor.role === "admin") throw forbidden(TWO_FACTOR_MESSAGES.adminMustKeep);
  if (!actor.twoFactorEnabled) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  await checkCode(actor, code, meta, false);
  await sequelize.transaction(async (transaction) => {
    await clearTwoFactor(actor.id, transaction);
    await logActivity(
      {
        userId: actor.id,
        action: "two_factor_disabled",
        entityType: "user",
        entityId: actor.id,
        summary: `${fullName(actor)} turned off two-factor sign-in`,
      },
      { transaction },
    );
  });
}

/**
 * An administrator resets an agent's second factor (a lost phone and no recovery code): the agent
 * signs in with the password alone and may enrol again. Audited; the secret is never seen.
 */
export async function resetAgentTwoFactor(actor: SessionUser, agentId: string) {
  assertAdmin(actor);
  if (!isUuid(agentId)) throw notFound(TWO_FACTOR_MESSAGES.agentNotFound);
  const agent = await Agent.findByPk(agentId, { include: [{ model: User, as: "user" }] });
  if (!agent?.user) throw notFound(TWO_FACTOR_MESSAGES.agentNotFound);
  const user = agent.user;
  await sequelize.transaction(async (transaction) => {
    await clearTwoFactor(user.id, transaction);
    await logActivity(
      {
        userId: actor.id,
        action: "two_factor_reset",
        entityType: "agent",
        entityId: agent.id,
        summary: `Two-factor sign-in of ${fullName(user)} reset`,
      },
      { transaction },
    );
  });
  return { agentName: fullName(user) };
}

/**
 * The server console's reset of anyone's second factor (`reset-two-factor`, decision 079 amended):
 * for an administrator who has lost both the phone and the recovery codes, whom nobody in the app
 * may reset. Their sessions all end; an administrator sets a second factor up again at the next
 * sign-in. In the activity log as the system's. Answers who it was, or null for an unknown email.
 */
export async function resetTwoFactorFromConsole(email: string) {
  const user = await User.findOne({ where: { email: email.trim().toLowerCase() } });
  if (!user) return null;
  await sequelize.transaction(async (transaction) => {
    await clearTwoFactor(user.id, transaction);
    await Session.destroy({ where: { userId: user.id }, transaction });
    await logActivity(
      {
        userId: null,
        action: "two_factor_console_reset",
        entityType: "user",
        entityId: user.id,
        summary: `Two-factor sign-in of ${fullName(user)} reset from the server console`,
      },
      { transaction },
    );
  });
  return { userId: user.id, role: user.role };
}

/**
 * The second step of a sign-in: the challenge the password step issued and a code (the app's,
 * or a recovery code). An unknown, used or expired challenge is a 401; a wrong code a 400 at the
 * field, counted against the limits; a right one ends the challenge and opens the session.
 */
export async function verifyTwoFactorSignIn(input: { challenge: string; code: string }, meta: RequestMeta = {}) {
  const userId = await challengeUserId(input.challenge);
  if (!userId) throw new ServiceError(401, TWO_FACTOR_MESSAGES.challengeExpired);
  const user = await User.findByPk(userId, { include: [{ model: Agent, as: "agent" }] });
  if (!user) throw new ServiceError(401, TWO_FACTOR_MESSAGES.challengeExpired);
  await checkCode(user, input.code, meta, true);
  if (!(await consumeChallenge(input.challenge))) throw new ServiceError(401, TWO_FACTOR_MESSAGES.challengeExpired);
  refuseBarredAgent(user);
  return completeSignIn(user, meta);
}
