import { Link } from "@remix-run/react";
import { CallNowForm } from "~/components/calls/call-now";
import { DncBadge } from "~/components/dnc/dnc-badge";
import { Badge, Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import { RowForm, RowNavigation } from "~/components/ui/row-navigation";
import { daysLateText, missedMonthLabel } from "~/domain/at-risk";
import { formatDollars, formatPhone } from "~/domain/format";
import { policyStatusStyle } from "~/domain/statuses";
import type { AtRiskPage, AtRiskPolicy } from "~/services/at-risk.server";

/** Where a policy's status is set: the Policy dialog of the lead's page. */
const policyDialogHref = (id: string) => `/applications/${encodeURIComponent(id)}?dialog=policy`;

/**
 * The at-risk queue's table (docs/decisions/076): the client (a link to the lead), the phone with
 * Call Now (the call check's post, decision 072), the policy, the month missed and how late, and
 * the exposure; on the admin's page the agent too. Actions: Mark paid (a post of the page's `paid`
 * intent, the tracker's payment service) and Set status (the lead's Policy dialog). Below 640 px
 * each row is a card (DataTable).
 */
export function AtRiskTable({ queue, here, showAgent }: { queue: AtRiskPage; here: string; showAgent: boolean }) {
  const spoken = (text: string) => <span className="sr-only"> {text}</span>;
  const columns: Column<AtRiskPolicy>[] = [
    {
      header: "Client",
      valueClassName: "space-y-0.5",
      cell: (row) => (
        <>
          <p className="font-medium text-slate-900">
            <Link to={`/applications/${row.id}`} className="[overflow-wrap:anywhere] hover:underline">
              {row.customerName}
            </Link>
            {row.dnc ? (
              <>
                {" "}
                <DncBadge />
              </>
            ) : null}
          </p>
          {row.policyNumber ? <p className="text-xs text-slate-600">Policy {row.policyNumber}</p> : null}
        </>
      ),
    },
    {
      header: "Phone",
      valueClassName: "space-y-1",
      cell: (row) =>
        row.phone ? (
          <>
            <p className="whitespace-nowrap text-slate-900">{formatPhone(row.phone)}</p>
            <CallNowForm leadId={row.id} className="row-action" title={`Call ${formatPhone(row.phone)}`}>
              Call Now{spoken(row.customerName)}
            </CallNowForm>
          </>
        ) : (
          <p className="text-slate-600">No phone</p>
        ),
    },
    ...(showAgent
      ? [{ header: "Agent", cell: (row: AtRiskPolicy) => row.agentName ?? "Unassigned" } satisfies Column<AtRiskPolicy>]
      : []),
    {
      header: "Policy",
      valueClassName: "space-y-1",
      cell: (row) => {
        const style = policyStatusStyle(row.policyStatus);
        return (
          <>
            <p className="[overflow-wrap:anywhere] text-slate-900">{row.carrier ?? "No carrier"}</p>
            <p className="text-xs text-slate-600">{row.productName ?? "No product"}</p>
            <Badge className={style.className}>{style.label}</Badge>
          </>
        );
      },
    },
    {
      header: "Missed Payment",
      valueClassName: "space-y-0.5",
      cell: (row) =>
        row.missedPayment ? (
          <>
            <p className="whitespace-nowrap text-slate-900">
              {missedMonthLabel(row.missedPayment.monthNumber, row.missedPayment.dueDate)}
            </p>
            <p className="text-xs text-slate-600">{formatDollars(row.missedPayment.amount)}</p>
          </>
        ) : (
          <p className="text-slate-600">None past due</p>
        ),
    },
    {
      header: "Days Late",
      className: "sm:whitespace-nowrap",
      cell: (row) =>
        row.missedPayment ? (
          <span className={row.missedPayment.daysLate >= 3 ? "font-semibold text-red-700" : "text-slate-900"}>
            {daysLateText(row.missedPayment.daysLate)}
          </span>
        ) : (
          <span className="text-slate-600">Lapse notice</span>
        ),
    },
    {
      header: "Exposure",
      align: "right",
      className: "sm:whitespace-nowrap",
      cell: (row) => (
        <span className="font-semibold text-slate-900" title={`${row.monthsPaid} of 9 months paid`}>
          {formatDollars(row.exposure)}
        </span>
      ),
    },
    {
      header: "Actions",
      actions: true,
      cell: (row) => (
        <div className="flex flex-wrap gap-1.5">
          {row.missedPayment ? (
            <RowForm action={here}>
              <input type="hidden" name="id" value={row.missedPayment.id} />
              <button type="submit" name="intent" value="paid" className="row-action">
                Mark paid{spoken(`month ${row.missedPayment.monthNumber} of ${row.customerName}`)}
              </button>
            </RowForm>
          ) : null}
          <a href={policyDialogHref(row.id)} className="row-action">
            Set status{spoken(`of ${row.customerName}'s policy`)}
          </a>
        </div>
      ),
    },
  ];
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-3">
        <h2 id="at-risk-heading" className="font-semibold text-slate-900">
          Policies at risk ({queue.total.toLocaleString("en-US")})
        </h2>
        <p className="text-sm text-slate-600">Largest exposure first</p>
      </div>
      <RowNavigation>
        <DataTable
          caption="Policies at risk"
          columns={columns}
          rows={queue.rows}
          rowKey={(row) => row.id}
          empty="No policy is at risk: every payment is in, or less than 3 days late."
          dense={showAgent}
          rowProps={(row) => ({ id: `at-risk-${row.id}` })}
        />
      </RowNavigation>
      {queue.total > queue.pageSize ? (
        <div className="border-t border-slate-200 px-4 py-3">
          <Pagination page={queue} label="At-risk pages" />
        </div>
      ) : null}
    </Card>
  );
}
