import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDateTime } from "~/domain/format";
import { LEAD_IMPORT_STATUS_LABELS, type LeadImportStatusName } from "~/domain/lead-import";
import type { LeadImportView } from "~/services/lead-import.server";

/** What the list of past imports shows of each. */
type ImportListRow = Pick<
  LeadImportView,
  | "id"
  | "fileName"
  | "sourceName"
  | "status"
  | "total"
  | "imported"
  | "duplicates"
  | "alreadyImported"
  | "rejected"
  | "createdAt"
>;

const STATUS_STYLES: Record<LeadImportStatusName, string> = {
  uploaded: "bg-slate-100 text-slate-800",
  queued: "bg-blue-50 text-blue-800",
  running: "bg-blue-50 text-blue-800",
  completed: "bg-green-50 text-green-800",
  failed: "bg-red-50 text-red-800",
};

export function ImportStatusBadge({ status }: { status: LeadImportStatusName }) {
  return <Badge className={STATUS_STYLES[status]}>{LEAD_IMPORT_STATUS_LABELS[status]}</Badge>;
}

const count = (value: number) => value.toLocaleString("en-US");

/** Past imports, newest first; each opens its page (the mapping step, or its progress and counts). */
export function ImportList({ rows, timezone }: { rows: ImportListRow[]; timezone: string }) {
  const columns: Column<ImportListRow>[] = [
    {
      header: "File",
      cell: (row) => (
        <Link
          to={`/admin/leads/import/${row.id}`}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {row.fileName}
        </Link>
      ),
      className: "sm:[&_.cell-value]:[overflow-wrap:break-word]",
    },
    { header: "Source", cell: (row) => row.sourceName ?? <span className="text-slate-600">Not chosen</span> },
    { header: "Status", cell: (row) => <ImportStatusBadge status={row.status} /> },
    { header: "Rows", cell: (row) => count(row.total), align: "right" },
    { header: "Imported", cell: (row) => count(row.imported), align: "right" },
    { header: "Duplicates", cell: (row) => count(row.duplicates + row.alreadyImported), align: "right" },
    { header: "Rejected", cell: (row) => count(row.rejected), align: "right" },
    {
      header: "Uploaded",
      cell: (row) => (
        <time dateTime={new Date(row.createdAt).toISOString()}>{formatDateTime(row.createdAt, timezone)}</time>
      ),
      className: "sm:whitespace-nowrap",
    },
  ];
  return (
    <DataTable
      caption="Past imports"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      empty="No file has been imported yet."
    />
  );
}
