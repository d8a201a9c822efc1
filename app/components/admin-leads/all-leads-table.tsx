import { Link } from "@remix-run/react";
import { LeadActionIcon, LeadActionIconSprite } from "~/components/leads/lead-action-icons";
import { leadRowId } from "~/components/leads/lead-links";
import { NEW_LEAD_BADGE } from "~/components/leads/my-leads-table";
import { LeadStatusBadge } from "~/components/leads/status-badge";
import { Badge } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate, formatDollars, formatPhone } from "~/domain/format";
import type { AdminLeadRow } from "~/services/admin-leads.server";
import { hrefWith } from "~/utils/list";
import { CopyLeadButton } from "./copy-lead-button";

const action = "row-action sm:px-0";
const whole = "[overflow-wrap:normal]";

/** The bulk reassign selection's form: a GET to ?dialog=reassign&ids=…, so it works without JavaScript. */
export const BULK_FORM_ID = "bulk-reassign";

/**
 * All Leads' table: every column of part 1 (Lead Details with contact, city/state, gender and
 * weight; Agent; Status; Carrier/Product; Coverage & Premium; Commission; Submitted; Actions), a
 * checkbox in each row's Lead Details for reassigning several at once, New Lead on the leads this admin has not
 * opened. Below 640 px each row is a card (DataTable).
 */
export function AllLeadsTable({
  leads,
  here,
  timezone,
  empty,
}: {
  leads: AdminLeadRow[];
  here: string;
  timezone: string;
  empty: string;
}) {
  const open = (changes: Record<string, string>) => hrefWith(here, { dialog: "lead", mode: null, ...changes });
  const columns: Column<AdminLeadRow>[] = [
    {
      header: "Lead Details",
      className: "sm:min-w-52",
      cell: (lead) => (
        <div className="space-y-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {/* Ticked rows go to Reassign selected (a GET form above the table). */}
            <input
              type="checkbox"
              name="ids"
              value={lead.id}
              form={BULK_FORM_ID}
              aria-label={`Select ${lead.firstName} ${lead.lastName}`}
              className="size-5 shrink-0 rounded border-slate-400"
            />
            <Link to={open({ id: lead.id })} preventScrollReset className="[overflow-wrap:anywhere] hover:underline">
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
      cell: (lead) => (
        <span className={whole}>
          {lead.agent ? `${lead.agent.user.firstName} ${lead.agent.user.lastName}` : "Unassigned"}
        </span>
      ),
    },
    { header: "Status", cell: (lead) => <LeadStatusBadge status={lead.status} /> },
    {
      header: "Carrier / Product",
      cell: (lead) => (
        <div className={`space-y-0.5 ${whole}`}>
          <p className="[overflow-wrap:anywhere] text-slate-900">{lead.carrier?.name ?? "No carrier"}</p>
          {lead.productName ? <p className="text-xs text-slate-600">{lead.productName}</p> : null}
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
        return (
          <div className="flex flex-wrap gap-1.5 sm:grid sm:w-max sm:grid-cols-2">
            <Link to={open({ id: lead.id })} preventScrollReset className={action} title="View details">
              <LeadActionIcon name="details" />
              <span className="sm:sr-only">Details</span>
              <span className="sr-only"> of {name}</span>
            </Link>
            <Link to={open({ id: lead.id, mode: "edit" })} preventScrollReset className={action} title="Edit lead">
              <LeadActionIcon name="edit" />
              <span className="sm:sr-only">Edit</span>
              <span className="sr-only"> {name}</span>
            </Link>
            <Link
              to={hrefWith(here, { dialog: "reassign", id: lead.id, mode: null })}
              preventScrollReset
              className={action}
              title="Reassign lead"
            >
              <LeadActionIcon name="status" />
              <span className="sm:sr-only">Reassign</span>
              <span className="sr-only"> {name}</span>
            </Link>
            <CopyLeadButton href={open({ id: lead.id, copy: "1" })} name={name} />
          </div>
        );
      },
    },
  ];
  return (
    <>
      <LeadActionIconSprite />
      <DataTable
        caption="All Leads"
        columns={columns}
        rows={leads}
        rowKey={(lead) => lead.id}
        empty={empty}
        dense
        rowProps={(lead) => ({
          id: leadRowId(lead.id),
          className: lead.isUnread ? "bg-red-50/40" : undefined,
        })}
      />
    </>
  );
}
