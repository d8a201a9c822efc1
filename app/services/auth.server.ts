import { UniqueConstraintError, col, fn, where as sqlWhere, type Transaction } from "sequelize";
import { Agent, Notification, User } from "~db";
import { isTimezone } from "~/domain/timezones";
import { hashPassword, passwords, randomToken } from "~/utils/crypto.server";
import {
  agentSignInRefusal,
  createSession,
  toSessionUser,
  type RequestMeta,
  type SessionUser,
} from "./sessions.server";
import { ServiceError, type ServiceErrorCode, badRequest } from "./errors.server";
import { REGISTRATIONS, recordSignIn, takeSignInAttempt, withAttempt } from "./rate-limits.server";
import { serializedTransaction } from "./locks.server";
import { issueSetPasswordToken } from "./password-resets.server";
import { logActivity } from "./activity.server";
import { notifyAdmins } from "./notifications.server";
import { fullName } from "~/domain/format";
import { issueTwoFactorChallenge } from "./two-factor-challenges.server";

export type { RequestMeta, SessionUser } from "./sessions.server";

function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

let dummyHash: Promise<string> | null = null;

/** A hash of a random password at the configured cost, made once: what unknown emails are checked against. */
function dummyPasswordHash() {
  dummyHash ??= hashPassword(randomToken()).catch((error: unknown) => {
    dummyHash = null;
    throw error;
  });
  return dummyHash;
}

export type SignInResult =
  | { kind: "signed-in"; user: SessionUser; sessionToken: string }
  | { kind: "must-change-password"; user: SessionUser; resetToken: string }
  /** A right password of a user with a second factor: the session waits for the code (decision 079). */
  | { kind: "two-factor"; challenge: string };
type CompletedSignIn = Exclude<SignInResult, { kind: "two-factor" }>;

/**
 * Checks the credentials and opens a session. Failures are counted per (email, address) pair, per
 * address, and per email from addresses it never signed in from; past each limit the next try
 * waits a growing delay, refused with 429 before the password is even checked (decision 080).
 * The try is counted before the check (so parallel tries cannot pass the limit together) and given
 * back when the password is right.
 */
export async function signIn(
  input: { email: string; password: string },
  meta: RequestMeta = {},
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const attempt = await takeSignInAttempt(email, meta.ip);

  const user = await User.findOne({ where: { email }, include: [{ model: Agent, as: "agent" }] });
  // An unknown email costs one password check like a known one, so the time an answer takes does
  // not tell who has an account.
  const valid = await passwords.verify(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) {
    await attempt.keep();
    throw new ServiceError(401, "Invalid credentials", undefined, "invalid_credentials");
  }
  await attempt.giveBack();
  await recordSignIn(email, meta.ip);

  refuseBarredAgent(user);
  if (user.twoFactorEnabledAt) return { kind: "two-factor", challenge: await issueTwoFactorChallenge(user.id) };
  return completeSignIn(user, meta);
}

/** A pending, paused or rejected agent may not sign in (403, the spec's texts). */
export function refuseBarredAgent(user: User) {
  if (user.role !== "agent") return;
  const status = user.agent?.status ?? "pending";
  const refusal = agentSignInRefusal(status);
  if (refusal) throw new ServiceError(403, refusal, undefined, `account_${status}` as ServiceErrorCode);
}

/**
 * The end of a sign-in whose every factor is right (the password, and the code when the user has a
 * second factor) by a user refuseBarredAgent let through: the forced password change, or a session.
 */
export async function completeSignIn(user: User, meta: RequestMeta): Promise<CompletedSignIn> {
  if (user.mustChangePassword) {
    const resetToken = await issueSetPasswordToken(user);
    return { kind: "must-change-password", user: toSessionUser(user), resetToken };
  }

  const sessionToken = await createSession(user.id, meta);
  await logActivity({
    userId: user.id,
    action: "sign_in",
    entityType: "user",
    entityId: user.id,
    summary: `${fullName(user)} signed in`,
  });
  return { kind: "signed-in", user: toSessionUser(user), sessionToken };
}

export type RegistrationInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  licenseNumber: string;
  password: string;
};

/** @internal */
export const LICENSE_TAKEN = "An agent with this license number is already registered.";

/** License numbers compare without case and spaces: "fl 123" and "FL123" are one license. */
function licenseKey(licenseNumber: string) {
  return licenseNumber.replaceAll(" ", "").toUpperCase();
}

