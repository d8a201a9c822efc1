import type { LoaderFunctionArgs } from "@remix-run/node";
import { DataTable } from "~/components/ui/data-table";
import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/shell/app-shell";
import { LeadStatusBadge } from "~/components/leads/status-badge";
import { Card, StatCard } from "~/components/ui/card";
import { PeriodFilter } from "~/components/ui/period-filter";
import { formatDate, formatMoney, formatPhone } from "~/domain/format";
import { PERIOD_CAPTIONS } from "~/domain/periods";
import { periodFromSearch } from "~/domain/schemas/period";
import { getAgentDashboard } from "~/services/dashboard.server";
import { requireAgent } from "~/utils/auth.server";

export const handle: PageHandle = { title: "Dashboard", subtitle: "Your leads and commissions at a glance" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAgent(request);
  const query = periodFromSearch(new URL(request.url).searchParams, "all");
  const dashboard = await getAgentDashboard(user, query);
  return { ...dashboard, query, timezone: user.timezone, firstName: user.firstName };
}

export default function AgentDashboard() {
  const { stats, recentApplications, query, timezone, firstName } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-xl font-bold text-slate-900">Welcome back, {firstName}</h2>
        <PeriodFilter period={query.period} startDate={query.startDate} endDate={query.endDate} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="My Leads" value={stats.totalLeads} caption={`${stats.pending} pending · ${PERIOD_CAPTIONS[query.period]}`} />
        <StatCard label="Converted" value={stats.converted} caption={`${stats.conversionRate.toFixed(1)}% conversion`} />
        <StatCard label="Callbacks" value={stats.callbacks} caption={`${stats.callbacksDueToday} due today`} />
        <StatCard label="Commission" value={formatMoney(stats.commissionThisMonthCents)} caption="This month" />
      </div>
      <Card className="overflow-hidden">
        <div className="border-b border-slate-200 px-4 py-3">
          <h3 className="font-semibold text-slate-900">My Recent Leads</h3>
        </div>
        <DataTable columns={["Lead", "Status", "Coverage", "Premium", "Date"]} isEmpty={recentApplications.length === 0} empty="No leads assigned yet.">
                {recentApplications.map((lead) => (
                  <tr key={lead.id}>
                    <td className="px-4 py-2">
                      <p className="font-medium text-slate-900">{lead.firstName} {lead.lastName}</p>
                      <p className="text-xs text-slate-500">{lead.primaryPhone ? formatPhone(lead.primaryPhone) : "No phone"}</p>
                    </td>
                    <td className="px-4 py-2"><LeadStatusBadge status={lead.status} /></td>
                    <td className="px-4 py-2">{formatMoney(lead.coverageAmountCents)}</td>
                    <td className="px-4 py-2">{formatMoney(lead.monthlyPremiumCents)}</td>
                    <td className="px-4 py-2 whitespace-nowrap">{formatDate(lead.createdAt, timezone)}</td>
                  </tr>
                ))}
        </DataTable>
      </Card>
    </div>
  );
}
