import { UniqueConstraintError } from "sequelize";
import { Agent, User, sequelize } from "~db";
import { isTimezone } from "~/domain/timezones";
import { hashPassword, verifyPassword } from "~/utils/crypto.server";
import {
  agentSignInRefusal,
  createSession,
  toSessionUser,
  type RequestMeta,
  type SessionUser,
} from "./sessions.server";
import { ServiceError, type ServiceErrorCode, badRequest, conflict } from "./errors.server";
import { LOGIN_FAILURES, REGISTRATIONS, assertUnderLimit, clearAttempts, recordAttempt } from "./rate-limits.server";
import { issueSetPasswordToken } from "./password-resets.server";
import { logActivity } from "./activity.server";

export type { RequestMeta, SessionUser } from "./sessions.server";

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export type SignInResult =
  | { kind: "signed-in"; user: SessionUser; sessionToken: string }
  | { kind: "must-change-password"; user: SessionUser; resetToken: string };

/**
 * Checks the credentials and opens a session. Failures are counted per email and per address;
 * after 5 in 15 minutes further tries are refused with 429 before the password is even checked.
 */
export async function signIn(
  input: { email: string; password: string },
  meta: RequestMeta = {},
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const keys = [`email:${email}`, meta.ip ? `ip:${meta.ip}` : null];
  await assertUnderLimit(LOGIN_FAILURES, keys);

  const user = await User.findOne({ where: { email }, include: [{ model: Agent, as: "agent" }] });
  const valid = user ? await verifyPassword(input.password, user.passwordHash) : false;
  if (!user || !valid) {
    await recordAttempt(LOGIN_FAILURES, keys);
    throw new ServiceError(401, "Invalid credentials", undefined, "invalid_credentials");
  }
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
    summary: `${user.firstName} ${user.lastName} signed in`,
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

/** Self-registration: the account waits as a pending agent until an admin approves it. */
export async function registerAgent(input: RegistrationInput, meta: RequestMeta = {}) {
  const email = normalizeEmail(input.email);
  await assertUnderLimit(REGISTRATIONS, [meta.ip ? `ip:${meta.ip}` : null]);
  if (await User.findOne({ where: { email }, attributes: ["id"] })) {
    throw conflict(EMAIL_TAKEN);
  }
  const passwordHash = await hashPassword(input.password);
  const user = await createPendingAgent(email, passwordHash, input);
  await recordAttempt(REGISTRATIONS, [meta.ip ? `ip:${meta.ip}` : null]);
  await logActivity({
    userId: user.id,
    action: "agent_registered",
    entityType: "user",
    entityId: user.id,
    summary: `${user.firstName} ${user.lastName} requested agent access`,
  });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    status: "pending" as const,
  };
}

async function createPendingAgent(email: string, passwordHash: string, input: RegistrationInput) {
  try {
    return await sequelize.transaction(async (transaction) => {
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
      return created;
    });
  } catch (error) {
    // Another registration of the same email got past the check in registerAgent at the same
    // moment: the unique index on users.email decides, and this one gets the same answer.
    if (error instanceof UniqueConstraintError) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

export async function setTimezone(actor: SessionUser, timezone: string) {
  if (!isTimezone(timezone))
    throw badRequest("Choose one of the listed time zones.", { timezone: ["Choose one of the listed time zones."] });
  await User.update({ timezone }, { where: { id: actor.id } });
  return { ...actor, timezone };
}
