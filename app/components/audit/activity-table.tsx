import { Link } from "@remix-run/react";
import { DataTable, type Column } from "~/components/ui/data-table";
import { leadActivityHref, type ActivityRow } from "~/domain/activity";
import { formatDateTime, shortId } from "~/domain/format";
import { ActivityActionBadge, activityActor } from "./activity-badge";

/** A lead by its name; by its short id only once the lead is gone. */
const leadLabel = (row: ActivityRow) => row.leadName ?? `lead ${shortId(row.applicationId ?? "")}`;

const linkClass = "inline-flex min-h-6 items-center font-medium text-brand-700 underline hover:text-brand-800";

/**
 * The trail's rows: when, who, what, the details and the lead. A lead's cell opens its page and
 * narrows the trail to it. Below 640 px each entry is a card (DataTable).
 */
export function ActivityTable({ rows, timezone, empty }: { rows: ActivityRow[]; timezone: string; empty: string }) {
  const columns: Column<ActivityRow>[] = [
    {
      header: "When",
      cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, timezone)}</time>,
      className: "sm:whitespace-nowrap",
    },
    { header: "User", cell: (row) => activityActor(row.userName), className: "sm:min-w-36" },
    { header: "Action", cell: (row) => <ActivityActionBadge action={row.action} /> },
    { header: "Details", cell: (row) => row.details },
    {
      header: "Lead",
      cell: (row) =>
        row.applicationId ? (
          <span className="flex flex-wrap gap-x-3 gap-y-1">
            <Link to={`/applications/${row.applicationId}`} className={linkClass}>
              <span className="sr-only">Open lead </span>
              {leadLabel(row)}
            </Link>
            <Link to={leadActivityHref(row.applicationId)} className={linkClass}>
              Trail<span className="sr-only"> of {leadLabel(row)}</span>
            </Link>
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        ),
      className: "sm:whitespace-nowrap",
    },
  ];
  return <DataTable caption="Activity" columns={columns} rows={rows} rowKey={(row) => row.id} empty={empty} />;
}
