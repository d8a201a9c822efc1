import { LeadStatusBadge } from "~/components/leads/status-badge";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate, formatDollars, fullName } from "~/domain/format";
import type { ReportApplication } from "~/services/reports.server";

/** The report's leads: date, name, status, carrier, coverage and monthly premium (part 2, Report). */
export function ReportTable({ rows, timezone, empty }: { rows: ReportApplication[]; timezone: string; empty: string }) {
  const columns: Column<ReportApplication>[] = [
    { header: "Date", cell: (row) => formatDate(row.createdAt, timezone), className: "sm:whitespace-nowrap" },
    {
      header: "Name",
      cell: (row) => fullName(row),
      truncate: true,
      title: (row) => fullName(row),
    },
    { header: "Status", cell: (row) => <LeadStatusBadge status={row.status} /> },
    {
      header: "Carrier",
      cell: (row) => row.carrier?.name ?? "None",
      truncate: true,
      title: (row) => row.carrier?.name,
    },
    { header: "Coverage", cell: (row) => formatDollars(row.coverageAmount) ?? "None", align: "right" },
    { header: "Monthly Premium", cell: (row) => formatDollars(row.monthlyPremium) ?? "None", align: "right" },
  ];
  return <DataTable caption="Report leads" columns={columns} rows={rows} rowKey={(row) => row.id} empty={empty} />;
}
