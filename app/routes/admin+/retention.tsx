import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { paymentStatusAction } from "~/components/admin-retention/payment-intent.server";
import { RetentionAccountsTable } from "~/components/admin-retention/retention-accounts-table";
import { RetentionFilters } from "~/components/admin-retention/retention-filters";
import { RetentionErrorBoundary } from "~/components/admin-retention/retention-fetch-error";
import type { PageHandle } from "~/components/shell/app-shell";
import { ButtonLink } from "~/components/ui/button";
import { Card, StatCards } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { retentionAccountsFromSearch } from "~/domain/schemas/admin-retention";
import { agentFilterChoices } from "~/services/agents.server";
import { listRetentionAccounts, retentionManagementSummary } from "~/services/admin-retention.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAdmin } from "~/utils/auth.server";
import { hrefWith } from "~/utils/list";
import { dialogOpen, useRefreshedLoaderData } from "~/utils/polling";

export const handle: PageHandle = { title: "Retention Management", subtitle: "Payments of every sold policy" };
export const meta: MetaFunction = () => [{ title: "Retention Management | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = retentionAccountsFromSearch(url.searchParams);
  const [list, summary, agents] = await Promise.all([
    listRetentionAccounts(user, query),
    retentionManagementSummary(user, query),
    agentFilterChoices(user),
  ]);
  redirectPastLastPage(url, list);
  return {
    list,
    summary,
    agents,
    filters: { search: query.search ?? "", agentId: query.agentId ?? "", status: query.status },
    timezone: user.timezone,
  };
}

export const action = paymentStatusAction;

export default function AdminRetention() {
  const { list, summary, agents, filters, timezone } = useRefreshedLoaderData<typeof loader>(60_000, {
    pauseWhile: dialogOpen,
  });
  // The other screen keeps the customer and agent chosen here.
  const bySale = hrefWith("/admin/retention-detailed", { search: filters.search, agentId: filters.agentId });
  const here = hrefWith("/admin/retention", { search: filters.search, agentId: filters.agentId });
  return (
    <div className="space-y-5">
      <StatCards
        items={[
          { label: "Total Accounts", value: summary.totalAccounts, caption: "Sold policies" },
          {
            label: "Payments Due Soon",
            value: summary.paymentsDueSoon,
            caption: (
              <>
                {summary.overdue} overdue, {summary.dueToday} due today, {summary.dueTomorrow} due tomorrow{" "}
                {/* The card leads to the accounts to chase: overdue, due today or tomorrow. */}
                <Link
                  to={hrefWith(here, { status: filters.status === "due" ? null : "due", page: null })}
                  className="font-medium text-brand-700 underline"
                >
                  {filters.status === "due" ? "Show all accounts" : "Show accounts with payments due"}
                </Link>
              </>
            ),
          },
          { label: "Payment Success Rate", value: `${summary.successRate}%`, caption: "Paid of all payments" },
          {
            label: "Total Payments",
            value: `${summary.paidPayments}/${summary.totalPayments}`,
            caption: "Paid / total",
          },
        ]}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RetentionFilters search={filters.search} agentId={filters.agentId} agents={agents} keep={["status"]} />
        <ButtonLink to={bySale} variant="secondary">
          View by sale
        </ButtonLink>
      </div>
      <h2 className="sr-only">Retention accounts</h2>
      {list.total === 0 ? (
        <Card className="px-4 py-12 text-center">
          <p className="text-slate-600">No retention accounts found.</p>
        </Card>
      ) : (
        <Card>
          <RetentionAccountsTable accounts={list.rows} timezone={timezone} />
        </Card>
      )}
      <Pagination page={list} label="Retention account pages" />
    </div>
  );
}

export function ErrorBoundary() {
  return <RetentionErrorBoundary retryTo="/admin/retention" />;
}