/**
 * Self-registration: the account waits as a pending agent until an admin approves it. Counted per
 * address; a refused registration is given back and does not count.
 *
 * The answer does not tell whether the email has an account (decision 080): when it has, no
 * account is made, the answer is the same, and the account's owner and the admins are told by a
 * notification (there is no email sender). The password is hashed either way, so the time taken
 * does not tell either. A license number another agent has is still refused at its field: checked
 * first, whatever the email.
 */
export async function registerAgent(input: RegistrationInput, meta: RequestMeta = {}) {
  const email = normalizeEmail(input.email);
  const created = await withAttempt(REGISTRATIONS, [meta.ip ? `ip:${meta.ip}` : null], async () => {
    // Checked before the costly hash for a quick answer, and again in createPendingAgent.
    await assertLicenseFree(input.licenseNumber);
    const passwordHash = await hashPassword(input.password);
    return createPendingAgent(email, passwordHash, input);
  });
  if (created) {
    await logActivity({
      userId: created.id,
      action: "agent_registered",
      entityType: "user",
      entityId: created.id,
      summary: `${fullName(created)} requested agent access`,
    });
  }
  return { email, firstName: input.firstName.trim(), lastName: input.lastName.trim(), status: "pending" as const };
}

/** Refuses (409, at its field) a license number an agent has. */
async function assertLicenseFree(licenseNumber: string, transaction?: Transaction) {
  const taken = await Agent.findOne({
    // The database's UPPER on both sides, so they agree on every letter.
    where: sqlWhere(fn("UPPER", fn("REPLACE", col("license_number"), " ", "")), fn("UPPER", licenseKey(licenseNumber))),
    attributes: ["id"],
    transaction,
  });
  if (taken) throw new ServiceError(409, LICENSE_TAKEN, { licenseNumber: [LICENSE_TAKEN] });
}

/** A registration with an email that has an account: its owner and the admins hear of it, nobody else. */
async function tellOfTakenEmail(ownerId: string, email: string, input: RegistrationInput, transaction?: Transaction) {
  const name = `${input.firstName.trim()} ${input.lastName.trim()}`;
  await Notification.create(
    {
      userId: ownerId,
      type: "account_security",
      title: "Registration with your email",
      message: `Someone asked for agent access with your email (${email}). No account was made. If it was you, sign in or use "Forgot password"; if not, nothing is needed.`,
    },
    { transaction },
  );
  await notifyAdmins(
    {
      type: "agent_registration",
      title: "Registration with an email in use",
      message: `${name} asked for agent access with ${email}, which already has an account; no account was made.`,
    },
    transaction,
  );
}

// No unique index backs the license rule (docs/decisions/014): registrations of one license
// number run one at a time, and the check inside the transaction decides. Answers null when the
// email has an account (nothing is made).
async function createPendingAgent(email: string, passwordHash: string, input: RegistrationInput) {
  try {
    return await serializedTransaction([`license:${licenseKey(input.licenseNumber)}`], async (transaction) => {
      await assertLicenseFree(input.licenseNumber, transaction);
      const owner = await User.findOne({ where: { email }, attributes: ["id"], transaction });
      if (owner) {
        await tellOfTakenEmail(owner.id, email, input, transaction);
        return null;
      }
      const created = await User.create(
        {
          email,
          passwordHash,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          phone: input.phone.trim(),
          role: "agent",
        },
        { transaction },
      );
      await Agent.create(
        { userId: created.id, licenseNumber: input.licenseNumber.trim(), status: "pending" },
        { transaction },
      );
      // The account waits for an admin: every admin's bell says so (the badge on Agent Approval counts them).
      await notifyAdmins(
        {
          type: "agent_registration",
          title: "Registration awaiting approval",
          message: `${fullName(created)} requested agent access.`,
        },
        transaction,
      );
      return created;
    });
  } catch (error) {
    // Another registration of the same email was made at the same moment: the unique index on
    // users.email decides, and this one is a registration with a taken email like any other.
    if (!(error instanceof UniqueConstraintError)) throw error;
    const owner = await User.findOne({ where: { email }, attributes: ["id"] });
    if (owner) await tellOfTakenEmail(owner.id, email, input);
    return null;
  }
}

export async function setTimezone(actor: SessionUser, timezone: string) {
  if (!isTimezone(timezone))
    throw badRequest("Choose one of the listed time zones.", { timezone: ["Choose one of the listed time zones."] });
  await User.update({ timezone }, { where: { id: actor.id } });
  return { ...actor, timezone };
}
