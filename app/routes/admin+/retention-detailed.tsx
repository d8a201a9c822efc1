import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { paymentStatusAction } from "~/components/admin-retention/payment-intent.server";
import { RetentionFilters } from "~/components/admin-retention/retention-filters";
import { RetentionErrorBoundary } from "~/components/admin-retention/retention-fetch-error";
import { SaleCard } from "~/components/admin-retention/sale-card";
import type { PageHandle } from "~/components/shell/app-shell";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { Pagination } from "~/components/ui/pagination";
import { allLeadsFromSearch } from "~/domain/schemas/admin-leads";
import { ADMIN_PAYMENT_FILTERS, adminPaymentStatusStyle } from "~/domain/statuses";
import { agentFilterChoices } from "~/services/agents.server";
import { listSalesWithPayments } from "~/services/admin-retention.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAdmin } from "~/utils/auth.server";
import { hrefWith } from "~/utils/list";
import { dialogOpen, useRefreshedLoaderData } from "~/utils/polling";

export const handle: PageHandle = { title: "Retention by Sale", subtitle: "Each sale's monthly payments" };
export const meta: MetaFunction = () => [{ title: "Retention by Sale | Agency CRM" }];

/** Ten sales a page: each card holds nine months with a select each. */
const SALES_PER_PAGE = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const fromUrl = allLeadsFromSearch(url.searchParams);
  // The screen's filters are the payment status, the customer and the agent; All Leads' others stay off.
  const query = {
    ...fromUrl,
    status: "sale" as const,
    sort: "newest" as const,
    carrierId: undefined,
    state: undefined,
    dateFrom: undefined,
    dateTo: undefined,
    unread: false,
    paymentStatus: fromUrl.paymentStatus ?? "all",
    pageSize: SALES_PER_PAGE,
  };
  const [list, agents] = await Promise.all([listSalesWithPayments(user, query), agentFilterChoices(user)]);
  redirectPastLastPage(url, list);
  return {
    list,
    agents,
    paymentStatus: query.paymentStatus,
    filters: { search: query.search ?? "", agentId: query.agentId ?? "" },
    timezone: user.timezone,
  };
}

export const action = paymentStatusAction;

export default function AdminRetentionBySale() {
  const { list, agents, paymentStatus, filters, timezone } = useRefreshedLoaderData<typeof loader>(60_000, {
    pauseWhile: dialogOpen,
  });
  // The other screen keeps the customer and agent chosen here.
  const accounts = hrefWith("/admin/retention", { search: filters.search, agentId: filters.agentId });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterTabs
          label="Filter by payment status"
          param="paymentStatus"
          current={paymentStatus}
          tabs={ADMIN_PAYMENT_FILTERS.map((value) => ({
            value,
            label: value === "all" ? "All" : adminPaymentStatusStyle(value).label,
          }))}
        />
        <ButtonLink to={accounts} variant="secondary">
          View accounts
        </ButtonLink>
      </div>
      <RetentionFilters search={filters.search} agentId={filters.agentId} agents={agents} keep={["paymentStatus"]} />
      <h2 className="sr-only">Sales</h2>
      {list.total === 0 ? (
        <Card className="px-4 py-12 text-center">
          <p className="text-slate-600">No sales found with the selected criteria.</p>
        </Card>
      ) : (
        <ul className="space-y-4">
          {list.rows.map((sale) => (
            <li key={sale.id}>
              <SaleCard sale={sale} timezone={timezone} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list} label="Sale pages" />
    </div>
  );
}

export function ErrorBoundary() {
  return <RetentionErrorBoundary retryTo="/admin/retention-detailed" />;
}
