import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Alert, Card, StatCards } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { ExportCsvButton, ExportCsvForm } from "~/components/ui/export-csv";
import { PeriodFilter } from "~/components/ui/period-filter";
import { formatDateTime } from "~/domain/format";
import {
  PERSISTENCY_MONTHS,
  PERSISTENCY_PERIODS,
  issuedRangeText,
  measurableLabel,
  rateLabel,
  type PersistencyChart,
  type PersistencyGroup,
  type PersistencyReport,
} from "~/domain/persistency";
import type { PeriodSelection } from "~/domain/period-range";
import { PersistencyChartSvg } from "./persistency-chart";

const EXPORT_FORM_ID = "persistency-export";

/** A month's cell: the share, and under it how many policies it was read from. */
function monthCell(group: PersistencyGroup, index: number) {
  const month = group.months[index]!;
  return (
    <>
      <span className="block font-medium text-slate-900">{rateLabel(month)}</span>
      <span className="block text-xs text-slate-600">
        {month.measurable === 0
          ? `0 of ${group.policies} measurable`
          : `${month.inForce} of ${month.measurable} in force`}
      </span>
    </>
  );
}

function columns(header: string, name: (group: PersistencyGroup) => ReactNode): Column<PersistencyGroup>[] {
  return [
    { header, cell: name, truncate: true, title: (g) => g.name },
    { header: "Policies", cell: (g) => g.policies, align: "right" },
    ...PERSISTENCY_MONTHS.map((month, index) => ({
      header: `Month ${month}`,
      cell: (g: PersistencyGroup) => monthCell(g, index),
      align: "right" as const,
    })),
  ];
}

function Breakdown({
  title,
  header,
  rows,
  name = (g) => g.name,
}: {
  title: string;
  header: string;
  rows: PersistencyGroup[];
  name?: (group: PersistencyGroup) => ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <h3 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">{title}</h3>
      <DataTable
        caption={title}
        columns={columns(header, name)}
        rows={rows}
        rowKey={(g) => g.key ?? "none"}
        empty="No policy was issued in this range."
      />
    </Card>
  );
}

type Props = {
  selection: PeriodSelection;
  /** The period form's other filters (the admin's agent) and the parameters it keeps (the agent's tab). */
  filters?: ReactNode;
  keep?: Record<string, string>;
  /** Said above the figures when there are none to show (an agent id that names no agent). */
  problem: string | null;
  report: PersistencyReport | null;
  chart: PersistencyChart | null;
  exportAction: string;
  timezone: string;
  /** The admin's agents link to the report of that agent alone. */
  agentHref?: (agentId: string) => string;
};

/**
 * The persistency report as both portals show it (docs/decisions/077): the period (and, for an
 * admin, the agent) as one GET form, Export CSV, the cohort's figures at months 3, 6 and 9 as cards
 * and a chart, then the same by agent, carrier, product and lead source. Everything is in the URL
 * and server-rendered, so it reads the same without JavaScript.
 */
export function PersistencyReportView({
  selection,
  filters,
  keep,
  problem,
  report,
  chart,
  exportAction,
  timezone,
  agentHref,
}: Props) {
  return (
    <div className="space-y-5">
      <Card className="p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <PeriodFilter selection={selection} periods={PERSISTENCY_PERIODS} extra={keep}>
            {filters}
          </PeriodFilter>
          {report ? (
            <div className="mt-5">
              <ExportCsvButton form={EXPORT_FORM_ID} />
            </div>
          ) : null}
        </div>
        {report ? <ExportCsvForm id={EXPORT_FORM_ID} action={exportAction} /> : null}
      </Card>
      {problem ? <Alert tone="warning">{problem}</Alert> : null}
      {report && chart ? <Figures report={report} chart={chart} timezone={timezone} agentHref={agentHref} /> : null}
    </div>
  );
}

function Figures({
  report,
  chart,
  timezone,
  agentHref,
}: Pick<Props, "timezone" | "agentHref"> & { report: PersistencyReport; chart: PersistencyChart }) {
  const { total } = report;
  const agentName = agentHref
    ? (g: PersistencyGroup) =>
        g.key ? (
          <Link to={agentHref(g.key)} className="text-brand-700 underline-offset-2 hover:underline">
            {g.name}
          </Link>
        ) : (
          g.name
        )
    : undefined;
  return (
    <>
      <p className="text-sm text-slate-600">
        {issuedRangeText(report.range)}, as of {formatDateTime(report.asOf, timezone)}. A policy counts at month 3, 6 or
        9 once that month after its issue date has arrived, as in force when its status then was Issued, Lapse Pending
        or Reinstated.
      </p>
      <StatCards
        items={[
          { label: "Policies Issued", value: total.policies, caption: "In the range; not taken left out" },
          ...total.months.map((m) => ({
            label: `In Force at Month ${m.month}`,
            value: rateLabel(m),
            caption: measurableLabel(m, total.policies),
          })),
        ]}
      />
      <Card className="p-4 sm:p-6">
        <h3 className="font-semibold text-slate-900">Still in force after issue</h3>
        <div className="mt-3">
          {total.policies === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">No policy was issued in this range.</p>
          ) : (
            <PersistencyChartSvg
              chart={chart}
              group={total}
              id="persistency-chart"
              title={`Share of ${total.policies} issued ${total.policies === 1 ? "policy" : "policies"} in force at months 3, 6 and 9`}
            />
          )}
        </div>
      </Card>
      {report.byAgent ? <Breakdown title="By Agent" header="Agent" rows={report.byAgent} name={agentName} /> : null}
      <Breakdown title="By Carrier" header="Carrier" rows={report.byCarrier} />
      <Breakdown title="By Product" header="Product" rows={report.byProduct} />
      {report.bySource ? <Breakdown title="By Lead Source" header="Lead Source" rows={report.bySource} /> : null}
    </>
  );
}
