import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatDate, formatDollars } from "~/domain/format";
import type { CommissionRecord } from "~/services/commissions.server";

/** Mark as Cancelled's confirmation: one way, and what it will charge back. */
export function CancelCommissionDialog({
  commission,
  closeTo,
  timezone,
}: {
  commission: CommissionRecord;
  closeTo: string;
  timezone: string;
}) {
  const { ledger } = commission;
  const chargeBack = formatDollars(ledger.advanced - ledger.earned) ?? "$0.00";
  return (
    <ConfirmDialog
      title="Mark as Cancelled"
      closeTo={closeTo}
      intent="cancel"
      fields={{ id: commission.id }}
      confirmLabel="Mark as Cancelled"
      pendingLabel="Cancelling..."
      closeLabel="Keep Active"
      danger
    >
      <p>
        Cancel the commission of {formatDollars(commission.commission) ?? "an amount still to be decided"} on the sale
        to <strong className="[overflow-wrap:anywhere]">{commission.customerName}</strong> (
        {formatDate(commission.saleDate, timezone)})?
      </p>
      <p>
        {ledger.monthsPaid} of 9 months paid: {chargeBack} not yet earned is charged back. A cancelled commission cannot
        be made active again.
      </p>
    </ConfirmDialog>
  );
}
