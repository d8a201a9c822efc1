import type { Transaction } from "sequelize";
import { ActivityLog } from "~db";
import { selectRows } from "./sql.server";

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

export async function recentActivity(limit = 10) {
  // Plain rows with the columns shown, in one statement; SQLite answers date strings, and nulls
  // for a missing user.
  const rows = await selectRows<{
    id: string;
    action: string;
    summary: string;
    createdAt: Date | string;
    firstName: string | null;
    lastName: string | null;
  }>(
    `SELECT l.id, l.action, l.summary, l.created_at AS "createdAt", u.first_name AS "firstName", u.last_name AS "lastName"
     FROM activity_logs l LEFT JOIN users u ON u.id = l.user_id
     ORDER BY l.created_at DESC LIMIT :limit`,
    { limit },
  );
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    summary: row.summary,
    createdAt: new Date(row.createdAt).toISOString(),
    userName: row.firstName !== null ? `${row.firstName} ${row.lastName}` : null,
  }));
}
