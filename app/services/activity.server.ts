import type { Transaction } from "sequelize";
import { z } from "zod";
import { ActivityLog, Application } from "~db";
import { column, listColumn, selectRows, sql } from "./sql/reads.server";
import { fullName } from "~/domain/format";

/** Pass the caller's transaction when the entry must stand or fall with the change it records. */
export async function logActivity(
  entry: {
    userId?: string | null;
    action: string;
    entityType?: string;
    entityId?: string | null;
    summary: string;
  },
  options: { transaction?: Transaction } = {},
) {
  // An entry about a lead names the lead's agent now, so the agent's list version finds their
  // latest change from an index (decision 060).
  const lead =
    entry.entityType === "application" && entry.entityId
      ? await Application.findByPk(entry.entityId, { attributes: ["agentId"], transaction: options.transaction })
      : null;
  await ActivityLog.create(
    {
      userId: entry.userId ?? null,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId ?? null,
      leadAgentId: lead?.agentId ?? null,
      summary: entry.summary.slice(0, 500),
    },
    { transaction: options.transaction },
  );
}

/** An audit-trail entry with its user's name, as SQL reads it (a JSON list column included). */
const ActivityRow = z.object({
  id: column.text,
  action: column.text,
  summary: column.text,
  createdAt: column.isoDate,
  firstName: column.text.nullable(),
  lastName: column.text.nullable(),
});

/** The newest `limit` entries of the audit trail with their user's name, newest first. */
function recentActivitySql(limit: number) {
  return sql`SELECT l.id, l.action, l.summary, l.created_at AS "createdAt", u.first_name AS "firstName", u.last_name AS "lastName"
     FROM activity_logs l LEFT JOIN users u ON u.id = l.user_id
     ORDER BY l.created_at DESC LIMIT ${limit}`;
}

/** The newest entries as a list that rides in the admin dashboard's one statement (pageReads). */
export function recentActivityList(limit: number) {
  return listColumn(recentActivitySql(limit), ActivityRow);
}

/** An entry as a page shows it: nulls for a missing user. */
export function toActivityEntry(entry: z.output<typeof ActivityRow>) {
  return {
    id: entry.id,
    action: entry.action,
    summary: entry.summary,
    createdAt: entry.createdAt,
    userName: entry.firstName !== null ? fullName(entry) : null,
  };
}

/**
 * The newest entries of the audit trail, newest first.
 * @internal
 */
export async function recentActivity(limit = 10) {
  return (await selectRows(recentActivitySql(limit), ActivityRow)).map(toActivityEntry);
}
