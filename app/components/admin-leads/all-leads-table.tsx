import {
  actionsColumn,
  agentColumn,
  carrierColumn,
  figureColumns,
  leadDetailsColumn,
  rowAction,
} from "~/components/leads/lead-columns";
import { ROW_ACTION } from "~/components/leads/lead-action-icons";
import { leadRowId } from "~/components/leads/lead-links";
import { OpenLeadButton, OpenLeadForm } from "~/components/leads/lead-read";
import { LeadStatusBadge } from "~/components/leads/status-badge";
import { Badge } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { RowLink, RowNavigation } from "~/components/ui/row-navigation";
import type { AdminLeadRow } from "~/services/admin-leads.server";
import { hrefWith } from "~/utils/list";
import { CopyLeadButton, CopyLeadForm } from "./copy-lead-button";
import { fullName } from "~/domain/format";
import { policyStatusStyle } from "~/domain/statuses";

/** The bulk reassign selection's form: a GET to ?dialog=reassign&ids=…, so it works without JavaScript. */
export const BULK_FORM_ID = "bulk-reassign";

/**
 * All Leads' table: every column of part 1 (Lead Details with contact, city/state, gender and
 * weight; Agent, with the lead source a bought lead came from; Status; Carrier/Product; Coverage & Premium; Commission; Submitted; Actions), a
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
    leadDetailsColumn(
      (lead) => open({ id: lead.id }),
      // Ticked rows go to Reassign selected (a GET form above the table).
      (lead) => (
        <input
          type="checkbox"
          name="ids"
          value={lead.id}
          form={BULK_FORM_ID}
          aria-label={`Select ${fullName(lead)}`}
          className="size-5 shrink-0 rounded border-slate-400"
        />
      ),
    ),
    // The vendor or file a lead was bought from, under its agent (issue 24).
    agentColumn((lead) => lead.leadSource?.name ?? null),
    {
      header: "Status",
      cell: (lead) => (
        <>
          <LeadStatusBadge status={lead.status} />
          {lead.policyStatus ? (
            <p className="mt-1 text-xs text-slate-600">
              Policy: <span className="font-medium text-slate-800">{policyStatusStyle(lead.policyStatus).label}</span>
            </p>
          ) : null}
          {/* An approved return (decision 064): the lead stays here, out of its agent's lists. */}
          {lead.returnedAt ? <Badge className="ml-1 bg-slate-200 text-slate-800">Returned</Badge> : null}
        </>
      ),
    },
    carrierColumn(),
    ...figureColumns(timezone),
    actionsColumn((lead, name) => (
      <>
        <OpenLeadButton
          id={lead.id}
          className={ROW_ACTION}
          title="View details"
          {...rowAction("details", "Details", `of ${name}`)}
        />
        <RowLink
          to={open({ id: lead.id, mode: "edit" })}
          className={ROW_ACTION}
          title="Edit lead"
          {...rowAction("edit", "Edit", name)}
        />
        <RowLink
          to={hrefWith(here, { dialog: "reassign", id: lead.id, mode: null })}
          className={ROW_ACTION}
          title="Reassign lead"
          {...rowAction("status", "Reassign", name)}
        />
        {lead.policyStatus ? (
          <RowLink
            to={hrefWith(here, { dialog: "policy", id: lead.id, mode: null })}
            className={ROW_ACTION}
            title="Update policy"
            {...rowAction("policy", "Policy", `of ${name}`)}
          />
        ) : null}
        <CopyLeadButton here={here} id={lead.id} name={name} />
      </>
    )),
  ];
  return (
    <RowNavigation>
      <OpenLeadForm here={here} />
      <CopyLeadForm here={here} />
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
    </RowNavigation>
  );
}
