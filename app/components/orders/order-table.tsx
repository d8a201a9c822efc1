import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate, formatMoney } from "~/domain/format";
import { orderStatusStyle } from "~/domain/statuses";
import type { OrderView } from "~/services/orders.server";
import { hrefWith } from "~/utils/list";

const actionLink = "rounded px-2 py-1 text-sm font-medium hover:bg-slate-100";
// Names and sources break between words only: the kit's break-anywhere let the browser squeeze
// twelve columns by splitting "Whitfield" into letters.
const wordsWhole = "sm:[&_.cell-value]:[overflow-wrap:break-word]";

/** The Order Sheet's table: every column part 2 names, cards on a phone. */
export function OrderTable({ orders, here, timezone }: { orders: OrderView[]; here: string; timezone: string }) {
  const columns: Column<OrderView>[] = [
    {
      header: "Agent Name",
      cell: (order) => <span className="font-medium text-slate-900">{order.agentName}</span>,
      className: wordsWhole,
    },
    {
      // Ordered and completed in one cell, like the total and its per-call cost: twelve columns do
      // not fit beside the sidebar at 1280 px, and the row's actions must stay in view.
      header: "Calls",
      cell: (order) => (
        <>
          {order.callsOrdered.toLocaleString("en-US")} ordered
          <span className="block text-xs text-slate-600">{order.callsCompleted.toLocaleString("en-US")} completed</span>
        </>
      ),
      align: "right",
      className: "sm:whitespace-nowrap",
    },
    { header: "Company Source", cell: (order) => order.companySource, className: wordsWhole },
    {
      header: "Platform Source",
      cell: (order) => (
        <>
          {order.platformSource}
          {order.referrer ? <span className="block text-xs text-slate-500">Referrer: {order.referrer}</span> : null}
        </>
      ),
    },
    {
      header: "Total Payment",
      cell: (order) => (
        <>
          {formatMoney(order.totalPaymentCents)}
          {order.costPerCallCents === null ? null : (
            <span className="block text-xs text-slate-600">{formatMoney(order.costPerCallCents)} per call</span>
          )}
        </>
      ),
      align: "right",
      className: "sm:whitespace-nowrap",
    },
    { header: "Payment Gateway", cell: (order) => order.paymentGateway, className: wordsWhole },
    { header: "BDM", cell: (order) => order.bdmName ?? "Not assigned", className: wordsWhole },
    {
      header: "Status",
      cell: (order) => {
        const style = orderStatusStyle(order.status);
        return <Badge className={style.className}>{style.label}</Badge>;
      },
    },
    {
      header: "Created",
      cell: (order) => <time dateTime={order.createdAt}>{formatDate(order.createdAt, timezone)}</time>,
      className: wordsWhole,
    },
    {
      header: "Actions",
      actions: true,
      cell: (order) => (
        // Stacked on a wide screen, so the table's widest column is not its buttons.
        <div className="flex gap-1 sm:flex-col sm:items-end">
          <Link
            to={hrefWith(here, { dialog: "edit", id: order.id })}
            preventScrollReset
            className={`${actionLink} text-blue-700`}
            aria-label={`Edit ${order.agentName}'s order`}
          >
            Edit
          </Link>
          <Link
            to={hrefWith(here, { dialog: "delete", id: order.id })}
            preventScrollReset
            className={`${actionLink} text-red-700`}
            aria-label={`Delete ${order.agentName}'s order`}
          >
            Delete
          </Link>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Orders"
      columns={columns}
      rows={orders}
      rowKey={(order) => order.id}
      dense
      empty="No orders found for the selected filters."
    />
  );
}
