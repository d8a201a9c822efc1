import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { PageHandle } from "~/components/shell/app-shell";
import { RecentLeadsTable } from "~/components/leads/recent-leads-table";
import { Card, StatCards } from "~/components/ui/card";
import { PeriodFilter } from "~/components/ui/period-filter";
import { formatMoney } from "~/domain/format";
import { PERIOD_CAPTIONS } from "~/domain/periods";
import { periodFromSearch } from "~/domain/period-range";
import { getAgentDashboard } from "~/services/dashboard.server";
import { requireAgent } from "~/utils/auth.server";
import { useRefreshedLoaderData } from "~/utils/polling";

export const handle: PageHandle = { title: "Dashboard", subtitle: "Your leads and commissions at a glance" };
export const meta: MetaFunction = () => [{ title: "Agent Dashboard | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent({ request, context });
  const query = periodFromSearch(new URL(request.url).searchParams, "all");
  const dashboard = await getAgentDashboard(user, query);
  return { ...dashboard, query, timezone: user.timezone, firstName: user.firstName };
}

export default function AgentDashboard() {
  const { stats, recentApplications, query, timezone, firstName } = useRefreshedLoaderData<typeof loader>(60_000);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="min-w-0 text-xl font-bold [overflow-wrap:anywhere] text-slate-900">Welcome back, {firstName}</h2>
        <PeriodFilter selection={query} />
      </div>
      <StatCards
        items={[
          {
            label: "My Leads",
            value: stats.totalLeads,
            caption: `${stats.pending} pending · ${PERIOD_CAPTIONS[query.period]}`,
          },
          { label: "Converted", value: stats.converted, caption: `${stats.conversionRate.toFixed(1)}% conversion` },
          { label: "Callbacks", value: stats.callbacks, caption: `${stats.callbacksDueToday} due today` },
          { label: "Commission", value: formatMoney(stats.commissionThisMonthCents), caption: "This month" },
        ]}
      />
      <Card className="overflow-hidden">
        <div className="border-b border-slate-200 px-4 py-3">
          <h3 className="font-semibold text-slate-900">My Recent Leads</h3>
        </div>
        <RecentLeadsTable leads={recentApplications} timezone={timezone} view="agent" empty="No leads assigned yet." />
      </Card>
    </div>
  );
}
