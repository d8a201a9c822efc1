import { Op } from "sequelize";
import { Agent, PasswordResetRequest, User, sequelize } from "~db";
import { hashPassword, randomToken, sha256 } from "~/utils/crypto.server";
import { ServiceError, badRequest, notFound } from "./errors.server";
import { RESET_REQUESTS, assertUnderLimit, recordAttempt } from "./rate-limits.server";
import { logActivity } from "./activity.server";
import { endUserSessions, type RequestMeta, type SessionUser } from "./sessions.server";

export const RESET_LINK_TTL_MS = 60 * 60_000;
/** An admin is said to review requests within 24 hours; an unreviewed request then expires. */
export const REQUEST_TTL_MS = 24 * 60 * 60_000;
export const HISTORY_SIZE = 10;
export const MIN_NEW_PASSWORD = 8;

export const LINK_INVALID = "This password reset link is no longer valid.";

/**
 * Records a reset request for a known email. An unknown email gets the same answer and no row,
 * so the form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(emailInput: string, meta: RequestMeta = {}) {
  const email = emailInput.trim().toLowerCase();
  if (!email) throw badRequest("Please enter your email address", { email: ["Please enter your email address"] });
  await assertUnderLimit(RESET_REQUESTS, [`email:${email}`, meta.ip ? `ip:${meta.ip}` : null]);
  await recordAttempt(RESET_REQUESTS, [`email:${email}`, meta.ip ? `ip:${meta.ip}` : null]);
  const user = await User.findOne({ where: { email } });
  if (user) {
    const pending = await PasswordResetRequest.findOne({
      where: { userId: user.id, kind: "request", status: "pending", expiresAt: { [Op.gt]: new Date() } },
    });
    if (!pending) {
      await PasswordResetRequest.create({
        userId: user.id,
        email,
        kind: "request",
        status: "pending",
        expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
      });
    }
  }
  return { message: "Your password reset request has been sent to the admin for approval." };
}

export type ResetRequestView = {
  id: string;
  userName: string;
  email: string;
  status: "pending" | "approved" | "denied" | "completed" | "expired";
  requestedAt: string;
  expiresAt: string;
  approvedAt: string | null;
  completedAt: string | null;
  deniedAt: string | null;
};

function effectiveStatus(row: PasswordResetRequest, now = Date.now()): ResetRequestView["status"] {
  if ((row.status === "pending" || row.status === "approved") && row.expiresAt.getTime() <= now) return "expired";
  return row.status;
}

function toView(row: PasswordResetRequest): ResetRequestView {
  return {
    id: row.id,
    userName: row.user ? `${row.user.firstName} ${row.user.lastName}` : row.email,
    email: row.email,
    status: effectiveStatus(row),
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    deniedAt: row.deniedAt?.toISOString() ?? null,
  };
}

/** Pending requests, and the latest 10 others (an expired pending one counts as history). */
export async function listResetRequests() {
  const now = new Date();
  const include = [{ model: User, as: "user", attributes: ["firstName", "lastName"] }];
  const pending = await PasswordResetRequest.findAll({
    where: { kind: "request", status: "pending", expiresAt: { [Op.gt]: now } },
    include,
    order: [["createdAt", "ASC"]],
  });
  const history = await PasswordResetRequest.findAll({
    where: {
      kind: "request",
      [Op.or]: [{ status: { [Op.ne]: "pending" } }, { expiresAt: { [Op.lte]: now } }],
    },
    include,
    order: [["updatedAt", "DESC"]],
    limit: HISTORY_SIZE,
  });
  return { pending: pending.map(toView), history: history.map(toView) };
}

async function findPendingRequest(id: string) {
  const row = await PasswordResetRequest.findOne({ where: { id, kind: "request" }, include: [{ model: User, as: "user" }] });
  if (!row) throw notFound("Reset request not found");
  if (effectiveStatus(row) !== "pending") throw new ServiceError(409, `This request is already ${effectiveStatus(row)}.`);
  return row;
}

/** Approving issues a one-time link valid for an hour; only the token's hash is kept. */
export async function approveResetRequest(admin: SessionUser, id: string) {
  const row = await findPendingRequest(id);
  const token = randomToken();
  const now = new Date();
  await row.update({
    status: "approved",
    approvedAt: now,
    decidedById: admin.id,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
  });
  await logActivity({ userId: admin.id, action: "reset_approved", entityType: "user", entityId: row.userId, summary: `Password reset approved for ${row.email}` });
  return { request: toView(row), token, resetPath: `/reset-password?token=${encodeURIComponent(token)}` };
}

export async function denyResetRequest(admin: SessionUser, id: string) {
  const row = await findPendingRequest(id);
  await row.update({ status: "denied", deniedAt: new Date(), decidedById: admin.id });
  await logActivity({ userId: admin.id, action: "reset_denied", entityType: "user", entityId: row.userId, summary: `Password reset denied for ${row.email}` });
  return { request: toView(row) };
}

/** The one-time token behind a temporary password: the sign-in hands it to /set-new-password. */
export async function issueSetPasswordToken(user: User) {
  const token = randomToken();
  await PasswordResetRequest.create({
    userId: user.id,
    email: user.email,
    kind: "temporary",
    status: "approved",
    approvedAt: new Date(),
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
  });
  return token;
}

async function findUsableToken(token: string | null | undefined) {
  if (!token) throw badRequest(LINK_INVALID);
  const row = await PasswordResetRequest.findOne({ where: { tokenHash: sha256(token) }, include: [{ model: User, as: "user" }] });
  if (!row || !row.user) throw badRequest(LINK_INVALID);
  if (row.status === "completed") throw badRequest("This password reset link has already been used.");
  if (row.status !== "approved" || row.expiresAt.getTime() <= Date.now()) {
    throw badRequest("This password reset link has expired. Links expire after 1 hour.");
  }
  return row;
}

export async function verifyResetToken(token: string | null | undefined) {
  const row = await findUsableToken(token);
  return { valid: true as const, email: row.email, expiresAt: row.expiresAt.toISOString() };
}

export function newPasswordProblem(password: string, confirm?: string) {
  if (!password) return "Please enter a new password.";
  if (password.length < MIN_NEW_PASSWORD) return "Password must be at least 8 characters long";
  if (confirm !== undefined && confirm !== password) return "Passwords do not match.";
  return null;
}

/**
 * Sets the new password through a reset link or a temporary-password token. The token is
 * spent, every session of the user ends, and an issued temporary password is forgotten.
 */
export async function resetPasswordWithToken(token: string | null | undefined, passwordInput: string) {
  const password = passwordInput.trim();
  const problem = newPasswordProblem(password);
  if (problem) throw badRequest(problem, { password: [problem] });
  const row = await findUsableToken(token);
  const passwordHash = await hashPassword(password);
  await sequelize.transaction(async (transaction) => {
    await User.update({ passwordHash, mustChangePassword: false }, { where: { id: row.userId }, transaction });
    await Agent.update({ temporaryPasswordEncrypted: null }, { where: { userId: row.userId }, transaction });
    await row.update({ status: "completed", completedAt: new Date() }, { transaction });
    // Once the password is set, no other outstanding link for this user should still work.
    await PasswordResetRequest.update(
      { status: "completed", completedAt: new Date() },
      { where: { userId: row.userId, status: "approved", id: { [Op.ne]: row.id } }, transaction },
    );
  });
  await endUserSessions(row.userId);
  await logActivity({ userId: row.userId, action: "password_changed", entityType: "user", entityId: row.userId, summary: `${row.email} set a new password` });
  return { message: "Your password has been successfully changed." };
}
