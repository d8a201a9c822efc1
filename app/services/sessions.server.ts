import { Op } from "sequelize";
import { Agent, Session, User } from "~db";
import { randomToken, sha256 } from "~/utils/crypto.server";

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

/** The columns a SessionUser is read from, for a session and for an API token (api-tokens.server). */
export const USER_ATTRIBUTES = [
  "id",
  "email",
  "firstName",
  "lastName",
  "phone",
  "role",
  "timezone",
  "mustChangePassword",
  "twoFactorEnabledAt",
];
export const AGENT_ATTRIBUTES = ["id", "status", "setupComplete", "callsLeft", "licenseNumber", "companyName"];

// A user as a model instance or a raw row: SQLite answers 0/1 where Postgres answers booleans,
// and a raw row without an agent has an agent whose id is null.
type UserRecord = Pick<User, "id" | "email" | "firstName" | "lastName" | "role" | "timezone"> & {
  phone?: string | null;
  mustChangePassword: boolean | number;
  twoFactorEnabledAt?: Date | string | null;
  agent?: AgentRecord | { id: null } | null;
};
type AgentRecord = Pick<Agent, "id" | "status" | "callsLeft" | "licenseNumber"> & {
  setupComplete: boolean | number;
  companyName?: string | null;
};

export function toSessionUser(user: UserRecord): SessionUser {
  const agent = user.agent?.id ? (user.agent as AgentRecord) : null;
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

/** The user behind a session cookie's token, or null when it is unknown, expired or barred. */
export async function getSessionUser(token: string | null | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const id = sha256(token);
  // Every request asks this, so it is one joined query for the columns a SessionUser needs, read
  // as a plain row (no model instances).
  const session = (await Session.findOne({
    where: { id },
    attributes: ["expiresAt", "lastSeenAt"],
    include: [
      {
        model: User,
        as: "user",
        attributes: USER_ATTRIBUTES,
        required: true,
        include: [{ model: Agent, as: "agent", attributes: AGENT_ATTRIBUTES }],
      },
    ],
    raw: true,
    nest: true,
  })) as unknown as { expiresAt: Date | string; lastSeenAt: Date | string | null; user: UserRecord } | null;
  if (!session) return null;
  if (new Date(session.expiresAt).getTime() <= Date.now()) {
    await Session.destroy({ where: { id } });
    return null;
  }
  const user = toSessionUser(session.user);
  if (user.role === "agent" && agentSignInRefusal(user.agent?.status ?? "pending")) return null;
  await touchSession(id, session.lastSeenAt);
  return user;
}

/** How stale a session's last seen may get: the sessions page says when, not to the second. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Notes a session's use when its last seen is older than LAST_SEEN_EVERY_MS, so most page views write nothing. */
async function touchSession(id: string, lastSeenAt: Date | string | null) {
  const now = Date.now();
  if (lastSeenAt && now - new Date(lastSeenAt).getTime() < LAST_SEEN_EVERY_MS) return;
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
