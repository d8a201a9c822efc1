import { Op } from "sequelize";
import { Agent, Session, User } from "~db";
import { z } from "zod";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { column, raw, selectOne, sql } from "./sql/reads.server";

export const SESSION_TTL_MS = 12 * 60 * 60_000;

/** The signed-in user as every service sees it: plain data, no model instance. */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: "admin" | "agent";
  timezone: string;
  mustChangePassword: boolean;
  /** The second factor is on (decision 079); admins without it may only enrol. */
  twoFactorEnabled: boolean;
  agent: {
    id: string;
    status: string;
    setupComplete: boolean;
    callsLeft: number;
    licenseNumber: string;
    companyName: string | null;
  } | null;
};

export type RequestMeta = { ip?: string | null; userAgent?: string | null };

// A user as a model instance (the sign-in's, where SQLite answers 0/1 and Postgres booleans) or a row
// of SESSION_USER_COLUMNS.
type UserRecord = Pick<User, "id" | "email" | "firstName" | "lastName" | "role" | "timezone"> & {
  phone?: string | null;
  mustChangePassword: boolean | number;
  twoFactorEnabledAt?: Date | string | null;
  agent?: AgentRecord | null;
};
type AgentRecord = Pick<Agent, "id" | "callsLeft" | "licenseNumber"> & {
  status: string;
  setupComplete: boolean | number;
  companyName?: string | null;
};

export function toSessionUser(user: UserRecord): SessionUser {
  const agent = user.agent?.id ? user.agent : null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? null,
    role: user.role,
    timezone: user.timezone,
    mustChangePassword: Boolean(user.mustChangePassword),
    twoFactorEnabled: Boolean(user.twoFactorEnabledAt),
    agent: agent
      ? {
          id: agent.id,
          status: agent.status,
          setupComplete: Boolean(agent.setupComplete),
          callsLeft: agent.callsLeft,
          licenseNumber: agent.licenseNumber,
          companyName: agent.companyName ?? null,
        }
      : null,
  };
}

/**
 * The columns a SessionUser is read from, of `users u` and its `agents g` (sessionUserJoin), for
 * every request's lookup: a session's and an API token's. Plain SQL read by
 * SessionUserColumns: Sequelize's findOne with two includes cost about 1.4 ms of CPU more per
 * request than the statement itself (docs/performance.md, "Server cost").
 */
export const SESSION_USER_COLUMNS = sql`u.id AS "id", u.email AS "email", u.first_name AS "firstName",
  u.last_name AS "lastName", u.phone AS "phone", u.role AS "role", u.timezone AS "timezone",
  u.must_change_password AS "mustChangePassword", u.two_factor_enabled_at AS "twoFactorEnabledAt",
  g.id AS "agentId", g.status AS "agentStatus", g.setup_complete AS "setupComplete",
  g.calls_left AS "callsLeft", g.license_number AS "licenseNumber", g.company_name AS "companyName"`;

/** The user `owner` (a table alias with a user_id) belongs to, and their agent, as SESSION_USER_COLUMNS reads them. */
export const sessionUserJoin = (owner: string) =>
  sql`JOIN users u ON u.id = ${raw(owner)}.user_id LEFT JOIN agents g ON g.user_id = u.id`;

export const SessionUserColumns = z.object({
  id: column.text,
  email: column.text,
  firstName: column.text,
  lastName: column.text,
  phone: column.text.nullable(),
  role: z.enum(["admin", "agent"]),
  timezone: column.text,
  mustChangePassword: column.boolean,
  twoFactorEnabledAt: column.date.nullable(),
  agentId: column.text.nullable(),
  agentStatus: column.text.nullable(),
  setupComplete: column.boolean.nullable(),
  callsLeft: column.integer.nullable(),
  licenseNumber: column.text.nullable(),
  companyName: column.text.nullable(),
});

/** A row of SESSION_USER_COLUMNS as the SessionUser every service sees (no agent: its columns are null). */
export function sessionUserFromColumns(row: z.output<typeof SessionUserColumns>): SessionUser {
  const { agentId, agentStatus, setupComplete, callsLeft, licenseNumber, companyName } = row;
  const agent =
    agentId === null || agentStatus === null || setupComplete === null || callsLeft === null || licenseNumber === null
      ? null
      : { id: agentId, status: agentStatus, setupComplete, callsLeft, licenseNumber, companyName };
  return toSessionUser({ ...row, agent });
}

/** Why an agent may not sign in, or null when they may. The texts are the spec's. */
export function agentSignInRefusal(status: string): string | null {
  if (status === "pending") return "Account pending approval. Admin has not approved your account yet.";
  if (status === "paused")
    return "Account paused. Your account has been paused by an administrator; contact your agency to have it reactivated.";
  if (status === "rejected")
    return "Account rejected. Your registration was not approved; contact your agency for details.";
  return null;
}

export async function createSession(userId: string, meta: RequestMeta = {}) {
  const token = randomToken();
  await Session.create({
    id: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    ipAddress: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 255) ?? null,
    lastSeenAt: new Date(),
  });
  return token;
}

const SessionRow = SessionUserColumns.extend({ expiresAt: column.date, lastSeenAt: column.date.nullable() });

/** The user behind a session cookie's token, or null when it is unknown, expired or barred. */
export async function getSessionUser(token: string | null | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const id = sha256(token);
  // Every request asks this: one statement, read as a plain row.
  const session = await selectOne(
    sql`SELECT s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt", ${SESSION_USER_COLUMNS}
        FROM sessions s ${sessionUserJoin("s")}
        WHERE s.id = ${id}`,
    SessionRow,
  );
  if (!session) return null;
  if (session.expiresAt.getTime() <= Date.now()) {
    await Session.destroy({ where: { id } });
    return null;
  }
  const user = sessionUserFromColumns(session);
  if (user.role === "agent" && agentSignInRefusal(user.agent?.status ?? "pending")) return null;
  await touchSession(id, session.lastSeenAt);
  return user;
}

/** How stale a session's last seen may get: the sessions page says when, not to the second. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Notes a session's use when its last seen is older than LAST_SEEN_EVERY_MS, so most page views write nothing. */
async function touchSession(id: string, lastSeenAt: Date | null) {
  const now = Date.now();
  if (lastSeenAt && now - lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
  await Session.update({ lastSeenAt: new Date(now) }, { where: { id }, silent: true });
}

export async function endSession(token: string | null | undefined) {
  if (token) await Session.destroy({ where: { id: sha256(token) } });
}

/** Ends every session of a user, except optionally the one making the request. */
export async function endUserSessions(userId: string, exceptToken?: string | null) {
  const where = exceptToken ? { userId, id: { [Op.ne]: sha256(exceptToken) } } : { userId };
  await Session.destroy({ where });
}
