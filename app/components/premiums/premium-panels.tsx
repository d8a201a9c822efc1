import { Link } from "@remix-run/react";
import { CancelledAmount } from "~/components/commissions/cancelled-commission";
import { FilterSelect } from "~/components/ui/period-filter";
import { Badge, Card, StatCards } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { buttonClass } from "~/components/ui/button";
import { SubmittedIssued } from "~/components/ui/submitted-issued";
import { exposureCaption } from "~/domain/exposure";
import { COMMISSION_TBD, formatDate, formatMoney } from "~/domain/format";
import { placementLabel } from "~/domain/placement";
import { policyStatusStyle } from "~/domain/statuses";
import type { ExposureTotal } from "~/services/exposure.server";
import type { AgentLedgerRow, PremiumFigures, PremiumRow } from "~/services/premiums.server";

/** The agent filter (all or one approved agent), a field of the page's one filter form (PeriodFilter). */
export function AgentFilter({ agents, agentId }: { agents: { id: string; name: string }[]; agentId: string }) {
  return (
    <FilterSelect
      id="agentId"
      name="agentId"
      label="Agent"
      value={agentId}
      allLabel="All agents"
      options={agents.map((agent) => ({ value: agent.id, label: agent.name }))}
    />
  );
}

/**
 * The spec's four cards, premiums, commissions and sales told as submitted and issued (issue 26),
 * with the placement rate and, when given, the chargeback exposure now; Total Monthly Premiums
 * carries the period's caption.
 */
export function PremiumCards({
  figures,
  exposure,
  periodCaption,
}: {
  figures: PremiumFigures;
  exposure?: ExposureTotal;
  periodCaption: string;
}) {
  const cancelled =
    figures.cancelledSales === 0
      ? "Active commissions"
      : `Active · ${formatMoney(figures.cancelledCommissionCents)} cancelled (${figures.cancelledSales}) not counted`;
  return (
    <StatCards
      items={[
        {
          label: "Total Monthly Premiums",
          value: (
            <SubmittedIssued
              submitted={formatMoney(figures.totalPremiumCents)}
              issued={formatMoney(figures.issuedPremiumCents)}
            />
          ),
          caption: periodCaption,
        },
        {
          label: "Total Commissions",
          value: (
            <SubmittedIssued
              submitted={formatMoney(figures.totalCommissionCents)}
              issued={formatMoney(figures.issuedCommissionCents)}
            />
          ),
          caption: cancelled,
        },
        { label: "Average Premium", value: formatMoney(figures.averagePremiumCents), caption: "Per sale, monthly" },
        {
          label: "Total Sales",
          value: <SubmittedIssued submitted={figures.totalSales} issued={figures.issuedSales} />,
          caption: periodCaption,
        },
        {
          label: "Placement Rate",
          value: placementLabel(figures.placementRate),
          caption: `${figures.issuedSales} issued of ${figures.decidedSales} decided`,
        },
        ...(exposure
          ? [
              {
                label: "Chargeback Exposure",
                value: formatMoney(exposure.totalCents),
                caption: exposureCaption(exposure.policies),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The spec's table: lead, agent, carrier, product, premium, comp %, commission, sale date. */
export function PremiumTable({ rows, timezone }: { rows: PremiumRow[]; timezone: string }) {
  const columns: Column<PremiumRow>[] = [
    {
      header: "Lead",
      cell: (row) => <span className="font-medium text-slate-900">{row.leadName}</span>,
    },
    { header: "Agent", cell: (row) => row.agentName ?? "Unassigned" },
    { header: "Carrier", cell: (row) => row.carrier ?? "—" },
    { header: "Product", cell: (row) => row.product ?? "—" },
    {
      header: "Premium",
      align: "right",
      className: "sm:whitespace-nowrap",
      cell: (row) => `${formatMoney(row.premiumCents)}/mo`,
    },
    {
      header: "Comp %",
      align: "right",
      cell: (row) => (row.compPercentage === null ? "—" : `${row.compPercentage}%`),
    },
    {
      header: "Commission",
      align: "right",
      className: "sm:whitespace-nowrap",
      cell: (row) => {
        const commission = row.commissionCents === null ? COMMISSION_TBD : formatMoney(row.commissionCents);
        return row.commissionCancelled ? <CancelledAmount>{commission}</CancelledAmount> : commission;
      },
    },
    {
      header: "Sale Date",
      className: "sm:whitespace-nowrap",
      cell: (row) => {
        const policy = policyStatusStyle(row.policyStatus);
        return (
          <>
            <span className="block">{formatDate(row.saleDate, timezone)}</span>
            <Badge className={policy.className}>{policy.label}</Badge>
          </>
        );
      },
    },
  ];
  return (
    <DataTable
      caption="Premiums"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ id: `premium-${row.id}` })}
      empty="No premium data found."
      dense
    />
  );
}

/**
 * Advances and chargebacks by agent (beyond the spec): each agent's first-year commissions
 * advanced on the period's sales, what is earned as payments come in, what was charged back on
 * cancelled commissions or payments, and the balance.
 */
export function AgentLedgerTable({ rows, periodCaption }: { rows: AgentLedgerRow[]; periodCaption: string }) {
  const money = (cents: number) => formatMoney(cents);
  const columns: Column<AgentLedgerRow>[] = [
    { header: "Agent", cell: (row) => <span className="font-medium text-slate-900">{row.agentName}</span> },
    { header: "Sales", align: "right", cell: (row) => row.sales },
    { header: "Advanced", align: "right", className: "sm:whitespace-nowrap", cell: (row) => money(row.advancedCents) },
    { header: "Earned", align: "right", className: "sm:whitespace-nowrap", cell: (row) => money(row.earnedCents) },
    {
      header: "Unearned",
      align: "right",
      className: "sm:whitespace-nowrap",
      cell: (row) => money(row.unearnedCents),
    },
    {
      header: "Charged Back",
      align: "right",
      className: "sm:whitespace-nowrap",
      cell: (row) => (
        <span className={row.chargedBackCents > 0 ? "font-medium text-red-700" : ""}>
          {money(row.chargedBackCents)}
        </span>
      ),
    },
    {
      header: "Balance",
      align: "right",
      className: "sm:whitespace-nowrap",
      cell: (row) => <span className="font-semibold text-slate-900">{money(row.balanceCents)}</span>,
    },
  ];
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-200 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="font-semibold text-slate-900">Advances and Chargebacks by Agent</h2>
          <p className="text-xs text-slate-600">Sales · {periodCaption}</p>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Each sale&apos;s first-year commission is advanced and earned one ninth a month as payments are marked paid. A
          cancelled commission or payment charges back what was not yet earned; the balance is advanced less charged
          back.
        </p>
      </div>
      <DataTable
        caption="Advances and chargebacks by agent"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.agentId}
        empty="No sales in this period, so nothing was advanced."
        dense
      />
    </Card>
  );
}

/** The spec's "Failed to fetch premium data" (part 2, section 8): the page's read failed; try again. */
export function PremiumsFetchError() {
  return (
    <Card className="mx-auto max-w-xl px-6 py-10 text-center">
      <h2 className="text-xl font-semibold text-slate-900">Failed to fetch premium data</h2>
      <p className="mt-2 text-sm text-slate-600">Please try again in a moment.</p>
      <Link to="/admin/premiums" className={buttonClass("primary", "mt-6")}>
        Try again
      </Link>
    </Card>
  );
}
