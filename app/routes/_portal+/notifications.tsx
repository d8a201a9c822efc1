import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { NotificationList } from "~/components/notifications/notification-list";
import type { PageHandle } from "~/components/shell/app-shell";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SubmitButton } from "~/components/ui/submit-button";
import { NOTIFICATION_LIMIT_DEFAULT } from "~/domain/schemas/notifications";
import {
  clearAllNotifications,
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/services/notifications.server";
import { requirePortalUser, safeRedirect } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { redirectWithToast } from "~/utils/toast.server";

// The bell's page (issue 10, item 9): the latest 20 notifications of the signed-in user, for an
// admin or an agent in their own shell (the _portal+ layout). It is what the bell links to
// without JavaScript, and its action is where the bell's menu posts with it: opening one marks it
// read and goes to its lead, and Mark all read and Clear all return to `redirectTo` (the page the
// menu was opened on) or here.

export const handle: PageHandle = { title: "Notifications", subtitle: "Your latest 20" };
export const meta: MetaFunction = () => [{ title: "Notifications | Agency CRM" }];

const PAGE = "/notifications";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const [notifications, unread] = await Promise.all([
    listNotifications(user, { limit: NOTIFICATION_LIMIT_DEFAULT }),
    countUnreadNotifications(user),
  ]);
  // The confirmation is addressed by the URL, so it works without JavaScript.
  const confirmClear = new URL(request.url).searchParams.get("dialog") === "clear-all";
  return { notifications, unread, timezone: user.timezone, confirmClear };
}

/** Where an admin decides what a notification of this type asks for. */
const ADMIN_QUEUES: Partial<Record<string, string>> = {
  agent_registration: "/admin/agent-approval",
  password_reset_request: "/admin/password-reset-requests",
  lead_return_request: "/admin/lead-returns",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const back = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), PAGE);
  return runIntent(request, {
    back,
    // The spec's error catalogue (part 1, section 8).
    failures: {
      open: { title: "Failed to mark notification as read" },
      "read-all": { title: "Failed to mark all notifications as read" },
      "clear-all": { title: "Failed to clear all notifications" },
    },
    intents: {
      open: async (form) => {
        const notification = await markNotificationRead(user, String(form.get("id") ?? ""));
        // Its lead opens as it is; the lead's page decides who may see it.
        if (notification.applicationId) return redirect(`/applications/${notification.applicationId}`);
        // An admin's queue notice opens the queue where it is decided.
        const queue = user.role === "admin" ? ADMIN_QUEUES[notification.type] : undefined;
        if (queue) return redirect(queue);
        return redirectWithToast(back, { title: "Notification marked as read" });
      },
      "read-all": async () => {
        await markAllNotificationsRead(user);
        return redirectWithToast(back, { title: "All notifications marked as read" });
      },
      "clear-all": async () => {
        await clearAllNotifications(user);
        return redirectWithToast(back, { title: "All notifications cleared" });
      },
    },
  });
}

export default function NotificationsPage() {
  const { notifications, unread, timezone, confirmClear } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {unread > 0 ? `${unread} unread` : notifications.length > 0 ? "All read" : "You are all caught up."}
        </p>
        <div className="flex flex-wrap gap-2">
          <Form method="post" action={PAGE} preventScrollReset>
            <SubmitButton intent="read-all" pendingLabel="Marking..." variant="secondary" disabled={unread === 0}>
              Mark all read
            </SubmitButton>
          </Form>
          {notifications.length > 0 ? (
            <ButtonLink to={`${PAGE}?dialog=clear-all`} variant="secondary" preventScrollReset>
              Clear all
            </ButtonLink>
          ) : null}
        </div>
      </div>

      <Card className="overflow-hidden">
        <h2 className="sr-only">Latest notifications</h2>
        <NotificationList notifications={notifications} timezone={timezone} label="Latest notifications" />
      </Card>

      {confirmClear ? (
        <ConfirmDialog
          title="Clear all notifications"
          closeTo={PAGE}
          intent="clear-all"
          fields={{}}
          confirmLabel="Clear all"
          pendingLabel="Clearing..."
          danger
        >
          <p>Every one of your notifications will be deleted, read or not. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
