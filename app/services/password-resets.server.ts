import { Op, type InferAttributes } from "sequelize";
import { z } from "zod";
import { Agent, PasswordResetRequest, User, sequelize } from "~db";
import { hashPassword, randomToken, sha256 } from "~/utils/crypto.server";
import { badRequest, conflict, notFound } from "./errors.server";
import type { Page } from "~/utils/list";
import { assertAdmin, isUuid } from "./permissions.server";
import { RESET_REQUESTS, clearSignInFailures, countAttempt } from "./rate-limits.server";
import { logActivity } from "./activity.server";
import { notifyAdmins } from "./notifications.server";
import { endUserSessions, type RequestMeta, type SessionUser } from "./sessions.server";
import { column, selectRows, sql, sqlPage } from "./sql/reads.server";
import { fullName } from "~/domain/format";

/** @internal */
export const RESET_LINK_TTL_MS = 60 * 60_000;
/**
 * An admin is said to review requests within 24 hours; an unreviewed request then expires.
 * @internal
 */
export const REQUEST_TTL_MS = 24 * 60 * 60_000;
/** @internal */
export const HISTORY_SIZE = 10;
const MIN_NEW_PASSWORD = 8;

export const LINK_INVALID = "This password reset link is no longer valid.";
/** @internal */
export const LINK_USED =
  "This password reset link has already been used. Request a new one if you still need to reset your password.";
/** @internal */
export const LINK_EXPIRED = "This password reset link has expired. Links expire after 1 hour.";
export const REQUEST_SENT = "Your password reset request has been sent to the admin for approval.";

/**
 * Records a reset request for a known email. An unknown email gets the same answer and no row,
 * so the form cannot be used to find out who has an account. Requests are counted per email
 * and per address whether or not the account exists, for the same reason.
 */
export async function requestPasswordReset(emailInput: string, meta: RequestMeta = {}) {
  const email = emailInput.trim().toLowerCase();
  if (!email) throw badRequest("Please enter your email address", { email: ["Please enter your email address"] });
  const keys = [`email:${email}`, meta.ip ? `ip:${meta.ip}` : null];
  await countAttempt(RESET_REQUESTS, keys);
  const user = await User.findOne({ where: { email }, attributes: ["id", "email", "firstName", "lastName"] });
  if (user) {
    // One open request per user is enough for the admin to act on; repeats do not pile up.
    const pending = await PasswordResetRequest.findOne({
      where: { userId: user.id, kind: "request", status: "pending", expiresAt: { [Op.gt]: new Date() } },
      attributes: ["id"],
    });
    if (!pending) {
      await sequelize.transaction(async (transaction) => {
        await PasswordResetRequest.create(
          {
            userId: user.id,
            email: user.email,
            kind: "request",
            status: "pending",
            expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
          },
          { transaction },
        );
        // Each admin hears of the request once, with it; a repeat that adds no request adds no notice.
        await notifyAdmins(
          {
            type: "password_reset_request",
            title: "Password reset requested",
            message: `${fullName(user)} asked for a password reset.`,
          },
          transaction,
        );
      });
    }
  }
  return { message: REQUEST_SENT };
}

type ResetRequestStatusView = "pending" | "approved" | "denied" | "completed" | "expired";

export type ResetRequestView = {
  id: string;
  userName: string;
  email: string;
  status: ResetRequestStatusView;
  requestedAt: string;
  expiresAt: string;
  approvedAt: string | null;
  completedAt: string | null;
  deniedAt: string | null;
};

/** A pending request past its 24 hours, or an approved link past its hour, counts as expired. */
function effectiveStatus(
  row: Pick<PasswordResetRequest, "status" | "expiresAt">,
  now = Date.now(),
): ResetRequestStatusView {
  if ((row.status === "pending" || row.status === "approved") && row.expiresAt.getTime() <= now) return "expired";
  return row.status;
}

function toView(row: PasswordResetRequest): ResetRequestView {
  return {
    id: row.id,
    userName: row.user ? fullName(row.user) : row.email,
    email: row.email,
    status: effectiveStatus(row),
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    deniedAt: row.deniedAt?.toISOString() ?? null,
  };
}

const withUserName = [{ model: User, as: "user", attributes: ["firstName", "lastName"] }];

