import type { Transaction } from "sequelize";
import { ActivityLog } from "~db";
import { selectRows, type ListQuery } from "./sql.server";

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
  await ActivityLog.create(
    {
      userId: entry.userId ?? null,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId ?? null,
      summary: entry.summary.slice(0, 500),
    },
    { transaction: options.transaction },
  );
}

type ActivityRow = {
  id: string;
  action: string;
  summary: string;
  createdAt: Date | string;
  firstName: string | null;
  lastName: string | null;
};

/**
 * The newest `:activityLimit` entries of the audit trail with their user's name, as a list that
 * rides in the admin dashboard's one statement (pageReads) or runs alone (recentActivity).
 */
export const RECENT_ACTIVITY_LIST: ListQuery = {
  sql: `SELECT l.id, l.action, l.summary, l.created_at AS "createdAt", u.first_name AS "firstName", u.last_name AS "lastName"
     FROM activity_logs l LEFT JOIN users u ON u.id = l.user_id
     ORDER BY l.created_at DESC LIMIT :activityLimit`,
  columns: ["id", "action", "summary", "createdAt", "firstName", "lastName"],
};

/** An entry as a page shows it; SQLite answers date strings, and nulls for a missing user. */
export function toActivityEntry(row: Record<string, unknown>) {
  const entry = row as ActivityRow;
  return {
    id: entry.id,
    action: entry.action,
    summary: entry.summary,
    createdAt: new Date(entry.createdAt).toISOString(),
    userName: entry.firstName !== null ? `${entry.firstName} ${entry.lastName}` : null,
  };
}

/** The newest entries of the audit trail, newest first. */
export async function recentActivity(limit = 10) {
  const rows = await selectRows<Record<string, unknown>>(RECENT_ACTIVITY_LIST.sql, { activityLimit: limit });
  return rows.map(toActivityEntry);
}
