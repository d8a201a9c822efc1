import { Card, StatCards } from "~/components/ui/card";
import { SubmittedIssued } from "~/components/ui/submitted-issued";
import { exposureCaption } from "~/domain/exposure";
import { formatDollars, formatMoney } from "~/domain/format";
import { placementLabel } from "~/domain/placement";
import type { CommissionSummary, LedgerTotalsView } from "~/services/commissions.server";
import type { ExposureTotal } from "~/services/exposure.server";

/** The summary's money strings ("1234.50") as USD. */
const usd = (amount: string) => formatDollars(Number(amount)) ?? "$0.00";
const money = (dollars: number) => formatDollars(dollars) ?? "$0.00";

/**
 * The spec's summary (part 2, Commission summary) as cards: commissions, then the sales behind
 * them, the active commissions and the sales told as submitted and issued, the placement rate,
 * and the agent's chargeback exposure now (issue 26).
 */
export function CommissionSummaryCards({
  summary,
  exposure,
  periodCaption,
}: {
  summary: CommissionSummary;
  exposure: ExposureTotal;
  periodCaption: string;
}) {
  return (
    <StatCards
      items={[
        {
          label: "Total Commissions",
          value: usd(summary.totalCommissions),
          caption: `${summary.totalSales} ${summary.totalSales === 1 ? "sale" : "sales"} · ${periodCaption}`,
        },
        {
          label: "Active Commissions",
          value: <SubmittedIssued submitted={usd(summary.activeCommissions)} issued={usd(summary.issuedCommissions)} />,
          caption: `${summary.totalActiveSales} active ${summary.totalActiveSales === 1 ? "sale" : "sales"}`,
        },
        {
          label: "Cancelled Commissions",
          value: usd(summary.cancelledCommissions),
          caption: `${summary.totalCancelledSales} cancelled ${summary.totalCancelledSales === 1 ? "sale" : "sales"}`,
        },
        {
          label: "Total Sales",
          value: <SubmittedIssued submitted={summary.totalSales} issued={summary.issuedSales} />,
          caption: periodCaption,
        },
        {
          label: "Placement Rate",
          value: placementLabel(summary.placementRate),
          caption: `${summary.issuedSales} issued of ${summary.decidedSales} decided`,
        },
        {
          label: "Chargeback Exposure",
          value: formatMoney(exposure.totalCents),
          caption: exposureCaption(exposure.policies),
        },
      ]}
    />
  );
}

/**
 * The advance and chargeback ledger's totals for the period's sales (decision 027): what was
 * advanced, earned and still unearned, what was charged back, and the net balance.
 */
export function LedgerTotals({ ledger, periodCaption }: { ledger: LedgerTotalsView; periodCaption: string }) {
  const figures = [
    { label: "Advanced", value: money(ledger.advanced) },
    { label: "Earned", value: money(ledger.earned) },
    { label: "Unearned", value: money(ledger.unearned) },
    { label: "Charged Back", value: money(ledger.chargedBack), tone: ledger.chargedBack > 0 ? "text-red-700" : "" },
    // The agent's net: the one figure that spans a phone's two columns.
    { label: "Net Balance", value: money(ledger.balance), tone: "text-brand-700", wide: true },
  ];
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold text-slate-900">Advance &amp; Chargeback Ledger</h2>
        <p className="text-xs text-slate-600">Sales · {periodCaption}</p>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Each sale&apos;s first-year commission is advanced and earned one ninth a month as payments are marked paid. A
        cancelled commission or payment charges back what was not yet earned.
      </p>
      <dl id="ledger-totals" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className={`min-w-0 rounded-md bg-slate-50 p-3 ${figure.wide ? "max-sm:col-span-2" : ""}`}
          >
            <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
            <dd className={`mt-1 text-lg font-bold [overflow-wrap:anywhere] text-slate-900 ${figure.tone ?? ""}`}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
