import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { PageHandle } from "~/components/shell/app-shell";
import { SalesPerformance } from "~/components/dashboard/sales-performance";
import { ExposureBreakdownPanel } from "~/components/exposure/exposure-panels";
import { RecentLeadsTable } from "~/components/leads/recent-leads-table";
import { Card, StatCards } from "~/components/ui/card";
import { PeriodFilter } from "~/components/ui/period-filter";
import { SubmittedIssued } from "~/components/ui/submitted-issued";
import { UNASSIGNED_AGENT } from "~/domain/admin-leads";
import { exposureCaption } from "~/domain/exposure";
import { formatDateTime, formatMoney } from "~/domain/format";
import { PERIOD_CAPTIONS } from "~/domain/periods";
import { placementLabel } from "~/domain/placement";
import { periodFromSearch } from "~/domain/period-range";
import { DEFAULT_CHART_RANGE, chartRangeFromSearch } from "~/domain/sales-chart";
import { getAdminDashboard } from "~/services/dashboard.server";
import { requireAdmin } from "~/utils/auth.server";
import { dayLabel, salesChart } from "~/utils/performance-chart.server";
import { useRefreshedLoaderData } from "~/utils/polling";

const UNASSIGNED_LEADS_HREF = `/admin/leads?agentId=${UNASSIGNED_AGENT}`;

export const handle: PageHandle = { title: "Dashboard", subtitle: "The agency at a glance" };
export const meta: MetaFunction = () => [{ title: "Admin Dashboard | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const params = new URL(request.url).searchParams;
  const query = periodFromSearch(params, "today");
  const chart = chartRangeFromSearch(params);
  const dashboard = await getAdminDashboard(user, { ...query, chart, activityEntries: 8 });
  const { days } = dashboard.salesPerformance;
  return {
    stats: dashboard.stats,
    exposure: dashboard.exposure,
    recentApplications: dashboard.recentApplications,
    // The chart is computed here (d3 on the server): the page gets numbers and a path.
    sales: { range: chart, days: days.map((d) => ({ ...d, label: dayLabel(d.date) })), chart: salesChart(days) },
    activity: dashboard.activity,
    query,
    timezone: user.timezone,
  };
}

export default function AdminDashboard() {
  const { stats, exposure, recentApplications, sales, activity, query, timezone } =
    useRefreshedLoaderData<typeof loader>(60_000);
  const caption = PERIOD_CAPTIONS[query.period];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-xl font-bold text-slate-900">Performance Overview</h2>
        {/* The chart's span is kept when the period changes (and the reverse: its links keep ?period=). */}
        <PeriodFilter
          selection={query}
          extra={{ chart: sales.range === DEFAULT_CHART_RANGE ? undefined : sales.range }}
        />
      </div>
      {stats.unassignedLeads > 0 ? (
        <p className="rounded-md bg-orange-50 px-4 py-3 text-sm text-orange-900 ring-1 ring-orange-200">
          {stats.unassignedLeads === 1
            ? "1 lead is waiting unassigned."
            : `${stats.unassignedLeads.toLocaleString("en-US")} leads are waiting unassigned.`}{" "}
          <Link to={UNASSIGNED_LEADS_HREF} className="font-medium text-orange-950 underline">
            Assign them in All Leads
          </Link>
        </p>
      ) : null}
      <StatCards
        items={[
          { label: "Active Agents", value: stats.activeAgents, caption: "Approved agents" },
          { label: "Total Leads", value: stats.totalLeads, caption },
          {
            label: "Sales Converted",
            value: <SubmittedIssued submitted={stats.converted} issued={stats.issued} />,
            caption: `${stats.conversionRate.toFixed(1)}% conversion rate`,
          },
          {
            label: "Placement Rate",
            value: placementLabel(stats.placementRate),
            caption: `${stats.issued} issued of ${stats.decided} decided`,
          },
          {
            label: "Revenue This Period",
            value: (
              <SubmittedIssued
                submitted={formatMoney(stats.revenueThisPeriodCents)}
                issued={formatMoney(stats.issuedRevenueThisPeriodCents)}
              />
            ),
            caption: `Commission on sales, ${caption.toLowerCase()}`,
          },
          {
            label: "Chargeback Exposure",
            value: formatMoney(exposure.totalCents),
            caption: exposureCaption(exposure.policies),
          },
        ]}
      />
      <SalesPerformance range={sales.range} days={sales.days} chart={sales.chart} />
      <ExposureBreakdownPanel exposure={exposure} />
      {/* Side by side only from 1536 px: at 1280 two thirds of the content (643 px) is too narrow for
          the leads' six columns with real names and emails, which would be cut off. */}
      <div className="grid gap-6 2xl:grid-cols-3">
        <Card className="overflow-hidden 2xl:col-span-2">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h3 className="font-semibold text-slate-900">Recent Leads</h3>
            <Link to="/admin/leads" className="py-1 text-sm font-medium text-blue-700 hover:underline">
              View All<span className="sr-only"> leads</span>
            </Link>
          </div>
          <RecentLeadsTable
            leads={recentApplications}
            timezone={timezone}
            view="admin"
            empty="No recent leads found."
          />
        </Card>
        <Card>
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h3 className="font-semibold text-slate-900">Recent Activity</h3>
            <Link to="/admin/activity" className="py-1 text-sm font-medium text-blue-700 hover:underline">
              View All<span className="sr-only"> activity</span>
            </Link>
          </div>
          {activity.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-500">No activity yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {activity.map((item) => (
                <li key={item.id} className="px-4 py-3 text-sm">
                  <p className="[overflow-wrap:anywhere] text-slate-800">{item.summary}</p>
                  <p className="text-xs text-slate-500">{formatDateTime(item.createdAt, timezone)}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
