import { Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { EXPOSURE_MEANING } from "~/domain/exposure";
import { formatMoney } from "~/domain/format";
import type { ExposureBreakdown, ExposureGroups, ExposureLine } from "~/services/exposure.server";

// Chargeback exposure (issue 26 item 4, decision 075): the advance not yet earned on the policies
// still inside their nine months, which a lapse would charge back.

/** "3 policies inside their 9 months". */
function exposurePolicies(policies: number) {
  return `${policies} ${policies === 1 ? "policy" : "policies"} inside their 9 months`;
}

const columns = (header: string): Column<ExposureLine>[] => [
  { header, cell: (line) => line.name, truncate: true, title: (line) => line.name },
  { header: "Policies", cell: (line) => line.policies, align: "right" },
  {
    header: "Exposure",
    cell: (line) => formatMoney(line.totalCents),
    align: "right",
    className: "sm:whitespace-nowrap",
  },
];

function Dimension({
  title,
  header,
  plural,
  groups,
}: {
  title: string;
  header: string;
  plural: string;
  groups: ExposureGroups;
}) {
  const more = groups.count - groups.rows.length;
  return (
    <section className="min-w-0 overflow-hidden rounded-md ring-1 ring-slate-200">
      <h3 className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-900">{title}</h3>
      <DataTable
        caption={`Chargeback exposure by ${header.toLowerCase()}`}
        columns={columns(header)}
        rows={groups.rows}
        rowKey={(line) => line.id ?? "none"}
        empty="No exposure."
        dense
      />
      {more > 0 ? (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
          The {groups.rows.length} largest of {groups.count} {plural}; {more} more not listed.
        </p>
      ) : null}
    </section>
  );
}

/**
 * The agency's exposure (the admin dashboard, Premiums Management): the total, and per agent,
 * carrier and lead source, largest first, as three tables (cards on a phone).
 */
export function ExposureBreakdownPanel({ exposure, scope }: { exposure: ExposureBreakdown; scope?: string }) {
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-200 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="font-semibold text-slate-900">Chargeback Exposure</h2>
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{formatMoney(exposure.totalCents)}</span> ·{" "}
            {exposurePolicies(exposure.policies)}
          </p>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {EXPOSURE_MEANING}, as of now{scope ? ` (${scope})` : ""}: what lapses would charge back. A policy leaves it
          once its nine payments are paid, or when it ends and the rest is charged back.
        </p>
      </div>
      {exposure.policies === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600">
          No policy is inside its 9 months with an advance.
        </p>
      ) : (
        <div className="grid gap-4 p-4 lg:grid-cols-2 2xl:grid-cols-3">
          <Dimension title="By Agent" header="Agent" plural="agents" groups={exposure.byAgent} />
          <Dimension title="By Carrier" header="Carrier" plural="carriers" groups={exposure.byCarrier} />
          <Dimension title="By Lead Source" header="Lead Source" plural="sources" groups={exposure.bySource} />
        </div>
      )}
    </Card>
  );
}
