import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { LazyLeadDialog, useLeadFormsOnIntent } from "~/components/leads/lazy-lead-forms";
import { LazyRequestReturnDialog } from "~/components/lead-returns/lazy-return-dialog";
import { LEAD_DIALOGS, leadRowId } from "~/components/leads/lead-links";
import { MarkLeadRead } from "~/components/leads/lead-read";
import { MyLeadsTable } from "~/components/leads/my-leads-table";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card, StatCards } from "~/components/ui/card";
import { FilterBar } from "~/components/ui/filter-bar";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { Pagination } from "~/components/ui/pagination";
import { todayIn } from "~/domain/periods";
import { agentLeadList } from "~/domain/schemas/leads";
import { AGENT_LEAD_FILTERS, leadStatusStyle } from "~/domain/statuses";
import { leadCarrierChoices } from "~/services/lead-edit.server";
import {
  agentLeadPage,
  carriersWithProducts,
  countAgentLeadsByStatus,
  getLeadDetail,
  listAgentLeads,
} from "~/services/lead-reads.server";
import { saleProductsForLead } from "~/services/lead-status.server";
import { leadListVersion } from "~/services/lead-list-version.server";
import { isLeadUnread } from "~/services/leads.server";
import { leadReturnStateById } from "~/services/lead-returns.server";
import { leadTimeZone } from "~/services/lead-time-zone.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAgent } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import {
  LEAD_INTENT_FAILURES,
  leadEditIntent,
  leadOpenIntent,
  leadRevealIntent,
  leadStatusIntent,
} from "~/utils/lead-intents.server";
import { LEAD_RETURN_FAILURE, leadReturnIntent } from "~/utils/lead-return-intents.server";
import { POLICY_FAILURE, policyIntent } from "~/utils/policy-intents.server";
import { hrefWith, totalText } from "~/utils/list";
import { LEAD_LIST_VERSION, useRefreshedLoaderData } from "~/utils/polling";

