import { useFetcher } from "@remix-run/react";
import { ADMIN_PAYMENT_STATUSES, adminPaymentStatusStyle } from "~/domain/statuses";
import type { DueFlag } from "~/services/retention.server";
import { useHydrated } from "~/utils/hydrated";

// One month's status select on the admin's retention screens: with JavaScript it saves as soon
// as it is chosen (a fetcher, so only this month is busy); without it, through its Save button
// (post/redirect/get with the toast). The Save buttons are there only without JavaScript.

export function PaymentStatusForm({
  payment,
  label,
}: {
  payment: { id: string; monthNumber: number; status: string };
  /** What the select sets, for screen readers ("Month 3 payment status for Ann Lee"). */
  label: string;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const selectId = `admin-payment-${payment.id}`;
  // What the admin just chose shows while it saves; afterwards the saved status from the page.
  const pending = fetcher.formData?.get("status");
  const shown = typeof pending === "string" ? pending : adminPaymentStatusStyle(payment.status).value;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-1.5">
      <input type="hidden" name="intent" value="payment" />
      <input type="hidden" name="id" value={payment.id} />
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <select
        id={selectId}
        name="status"
        value={shown}
        onChange={(event) => fetcher.submit(event.currentTarget.form, { preventScrollReset: true })}
        className="min-h-10 min-w-0 flex-1 rounded-md border-0 bg-white py-1.5 pr-7 pl-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600"
      >
        {ADMIN_PAYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {adminPaymentStatusStyle(status).label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button
          type="submit"
          className="min-h-10 rounded-md bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-100"
        >
          Save<span className="sr-only"> {label}</span>
        </button>
      )}
      {fetcher.state !== "idle" ? (
        <span className="text-xs text-slate-600" role="status">
          Saving...
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/** A month's status as the admin screens name it (Pending for a stored not_paid). */
export function PaymentBadge({ status }: { status: string }) {
  const style = adminPaymentStatusStyle(status);
  return <span className={`badge ${style.className}`}>{style.label}</span>;
}

// Overdue (an unpaid month whose due date has passed) is the most urgent, in the darkest red.
const DUE = {
  overdue: { label: "Overdue", className: "bg-red-800 text-white ring-red-900" },
  today: { label: "Due Today", className: "bg-red-600 text-white ring-red-700" },
  tomorrow: { label: "Due Tomorrow", className: "bg-amber-400 text-amber-950 ring-amber-500" },
} as const;

export function DueBadge({ due }: { due: DueFlag }) {
  return <span className={`badge ${DUE[due].className}`}>{DUE[due].label}</span>;
}
