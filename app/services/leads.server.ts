import { ForeignKeyConstraintError, type FindOptions, type WhereOptions } from "sequelize";
import { Application, LeadRead, isPostgres } from "~db";
import { notFound } from "./errors.server";
import { isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { numbersInOneStatement, selectRows } from "./sql.server";

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
  if (!isUuid(id)) throw notFound(LEAD_NOT_FOUND);
  let where: WhereOptions<Application> = { id };
  if (actor.role !== "admin") {
    // An agent without an agent record (or any other role) owns no lead.
    if (actor.role !== "agent" || !actor.agent) throw notFound(LEAD_NOT_FOUND);
    where = { id, agentId: actor.agent.id };
  }
  const lead = await Application.findOne({ ...options, where });
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  return lead;
}

// ---------------------------------------------------------------------------------------------
// Unread leads. A lead is unread for a user until that user opens it: a lead_reads row per
// (user, lead), never shared between users, so an admin opening an agent's lead leaves it unread
// for the agent and the other way round.

/**
 * The leads a user has not opened yet, as the WHERE of a query over `applications a`: an agent's
 * own leads, or every lead for an admin, that have no LeadRead row for that user. Takes the
 * :userId and :agentId replacements (unreadLeadReplacements). The unique (user_id,
 * application_id) index answers each NOT EXISTS. The id list and a list row's New Lead badge use
 * it; unreadLeadsCountSql counts the same leads as a set difference.
 */
function unreadLeadsWhereSql(actor: SessionUser) {
  const scope = actor.role === "agent" ? "a.agent_id = :agentId AND " : "";
  return `${scope}NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = :userId AND r.application_id = a.id)`;
}

/**
 * The shell's badges show 99+ above 99, so its figure stops counting here; GET
 * /api/leads/unread-count stays exact.
 */
export const SHELL_UNREAD_CAP = 100;

/**
 * SQL for the number of the user's unread leads (the leads unreadLeadsWhereSql selects), for a
 * scalar subquery of one statement (countUnreadLeads, and the shell's counts in
 * app/services/navigation.server.ts); with `cap`, the smaller of that number and `cap`. Takes the
 * unreadLeadReplacements. Each database gets the form its planner answers from indexes without
 * a probe per lead (docs/decisions/021):
 * - an admin's leads are all the leads, and every lead_reads row names an existing lead (a
 *   foreign key, deleted with the lead) once per user (a unique index), so their unread leads are
 *   the leads less their reads. SQLite counts a whole table from its page headers; Postgres reads
 *   it, so capped there the leads are counted no further than reads + cap.
 * - an agent's unread leads are the row rule itself on Postgres, which hashes their reads and
 *   scans their leads once (a hash anti join). SQLite would probe lead_reads once per lead, so
 *   there they are the agent's lead ids EXCEPT the ids they read, two lists in id order from
 *   the (agent_id, id) and (user_id, application_id) indexes that it merges, stopping at the cap.
 *   A read of a lead since given to another agent drops out of both.
 */
export function unreadLeadsCountSql(actor: SessionUser, { cap }: { cap?: number } = {}) {
  if (cap !== undefined && !(Number.isSafeInteger(cap) && cap > 0)) {
    throw new RangeError("cap must be a positive integer");
  }
  const atMostCap = (sql: string) => (cap ? `SELECT ${isPostgres ? "LEAST" : "MIN"}(${cap}, (${sql}))` : sql);
  if (actor.role === "admin") {
    const reads = "SELECT COUNT(*) FROM lead_reads r WHERE r.user_id = :userId";
    if (cap && isPostgres) {
      return `WITH reads AS (${reads.replace("COUNT(*)", "COUNT(*) AS n")})
        SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM applications LIMIT (SELECT n FROM reads) + ${cap}) leads)
          - (SELECT n FROM reads)`;
    }
    return atMostCap(`SELECT (SELECT COUNT(*) FROM applications) - (${reads})`);
  }
  if (isPostgres) return atMostCap(`SELECT COUNT(*) FROM applications a WHERE ${unreadLeadsWhereSql(actor)}`);
  return `SELECT COUNT(*) FROM (SELECT a.id FROM applications a WHERE a.agent_id = :agentId
    EXCEPT SELECT r.application_id FROM lead_reads r WHERE r.user_id = :userId ORDER BY 1${cap ? ` LIMIT ${cap}` : ""}) unread`;
}

export function unreadLeadReplacements(actor: SessionUser) {
  return { userId: actor.id, agentId: actor.agent?.id ?? null };
}

/** GET /api/leads/unread-count. */
export async function countUnreadLeads(actor: SessionUser): Promise<number> {
  const { count } = await numbersInOneStatement({ count: unreadLeadsCountSql(actor) }, unreadLeadReplacements(actor));
  return count;
}

/**
 * At most this many ids answer GET /api/leads/unread-ids: the newest unread leads. The list marks
 * New Lead badges on the rows a page shows, and no page shows more; the count stays exact.
 */
export const UNREAD_IDS_LIMIT = 1000;

/** The ids of the user's unread leads (an agent's own only), newest first, at most UNREAD_IDS_LIMIT. */
export async function unreadLeadIds(actor: SessionUser): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    `SELECT a.id FROM applications a WHERE ${unreadLeadsWhereSql(actor)} ORDER BY a.created_at DESC, a.id DESC LIMIT ${UNREAD_IDS_LIMIT}`,
    unreadLeadReplacements(actor),
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