export const handle: PageHandle = { title: "My Leads", subtitle: "Call, update and sell your leads" };
export const meta: MetaFunction = () => [{ title: "My Leads | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent({ request, context });
  const url = new URL(request.url);
  const query = agentLeadList.fromSearch(url.searchParams);
  // A dialog is addressed by the URL (?dialog=details&id=…). The loader only reads: opening a
  // lead marks it read by a post (the row's Details, or MarkLeadRead), and ?reveal=1 shows the
  // numbers only if this agent's Show Sensitive post recorded it (decision 046).
  const dialog = LEAD_DIALOGS.find((name) => name === url.searchParams.get("dialog")) ?? null;
  const id = url.searchParams.get("id") ?? "";

  // Read before the list: a change made in between makes the next poll's version differ (decision 057).
  const version = await leadListVersion(user);
  const [list, counts, readyCarriers] = await Promise.all([
    listAgentLeads(user, query),
    countAgentLeadsByStatus(user),
    carriersWithProducts(user),
  ]);
  // ?highlight= (the dashboard's Edit link) shows the lead on whichever page holds it.
  const highlight = url.searchParams.get("highlight");
  if (highlight && !list.rows.some((row) => row.id === highlight)) {
    const page = await agentLeadPage(user, highlight, query.pageSize);
    if (page !== null) {
      throw redirect(
        `${hrefWith(url, { status: null, search: null, page: page === 1 ? null : page })}#${leadRowId(highlight)}`,
      );
    }
  }
  redirectPastLastPage(url, list);

  const reveal = dialog === "details" && url.searchParams.get("reveal") === "1";
  const lead = dialog ? await getLeadDetail(user, id, { reveal }) : null;
  // ?dialog=return&id= is Request Return (decision 064): a dialog of its own over the list, open only
  // while the lead can be returned; the details dialog says where the lead's return stands.
  const returnFor = url.searchParams.get("dialog") === "return" || dialog === "details" ? id : null;
  const [products, carriers, unread, returnState] = await Promise.all([
    lead && dialog !== "edit" && dialog !== "policy" ? saleProductsForLead(user, lead.id) : [],
    lead && dialog === "edit" ? leadCarrierChoices(lead) : [],
    lead ? isLeadUnread(user, lead.id) : false,
    returnFor !== null ? leadReturnStateById(user, returnFor) : null,
  ]);
  const returning = !dialog && returnState?.canRequest ? returnState : null;
  return {
    list,
    counts,
    readyCarriers,
    status: query.status,
    search: query.search ?? "",
    highlight: list.rows.some((row) => row.id === highlight) ? highlight : null,
    dialog,
    lead,
    unread,
    returnState,
    returning,
    products,
    carriers,
    // The details dialog shows the lead's local time (issue 25 item 3): its zone from its ZIP code or state.
    leadTimeZone: lead ? (leadTimeZone(lead)?.timeZone ?? null) : null,
    timezone: user.timezone,
    today: todayIn(user.timezone),
    version,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent({ request, context });
  const url = new URL(request.url);
  const closed = hrefWith(url, { dialog: null, id: null, reveal: null });
  // A status set from the details dialog keeps it open, so the new status and its history show.
  const fromDetails = url.searchParams.get("dialog") === "details" ? hrefWith(url, { reveal: null }) : closed;
  return runIntent(request, {
    context,
    back: closed,
    failures: { ...LEAD_INTENT_FAILURES, return: LEAD_RETURN_FAILURE, policy: POLICY_FAILURE },
    intents: {
      status: leadStatusIntent(user, "status", fromDetails),
      // Back to the lead's details, which show the policy's new status and history.
      policy: policyIntent(user, (id) => hrefWith(url, { dialog: "details", id, reveal: null })),
      // Back to the lead's details, which then show the pending return.
      return: leadReturnIntent(user, (id) => hrefWith(url, { dialog: "details", id, reveal: null })),
      disposition: leadStatusIntent(user, "disposition", closed),
      edit: leadEditIntent(user, (id) => hrefWith(url, { dialog: "disposition", id, reveal: null })),
      reveal: leadRevealIntent(user, (id) => hrefWith(url, { dialog: "details", id, reveal: "1" })),
      // A row's Details: read, then its details dialog.
      open: leadOpenIntent(user, (id) => hrefWith(url, { dialog: "details", id, reveal: null })),
    },
  });
}

export default function MyLeadsPage() {
  const {
    list,
    counts,
    readyCarriers,
    status,
    search,
    highlight,
    dialog,
    lead,
    unread,
    returnState,
    returning,
    products,
    carriers,
    leadTimeZone,
    timezone,
    today,
  } = useRefreshedLoaderData<typeof loader>(60_000, { version: LEAD_LIST_VERSION });
  const location = useLocation();
  useLeadFormsOnIntent();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, id: null, reveal: null });
  const filtered = status !== "all" || search !== "";
  return (
    <div className="space-y-5">
      <StatCards
        items={[
          { label: "Total Leads", value: counts.all },
          { label: "Pending", value: counts.pending },
          { label: "Converted", value: counts.sale, caption: "Sales" },
          { label: "Callbacks", value: counts.callback + counts.rescheduled, caption: "Callback and rescheduled" },
        ]}
      />
      <Card className="space-y-4 p-4">
        <FilterBar
          search={search}
          searchLabel="Search by name or email"
          placeholder="Name or email"
          keep={["status"]}
        />
        <FilterTabs
          label="Filter by status"
          current={status}
          tabs={AGENT_LEAD_FILTERS.map((value) => ({
            value,
            label: value === "all" ? "All" : leadStatusStyle(value).label,
            count: counts[value],
          }))}
        />
      </Card>
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
          {filtered ? `Leads found: ${totalText(list)}` : `All leads: ${totalText(list)}`}
        </h2>
        <MyLeadsTable
          leads={list.rows}
          here={here}
          timezone={timezone}
          highlight={highlight}
          readyCarriers={readyCarriers}
          empty={counts.all === 0 ? "No leads assigned yet." : "No leads found matching the current filters."}
        />
      </Card>
      <Pagination page={list} label="Lead pages" />
      {dialog && lead ? <MarkLeadRead key={lead.id} id={lead.id} unread={unread} /> : null}
      {dialog && lead ? (
        <LazyLeadDialog
          dialog={dialog}
          lead={lead}
          products={products}
          carriers={carriers}
          timezone={timezone}
          today={today}
          here={here}
          closeTo={closeTo}
          returnState={returnState}
          leadTimeZone={leadTimeZone}
        />
      ) : null}
      {returning ? (
        <LazyRequestReturnDialog
          leadId={returning.leadId}
          leadName={returning.leadName}
          windowHours={returning.windowHours}
          closesAt={returning.closesAt}
          timezone={timezone}
          closeTo={hrefWith(here, { dialog: "details" })}
        />
      ) : null}
    </div>
  );
}
