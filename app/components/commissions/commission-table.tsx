import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/card";
import { CancelledBadge } from "./cancelled-commission";
import { DataTable, type Column } from "~/components/ui/data-table";
import { PAYMENT_MONTHS } from "~/domain/commission";
import { COMMISSION_TBD, formatDate, formatDollars } from "~/domain/format";
import { scheduleEffect } from "~/domain/policy";
import { policyStatusStyle } from "~/domain/statuses";
import type { CommissionRecord } from "~/services/commissions.server";
import { hrefWith } from "~/utils/list";

const ACTIVE = "bg-green-100 text-green-800 ring-green-600/20";
const ENDED = "bg-amber-100 text-amber-900 ring-amber-600/20";

// A declined, not taken, lapsed or cancelled policy ended the schedule and charged back the
// advance not earned: its commission is not "Active" any more, though only the agent's Mark as
// Cancelled ends the commission itself (a lapsed policy can still be reinstated).
const policyEnded = (row: CommissionRecord) => scheduleEffect(row.policyStatus) === "end";

const commissionRowId = (id: string) => `commission-${id}`;

const money = (dollars: number | null) => formatDollars(dollars) ?? "—";

/**
 * The commission history: one row per sale with the spec's fields and its ledger line (advanced,
 * months paid of nine, earned, unearned, charged back). Mark as Cancelled opens the confirmation
 * (a link, so it works without JavaScript); a cancelled commission has no action, it stays so.
 */
export function CommissionTable({
  commissions,
  here,
  timezone,
  empty,
}: {
  commissions: CommissionRecord[];
  here: string;
  timezone: string;
  empty: string;
}) {
  const columns: Column<CommissionRecord>[] = [
    {
      header: "Customer",
      cell: (row) => (
        <>
          <span className="font-medium text-slate-900">{row.customerName}</span>
          <span className="block text-xs text-slate-600">
            {[row.carrier, row.productName].filter(Boolean).join(" · ") || "No carrier"}
          </span>
        </>
      ),
    },
    {
      header: "Sale Date",
      cell: (row) => {
        const policy = policyStatusStyle(row.policyStatus);
        return (
          <>
            <span className="block whitespace-nowrap">{formatDate(row.saleDate, timezone)}</span>
            <Badge className={policy.className}>{policy.label}</Badge>
          </>
        );
      },
    },
    {
      header: "Premium",
      cell: (row) => (
        <>
          <span className="whitespace-nowrap">{money(row.monthlyPremium)}/mo</span>
          <span className="block text-xs text-slate-600">
            {row.commissionPercentage === null ? "" : `${row.commissionPercentage}% comp`}
          </span>
        </>
      ),
    },
    {
      header: "Commission",
      align: "right",
      className: "sm:whitespace-nowrap",
      cell: (row) => (row.commission === null ? COMMISSION_TBD : money(row.commission)),
    },
    {
      header: "Months Paid",
      align: "right",
      className: "sm:whitespace-nowrap",
      cell: (row) => `${row.ledger.monthsPaid} of ${PAYMENT_MONTHS}`,
    },
    {
      header: "Ledger",
      cell: (row) => (
        <dl className="grid grid-cols-[auto_auto] justify-start gap-x-3 text-xs sm:text-[13px]">
          <dt className="whitespace-nowrap text-slate-600">Earned</dt>
          <dd className="text-right whitespace-nowrap">{money(row.ledger.earned)}</dd>
          <dt className="whitespace-nowrap text-slate-600">Unearned</dt>
          <dd className="text-right whitespace-nowrap">{money(row.ledger.unearned)}</dd>
          <dt className="whitespace-nowrap text-slate-600">Charged back</dt>
          <dd
            className={`text-right whitespace-nowrap ${row.ledger.chargedBack > 0 ? "font-medium text-red-700" : ""}`}
          >
            {money(row.ledger.chargedBack)}
          </dd>
        </dl>
      ),
    },
    {
      header: "Status",
      cell: (row) =>
        row.isCancelled ? (
          <span title={row.cancelledAt ? `Cancelled ${formatDate(row.cancelledAt, timezone)}` : undefined}>
            <CancelledBadge />
          </span>
        ) : policyEnded(row) ? (
          <span title={`Policy ${policyStatusStyle(row.policyStatus).label}: the months not paid were cancelled`}>
            <Badge className={ENDED}>Charged back</Badge>
          </span>
        ) : (
          <Badge className={ACTIVE}>Active</Badge>
        ),
    },
    {
      header: "Actions",
      actions: true,
      cell: (row) =>
        row.isCancelled ? null : (
          <Link
            to={hrefWith(here, { dialog: "cancel", id: row.id })}
            preventScrollReset
            className="row-action text-red-700 sm:whitespace-nowrap"
            aria-label={`Mark as Cancelled: ${row.customerName}`}
          >
            Mark as Cancelled
          </Link>
        ),
    },
  ];
  return (
    <DataTable
      caption="Commission history"
      columns={columns}
      rows={commissions}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ id: commissionRowId(row.id) })}
      empty={empty}
      dense
    />
  );
}
