import type { Transaction } from "sequelize";
import { ActivityLog, User } from "~db";

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
  // Plain rows with the columns shown; SQLite answers date strings, and nulls for a missing user.
  const rows = (await ActivityLog.findAll({
    attributes: ["id", "action", "summary", "createdAt"],
    order: [["createdAt", "DESC"]],
    limit,
    include: [{ model: User, as: "user", attributes: ["firstName", "lastName"] }],
    raw: true,
    nest: true,
  })) as unknown as (Pick<ActivityLog, "id" | "action" | "summary"> & {
    createdAt: Date | string;
    user: { firstName: string | null; lastName: string | null };
  })[];
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    summary: row.summary,
    createdAt: new Date(row.createdAt).toISOString(),
    userName: row.user.firstName !== null ? `${row.user.firstName} ${row.user.lastName}` : null,
  }));
}
