import { ForeignKeyConstraintError, type FindOptions, type WhereOptions } from "sequelize";
import { z } from "zod";
import { Application, LeadRead, isPostgres } from "~db";
import { notFound } from "./errors.server";
import { isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { and, column, numbersInOneStatement, raw, selectOne, selectRows, sql, type Sql } from "./sql/reads.server";

// The leads (the Application model) as the portals read and change them: who may reach a lead,
// and which leads each user has not opened yet. Every lead service builds on findAccessibleLead.

/** The spec's text for a lead that is missing or not the caller's (part 2, Application detail). */
export const LEAD_NOT_FOUND = "Application Not Found";

/**
 * The one access rule for a single lead, for every lead service: an admin may reach any lead, an
 * agent only a lead whose agent_id is their own. A missing id, a malformed one, or another
 * agent's lead is the same ServiceError 404 "Application Not Found", thrown before anything is
 * changed, so a caller learns nothing about leads that are not theirs. `options` are the
 * lookup's (attributes, include, transaction, lock, raw); its `where` is always this rule.
 */
export async function findAccessibleLead(
  actor: SessionUser,
  id: string,
  options: Omit<FindOptions<Application>, "where"> = {},
): Promise<Application> {
  const agentId = accessibleAgentId(actor, id);
  const where: WhereOptions<Application> = agentId ? { id, agentId } : { id };
  const lead = await Application.findOne({ ...options, where });
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  return lead;
}

/**
 * The agent whose lead `id` must be for the actor to reach it (null for an admin: any lead), or
 * the 404 when the id cannot be a lead's or the actor owns no lead.
 */
function accessibleAgentId(actor: SessionUser, id: string): string | null {
  if (!isUuid(id)) throw notFound(LEAD_NOT_FOUND);
  if (actor.role === "admin") return null;
  // An agent without an agent record (or any other role) owns no lead.
  if (actor.role !== "agent" || !actor.agent) throw notFound(LEAD_NOT_FOUND);
  return actor.agent.id;
}

/**
 * findAccessibleLead's rule as the WHERE of a read over `applications a` (the lead's page reads the
 * lead with its agent and carrier in one statement): the same 404 first, and no row means a 404.
 */
export function accessibleLeadWhere(actor: SessionUser, id: string): Sql {
  const agentId = accessibleAgentId(actor, id);
  return agentId ? sql`a.id = ${id} AND a.agent_id = ${agentId}` : sql`a.id = ${id}`;
}

// ---------------------------------------------------------------------------------------------
// Unread leads. A lead is unread for a user until that user opens it: a lead_reads row per
// (user, lead), never shared between users, so an admin opening an agent's lead leaves it unread
// for the agent and the other way round.

/**
 * The rule: the leads a user has not opened yet, as the WHERE of a query over `applications a`:
 * an agent's own leads, or every lead for an admin, that have no LeadRead row for that user. The
 * unique (user_id, application_id) index answers each NOT EXISTS. The id list and a list row's New
 * Lead badge use it; the count is kept in unread_lead_counts by the database's triggers (migration
 * 007), which keep this same rule, and counted by it only for a user without a count row
 * (unreadLeadsFigure). An agent session without an agent record owns no lead (agent_id = NULL).
 */
function unreadLeadsWhere(actor: SessionUser): Sql {
  return and([
    actor.role === "agent" && sql`a.agent_id = ${actor.agent?.id ?? null}`,
    sql`NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = ${actor.id} AND r.application_id = a.id)`,
  ]);
}

/**
 * The shell's badges show 99+ above 99, so its figure stops here; GET /api/leads/unread-count
 * stays exact.
 */
export const SHELL_UNREAD_CAP = 100;

/** What unreadLeadsCount reads for a user without a count row: none is expected, see unreadLeadsFigure. */
const NO_COUNT_ROW = -1;

/**
 * The number of the user's unread leads (the leads unreadLeadsWhere selects), for a scalar
 * subquery of one statement (countUnreadLeads, and the shell's counts in
 * app/services/navigation.server.ts); with `cap`, the smaller of that number and `cap`. The number
 * is the user's row of unread_lead_counts, one primary-key read, which triggers on users, agents,
 * applications and lead_reads keep equal to the rule whoever writes (docs/decisions/024). Pass what
 * it read through unreadLeadsFigure. The statement holds nothing else: a fallback in SQL, though
 * never run, cost every poll its planning.
 */
export function unreadLeadsCount(actor: SessionUser, { cap }: { cap?: number } = {}): Sql {
  if (cap !== undefined && !(Number.isSafeInteger(cap) && cap > 0)) {
    throw new RangeError("cap must be a positive integer");
  }
  // An agent session without an agent record owns no lead (as findAccessibleLead says).
  if (actor.role === "agent" && !actor.agent) return raw("SELECT 0");
  const count = cap ? sql`${raw(isPostgres ? "LEAST" : "MIN")}(${cap}, c.count)` : raw("c.count");
  return sql`SELECT COALESCE((SELECT ${count} FROM unread_lead_counts c WHERE c.user_id = ${actor.id}), ${NO_COUNT_ROW})`;
}

/**
 * The figure unreadLeadsCount read (with the same `cap`), or for a user without a count row the
 * same figure counted by the rule. A user's row is made with them and goes with them, so this is
 * only a guard: a row deleted by hand costs its user a slower count, never a wrong one.
 */
export async function unreadLeadsFigure(actor: SessionUser, read: number, { cap }: { cap?: number } = {}) {
  if (read !== NO_COUNT_ROW) return read;
  const limit = cap ? sql`LIMIT ${cap}` : raw("");
  const { count } = await numbersInOneStatement({
    count: sql`SELECT COUNT(*) FROM (SELECT 1 FROM applications a WHERE ${unreadLeadsWhere(actor)} ${limit}) unread`,
  });
  return count;
}

/** GET /api/leads/unread-count. */
export async function countUnreadLeads(actor: SessionUser): Promise<number> {
  const { count } = await numbersInOneStatement({ count: unreadLeadsCount(actor) });
  return unreadLeadsFigure(actor, count);
}

/**
 * At most this many ids answer GET /api/leads/unread-ids: the newest unread leads. The list marks
 * New Lead badges on the rows a page shows, and no page shows more; the count stays exact.
 * @internal
 */
export const UNREAD_IDS_LIMIT = 1000;

const Id = z.object({ id: column.text });

/** The ids of the user's unread leads (an agent's own only), newest first, at most UNREAD_IDS_LIMIT. */
export async function unreadLeadIds(actor: SessionUser): Promise<string[]> {
  const rows = await selectRows(
    sql`SELECT a.id FROM applications a WHERE ${unreadLeadsWhere(actor)}
        ORDER BY a.created_at DESC, a.id DESC LIMIT ${UNREAD_IDS_LIMIT}`,
    Id,
  );
  return rows.map((row) => row.id);
}

/**
 * Marks a lead read for the acting user only (opening its details or its page, or POST
 * /api/leads/{id}/mark-read). Reached through findAccessibleLead, so another agent's lead is a
 * 404 and nothing is recorded. Idempotent: the insert ignores the unique (user, lead) conflict on
 * both databases (ON CONFLICT DO NOTHING / INSERT OR IGNORE), so reading twice, even at the same
 * moment, keeps one row and never fails. Answers whether this opening was the user's first, so a
 * page can show the badges without it.
 */
export async function markLeadRead(actor: SessionUser, id: string): Promise<{ newlyRead: boolean }> {
  const lead = await findAccessibleLead(actor, id, { attributes: ["id"], raw: true });
  const read = await LeadRead.findOne({
    where: { userId: actor.id, applicationId: lead.id },
    attributes: ["id"],
    raw: true,
  });
  if (read) return { newlyRead: false };
  try {
    await LeadRead.bulkCreate([{ userId: actor.id, applicationId: lead.id }], { ignoreDuplicates: true });
    return { newlyRead: true };
  } catch (error) {
    // The lead was deleted between the check and the insert.
    if (error instanceof ForeignKeyConstraintError) throw notFound(LEAD_NOT_FOUND);
    throw error;
  }
}

/**
 * Whether the user has not opened this lead yet (a read only: the page shows it, and opening it
 * marks it read by a post, never by the loader). Call after the lead's access check.
 */
export async function isLeadUnread(actor: SessionUser, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const read = await selectOne(
    sql`SELECT r.id FROM lead_reads r WHERE r.user_id = ${actor.id} AND r.application_id = ${id}`,
    Id,
  );
  return read === null;
}
