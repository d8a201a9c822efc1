import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatMoney } from "~/domain/format";
import type { OrderView } from "~/services/orders.server";

/** Delete with the spec's question; no schema code, so it loads with the list. */
export function DeleteOrderDialog({ order, closeTo }: { order: OrderView; closeTo: string }) {
  return (
    <ConfirmDialog
      title="Delete Order"
      closeTo={closeTo}
      intent="delete"
      fields={{ id: order.id }}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      danger
    >
      <p>Are you sure you want to delete this order?</p>
      <p className="[overflow-wrap:anywhere] text-slate-600">
        {order.agentName}: {order.callsOrdered} calls, {formatMoney(order.totalPaymentCents)}. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
