import { Link } from "@remix-run/react";
import { BreakableEmail } from "~/components/ui/breakable-email";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate, formatMoney, formatPhone, fullName } from "~/domain/format";
import type { RecentLead } from "~/services/dashboard.server";
import { leadRowId } from "./lead-links";
import { LeadStatusBadge } from "./status-badge";

const rowAction = "row-action px-3";

/**
 * The dashboards' Recent Leads. The admin sees whose lead it is; an agent (whose leads they all
 * are) sees the coverage and how to reach the lead instead.
 */
export function RecentLeadsTable({
  leads,
  timezone,
  view,
  empty,
}: {
  leads: RecentLead[];
  timezone: string;
  view: "admin" | "agent";
  empty: string;
}) {
  const lead: Column<RecentLead> = {
    header: "Lead",
    cell: (row) => (
      <>
        <p className="font-medium text-slate-900">{fullName(row)}</p>
        <p className="text-xs text-slate-600">
          {view === "admin" ? (
            <BreakableEmail email={row.email ?? ""} />
          ) : row.primaryPhone ? (
            formatPhone(row.primaryPhone)
          ) : (
            "No phone"
          )}
        </p>
      </>
    ),
  };
  const columns: Column<RecentLead>[] = [
    lead,
    ...(view === "admin"
      ? [
          {
            header: "Agent",
            cell: (row: RecentLead) => (row.agent ? fullName(row.agent) : "Unassigned"),
          },
        ]
      : []),
    { header: "Status", cell: (row) => <LeadStatusBadge status={row.status} /> },
    ...(view === "agent"
      ? [{ header: "Coverage", cell: (row: RecentLead) => formatMoney(row.coverageAmountCents) }]
      : []),
    { header: view === "admin" ? "Premium per month" : "Premium", cell: (row) => formatMoney(row.monthlyPremiumCents) },
    { header: "Date", cell: (row) => formatDate(row.createdAt, timezone), className: "sm:whitespace-nowrap" },
    {
      header: "Actions",
      actions: true,
      // The agent's Edit opens the lead's row in My Leads (part 2); the admin's View, the lead's page.
      cell: (row) =>
        view === "agent" ? (
          <Link
            to={`/agent/leads?highlight=${row.id}#${leadRowId(row.id)}`}
            className={rowAction}
            aria-label={`Edit ${fullName(row)}`}
          >
            Edit
          </Link>
        ) : (
          <Link to={`/applications/${row.id}`} className={rowAction} aria-label={`View ${fullName(row)}`}>
            View
          </Link>
        ),
    },
  ];
  return (
    <DataTable caption="Recent Leads" columns={columns} rows={leads} rowKey={(row) => row.id} empty={empty} dense />
  );
}
