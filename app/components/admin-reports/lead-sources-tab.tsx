import { Form } from "@remix-run/react";
import { BarLineChartSvg, ChartLegend } from "~/components/ui/bar-line-chart";
import { buttonClass } from "~/components/ui/button";
import { Card, StatCards } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { SelectField } from "~/components/ui/field";
import { formatMoney } from "~/domain/format";
import {
  LEAD_SOURCE_SORTS,
  LEAD_SOURCE_SORT_LABELS,
  firstDirection,
  type LeadSourceRow,
  type LeadSourceSort,
  type SortDirection,
} from "~/domain/lead-source-report";
import type { BarLineChart } from "~/domain/performance-chart";
import { hrefWith } from "~/utils/list";

// The Lead Sources report (issue 24 item 7) as the admin's Reports tab and the agent's: the figures
// per source with the totals last, sortable by any column through the URL (header links on a wide
// screen, a Sort form on a phone, both working without JavaScript), and the chart of spend against
// first-year commission by month. What each figure means is docs/decisions/065.

const NOT_WORKED_OUT = "—";
const money = (cents: number | null) => (cents === null ? NOT_WORKED_OUT : formatMoney(cents));
const percent = (value: number | null) => (value === null ? NOT_WORKED_OUT : `${value.toFixed(1)}%`);

type Props = {
  rows: LeadSourceRow[];
  total: LeadSourceRow;
  sort: LeadSourceSort;
  dir: SortDirection;
  /** The page's URL (path and query), which the sort links change. */
  here: string;
  chart: BarLineChart<"spend" | "commission">;
  months: { label: string }[];
  /** The admin's view counts duplicates; an agent's has none (a duplicate is nobody's lead). */
  withDuplicates: boolean;
  empty: string;
};

function sourceCell(row: LeadSourceRow) {
  const details = [
    row.listedCostPerLeadCents === null ? null : `${formatMoney(row.listedCostPerLeadCents)} a lead`,
    row.status === "paused" ? "Paused" : null,
  ].filter(Boolean);
  return (
    <>
      <span className={row.key === "total" ? "font-semibold" : undefined}>{row.name}</span>
      {details.length ? <span className="block text-xs text-slate-500">{details.join(" · ")}</span> : null}
    </>
  );
}

export function LeadSourcesTab({ rows, total, sort, dir, here, chart, months, withDuplicates, empty }: Props) {
  const sortBy = (key: LeadSourceSort): Column<LeadSourceRow>["sort"] => {
    const sorted = key === sort;
    const next: SortDirection = sorted ? (dir === "asc" ? "desc" : "asc") : firstDirection(key);
    return {
      href: hrefWith(here, { sort: key, dir: next }),
      sorted: sorted ? (dir === "asc" ? "ascending" : "descending") : null,
    };
  };
  const figure = (key: LeadSourceSort, cell: (row: LeadSourceRow) => React.ReactNode): Column<LeadSourceRow> => ({
    header: LEAD_SOURCE_SORT_LABELS[key],
    cell,
    align: "right",
    sort: sortBy(key),
  });
  const columns: Column<LeadSourceRow>[] = [
    { header: LEAD_SOURCE_SORT_LABELS.name, cell: sourceCell, sort: sortBy("name"), className: "sm:min-w-40" },
    figure("leads", (r) => r.leads.toLocaleString("en-US")),
    ...(withDuplicates ? [figure("duplicates", (r) => (r.duplicates ?? 0).toLocaleString("en-US"))] : []),
    figure("returns", (r) => r.returns.toLocaleString("en-US")),
    figure("returnRate", (r) => percent(r.returnRate)),
    figure("contacted", (r) => r.contacted.toLocaleString("en-US")),
    figure("contactRate", (r) => percent(r.contactRate)),
    figure("sales", (r) => r.sales.toLocaleString("en-US")),
    figure("closeRate", (r) => percent(r.closeRate)),
    figure("commission", (r) => money(r.commissionCents)),
    figure("chargebacks", (r) => money(r.chargebackCents)),
    figure("spend", (r) => money(r.spendCents)),
    figure("costPerLead", (r) => money(r.costPerLeadCents)),
    figure("costPerSale", (r) => money(r.costPerSaleCents)),
    figure("costPerSalePercent", (r) => percent(r.costPerSalePercent)),
  ];
  const sorts = LEAD_SOURCE_SORTS.filter((key) => withDuplicates || key !== "duplicates");
  const span = months.length === 1 ? months[0]!.label : `${months[0]!.label} to ${months[months.length - 1]!.label}`;
  const hereUrl = new URL(here, "http://x");
  return (
    <div className="space-y-5">
      <StatCards
        items={[
          { label: "Spend", value: formatMoney(total.spendCents), caption: "Billable leads less approved returns" },
          {
            label: "Cost Per Sale",
            value: money(total.costPerSaleCents),
            caption: `${total.sales} ${total.sales === 1 ? "sale" : "sales"}`,
          },
          {
            label: "First-Year Commission",
            value: formatMoney(total.commissionCents),
            caption: `${formatMoney(total.chargebackCents)} charged back`,
          },
          {
            label: "Cost Per Sale (% of Commission)",
            value: percent(total.costPerSalePercent),
            caption: "Spend / first-year commission",
          },
        ]}
      />
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h3 className="font-semibold text-slate-900">Cost per sale by lead source</h3>
          {/* On a phone the headers are hidden (each row is a card), so the order is chosen here. */}
          <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2 sm:hidden" aria-label="Sort">
            {[...hereUrl.searchParams.entries()]
              .filter(([name]) => name !== "sort" && name !== "dir")
              .map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
            <SelectField id="lead-source-sort" name="sort" label="Sort by" defaultValue={sort}>
              {sorts.map((key) => (
                <option key={key} value={key}>
                  {LEAD_SOURCE_SORT_LABELS[key]}
                </option>
              ))}
            </SelectField>
            <SelectField id="lead-source-dir" name="dir" label="Order" defaultValue={dir}>
              <option value="desc">High to low (Z to A)</option>
              <option value="asc">Low to high (A to Z)</option>
            </SelectField>
            <button type="submit" className={buttonClass("secondary")}>
              Sort
            </button>
          </Form>
        </div>
        <DataTable
          caption="Cost per sale by lead source"
          columns={columns}
          rows={rows.length ? [...rows, total] : []}
          rowKey={(r) => r.key}
          empty={empty}
          dense
          rowProps={(r) => (r.key === "total" ? { className: "bg-slate-50 font-semibold", "data-total": "" } : {})}
        />
      </Card>
      <Card className="p-4 sm:p-6">
        <h3 className="font-semibold text-slate-900">Spend against first-year commission by month</h3>
        <ChartLegend
          items={[
            { label: "Spend", color: "bg-red-600" },
            { label: "First-year commission", color: "bg-green-600" },
          ]}
        />
        <div className="mt-3">
          <BarLineChartSvg
            chart={chart}
            id="lead-source-spend"
            title={`Spend and first-year commission per month, ${span}`}
            description={`${formatMoney(total.spendCents)} spent on leads and ${formatMoney(total.commissionCents)} in first-year commission over the range. Each source's figures are in the table above.`}
            barClass={{ spend: "fill-red-600", commission: "fill-green-600" }}
            newestInView
          />
        </div>
      </Card>
    </div>
  );
}
