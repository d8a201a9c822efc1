import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { CancelCommissionDialog } from "~/components/commissions/cancel-commission-dialog";
import { CommissionSummaryCards, LedgerTotals } from "~/components/commissions/commission-panels";
import { CommissionTable } from "~/components/commissions/commission-table";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card } from "~/components/ui/card";
import { FilterBar } from "~/components/ui/filter-bar";
import { Pagination } from "~/components/ui/pagination";
import { PeriodFilter } from "~/components/ui/period-filter";
import { inputClass } from "~/components/ui/field";
import {
  COMMISSION_FILTERS,
  COMMISSION_FILTER_LABELS,
  COMMISSION_PERIODS,
  COMMISSION_TOASTS,
  commissionPeriodFromSearch,
} from "~/domain/commissions";
import { commissionList } from "~/domain/schemas/commissions";
import { cancelCommission, commissionFigures, getCommission, listCommissions } from "~/services/commissions.server";
import { agentExposure } from "~/services/exposure.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAgent } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { notFoundAsPage } from "~/utils/lead-intents.server";
import { hrefWith } from "~/utils/list";
import { useRefreshedLoaderData } from "~/utils/polling";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Commissions", subtitle: "Your sales, commissions and ledger" };
export const meta: MetaFunction = () => [{ title: "Commissions | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent({ request, context });
  const url = new URL(request.url);
  // The selector's period (All Time or a custom range of sale dates; a range that cannot be
  // shown comes back as typed, with the reason) is the one the figures and the history use.
  const selection = commissionPeriodFromSearch(url.searchParams);
  const { period, startDate, endDate } = selection;
  const query = { ...commissionList.fromSearch(url.searchParams), period, startDate, endDate };
  const [list, figures, exposure] = await Promise.all([
    listCommissions(user, query),
    commissionFigures(user, query),
    agentExposure(user),
  ]);
  redirectPastLastPage(url, list);
  // ?dialog=cancel&id= (Mark as Cancelled's confirmation); a sale not the agent's is a 404.
  const id = url.searchParams.get("id") ?? "";
  const dialog = url.searchParams.get("dialog") === "cancel" ? "cancel" : null;
  const selected = dialog ? (list.rows.find((row) => row.id === id) ?? (await getCommission(user, id))) : null;
  return {
    list,
    ...figures,
    exposure,
    selection,
    status: query.status,
    search: query.search ?? "",
    selected: selected && !selected.isCancelled ? selected : null,
    timezone: user.timezone,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent({ request, context });
  const back = hrefWith(new URL(request.url), { dialog: null, id: null });
  return runIntent(request, {
    back,
    // The spec: "Cancel Failed", with the server's reason (else "Failed to cancel commission").
    failures: { cancel: { title: COMMISSION_TOASTS.cancelFailed } },
    intents: {
      // Another agent's sale is a 404, as from the API; a refusal (never sold, already
      // cancelled) is the toast.
      cancel: notFoundAsPage(async (form) => {
        const commission = await cancelCommission(user, String(form.get("id") ?? ""));
        return redirectWithToast(back, {
          title: COMMISSION_TOASTS.cancelled,
          description: `The commission on the sale to ${commission.customerName} is cancelled.`,
        });
      }),
    },
  });
}

export default function CommissionsPage() {
  const { list, summary, ledger, exposure, selection, status, search, selected, timezone } =
    useRefreshedLoaderData<typeof loader>(60_000);
  const location = useLocation();
  const here = location.pathname + location.search;
  const periodCaption = selection.period === "custom" ? `${selection.startDate} to ${selection.endDate}` : "All time";
  const filtered = status !== "all" || search !== "";
  return (
    <div className="space-y-5">
      <PeriodFilter
        selection={selection}
        periods={COMMISSION_PERIODS}
        extra={{ status: status === "all" ? undefined : status, search: search || undefined }}
      />
      <CommissionSummaryCards summary={summary} exposure={exposure} periodCaption={periodCaption} />
      <LedgerTotals ledger={ledger} periodCaption={periodCaption} />
      <Card className="overflow-hidden">
        <div className="space-y-3 border-b border-slate-200 p-4">
          <h2 className="font-semibold text-slate-900">Commission History</h2>
          <FilterBar
            search={search}
            searchLabel="Search by customer, carrier or product"
            placeholder="Customer, carrier or product"
            keep={["period", "startDate", "endDate"]}
            applyLabel="Apply Filters"
          >
            <div>
              <label htmlFor="commission-status" className="mb-1 block text-xs font-medium text-slate-700">
                Status
              </label>
              <select
                id="commission-status"
                name="status"
                key={status}
                defaultValue={status}
                className={`${inputClass} w-36`}
              >
                {COMMISSION_FILTERS.map((value) => (
                  <option key={value} value={value}>
                    {COMMISSION_FILTER_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          </FilterBar>
          <p className="text-sm text-slate-600" aria-live="polite">
            {filtered ? `Commissions found: ${list.total}` : `All commissions: ${list.total}`}
          </p>
        </div>
        <CommissionTable
          commissions={list.rows}
          here={here}
          timezone={timezone}
          empty={
            summary.totalSales === 0
              ? "No commissions yet. A sale you record on a lead shows here with its commission."
              : "No commissions found matching the current filters."
          }
        />
      </Card>
      <Pagination page={list} label="Commission pages" />
      {selected ? (
        <CancelCommissionDialog
          key={selected.id}
          commission={selected}
          closeTo={hrefWith(here, { dialog: null, id: null })}
          timezone={timezone}
        />
      ) : null}
    </div>
  );
}
