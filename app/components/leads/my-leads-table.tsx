import { DataTable, type Column } from "~/components/ui/data-table";
import { callNowAction } from "~/components/calls/call-now";
import { RowForm, RowLink, RowNavigation } from "~/components/ui/row-navigation";
import { formatDateTime, formatPhone } from "~/domain/format";
import { CALLBACK_STATUSES, policyStatusStyle } from "~/domain/statuses";
import type { AgentLeadRow } from "~/services/lead-reads.server";
import { hrefWith } from "~/utils/list";
import { actionsColumn, agentColumn, carrierColumn, figureColumns, leadDetailsColumn, rowAction } from "./lead-columns";
import { ROW_ACTION } from "./lead-action-icons";
import { leadRowId } from "./lead-links";
import { OpenLeadButton, OpenLeadForm } from "./lead-read";
import { LeadStatusBadge } from "./status-badge";

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
    leadDetailsColumn((lead) => open("details", lead.id)),
    agentColumn(),
    {
      header: "Status",
      short: true,
      valueClassName: "space-y-1",
      cell: (lead) => (
        <>
          <LeadStatusBadge status={lead.status} />
          {lead.policyStatus ? (
            <p className="text-xs text-slate-600">
              Policy: <span className="font-medium text-slate-800">{policyStatusStyle(lead.policyStatus).label}</span>
            </p>
          ) : null}
          {lead.callbackDate && CALLBACK_STATUSES.some((s) => s === lead.status) ? (
            <p className="text-xs text-slate-600">{formatDateTime(lead.callbackDate, timezone)}</p>
          ) : null}
        </>
      ),
    },
    carrierColumn((lead) =>
      lead.carrierId && readyCarriers.includes(lead.carrierId) ? (
        <p className="text-xs font-medium text-green-700">Commission Ready</p>
      ) : lead.carrierId ? (
        <p className="text-xs text-orange-700">No products for this carrier yet</p>
      ) : null,
    ),
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
          to={open("edit", lead.id)}
          className={ROW_ACTION}
          title="Edit application"
          {...rowAction("edit", "Edit", `the application of ${name}`)}
        />
        {lead.primaryPhone ? (
          <RowForm action={callNowAction(lead.id)} className="contents">
            <button
              name="intent"
              value="call"
              className={ROW_ACTION}
              title={`Call ${formatPhone(lead.primaryPhone)}`}
              {...rowAction("call", "Call", name)}
            />
          </RowForm>
        ) : null}
        <RowLink
          to={open("status", lead.id)}
          className={ROW_ACTION}
          title="Update status"
          {...rowAction("status", "Status", `of ${name}`)}
        />
        {lead.policyStatus ? (
          <RowLink
            to={open("policy", lead.id)}
            className={ROW_ACTION}
            title="Update policy"
            {...rowAction("policy", "Policy", `of ${name}`)}
          />
        ) : null}
      </>
    )),
  ];
  return (
    <RowNavigation>
      <OpenLeadForm here={here} />
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
    </RowNavigation>
  );
}
