import type { Transaction } from "sequelize";
import { z } from "zod";
import { Notification, User } from "~db";
import {
  NOTIFICATION_LIMIT_DEFAULT,
  NOTIFICATION_LIMIT_MESSAGE,
  notificationLimitField,
} from "~/domain/schemas/notifications";
import { badRequest, notFound } from "./errors.server";
import { isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, selectOne, selectRows, sql, type Sql } from "./sql/reads.server";

// A user's notifications (the header's bell). Each user only ever sees and touches their own:
// every query is scoped by the actor's id, so another user's notification is simply not found.

/** A user's unread notifications, as the FROM and WHERE of a count in the shell's one statement. */
export function unreadNotifications(userId: string): Sql {
  return sql`notifications n WHERE n.user_id = ${userId} AND n.is_read = ${false}`;
}

const NOTIFICATION_NOT_FOUND = "Notification not found";

/** A notification as the bell and the API show it (part 1, section 3), with the lead it opens. */
export type NotificationView = {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  applicationId: string | null;
};

/** A notification's columns over `notifications n`, and the row they read into. */
const NOTIFICATION_COLUMNS = sql`n.id, n.type, n.title, n.message, n.is_read AS "isRead", n.created_at AS "createdAt",
  n.application_id AS "applicationId"`;

const NotificationRow = z.object({
  id: column.text,
  type: column.text,
  title: column.text,
  message: column.text,
  isRead: column.boolean,
  createdAt: column.isoDate,
  applicationId: column.text.nullable(),
}) satisfies z.ZodType<NotificationView, z.ZodTypeDef, unknown>;

/** What an admin's bell says about an event: the spec's three types, and these three for an admin's queue. */
export type AdminNotice = {
  type: "new_lead" | "agent_registration" | "password_reset_request" | "lead_return_request";
  title: string;
  message: string;
  applicationId?: string | null;
};

/**
 * One notification per administrator for an event waiting for them (a new lead, a registration
 * to approve, a reset request to review). The admins are read inside the caller's transaction, so
 * the list is the one the event is written against.
 */
export async function adminNotifications(notice: AdminNotice, transaction?: Transaction) {
  const admins = await User.findAll({ where: { role: "admin" }, attributes: ["id"], raw: true, transaction });
  return admins.map((admin) => ({ ...notice, applicationId: notice.applicationId ?? null, userId: admin.id }));
}

/** Tells every administrator of an event, in one insert. */
export async function notifyAdmins(notice: AdminNotice, transaction?: Transaction) {
  const rows = await adminNotifications(notice, transaction);
  if (rows.length) await Notification.bulkCreate(rows, { transaction });
}

export async function countUnreadNotifications(actor: SessionUser): Promise<number> {
  const row = await selectOne(
    sql`SELECT COUNT(*) AS "count" FROM ${unreadNotifications(actor.id)}`,
    z.object({ count: column.integer }),
  );
  return row?.count ?? 0;
}

/** The actor's newest notifications, read or not: `limit` of them (1..100, default 20). */
export async function listNotifications(
  actor: SessionUser,
  { limit = NOTIFICATION_LIMIT_DEFAULT }: { limit?: number } = {},
): Promise<NotificationView[]> {
  const parsed = notificationLimitField.safeParse(limit);
  if (!parsed.success) throw badRequest(NOTIFICATION_LIMIT_MESSAGE, { limit: [NOTIFICATION_LIMIT_MESSAGE] });
  return selectRows(
    sql`SELECT ${NOTIFICATION_COLUMNS} FROM notifications n WHERE n.user_id = ${actor.id}
        ORDER BY n.created_at DESC, n.id DESC LIMIT ${parsed.data}`,
    NotificationRow,
  );
}

/** Marks one of the actor's notifications read; already read is fine. Anyone else's is a 404. */
export async function markNotificationRead(actor: SessionUser, id: string): Promise<NotificationView> {
  const row = isUuid(id)
    ? await selectOne(
        sql`SELECT ${NOTIFICATION_COLUMNS} FROM notifications n WHERE n.id = ${id} AND n.user_id = ${actor.id}`,
        NotificationRow,
      )
    : null;
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  if (!row.isRead) {
    await Notification.update({ isRead: true }, { where: { id, userId: actor.id } });
  }
  return { ...row, isRead: true };
}

/** Marks every unread notification of the actor read; answers how many changed. */
export async function markAllNotificationsRead(actor: SessionUser): Promise<number> {
  const [updated] = await Notification.update({ isRead: true }, { where: { userId: actor.id, isRead: false } });
  return updated;
}

/** Deletes every notification of the actor (and no one else's); answers how many went. */
export async function clearAllNotifications(actor: SessionUser): Promise<number> {
  return Notification.destroy({ where: { userId: actor.id } });
}
