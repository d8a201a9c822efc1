import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { HydrationMark } from "~/components/leads/lazy-lead-forms";
import { LeadSourceDates } from "~/components/reports/lead-source-dates";
import { ReportFilters } from "~/components/reports/report-filters";
import { ReportMetricCards } from "~/components/reports/report-metric-cards";
import { ReportTable } from "~/components/reports/report-table";
import type { PageHandle } from "~/components/shell/app-shell";
import { Alert, Card } from "~/components/ui/card";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { Pagination } from "~/components/ui/pagination";
import { readReportFilters, reportPage } from "~/domain/schemas/reports";
import { ServiceError } from "~/services/errors.server";
import { agentReport, reportCarrierChoices, type AgentReport } from "~/services/reports.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAgent } from "~/utils/auth.server";
import { leadSourcesTabData } from "~/utils/lead-source-report.server";
import { persistencyPageData } from "~/utils/persistency-page.server";
import { totalText } from "~/utils/list";

export const handle: PageHandle = { title: "Reports", subtitle: "Filter your leads and export them" };
export const meta: MetaFunction = () => [{ title: "Reports | Agency CRM" }];

const PAGE_SIZE = 20;

const TABS = [
  { value: "leads", label: "Leads" },
  { value: "lead-sources", label: "Lead Sources" },
  { value: "persistency", label: "Persistency" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent({ request, context });
  const url = new URL(request.url);
  // The Lead Sources tab: the agent's own leads by the source they came from (decision 065).
  if (url.searchParams.get("tab") === "lead-sources") {
    const { values, fieldErrors, leadSources } = await leadSourcesTabData(user, url);
    return { tab: "lead-sources" as const, dates: { values, fieldErrors }, leadSources };
  }
  // The Persistency tab: the agent's own issued policies still in force at months 3, 6 and 9 (decision 077).
  if (url.searchParams.get("tab") === "persistency") {
    return { tab: "persistency" as const, persistency: await persistencyPageData(user, url) };
  }
  const reading = readReportFilters(url.searchParams);
  const carriers = await reportCarrierChoices(user, reading.values.carrierId);
  let report: AgentReport | null = null;
  let fieldErrors = reading.fieldErrors;
  if (reading.filters) {
    try {
      report = await agentReport(user, reading.filters, { page: reportPage(url.searchParams), pageSize: PAGE_SIZE });
    } catch (error) {
      // An unknown carrier is refused at its field, like every other bad filter.
      if (!(error instanceof ServiceError && error.code === "invalid" && error.fieldErrors)) throw error;
      fieldErrors = error.fieldErrors;
    }
  }
  const list = report?.applications;
  if (list) redirectPastLastPage(url, list);
  return {
    tab: "leads" as const,
    values: reading.values,
    fieldErrors,
    carriers,
    report,
    timezone: user.timezone,
  };
}

// The Lead Sources and Persistency tabs' reports load with their tab, not with the Leads tab every
// visit opens on: the page stays within the agent pages' JavaScript budget (decision 053). The
// server renders them as always (the document waits for every boundary), so without JavaScript
// nothing changes.
const PersistencyReportView = lazy(() =>
  import("~/components/persistency/persistency-report").then((module) => ({ default: module.PersistencyReportView })),
);
const LeadSourcesTab = lazy(() =>
  import("~/components/admin-reports/lead-sources-tab").then((module) => ({ default: module.LeadSourcesTab })),
);

export default function ReportsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <FilterTabs label="Report views" tabs={[...TABS]} current={data.tab} param="tab" />
      {data.tab === "lead-sources" ? (
        <LeadSourcesView dates={data.dates} leadSources={data.leadSources} />
      ) : data.tab === "persistency" ? (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading the persistency report...</p>}>
          <HydrationMark>
            <PersistencyReportView
              {...data.persistency}
              problem={data.persistency.agentError}
              keep={{ tab: "persistency" }}
            />
          </HydrationMark>
        </Suspense>
      ) : (
        <LeadsView {...data} />
      )}
    </div>
  );
}

function LeadSourcesView({
  dates,
  leadSources,
}: Pick<Extract<SerializeFrom<typeof loader>, { tab: "lead-sources" }>, "dates" | "leadSources">) {
  return (
    <>
      <Card className="p-4">
        <LeadSourceDates
          values={dates.values}
          fieldErrors={dates.fieldErrors}
          keep={{ tab: "lead-sources", ...leadSources.keep }}
        />
      </Card>
      {leadSources.report ? (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading the lead sources report...</p>}>
          <HydrationMark>
            <LeadSourcesTab
              {...leadSources.report}
              here={leadSources.here}
              withDuplicates={false}
              empty="None of your leads were received in this range."
            />
          </HydrationMark>
        </Suspense>
      ) : (
        <Alert tone="warning">Correct the filters above to see the report.</Alert>
      )}
    </>
  );
}

function LeadsView({
  values,
  fieldErrors,
  carriers,
  report,
  timezone,
}: Extract<SerializeFrom<typeof loader>, { tab: "leads" }>) {
  const filtered = Object.values(values).some((value) => value && value !== "all");
  return (
    <div className="space-y-5">
      <Card className="p-4">
        <ReportFilters values={values} fieldErrors={fieldErrors} carriers={carriers} />
      </Card>
      {report ? (
        <>
          <ReportMetricCards metrics={report.metrics} />
          <Card className="overflow-hidden">
            <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
              {filtered
                ? `Leads found: ${totalText(report.applications)}`
                : `All leads: ${totalText(report.applications)}`}
            </h2>
            <ReportTable
              rows={report.applications.rows}
              timezone={timezone}
              empty={filtered ? "No leads match these filters." : "No leads assigned yet."}
            />
          </Card>
          <Pagination page={report.applications} label="Report pages" />
        </>
      ) : (
        <Alert tone="warning">Correct the filters above to see the report.</Alert>
      )}
    </div>
  );
}
