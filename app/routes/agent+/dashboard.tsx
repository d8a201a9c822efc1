import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLocation } from "@remix-run/react";
import type { PageHandle } from "~/components/shell/app-shell";
import { RecentLeadsTable } from "~/components/leads/recent-leads-table";
import { Card, StatCards } from "~/components/ui/card";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { PeriodFilter } from "~/components/ui/period-filter";
import { RefreshLink } from "~/components/ui/refresh-link";
import { SubmittedIssued } from "~/components/ui/submitted-issued";
import { exposureCaption } from "~/domain/exposure";
import { formatMoney } from "~/domain/format";
import { PERIOD_CAPTIONS } from "~/domain/periods";
import { placementLabel } from "~/domain/placement";
import { periodFromSearch } from "~/domain/period-range";
import { RECENT_LEAD_FILTERS, leadStatusStyle } from "~/domain/statuses";
import { getAgentDashboard } from "~/services/dashboard.server";
import { requireAgent } from "~/utils/auth.server";
import { useRefreshedLoaderData } from "~/utils/polling";

export const handle: PageHandle = { title: "Dashboard", subtitle: "Your leads and commissions at a glance" };
export const meta: MetaFunction = () => [{ title: "Agent Dashboard | Agency CRM" }];

/** My Recent Leads' filter lives in ?recent= (the period has ?period=). */
const RECENT_PARAM = "recent";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent({ request, context });
  const params = new URL(request.url).searchParams;
  const query = periodFromSearch(params, "all");
  const recentStatus = RECENT_LEAD_FILTERS.find((value) => value === params.get(RECENT_PARAM)) ?? "all";
  const dashboard = await getAgentDashboard(user, { ...query, recentStatus });
  return { ...dashboard, query, recentStatus, timezone: user.timezone, firstName: user.firstName };
}

export default function AgentDashboard() {
  const { stats, exposure, recentApplications, query, recentStatus, timezone, firstName } =
    useRefreshedLoaderData<typeof loader>(60_000);
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="min-w-0 text-xl font-bold [overflow-wrap:anywhere] text-slate-900">Welcome back, {firstName}</h2>
        <div className="flex flex-wrap items-end gap-2">
          <PeriodFilter
            selection={query}
            extra={{ [RECENT_PARAM]: recentStatus === "all" ? undefined : recentStatus }}
          />
          <RefreshLink to={here} />
        </div>
      </div>
      <StatCards
        items={[
          {
            label: "My Leads",
            value: stats.totalLeads,
            caption: `${stats.pending} pending · ${PERIOD_CAPTIONS[query.period]}`,
          },
          {
            label: "Converted",
            value: <SubmittedIssued submitted={stats.converted} issued={stats.issued} />,
            caption: `${stats.conversionRate.toFixed(1)}% conversion`,
          },
          {
            label: "Placement Rate",
            value: placementLabel(stats.placementRate),
            caption: `${stats.issued} issued of ${stats.decided} decided`,
          },
          {
            label: "Callbacks",
            value: stats.callbacks,
            caption: (
              <Link
                to="/agent/callbacks"
                className="inline-block py-1 text-blue-700 underline-offset-2 hover:underline"
              >
                {stats.callbacksDueToday} due today
              </Link>
            ),
          },
          {
            label: "Commission",
            value: (
              <SubmittedIssued
                submitted={formatMoney(stats.commissionThisMonthCents)}
                issued={formatMoney(stats.issuedCommissionThisMonthCents)}
              />
            ),
            caption: (
              <Link
                to="/agent/commissions"
                className="inline-block py-1 text-blue-700 underline-offset-2 hover:underline"
              >
                This month
              </Link>
            ),
          },
          {
            label: "Chargeback Exposure",
            value: formatMoney(exposure.totalCents),
            caption: exposureCaption(exposure.policies),
          },
        ]}
      />
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h3 className="font-semibold text-slate-900">My Recent Leads</h3>
          <FilterTabs
            label="Filter recent leads by status"
            param={RECENT_PARAM}
            current={recentStatus}
            tabs={RECENT_LEAD_FILTERS.map((value) => ({
              value,
              label: value === "all" ? "All Status" : value === "sale" ? "Converted" : leadStatusStyle(value).label,
            }))}
          />
        </div>
        <RecentLeadsTable
          leads={recentApplications}
          timezone={timezone}
          view="agent"
          empty={recentStatus === "all" ? "No leads assigned yet." : "No recent leads with this status."}
        />
      </Card>
    </div>
  );
}
