import { UniqueConstraintError, col, fn, where as sqlWhere, type Transaction } from "sequelize";
import { Agent, User } from "~db";
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
import { LOGIN_FAILURES, REGISTRATIONS, clearAttempts, takeAttempt, withAttempt } from "./rate-limits.server";
import { serializedTransaction } from "./locks.server";
import { issueSetPasswordToken } from "./password-resets.server";
import { logActivity } from "./activity.server";
import { notifyAdmins } from "./notifications.server";
import { fullName } from "~/domain/format";

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
  | { kind: "must-change-password"; user: SessionUser; resetToken: string };

/**
 * Checks the credentials and opens a session. Failures are counted per email and per address;
 * after 5 in 15 minutes further tries are refused with 429 before the password is even checked.
 * The try is counted before the check (so parallel tries cannot pass the limit together) and given
 * back when the password is right.
 */
export async function signIn(
  input: { email: string; password: string },
  meta: RequestMeta = {},
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const attempt = await takeAttempt(LOGIN_FAILURES, [`email:${email}`, meta.ip ? `ip:${meta.ip}` : null]);

  const user = await User.findOne({ where: { email }, include: [{ model: Agent, as: "agent" }] });
  // An unknown email costs one password check like a known one, so the time an answer takes does
  // not tell who has an account.
  const valid = await passwords.verify(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) {
    await attempt.keep();
    throw new ServiceError(401, "Invalid credentials", undefined, "invalid_credentials");
  }
  await attempt.giveBack();
  await clearAttempts(LOGIN_FAILURES, `email:${email}`);

  if (user.role === "agent") {
    const status = user.agent?.status ?? "pending";
    const refusal = agentSignInRefusal(status);
    if (refusal) throw new ServiceError(403, refusal, undefined, `account_${status}` as ServiceErrorCode);
  }

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

const EMAIL_TAKEN = "An account with this email already exists.";
/** @internal */
export const LICENSE_TAKEN = "An agent with this license number is already registered.";

/** License numbers compare without case and spaces: "fl 123" and "FL123" are one license. */
function licenseKey(licenseNumber: string) {
  return licenseNumber.replaceAll(" ", "").toUpperCase();
}

/**
 * Self-registration: the account waits as a pending agent until an admin approves it. Counted per
 * address; a refused registration is given back and does not count.
 */
export async function registerAgent(input: RegistrationInput, meta: RequestMeta = {}) {
  const email = normalizeEmail(input.email);
  const user = await withAttempt(REGISTRATIONS, [meta.ip ? `ip:${meta.ip}` : null], async () => {
    // Checked before the costly hash for a quick answer, and again in createPendingAgent.
    await assertEmailAndLicenseFree(email, input.licenseNumber);
    const passwordHash = await hashPassword(input.password);
    return createPendingAgent(email, passwordHash, input);
  });
  await logActivity({
    userId: user.id,
    action: "agent_registered",
    entityType: "user",
    entityId: user.id,
    summary: `${fullName(user)} requested agent access`,
  });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    status: "pending" as const,
  };
}

/** Refuses (409, at its field) an email that has an account or a license number an agent has. */
async function assertEmailAndLicenseFree(email: string, licenseNumber: string, transaction?: Transaction) {
  if (await User.findOne({ where: { email }, attributes: ["id"], transaction })) {
    throw new ServiceError(409, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  }
  const taken = await Agent.findOne({
    // The database's UPPER on both sides, so they agree on every letter.
    where: sqlWhere(fn("UPPER", fn("REPLACE", col("license_number"), " ", "")), fn("UPPER", licenseKey(licenseNumber))),
    attributes: ["id"],
    transaction,
  });
  if (taken) throw new ServiceError(409, LICENSE_TAKEN, { licenseNumber: [LICENSE_TAKEN] });
}

// No unique index backs the license rule (docs/decisions/014): registrations of one license
// number run one at a time, and the check inside the transaction decides.
async function createPendingAgent(email: string, passwordHash: string, input: RegistrationInput) {
  try {
    return await serializedTransaction([`license:${licenseKey(input.licenseNumber)}`], async (transaction) => {
      await assertEmailAndLicenseFree(email, input.licenseNumber, transaction);
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
    // Another registration of the same email got past the check in registerAgent at the same
    // moment: the unique index on users.email decides, and this one gets the same answer.
    if (error instanceof UniqueConstraintError) throw new ServiceError(409, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
}

export async function setTimezone(actor: SessionUser, timezone: string) {
  if (!isTimezone(timezone))
    throw badRequest("Choose one of the listed time zones.", { timezone: ["Choose one of the listed time zones."] });
  await User.update({ timezone }, { where: { id: actor.id } });
  return { ...actor, timezone };
}
