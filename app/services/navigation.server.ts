import { unreadLeadReplacements, unreadLeadsCountSql } from "./leads.server";
import { UNREAD_NOTIFICATIONS_COUNT_SQL } from "./notifications.server";
import { assertAdmin, assertAgent } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { numbersInOneStatement } from "./sql.server";

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

/** What waits for an admin's decision, and what they have not read. */
export async function adminShellCounts(actor: SessionUser): Promise<AdminShellCounts> {
  assertAdmin(actor);
  return numbersInOneStatement(
    {
      pendingAgents: "SELECT COUNT(*) FROM agents WHERE status = 'pending'",
      // The same rule as the Password Resets page: requests still waiting and not yet expired.
      pendingResets:
        "SELECT COUNT(*) FROM password_reset_requests WHERE kind = 'request' AND status = 'pending' AND expires_at > :now",
      newSubmissions: "SELECT COUNT(*) FROM form_submissions WHERE status = 'new'",
      unreadLeads: unreadLeadsCountSql(actor),
      unreadNotifications: UNREAD_NOTIFICATIONS_COUNT_SQL,
    },
    { read: false, ...unreadLeadReplacements(actor), now: new Date() },
  );
}

/** The agent's calls left come with the session user, looked up fresh in this same request. */
export async function agentShellCounts(actor: SessionUser): Promise<AgentShellCounts> {
  assertAgent(actor);
  const counts = await numbersInOneStatement(
    { unreadLeads: unreadLeadsCountSql(actor), unreadNotifications: UNREAD_NOTIFICATIONS_COUNT_SQL },
    { read: false, ...unreadLeadReplacements(actor) },
  );
  return { ...counts, callsLeft: actor.agent?.callsLeft ?? 0 };
}

/**
 * Exactly the figures the signed-in user's shell shows. The portal layouts (first paint, and every
 * navigation without JavaScript) and the 30 s poll of GET /api/counts all come from here, so they
 * always agree.
 */
export function shellCounts(actor: SessionUser): Promise<ShellCounts> {
  return actor.role === "admin" ? adminShellCounts(actor) : agentShellCounts(actor);
}
