import { Form } from "@remix-run/react";
import { formatDateTime } from "~/domain/format";
import type { NotificationView } from "~/services/notifications.server";
import { useIsPending } from "~/utils/pending";
import { NotificationIcon } from "./notification-icon";

/** Where the notification forms post: the /notifications page's action, back to `redirectTo`. */
export function notificationsAction(redirectTo?: string) {
  return redirectTo ? `/notifications?${new URLSearchParams({ redirectTo })}` : "/notifications";
}

function NotificationItem({
  notification,
  timezone,
  action,
}: {
  notification: NotificationView;
  timezone: string;
  action: string;
}) {
  const { id, type, title, message, isRead, createdAt, applicationId } = notification;
  const pending = useIsPending({ intent: "open", fields: { id } });
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="open"
        disabled={pending}
        aria-busy={pending || undefined}
        className={`flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 disabled:opacity-60 ${isRead ? "" : "bg-brand-50/60"}`}
      >
        <NotificationIcon type={type} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span
              className={`text-sm [overflow-wrap:anywhere] text-slate-900 ${isRead ? "font-medium" : "font-semibold"}`}
            >
              {isRead ? null : <span className="sr-only">Unread: </span>}
              {title}
            </span>
            {isRead ? null : <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-brand-600" />}
          </span>
          <span className="mt-0.5 block text-sm [overflow-wrap:anywhere] text-slate-600">{message}</span>
          <span className="mt-1 block text-xs text-slate-500">
            <time dateTime={createdAt}>{formatDateTime(createdAt, timezone)}</time>
            {applicationId ? <span className="text-brand-700"> · Open lead</span> : null}
          </span>
        </span>
      </button>
    </Form>
  );
}

/**
 * The latest notifications, as the bell's menu and the /notifications page both show them. Each
 * is a form: choosing it marks it read and opens its lead where it has one (post/redirect/get, so
 * it works without JavaScript); `redirectTo` is where the others return to.
 */
export function NotificationList({
  notifications,
  timezone,
  label,
  redirectTo,
}: {
  notifications: NotificationView[];
  timezone: string;
  label: string;
  redirectTo?: string;
}) {
  if (notifications.length === 0) {
    return <p className="px-4 py-8 text-center text-sm text-slate-600">No notifications</p>;
  }
  const action = notificationsAction(redirectTo);
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {notifications.map((notification) => (
        <li key={notification.id}>
          <NotificationItem notification={notification} timezone={timezone} action={action} />
        </li>
      ))}
    </ul>
  );
}