/** A request as the lists read it, with its user's name, into the view. */
const RequestRow = z
  .object({
    id: column.text,
    email: column.text,
    status: z.enum(["pending", "approved", "denied", "completed"]),
    createdAt: column.date,
    expiresAt: column.date,
    approvedAt: column.date.nullable(),
    completedAt: column.date.nullable(),
    deniedAt: column.date.nullable(),
    firstName: column.text.nullable(),
    lastName: column.text.nullable(),
  })
  .transform((row): ResetRequestView => ({
    id: row.id,
    userName: row.firstName !== null ? fullName(row) : row.email,
    email: row.email,
    status: effectiveStatus(row),
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    deniedAt: row.deniedAt?.toISOString() ?? null,
  }));

const REQUEST_COLUMNS = sql`r.id, r.email, r.status, r.created_at AS "createdAt", r.expires_at AS "expiresAt",
  r.approved_at AS "approvedAt", r.completed_at AS "completedAt", r.denied_at AS "deniedAt",
  u.first_name AS "firstName", u.last_name AS "lastName"`;

/** Requests still waiting for a decision and not yet expired, oldest first so none waits longest unseen. */
const openRequests = () => ({
  select: REQUEST_COLUMNS,
  from: sql`password_reset_requests r`,
  join: sql`LEFT JOIN users u ON u.id = r.user_id`,
  where: sql`r.kind = 'request' AND r.status = 'pending' AND r.expires_at > ${new Date()}`,
  orderBy: sql`r.created_at ASC, r.id ASC`,
});

/** Open requests, paged by the database. */
export async function listPendingResetRequests(
  actor: SessionUser,
  paging: { page: number; pageSize: number },
): Promise<Page<ResetRequestView>> {
  assertAdmin(actor);
  return sqlPage(openRequests(), paging, RequestRow);
}

/** The latest 10 decided or expired requests, most recently changed first. */
export async function listResetHistory(actor: SessionUser) {
  assertAdmin(actor);
  return selectRows(
    sql`SELECT ${REQUEST_COLUMNS} FROM password_reset_requests r LEFT JOIN users u ON u.id = r.user_id
     WHERE r.kind = 'request' AND (r.status <> 'pending' OR r.expires_at <= ${new Date()})
     ORDER BY r.updated_at DESC, r.created_at DESC LIMIT ${HISTORY_SIZE}`,
    RequestRow,
  );
}

/**
 * Both lists for GET /api/admin/password-reset-requests (the spec's { pending, history }). Open
 * requests expire within 24 hours and are limited per address, so the API sends them whole.
 */
export async function listResetRequests(actor: SessionUser) {
  assertAdmin(actor);
  const open = openRequests();
  const [pending, history] = await Promise.all([
    selectRows(
      sql`SELECT ${open.select} FROM ${open.from} ${open.join} WHERE ${open.where} ORDER BY ${open.orderBy}`,
      RequestRow,
    ),
    listResetHistory(actor),
  ]);
  return { pending, history };
}

async function findPendingRequest(id: string) {
  if (!isUuid(id)) throw notFound("Reset request not found");
  const row = await PasswordResetRequest.findOne({ where: { id, kind: "request" }, include: withUserName });
  if (!row) throw notFound("Reset request not found");
  const status = effectiveStatus(row);
  if (status === "expired") throw conflict("This request has expired. The user can submit a new one.");
  if (status !== "pending") throw conflict(`This request has already been ${status}.`);
  return row;
}

/**
 * Moves a request out of "pending" only if it still is: two admins deciding at once cannot both
 * succeed (the second would otherwise overwrite the first one's link). The decision and its
 * activity-log entry stand or fall together (decision 034).
 */
async function decide(
  row: PasswordResetRequest,
  changes: Partial<InferAttributes<PasswordResetRequest>>,
  entry: Parameters<typeof logActivity>[0],
) {
  await sequelize.transaction(async (transaction) => {
    const [count] = await PasswordResetRequest.update(changes, {
      where: { id: row.id, status: "pending", expiresAt: { [Op.gt]: new Date() } },
      transaction,
    });
    if (count !== 1) throw conflict("This request has just been decided by someone else.");
    await logActivity(entry, { transaction });
  });
  await row.reload({ include: withUserName });
}

