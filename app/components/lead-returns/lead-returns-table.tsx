import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDateTime } from "~/domain/format";
import { ageText, leadReturnStatusStyle } from "~/domain/lead-returns";
import type { LeadReturnView } from "~/services/lead-returns.server";
import { hrefWith } from "~/utils/list";

const linkClass = "font-medium text-brand-700 hover:underline [overflow-wrap:anywhere]";
const actionClass =
  "inline-flex min-h-10 items-center justify-center rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-inset";

/** The requests: lead, agent, source, reason, notes, age; Approve and Deny on a pending one. */
export function LeadReturnsTable({
  rows,
  here,
  timezone,
  now,
  empty,
}: {
  rows: LeadReturnView[];
  here: string;
  timezone: string;
  /** The loader's clock, so the server's and the browser's ages agree. */
  now: number;
  empty: string;
}) {
  const columns: Column<LeadReturnView>[] = [
    {
      header: "Lead",
      cell: (row) => (
        <Link to={`/applications/${row.applicationId}`} className={linkClass}>
          {row.leadName}
        </Link>
      ),
    },
    { header: "Agent", cell: (row) => row.agentName ?? "No agent" },
    { header: "Source", cell: (row) => row.sourceName ?? "No source" },
    { header: "Reason", cell: (row) => row.reasonLabel },
    {
      header: "Notes",
      valueClassName: "max-w-xs [overflow-wrap:anywhere] whitespace-pre-line",
      cell: (row) => row.notes ?? "—",
    },
    {
      header: "Age",
      valueClassName: "whitespace-nowrap",
      cell: (row) => (
        <time dateTime={row.createdAt} title={formatDateTime(row.createdAt, timezone)}>
          {ageText(row.createdAt, now)}
        </time>
      ),
    },
    {
      header: "Status",
      valueClassName: "space-y-1",
      cell: (row) => {
        const style = leadReturnStatusStyle(row.status);
        return (
          <>
            <Badge className={style.className}>{style.label}</Badge>
            {row.decidedAt ? (
              <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">
                {row.decidedByName ? `${row.decidedByName}, ` : ""}
                <time dateTime={row.decidedAt}>{formatDateTime(row.decidedAt, timezone)}</time>
                {row.decisionNote ? ` · ${row.decisionNote}` : ""}
              </span>
            ) : null}
          </>
        );
      },
    },
    {
      header: "Actions",
      actions: true,
      valueClassName: "flex flex-wrap gap-2 sm:flex-nowrap",
      cell: (row) =>
        row.status === "pending" ? (
          <>
            <Link
              to={hrefWith(here, { dialog: "approve", id: row.id })}
              preventScrollReset
              className={`${actionClass} text-green-800 ring-green-300 hover:bg-green-50`}
            >
              Approve<span className="sr-only"> the return of {row.leadName}</span>
            </Link>
            <Link
              to={hrefWith(here, { dialog: "deny", id: row.id })}
              preventScrollReset
              className={`${actionClass} text-red-700 ring-red-200 hover:bg-red-50`}
            >
              Deny<span className="sr-only"> the return of {row.leadName}</span>
            </Link>
          </>
        ) : null,
    },
  ];
  return <DataTable caption="Return requests" columns={columns} rows={rows} rowKey={(row) => row.id} empty={empty} />;
}
