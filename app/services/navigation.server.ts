import { SHELL_UNREAD_CAP, unreadLeadsCount, unreadLeadsFigure } from "./leads.server";
import { unreadNotifications } from "./notifications.server";
import { assertAdmin, assertAgent } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { numbersInOneStatement, sql, type Sql } from "./sql/reads.server";

/** The admin shell's figures: what waits for an admin's decision, and what they have not read. */
export type AdminShellCounts = {
  pendingAgents: number;
  pendingResets: number;
  newSubmissions: number;
  unreadLeads: number;
  unreadNotifications: number;
};

/** The agent shell's figures: unread leads and notifications, and the Calls Left Today figure. */
export type AgentShellCounts = { unreadLeads: number; unreadNotifications: number; callsLeft: number };

export type ShellCounts = AdminShellCounts | AgentShellCounts;

/**
 * A count that stops at `cap` (`rows` is the FROM and WHERE of a plain COUNT(*)): the badges show
 * 99+ above 99, and a count that stops there costs the same for a user with 100,000 unread rows as
 * for one with 100, where the exact count walks all of them.
 */
function countAtMost(cap: number, rows: Sql) {
  return sql`SELECT COUNT(*) FROM (SELECT 1 FROM ${rows} LIMIT ${cap}) capped`;
}

/** The unread figures both shells show, each at most SHELL_UNREAD_CAP (the badge reads 99+). */
function unreadFigures(actor: SessionUser) {
  return {
    unreadLeads: unreadLeadsCount(actor, { cap: SHELL_UNREAD_CAP }),
    unreadNotifications: countAtMost(SHELL_UNREAD_CAP, unreadNotifications(actor.id)),
  };
}

/** The figures as read, with the unread leads of a user without a count row counted by the rule. */
async function withUnreadLeads<T extends { unreadLeads: number }>(actor: SessionUser, counts: T): Promise<T> {
  return { ...counts, unreadLeads: await unreadLeadsFigure(actor, counts.unreadLeads, { cap: SHELL_UNREAD_CAP }) };
}

/** What waits for an admin's decision, and what they have not read. */
export async function adminShellCounts(actor: SessionUser): Promise<AdminShellCounts> {
  assertAdmin(actor);
  const counts = await numbersInOneStatement({
    pendingAgents: sql`SELECT COUNT(*) FROM agents WHERE status = 'pending'`,
    // The same rule as the Password Resets page: requests still waiting and not yet expired.
    pendingResets: sql`SELECT COUNT(*) FROM password_reset_requests
      WHERE kind = 'request' AND status = 'pending' AND expires_at > ${new Date()}`,
    newSubmissions: sql`SELECT COUNT(*) FROM form_submissions WHERE status = 'new'`,
    ...unreadFigures(actor),
  });
  return withUnreadLeads(actor, counts);
}

/** The agent's calls left come with the session user, looked up fresh in this same request. */
export async function agentShellCounts(actor: SessionUser): Promise<AgentShellCounts> {
  assertAgent(actor);
  const counts = await numbersInOneStatement(unreadFigures(actor));
  return { ...(await withUnreadLeads(actor, counts)), callsLeft: actor.agent?.callsLeft ?? 0 };
}

/**
 * Exactly the figures the signed-in user's shell shows. The portal layouts (first paint, and every
 * navigation without JavaScript) and the 30 s poll of GET /api/counts all come from here, so they
 * always agree. Unread leads and notifications are counted up to SHELL_UNREAD_CAP (100): the
 * badge shows 99+ from there, and the exact numbers are GET /api/leads/unread-count and
 * /api/notifications/unread-count.
 */
export function shellCounts(actor: SessionUser): Promise<ShellCounts> {
  return actor.role === "admin" ? adminShellCounts(actor) : agentShellCounts(actor);
}
