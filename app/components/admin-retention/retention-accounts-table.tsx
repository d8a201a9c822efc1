import { BreakableEmail } from "~/components/ui/breakable-email";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate, formatDollars, formatPhone } from "~/domain/format";
import type { RetentionAccount } from "~/services/admin-retention.server";
import { DueBadge, PaymentBadge, PaymentStatusForm } from "./payment-status-form";

// Retention Management's table (part 1, section 2): Customer Details, Agent, Policy Info,
// Payments Status, Due Soon and, in Actions, a status select for each of the first two unpaid
// months. A stacked card per account below 640 px (DataTable).

const POLICY_NOTE = { lapsed: "Lapsed", commission_cancelled: "Commission cancelled" } as const;

export function RetentionAccountsTable({ accounts, timezone }: { accounts: RetentionAccount[]; timezone: string }) {
  const columns: Column<RetentionAccount>[] = [
    {
      header: "Customer Details",
      cell: (account) => (
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{account.customerName}</p>
          {account.phone ? (
            <a className="text-brand-700 underline" href={`tel:${account.phone}`}>
              {formatPhone(account.phone)}
            </a>
          ) : (
            <p className="text-slate-600">No phone</p>
          )}
          {account.email ? (
            <p className="text-slate-600">
              <BreakableEmail email={account.email} />
            </p>
          ) : null}
        </div>
      ),
    },
    { header: "Agent", cell: (account) => account.agentName ?? "Unassigned" },
    {
      header: "Policy Info",
      cell: (account) => (
        <div>
          <p>{[account.carrier, account.productName].filter(Boolean).join(" · ") || "—"}</p>
          <p className="text-slate-600">
            {formatDollars(account.monthlyPremium) ?? "—"}/mo · sold {formatDate(account.saleDate, timezone)}
          </p>
          {account.policyStatus !== "active" ? (
            <p className="text-xs font-medium text-red-700">{POLICY_NOTE[account.policyStatus]}</p>
          ) : null}
        </div>
      ),
    },
    {
      header: "Payments Status",
      cell: (account) => {
        const paid = account.payments.filter((payment) => payment.status === "paid").length;
        return (
          <div className="space-y-1">
            <p className="tabular-nums">
              {paid}/{account.payments.length} paid
            </p>
            <ul aria-label={`Months of ${account.customerName}`} className="flex flex-wrap gap-1">
              {account.payments.map((payment) => (
                <li key={payment.id} title={`Month ${payment.monthNumber}`}>
                  <span className="sr-only">Month {payment.monthNumber}: </span>
                  <PaymentBadge status={payment.status} />
                </li>
              ))}
            </ul>
          </div>
        );
      },
    },
    {
      header: "Due Soon",
      cell: (account) => {
        // The most urgent month speaks for the account: overdue, then due today, then tomorrow.
        const due = (["overdue", "today", "tomorrow"] as const).find((flag) =>
          account.payments.some((payment) => payment.due === flag),
        );
        return due ? <DueBadge due={due} /> : <span className="text-slate-600">—</span>;
      },
    },
    {
      header: "Actions",
      actions: true,
      cell: (account) => {
        // The spec's "per unpaid payment (first two shown) a status select".
        const unpaid = account.payments.filter((payment) => payment.status === "not_paid").slice(0, 2);
        if (unpaid.length === 0) return <span className="text-sm text-slate-600">No unpaid months</span>;
        return (
          <ul className="min-w-48 space-y-2">
            {unpaid.map((payment) => (
              <li key={payment.id}>
                <p className="flex flex-wrap items-center gap-1 text-xs font-medium text-slate-700">
                  Month {payment.monthNumber} · due {formatDate(payment.dueDate, "UTC")}
                  {payment.due === "overdue" ? <DueBadge due="overdue" /> : null}
                </p>
                <PaymentStatusForm
                  payment={payment}
                  label={`Month ${payment.monthNumber} payment status for ${account.customerName}`}
                />
              </li>
            ))}
          </ul>
        );
      },
    },
  ];
  return (
    <DataTable
      caption="Retention accounts"
      columns={columns}
      rows={accounts}
      rowKey={(account) => account.id}
      empty="No retention accounts found."
      rowProps={(account) => ({ id: `account-${account.id}` })}
    />
  );
}
