import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDateTime } from "~/domain/format";
import type { AccountSessionView } from "~/services/account-sessions.server";

const actionClass = "rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-slate-100 min-h-10 sm:min-h-0";

/** The user's sessions, cards on a phone: each but the one in use has its Sign out. */
export function SessionTable({ sessions, timezone }: { sessions: AccountSessionView[]; timezone: string }) {
  const when = (value: string) => <time dateTime={value}>{formatDateTime(value, timezone)}</time>;
  const columns: Column<AccountSessionView>[] = [
    {
      header: "Browser",
      cell: (session) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{session.browser}</span>
          {session.current ? <Badge className="bg-green-100 text-green-800">This device</Badge> : null}
        </span>
      ),
    },
    {
      header: "Address",
      cell: (session) => <span className="font-mono">{session.ipAddress ?? "Unknown"}</span>,
      className: "sm:[overflow-wrap:anywhere]",
    },
    { header: "Signed in", cell: (session) => when(session.createdAt), className: "sm:whitespace-nowrap" },
    { header: "Last seen", cell: (session) => when(session.lastSeenAt), className: "sm:whitespace-nowrap" },
    {
      header: "Actions",
      actions: true,
      cell: (session) =>
        session.current ? (
          <span className="text-sm text-slate-600">In use</span>
        ) : (
          <Form method="post" preventScrollReset className="contents">
            <input type="hidden" name="id" value={session.id} />
            <button
              type="submit"
              name="intent"
              value="end"
              className={actionClass}
              aria-label={`Sign out ${session.browser} from ${session.ipAddress ?? "an unknown address"}`}
            >
              Sign out
            </button>
          </Form>
        ),
    },
  ];
  return (
    <DataTable
      caption="Your sessions"
      columns={columns}
      rows={sessions}
      rowKey={(session) => session.id}
      dense
      empty="No open sessions."
    />
  );
}
