import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import type { NotificationView } from "~/services/notifications.server";
import { useIsPending } from "~/utils/pending";
import { NotificationList, notificationsAction } from "./notification-list";

// What the bell's menu holds once it is open: its own module, fetched the first time the menu
// opens (app/components/shell/notification-bell.tsx), so pages do not ship it on first load.

/** The bell lists 20 (part 1, section 9): NOTIFICATION_LIMIT_DEFAULT, whose module brings zod along. */
const BELL_LIMIT = 20;

type Loaded = { status: "loading" } | { status: "failed" } | { status: "ready"; rows: NotificationView[] };

/**
 * The latest notifications, asked for when the menu opens, again after every navigation while it
 * is open (a change posted from it comes back as one), and when the polled count moves.
 */
function useLatestNotifications(unread: number): Loaded {
  const location = useLocation();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/notifications?limit=${BELL_LIMIT}`, {
      headers: { Accept: "application/json" },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        setLoaded({ status: "ready", rows: (await response.json()) as NotificationView[] });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ status: "failed" });
      });
    return () => controller.abort();
  }, [location.key, unread]);
  return loaded;
}

function PanelMessage({ failed = false }: { failed?: boolean }) {
  return (
    <p role={failed ? "alert" : "status"} className="px-4 py-8 text-center text-sm text-slate-600">
      {failed ? "Failed to fetch notifications" : "Loading notifications..."}
    </p>
  );
}

/** A compact submit button for the menu's header, with its busy label while its post is on its way. */
function MenuAction({
  intent,
  pendingLabel,
  disabled,
  danger = false,
  children,
}: {
  intent: string;
  pendingLabel: string;
  disabled: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  const pending = useIsPending({ intent });
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={`min-h-9 rounded-md px-2 text-sm font-medium hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 ${danger ? "text-red-700" : "text-brand-700"}`}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

/**
 * The menu's heading, Mark all read and Clear all, the list and a link to the page. Every form
 * posts to the /notifications page's action and comes back to this page (`redirectTo`), so the
 * shell's badge is fresh at once. Clear all closes the menu as it goes (`onClearAll`).
 */
export default function NotificationPanel({
  unread,
  timezone,
  onClearAll,
}: {
  unread: number;
  timezone: string;
  onClearAll: () => void;
}) {
  const loaded = useLatestNotifications(unread);
  const location = useLocation();
  const here = location.pathname + location.search;
  const action = notificationsAction(here);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-2">
        <h2 className="text-base font-semibold text-slate-900">Notifications</h2>
        <div className="flex items-center gap-1">
          <Form method="post" action={action} preventScrollReset>
            <MenuAction intent="read-all" pendingLabel="Marking..." disabled={unread === 0}>
              Mark all read
            </MenuAction>
          </Form>
          <Form method="post" action={action} preventScrollReset onSubmit={onClearAll}>
            <MenuAction
              intent="clear-all"
              pendingLabel="Clearing..."
              disabled={loaded.status === "ready" && loaded.rows.length === 0}
              danger
            >
              Clear all
            </MenuAction>
          </Form>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {loaded.status === "ready" ? (
          <NotificationList
            notifications={loaded.rows}
            timezone={timezone}
            label="Latest notifications"
            redirectTo={here}
          />
        ) : (
          <PanelMessage failed={loaded.status === "failed"} />
        )}
      </div>
      <div className="border-t border-slate-200 px-4 py-2 text-center">
        <Link to="/notifications" className="text-sm font-medium text-brand-700 hover:underline">
          Open the notifications page
        </Link>
      </div>
    </>
  );
}
