import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { LeadReturnsTable } from "~/components/lead-returns/lead-returns-table";
import { ReturnDecisionDialog } from "~/components/lead-returns/return-decision-dialog";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card } from "~/components/ui/card";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { Pagination } from "~/components/ui/pagination";
import { LEAD_RETURN_FILTERS, leadReturnStatusStyle } from "~/domain/lead-returns";
import { leadReturnDecisionSchema, leadReturnList } from "~/domain/schemas/lead-returns";
import {
  approveLeadReturn,
  countLeadReturnsByStatus,
  denyLeadReturn,
  getLeadReturn,
  listLeadReturns,
} from "~/services/lead-returns.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAdmin } from "~/utils/auth.server";
import { formIntent, runIntent } from "~/utils/intent.server";
import { hrefWith, totalText } from "~/utils/list";
import { dialogOpen, useRefreshedLoaderData } from "~/utils/polling";
import { redirectWithToast } from "~/utils/toast.server";

// Lead returns (issue 24, item 6): agents' requests to return a bad lead, pending first (the
// longest waiting on top); Approve and Deny each take a note for the agent (decision 064).

export const handle: PageHandle = { title: "Lead Returns", subtitle: "Approve or deny agents' lead returns" };
export const meta: MetaFunction = () => [{ title: "Lead Returns | Agency CRM" }];

const DIALOGS = ["approve", "deny"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = leadReturnList.fromSearch(url.searchParams);
  const [list, counts] = await Promise.all([listLeadReturns(admin, query), countLeadReturnsByStatus(admin)]);
  // After deciding the last request of the last page, show the page that now is the last.
  redirectPastLastPage(url, list);
  const dialog = DIALOGS.find((name) => name === url.searchParams.get("dialog")) ?? null;
  const id = url.searchParams.get("id") ?? "";
  const selected = dialog ? (list.rows.find((row) => row.id === id) ?? (await getLeadReturn(admin, id))) : null;
  return { list, counts, status: query.status, dialog, selected, timezone: admin.timezone, now: Date.now() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const back = hrefWith(new URL(request.url), { dialog: null, id: null });
  return runIntent(request, {
    context,
    back,
    failures: { approve: { title: "Failed to approve return" }, deny: { title: "Failed to deny return" } },
    intents: {
      approve: formIntent(leadReturnDecisionSchema, async (decision, form) => {
        const row = await approveLeadReturn(admin, String(form.get("id") ?? ""), decision);
        return redirectWithToast(back, {
          title: "Return approved",
          description: `${row.leadName} is marked Returned.`,
        });
      }),
      deny: formIntent(leadReturnDecisionSchema, async (decision, form) => {
        const row = await denyLeadReturn(admin, String(form.get("id") ?? ""), decision);
        return redirectWithToast(back, {
          title: "Return denied",
          description: `${row.leadName} stays with the agent.`,
        });
      }),
    },
  });
}

export default function AdminLeadReturns() {
  const { list, counts, status, dialog, selected, timezone, now } = useRefreshedLoaderData<typeof loader>(60_000, {
    pauseWhile: dialogOpen,
  });
  const location = useLocation();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, id: null });
  return (
    <div className="space-y-5">
      <FilterTabs
        label="Filter by status"
        current={status}
        tabs={LEAD_RETURN_FILTERS.map((value) => ({
          value,
          label: value === "all" ? "All" : leadReturnStatusStyle(value).label,
          count: counts[value],
        }))}
      />
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
          {status === "all" ? "All requests" : `${leadReturnStatusStyle(status).label} requests`}: {totalText(list)}
        </h2>
        <LeadReturnsTable
          rows={list.rows}
          here={here}
          timezone={timezone}
          now={now}
          empty={status === "pending" ? "No return requests are waiting." : "No return requests found."}
        />
      </Card>
      <Pagination page={list} label="Return request pages" />
      {selected && dialog ? (
        selected.status === "pending" ? (
          <ReturnDecisionDialog key={`${dialog}-${selected.id}`} row={selected} decision={dialog} closeTo={closeTo} />
        ) : null
      ) : null}
    </div>
  );
}
