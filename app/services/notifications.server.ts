import type { Transaction } from "sequelize";
import { Notification, User } from "~db";
import {
  NOTIFICATION_LIMIT_DEFAULT,
  NOTIFICATION_LIMIT_MESSAGE,
  notificationLimitField,
} from "~/domain/schemas/notifications";
import { badRequest, notFound } from "./errors.server";
import { isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { sql, type Sql } from "./sql/reads.server";

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

const VIEW_ATTRIBUTES = ["id", "type", "title", "message", "isRead", "createdAt", "applicationId"];

/** From a model or a raw row (SQLite's raw reads give dates as strings and booleans as 0/1). */
function toView(row: Notification): NotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: Boolean(row.isRead),
    createdAt: new Date(row.createdAt).toISOString(),
    applicationId: row.applicationId ?? null,
  };
}

/** What an admin's bell says about an event: the spec's three types, and these two for an admin's queue. */
export type AdminNotice = {
  type: "new_lead" | "agent_registration" | "password_reset_request";
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
  return Notification.count({ where: { userId: actor.id, isRead: false } });
}

/** The actor's newest notifications, read or not: `limit` of them (1..100, default 20). */
export async function listNotifications(
  actor: SessionUser,
  { limit = NOTIFICATION_LIMIT_DEFAULT }: { limit?: number } = {},
): Promise<NotificationView[]> {
  const parsed = notificationLimitField.safeParse(limit);
  if (!parsed.success) throw badRequest(NOTIFICATION_LIMIT_MESSAGE, { limit: [NOTIFICATION_LIMIT_MESSAGE] });
  const rows = await Notification.findAll({
    where: { userId: actor.id },
    attributes: VIEW_ATTRIBUTES,
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
    limit: parsed.data,
    raw: true,
  });
  return rows.map(toView);
}

/** Marks one of the actor's notifications read; already read is fine. Anyone else's is a 404. */
export async function markNotificationRead(actor: SessionUser, id: string): Promise<NotificationView> {
  const row = isUuid(id)
    ? await Notification.findOne({ where: { id, userId: actor.id }, attributes: VIEW_ATTRIBUTES })
    : null;
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  if (!row.isRead) {
    await Notification.update({ isRead: true }, { where: { id, userId: actor.id } });
  }
  return { ...toView(row), isRead: true };
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
