import crypto from "node:crypto";
import { z } from "zod";
import { forbidden } from "./errors.server";
import type { SessionUser } from "./sessions.server";
import { unreadLeadsCount } from "./leads.server";
import { column, selectOne, sql, type Sql } from "./sql/reads.server";
import { CUBE, WIDEST_LEVEL } from "./sql/report-summaries.server";

/**
 * What a lead list's version is made of (decision 057): how many leads there are, the newest one,
 * the latest change recorded on a lead (every change a user makes to a lead, its phones or its
 * payments writes the activity log), the latest update of a lead row, and how many leads the
 * reader has not opened (the New Lead badges and "unread only"; a read mark changes it). Each is
 * answered from an index, the kept unread count (one row, decision 024) or, for an agent, from
 * their own leads alone.
 */
const VersionParts = z.object({
  leads: column.integer.nullable(),
  created: column.isoDate.nullable(),
  updated: column.isoDate.nullable(),
  logged: column.isoDate.nullable(),
  unread: column.integer,
});

/**
 * An agent's own leads only: nothing about another agent's leads goes into it. Each part from an
 * index or a few kept rows, whatever the size of the book (decision 060): how many leads from the
 * report summaries' widest buckets, the latest lead update from (agent_id, updated_at), the latest
 * logged change from the entries that name the agent's lead (lead_agent_id, created_at).
 */
function agentVersionSql(agentId: string, unread: Sql) {
  return sql`SELECT
    (SELECT SUM(s.leads) FROM report_summaries s
      WHERE s.cube = ${CUBE.agent} AND s.agent_id = ${agentId} AND s.level = ${WIDEST_LEVEL}) AS leads,
    NULL AS created,
    (SELECT MAX(a.updated_at) FROM applications a WHERE a.agent_id = ${agentId}) AS updated,
    (SELECT MAX(l.created_at) FROM activity_logs l WHERE l.lead_agent_id = ${agentId}) AS logged,
    (${unread}) AS unread`;
}

/**
 * Every lead, without reading them: the newest by the created_at index and the latest lead change
 * by walking the activity log's (created_at, id) index back to its first lead entry. No lead is
 * ever deleted (an erased lead is an update), so a count adds nothing and would read them all.
 */
function adminVersionSql(unread: Sql) {
  return sql`SELECT
    NULL AS leads,
    (SELECT MAX(a.created_at) FROM applications a) AS created,
    NULL AS updated,
    (SELECT l.created_at FROM activity_logs l WHERE l.entity_type = 'application'
      ORDER BY l.created_at DESC, l.id DESC LIMIT 1) AS logged,
    (${unread}) AS unread`;
}

/**
 * The version of the lead list the user sees, My Leads for an agent and All Leads for an admin:
 * an opaque text that changes when anything the list shows may have changed, so the 60 s refresh
 * asks for this (one small statement) and re-reads the page only when it differs from the one
 * the page was read with. Anyone else is refused (403).
 */
export async function leadListVersion(actor: SessionUser): Promise<string> {
  let statement;
  if (actor.role === "agent" && actor.agent) statement = agentVersionSql(actor.agent.id, unreadLeadsCount(actor));
  else if (actor.role === "admin") statement = adminVersionSql(unreadLeadsCount(actor));
  else throw forbidden();
  const parts = await selectOne(statement, VersionParts);
  return crypto.createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 22);
}