/**
 * Approving issues a one-time link valid for an hour. Only the token's hash is kept, so the
 * link can be shown to the admin this once and never read back from the database.
 */
export async function approveResetRequest(admin: SessionUser, id: string) {
  assertAdmin(admin);
  const row = await findPendingRequest(id);
  const token = randomToken();
  const now = new Date();
  await decide(
    row,
    {
      status: "approved",
      approvedAt: now,
      decidedById: admin.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
    },
    {
      userId: admin.id,
      action: "reset_approved",
      entityType: "user",
      entityId: row.userId,
      summary: `Password reset approved for ${row.email}`,
    },
  );
  return { request: toView(row), token, resetPath: `/reset-password?token=${encodeURIComponent(token)}` };
}

export async function denyResetRequest(admin: SessionUser, id: string) {
  assertAdmin(admin);
  const row = await findPendingRequest(id);
  await decide(
    row,
    { status: "denied", deniedAt: new Date(), decidedById: admin.id },
    {
      userId: admin.id,
      action: "reset_denied",
      entityType: "user",
      entityId: row.userId,
      summary: `Password reset denied for ${row.email}`,
    },
  );
  return { request: toView(row) };
}

/**
 * The one-time token that lets a user who must change their password (a temporary password,
 * or a signed-in user flagged for it) set a new one on /set-new-password.
 */
export async function issueSetPasswordToken(user: Pick<User, "id" | "email">) {
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
  // Tokens we issue are 43 characters; anything far longer is not worth hashing.
  if (!token || token.length > 200) throw badRequest(LINK_INVALID);
  const row = await PasswordResetRequest.findOne({
    where: { tokenHash: sha256(token) },
    include: [{ model: User, as: "user" }],
  });
  if (!row || !row.user) throw badRequest(LINK_INVALID);
  if (row.status === "completed") throw badRequest(LINK_USED);
  if (row.status !== "approved") throw badRequest(LINK_INVALID);
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest(LINK_EXPIRED);
  return row;
}

export async function verifyResetToken(token: string | null | undefined) {
  const row = await findUsableToken(token);
  return { valid: true as const, email: row.email, expiresAt: row.expiresAt.toISOString() };
}

/** The service's own guard, whatever the caller validated: a new password has 8 characters or more. */
function newPasswordProblem(password: string, confirm?: string) {
  if (!password) return "Please enter a new password.";
  if (password.length < MIN_NEW_PASSWORD) return "Password must be at least 8 characters long";
  if (confirm !== undefined && confirm !== password) return "Passwords do not match.";
  return null;
}

/**
 * Sets the new password through a reset link or a set-password token. The token is spent (once:
 * a second use, even at the same moment, is refused), every other open link of the user dies,
 * every session of the user ends, and an issued temporary password is forgotten.
 */
export async function resetPasswordWithToken(token: string | null | undefined, passwordInput: string) {
  const password = passwordInput.trim();
  const problem = newPasswordProblem(password);
  if (problem) throw badRequest(problem, { password: [problem] });
  const row = await findUsableToken(token);
  const passwordHash = await hashPassword(password);
  await sequelize.transaction(async (transaction) => {
    const completedAt = new Date();
    const [claimed] = await PasswordResetRequest.update(
      { status: "completed", completedAt },
      { where: { id: row.id, status: "approved", expiresAt: { [Op.gt]: completedAt } }, transaction },
    );
    if (claimed !== 1) throw badRequest(LINK_USED);
    await User.update({ passwordHash, mustChangePassword: false }, { where: { id: row.userId }, transaction });
    await Agent.update({ temporaryPasswordEncrypted: null }, { where: { userId: row.userId }, transaction });
    // Once the password is set, no other outstanding link for this user should still work.
    await PasswordResetRequest.update(
      { status: "completed", completedAt },
      { where: { userId: row.userId, status: "approved", id: { [Op.ne]: row.id } }, transaction },
    );
    await logActivity(
      {
        userId: row.userId,
        action: "password_changed",
        entityType: "user",
        entityId: row.userId,
        summary: `${row.email} set a new password`,
      },
      { transaction },
    );
  });
  await endUserSessions(row.userId);
  // Someone locked out by failed sign-ins has just proved who they are; let them sign in.
  await clearSignInFailures(row.user!.email);
  return { message: "Your password has been successfully changed.", email: row.user!.email };
}
