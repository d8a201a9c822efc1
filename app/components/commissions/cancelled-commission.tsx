import type { ReactNode } from "react";
import { Badge } from "~/components/ui/card";

const CANCELLED = "bg-red-100 text-red-800 ring-red-600/20";

/** The one look of a cancelled commission (Commissions, Premiums, the lead lists). */
export function CancelledBadge() {
  return <Badge className={CANCELLED}>Cancelled</Badge>;
}

/**
 * A cancelled commission's amount: struck through and marked Cancelled, so a list never shows it
 * as still owed.
 */
export function CancelledAmount({ children }: { children: ReactNode }) {
  return (
    <>
      <span className="text-slate-500 line-through">{children}</span> <CancelledBadge />
    </>
  );
}
