import type { ReactNode } from "react";
import { formatDate, formatDollars, fullName } from "~/domain/format";
import type { SaleWithPayments } from "~/services/admin-retention.server";
import { DueBadge, PaymentBadge, PaymentStatusForm } from "./payment-status-form";

// One sale of retention by sale (part 2, section 2): lead name, agent, carrier, monthly premium,
// sale date, and its months (up to nine slots: Month N, due date, status badge, status select).

export function SaleCard({ sale, timezone }: { sale: SaleWithPayments; timezone: string }) {
  const name = fullName(sale);
  const headingId = `sale-${sale.id}-name`;
  return (
    <article
      id={`sale-${sale.id}`}
      aria-labelledby={headingId}
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h3 id={headingId} className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
        {name}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <Detail term="Agent">{sale.agent ? fullName(sale.agent.user) : "Unassigned"}</Detail>
        <Detail term="Carrier">{sale.carrier?.name ?? "—"}</Detail>
        <Detail term="Monthly Premium">{formatDollars(sale.monthlyPremium) ?? "—"}</Detail>
        <Detail term="Sale Date">{sale.saleDate ? formatDate(sale.saleDate, timezone) : "—"}</Detail>
        {sale.draftDay ? <Detail term="Draft day">{sale.draftDay}</Detail> : null}
      </dl>
      {sale.paymentTracking.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No payment schedule recorded for this sale.</p>
      ) : (
        <ol
          aria-label={`Payments of ${name}`}
          className="mt-3 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 md:grid-cols-3"
        >
          {sale.paymentTracking.map((payment) => (
            <li
              key={payment.id}
              data-payment-status={payment.status}
              className={`rounded-md p-2 ring-1 ${payment.due === "overdue" ? "bg-red-50 ring-red-300" : "bg-slate-50 ring-slate-200"}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-1">
                <p className="text-sm font-semibold text-slate-900">Month {payment.monthNumber}</p>
                <span className="flex flex-wrap gap-1">
                  <PaymentBadge status={payment.status} />
                  {payment.due ? <DueBadge due={payment.due} /> : null}
                </span>
              </div>
              <p className="mb-1.5 text-xs text-slate-600">
                Due {formatDate(payment.dueDate, "UTC")} · {formatDollars(payment.amount)}
              </p>
              <PaymentStatusForm payment={payment} label={`Month ${payment.monthNumber} payment status for ${name}`} />
            </li>
          ))}
        </ol>
      )}
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
