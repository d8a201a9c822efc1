import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { digitsOnly, formatDate, formatDateTime, formatDollars, formatPhone } from "~/domain/format";
import { CALLBACK_STATUSES } from "~/domain/statuses";
import type { AgentLeadRow } from "~/services/lead-reads.server";
import { hrefWith } from "~/utils/list";
import { LeadActionIcon, LeadActionIconSprite } from "./lead-action-icons";
import { leadRowId } from "./lead-links";
import { LeadStatusBadge } from "./status-badge";

const action = "row-action sm:px-0";

/** Short texts (a name, "Commission Ready", an amount) wrap at spaces only, never inside a word. */
const whole = "[overflow-wrap:normal]";

export const NEW_LEAD_BADGE = "bg-red-50 text-red-700 ring-red-600/20";

/**
 * My Leads' table: every column of part 2 (lead details with the best way to reach them, agent,
 * status, carrier and product with the Commission Ready hint, coverage and premium, commission or
 * TBD with payments paid of total, submitted date in the user's time zone) and the row actions.
 * Unread leads carry a New Lead badge; the highlighted lead's row stands out. Below 640 px each
 * row is a card (DataTable).
 */
export function MyLeadsTable({
  leads,
  here,
  timezone,
  highlight,
  readyCarriers,
  empty,
}: {
  leads: AgentLeadRow[];
  here: string;
  timezone: string;
  highlight: string | null;
  readyCarriers: string[];
  empty: string;
}) {
  const open = (dialog: string, id: string) => hrefWith(here, { dialog, id });
  const columns: Column<AgentLeadRow>[] = [
    {
      header: "Lead Details",
      className: "sm:min-w-52",
      cell: (lead) => (
        <div className="space-y-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            <Link to={open("details", lead.id)} preventScrollReset className="[overflow-wrap:anywhere] hover:underline">
              {lead.firstName} {lead.lastName}
            </Link>
            {lead.isUnread ? <Badge className={NEW_LEAD_BADGE}>New Lead</Badge> : null}
          </p>
          <p className="text-xs [overflow-wrap:anywhere] text-slate-600">
            {lead.email ?? (lead.primaryPhone ? formatPhone(lead.primaryPhone) : "No contact info")}
          </p>
          <p className="text-xs text-slate-600">
            {[lead.city, lead.state].filter(Boolean).join(", ") || "No address"}
            {lead.gender ? ` · ${lead.gender[0]!.toUpperCase()}${lead.gender.slice(1)}` : ""}
            {lead.weight !== null ? ` · ${lead.weight} lbs` : ""}
          </p>
        </div>
      ),
    },
    {
      header: "Agent",
      cell: (lead) => <span className={whole}>{`${lead.agent.user.firstName} ${lead.agent.user.lastName}`}</span>,
    },
    {
      header: "Status",
      cell: (lead) => (
        <div className="space-y-1">
          <LeadStatusBadge status={lead.status} />
          {lead.callbackDate && CALLBACK_STATUSES.some((s) => s === lead.status) ? (
            <p className="text-xs text-slate-600">{formatDateTime(lead.callbackDate, timezone)}</p>
          ) : null}
        </div>
      ),
    },
    {
      header: "Carrier / Product",
      cell: (lead) => (
        <div className={`space-y-0.5 ${whole}`}>
          <p className="[overflow-wrap:anywhere] text-slate-900">{lead.carrier?.name ?? "No carrier"}</p>
          {lead.productName ? (
            <p className="text-xs text-slate-600">{lead.productName}</p>
          ) : lead.carrierId && readyCarriers.includes(lead.carrierId) ? (
            <p className="text-xs font-medium text-green-700">Commission Ready</p>
          ) : lead.carrierId ? (
            <p className="text-xs text-orange-700">No products for this carrier yet</p>
          ) : null}
        </div>
      ),
    },
    {
      header: "Coverage & Premium",
      cell: (lead) => (
        <div className={whole}>
          <p className="text-slate-900">{formatDollars(lead.coverageAmount) ?? "—"}</p>
          <p className="text-xs text-slate-600">
            {lead.monthlyPremium !== null ? `${formatDollars(lead.monthlyPremium)}/mo` : "No premium"}
          </p>
        </div>
      ),
    },
    {
      header: "Commission",
      cell: (lead) => (
        <div className={whole}>
          <p className="font-medium text-slate-900">{formatDollars(lead.calculatedCommission) ?? "TBD"}</p>
          {lead.payments.total > 0 ? (
            <p className="text-xs text-slate-600">
              {lead.payments.paid}/{lead.payments.total} payments
            </p>
          ) : null}
        </div>
      ),
    },
    {
      header: "Submitted",
      cell: (lead) => <time dateTime={lead.createdAt}>{formatDate(lead.createdAt, timezone)}</time>,
      className: "sm:whitespace-nowrap",
    },
    {
      header: "Actions",
      actions: true,
      cell: (lead) => {
        const name = `${lead.firstName} ${lead.lastName}`;
        const item = (icon: "details" | "edit" | "call" | "status", word: string, spoken: string) => (
          <>
            <LeadActionIcon name={icon} />
            <span className="sm:sr-only">{word}</span>
            <span className="sr-only"> {spoken}</span>
          </>
        );
        return (
          <div className="flex flex-wrap gap-1.5 sm:grid sm:w-max sm:grid-cols-2">
            <Link to={open("details", lead.id)} preventScrollReset className={action} title="View details">
              {item("details", "Details", `of ${name}`)}
            </Link>
            <Link to={open("edit", lead.id)} preventScrollReset className={action} title="Edit application">
              {item("edit", "Edit", `the application of ${name}`)}
            </Link>
            {lead.primaryPhone ? (
              <a
                href={`tel:${digitsOnly(lead.primaryPhone)}`}
                className={action}
                title={`Call ${formatPhone(lead.primaryPhone)}`}
              >
                {item("call", "Call", name)}
              </a>
            ) : null}
            <Link to={open("status", lead.id)} preventScrollReset className={action} title="Update status">
              {item("status", "Status", `of ${name}`)}
            </Link>
          </div>
        );
      },
    },
  ];
  return (
    <>
      <LeadActionIconSprite />
      <DataTable
        caption="My Leads"
        columns={columns}
        rows={leads}
        rowKey={(lead) => lead.id}
        empty={empty}
        dense
        rowProps={(lead) => ({
          id: leadRowId(lead.id),
          className:
            lead.id === highlight
              ? "bg-amber-50 outline-2 -outline-offset-2 outline-amber-400 scroll-mt-24"
              : lead.isUnread
                ? "bg-red-50/40"
                : undefined,
          "aria-current": lead.id === highlight ? "true" : undefined,
        })}
      />
    </>
  );
}
