import { Notification } from "~db";
import type { SessionUser } from "./sessions.server";

// A user's notifications (the header's bell). Each user only ever sees their own.

/** SQL for one COUNT(*) of the :userId's unread notifications, for the shell's one statement. */
export const UNREAD_NOTIFICATIONS_COUNT_SQL =
  "SELECT COUNT(*) FROM notifications n WHERE n.user_id = :userId AND n.is_read = :read";

export async function countUnreadNotifications(actor: SessionUser): Promise<number> {
  return Notification.count({ where: { userId: actor.id, isRead: false } });
}
