import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminReportFilters } from "~/components/admin-reports/admin-report-filters";
import {
  AgentsTab,
  OverviewTab,
  PerformanceTab,
  RevenueTab,
  type MonthView,
} from "~/components/admin-reports/admin-report-tabs";
import { LeadSourcesTab } from "~/components/admin-reports/lead-sources-tab";
import type { PageHandle } from "~/components/shell/app-shell";
import { Alert, Card } from "~/components/ui/card";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { ADMIN_REPORT_TABS, ADMIN_REPORT_TAB_LABELS, adminReportTab } from "~/domain/admin-reports";
import { formatDate } from "~/domain/format";
import { adminReportPage, readAdminReportFilters } from "~/domain/schemas/admin-reports";
import { adminReport, listReportCarriers, type AdminReport, type MonthFigures } from "~/services/admin-reports.server";
import { agentFilterChoices } from "~/services/agents.server";
import { ServiceError } from "~/services/errors.server";
import { requireAdmin } from "~/utils/auth.server";
import { hrefWith } from "~/utils/list";
import { barLineChart, monthLabel } from "~/utils/performance-chart.server";
import { leadSourcesTabData } from "~/utils/lead-source-report.server";

export const handle: PageHandle = { title: "Reports & Analytics", subtitle: "How the agency performs" };
export const meta: MetaFunction = () => [{ title: "Reports & Analytics | Agency CRM" }];

const AGENTS_PAGE_SIZE = 25;

const TABS = ADMIN_REPORT_TABS.map((value) => ({ value, label: ADMIN_REPORT_TAB_LABELS[value] }));

const monthView = (m: MonthFigures): MonthView => ({ ...m, label: monthLabel(m.month) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const tab = adminReportTab(url.searchParams.get("tab"));
  if (tab === "lead-sources") return { tab, ...(await leadSourcesTabData(user, url)) };
  const reading = readAdminReportFilters(url.searchParams);
  const [agents, carriers] = await Promise.all([agentFilterChoices(user), listReportCarriers(user)]);
  let report: AdminReport | null = null;
  let fieldErrors = reading.fieldErrors;
  if (reading.filters) {
    try {
      report = await adminReport(user, reading.filters, {
        parts: [tab],
        agentsPage: { page: adminReportPage(url.searchParams), pageSize: AGENTS_PAGE_SIZE },
      });
    } catch (error) {
      // An unknown agent or carrier, or too long a range, is refused at its field like every other bad filter.
      if (!(error instanceof ServiceError && error.code === "invalid" && error.fieldErrors)) throw error;
      fieldErrors = error.fieldErrors;
    }
  }
  const page = report?.agents;
  if (page && page.rows.length === 0 && page.page > 1) throw redirect(hrefWith(url, { page: null }));
  const trend = report?.performance?.monthlyTrend;
  return {
    tab,
    values: reading.values,
    fieldErrors,
    agents,
    carriers,
    timezone: user.timezone,
    range: report?.range ?? null,
    overview: report?.overview ?? null,
    // The chart is computed here (d3 on the server): the page gets numbers and a path.
    performance: trend
      ? {
          months: trend.map(monthView),
          chart: barLineChart(
            trend.map((m) => ({
              key: m.month,
              label: monthLabel(m.month, false),
              counts: { leads: m.leads, sales: m.sales },
              cents: m.revenueCents,
            })),
            ["leads", "sales"] as const,
          ),
        }
      : null,
    revenue: report?.revenue ? { ...report.revenue, byMonth: report.revenue.byMonth.map(monthView) } : null,
    agentFigures: report?.agents ?? null,
    leadSources: null,
  };
}

export default function AdminReportsPage() {
  const data = useLoaderData<typeof loader>();
  const { tab, values, fieldErrors, agents, carriers, timezone, range } = data;
  const overview = "overview" in data ? data.overview : null;
  const performance = "performance" in data ? data.performance : null;
  const revenue = "revenue" in data ? data.revenue : null;
  const agentFigures = "agentFigures" in data ? data.agentFigures : null;
  const leadSources = data.leadSources;
  return (
    <div className="space-y-5">
      <Card className="p-4">
        <AdminReportFilters
          values={values}
          fieldErrors={fieldErrors}
          agents={agents}
          carriers={carriers}
          tab={tab}
          keep={leadSources?.keep}
        />
      </Card>
      <FilterTabs label="Report views" tabs={TABS} current={tab} param="tab" />
      <p className="text-sm text-slate-600">
        How many issued policies stay in force at months 3, 6 and 9:{" "}
        <Link to="/admin/persistency" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Persistency
        </Link>
      </p>
      {range ? (
        <>
          <p className="text-sm text-slate-600">
            Leads created {formatDate(range.dateFrom, timezone)} to {formatDate(range.dateTo, timezone)}
            {tab === "overview"
              ? `, compared with ${formatDate(range.previousFrom, timezone)} to ${formatDate(range.previousTo, timezone)}`
              : ""}
            .
          </p>
          {overview ? <OverviewTab overview={overview} /> : null}
          {performance ? <PerformanceTab months={performance.months} chart={performance.chart} /> : null}
          {revenue ? (
            <RevenueTab byCarrier={revenue.byCarrier} byProduct={revenue.byProduct} byMonth={revenue.byMonth} />
          ) : null}
          {agentFigures ? <AgentsTab agents={agentFigures} /> : null}
          {leadSources?.report ? (
            <LeadSourcesTab
              {...leadSources.report}
              here={leadSources.here}
              withDuplicates
              empty="No lead sources yet and no leads in this range."
            />
          ) : null}
        </>
      ) : (
        <Alert tone="warning">Correct the filters above to see the report.</Alert>
      )}
    </div>
  );
}
