import Bowser from "bowser";
import { Op } from "sequelize";
import { z } from "zod";
import { Session } from "~db";
import { sha256 } from "~/utils/crypto.server";
import { logActivity } from "./activity.server";
import { notFound } from "./errors.server";
import { isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, selectRows, sql } from "./sql/reads.server";

// The sessions page (issue 27 item 2, decision 080): a user sees and ends their own sessions, and
// nobody else's. A session is shown and ended by its public id (migration 047), never by its id,
// which is the hash of its cookie's token. "This device" is the session of the request, passed in
// as its cookie's token (null for a caller without one: an API token).

export type AccountSessionView = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** "Chrome 131 on macOS", or "Unknown browser" when the User-Agent names none. */
  browser: string;
  ipAddress: string | null;
  current: boolean;
};

const SESSION_NOT_FOUND = "Session not found";

const SessionRow = z.object({
  id: column.text,
  tokenHash: column.text,
  createdAt: column.isoDate,
  lastSeenAt: column.isoDate.nullable(),
  expiresAt: column.isoDate,
  userAgent: column.text.nullable(),
  ipAddress: column.text.nullable(),
});

/** What a person calls the browser: its name and major version, and the system it runs on. */
function browserName(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name ? [browser.name, browser.version?.split(".")[0]].filter(Boolean).join(" ") : null;
  if (!name) return os.name ? `Unknown browser on ${os.name}` : "Unknown browser";
  return os.name ? `${name} on ${os.name}` : name;
}

/** The user's open sessions, the one in use first, then by last use. A user has a handful: no paging. */
export async function listAccountSessions(
  actor: SessionUser,
  currentToken: string | null,
): Promise<AccountSessionView[]> {
  const currentHash = currentToken ? sha256(currentToken) : null;
  const rows = await selectRows(
    sql`SELECT s.public_id AS "id", s.id AS "tokenHash", s.created_at AS "createdAt",
      s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt", s.user_agent AS "userAgent",
      s.ip_address AS "ipAddress"
    FROM sessions s
    WHERE s.user_id = ${actor.id} AND s.expires_at > ${new Date()}
    ORDER BY s.created_at DESC, s.public_id`,
    SessionRow,
  );
  const sessions = rows.map(({ tokenHash, userAgent, lastSeenAt, ...row }) => ({
    ...row,
    lastSeenAt: lastSeenAt ?? row.createdAt,
    browser: browserName(userAgent),
    current: tokenHash === currentHash,
  }));
  return sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Ends one of the user's sessions. Another user's, an unknown or an ended one is a 404. */
export async function endAccountSession(actor: SessionUser, id: string) {
  if (!isUuid(id)) throw notFound(SESSION_NOT_FOUND);
  const ended = await Session.destroy({ where: { userId: actor.id, publicId: id } });
  if (!ended) throw notFound(SESSION_NOT_FOUND);
  await logActivity({
    userId: actor.id,
    action: "session_ended",
    entityType: "user",
    entityId: actor.id,
    summary: `${actor.email} signed out one of their sessions`,
  });
}

/** Ends every session of the user but the one in use; answers how many were ended. */
export async function endOtherAccountSessions(actor: SessionUser, currentToken: string | null) {
  const where = currentToken ? { userId: actor.id, id: { [Op.ne]: sha256(currentToken) } } : { userId: actor.id };
  const ended = await Session.destroy({ where });
  if (ended) {
    await logActivity({
      userId: actor.id,
      action: "other_sessions_ended",
      entityType: "user",
      entityId: actor.id,
      summary: `${actor.email} signed out everywhere else (${ended} session${ended === 1 ? "" : "s"})`,
    });
  }
  return ended;
}
