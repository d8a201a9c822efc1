import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/card";
import { formatDate, formatDollars, formatPhone } from "~/domain/format";
import { PAYMENT_STATUSES, paymentStatusStyle } from "~/domain/statuses";
import type { PolicyStatus, RetentionPayment, RetentionPolicy } from "~/services/retention.server";

// One sold policy of the 9-Month Payment Tracker: who and what was sold, and its nine months,
// each a small form whose status select saves at once with JavaScript (a fetcher, so only that
// cell is busy) and through its Save button without it (post/redirect/get with the toast).

const POLICY_STATUS: Record<PolicyStatus, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-green-100 text-green-800 ring-green-600/20" },
  lapsed: { label: "Lapsed", className: "bg-red-100 text-red-800 ring-red-600/20" },
  commission_cancelled: { label: "Commission cancelled", className: "bg-gray-100 text-gray-700 ring-gray-500/20" },
};

// A month's cell is tinted by what it needs: due soon first, then paid or cancelled.
const CELL_TONE: Record<string, string> = {
  paid: "bg-green-50 ring-green-200",
  cancelled: "bg-red-50 ring-red-200",
  not_paid: "bg-slate-50 ring-slate-200",
};

// Overdue (an unpaid month whose due date has passed) is the most urgent, in the darkest red.
const DUE_FLAG = {
  overdue: { label: "OVERDUE", className: "bg-red-800 text-white ring-red-900" },
  today: { label: "DUE TODAY", className: "bg-red-600 text-white ring-red-700" },
  tomorrow: { label: "DUE TOMORROW", className: "bg-amber-400 text-amber-950 ring-amber-500" },
} as const;

function policyCardId(id: string) {
  return `policy-${id}`;
}

export function PolicyCard({ policy, timezone }: { policy: RetentionPolicy; timezone: string }) {
  const headingId = `${policyCardId(policy.id)}-name`;
  const standing = POLICY_STATUS[policy.policyStatus];
  return (
    <article
      id={policyCardId(policy.id)}
      aria-labelledby={headingId}
      // Drawn only as it nears the screen, an estimated height held until then (app/tailwind.css).
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-5"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
            {policy.customerName}
          </h3>
          <Badge className={standing.className}>{standing.label}</Badge>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <Detail term="Carrier">{[policy.carrier, policy.productName].filter(Boolean).join(" · ") || "—"}</Detail>
          <Detail term="Agent">{policy.agentName}</Detail>
          <Detail term="Phone">
            {policy.phone ? (
              <a className="text-brand-700 underline" href={`tel:${policy.phone}`}>
                {formatPhone(policy.phone)}
              </a>
            ) : (
              "No phone"
            )}
          </Detail>
          <Detail term="Premium">{formatDollars(policy.monthlyPremium) ?? "—"}/mo</Detail>
          <Detail term="Sale Date">{formatDate(policy.saleDate, timezone)}</Detail>
          {policy.draftDay ? <Detail term="Draft day">{policy.draftDay}</Detail> : null}
        </dl>
      </div>
      <ol
        aria-label={`Payments of ${policy.customerName}`}
        className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:mt-0"
      >
        {policy.payments.map((payment) => (
          <PaymentCell key={payment.id} payment={payment} customerName={policy.customerName} />
        ))}
      </ol>
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{term}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </>
  );
}

function PaymentCell({ payment, customerName }: { payment: RetentionPayment; customerName: string }) {
  const fetcher = useFetcher();
  const selectId = `payment-${payment.id}`;
  const flagId = `${selectId}-due`;
  // What the agent just chose shows while it saves; afterwards the saved status from the page.
  const pending = fetcher.formData?.get("status");
  const shown = typeof pending === "string" ? pending : paymentStatusStyle(payment.status).value;
  const flag = payment.due ? DUE_FLAG[payment.due] : null;
  const busy = fetcher.state !== "idle";
  const saved = paymentStatusStyle(payment.status).value;
  return (
    <li
      className={`rounded-md p-2 ring-1 ${payment.due === "overdue" ? "bg-red-50 ring-red-300" : flag ? "bg-amber-50 ring-amber-300" : CELL_TONE[saved]}`}
      data-payment-status={saved}
    >
      <div className="flex flex-wrap items-center justify-between gap-1">
        <label htmlFor={selectId} className="text-sm font-semibold text-slate-900">
          Month {payment.monthNumber}
          <span className="sr-only"> payment status for {customerName}</span>
        </label>
        {flag ? (
          <span id={flagId} className={`badge ${flag.className}`}>
            {flag.label}
          </span>
        ) : null}
      </div>
      <p className="text-xs text-slate-600">
        {formatDate(payment.dueDate, "UTC")} · {formatDollars(payment.amount)}
      </p>
      {/* Without JavaScript the Save button goes under the select (beside it on a wide screen), so neither is squeezed. */}
      {/* Decided by CSS before the first paint (root.tsx's `js` class), not at hydration (decision 053). */}
      <fetcher.Form method="post" className="mt-1.5 grid gap-1.5 xl:[html:not(.js)_&]:grid-cols-[1fr_auto]">
        <input type="hidden" name="intent" value="payment" />
        <input type="hidden" name="id" value={payment.id} />
        <select
          id={selectId}
          name="status"
          value={shown}
          aria-describedby={flag ? flagId : undefined}
          onChange={(event) => fetcher.submit(event.currentTarget.form, { preventScrollReset: true })}
          className="min-h-10 w-full min-w-0 rounded-md border-0 bg-white py-1.5 pr-7 pl-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600"
        >
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {paymentStatusStyle(status).label}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="min-h-10 rounded-md bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-100 [.js_&]:hidden"
        >
          Save<span className="sr-only"> month {payment.monthNumber}</span>
        </button>
      </fetcher.Form>
      {busy ? (
        <p className="mt-1 text-xs text-slate-600" role="status">
          Saving...
        </p>
      ) : null}
      {payment.notes ? (
        <p className="mt-1 truncate text-xs text-slate-600 italic" title={payment.notes}>
          {payment.notes}
        </p>
      ) : null}
    </li>
  );
}
