import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { AllLeadsFilters } from "~/components/admin-leads/all-leads-filters";
import { AllLeadsTable, BULK_FORM_ID } from "~/components/admin-leads/all-leads-table";
import {
  LazyAdminLeadDialog,
  LazyReassignDialog,
  useAdminFormsOnIntent,
} from "~/components/admin-leads/lazy-admin-forms";
import type { PageHandle } from "~/components/shell/app-shell";
import { buttonClass } from "~/components/ui/button";
import { Alert, Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { MarkLeadRead } from "~/components/leads/lead-read";
import { revealsOf, toggledReveal } from "~/domain/admin-leads";
import type { ReassignIntentResult } from "~/domain/lead-reassign";
import { todayIn } from "~/domain/periods";
import { allLeadsFromSearch } from "~/domain/schemas/admin-leads";
import { allLeadsFilterChoices, listAllLeads, recordedLeadCopyText } from "~/services/admin-leads.server";
import { leadTrail } from "~/services/audit.server";
import { leadListVersion } from "~/services/lead-list-version.server";
import { leadCarrierChoices } from "~/services/lead-edit.server";
import { getLeadDetail } from "~/services/lead-reads.server";
import { leadTimeZone } from "~/services/lead-time-zone.server";
import { reassignDialogData } from "~/services/lead-reassign.server";
import { saleProductsForLead } from "~/services/lead-status.server";
import { isLeadUnread } from "~/services/leads.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAdmin } from "~/utils/auth.server";
import { runIntent, type IntentHandler } from "~/utils/intent.server";
import {
  LEAD_INTENT_FAILURES,
  leadCopyIntent,
  leadEditIntent,
  leadOpenIntent,
  leadRevealIntent,
  leadStatusIntent,
} from "~/utils/lead-intents.server";
import { hrefWith, totalText } from "~/utils/list";
import { REASSIGN_INTENT_FAILURE, handleReassignIntent, reassignDialogFor } from "~/utils/reassign-intents.server";
import { LEAD_LIST_VERSION, dialogOpen, useRefreshedLoaderData } from "~/utils/polling";
import { fullName } from "~/domain/format";
import { POLICY_FAILURE, policyIntent } from "~/utils/policy-intents.server";
import { LazyPolicyDialog } from "~/components/leads/lazy-lead-forms";

export const handle: PageHandle = { title: "All Leads", subtitle: "Every lead of every agent" };
export const meta: MetaFunction = () => [{ title: "All Leads | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = allLeadsFromSearch(url.searchParams);
  const dialog = url.searchParams.get("dialog") === "lead" ? "lead" : null;
  const id = url.searchParams.get("id") ?? "";
  const copy = dialog !== null && url.searchParams.get("copy") === "1";
  // The loader only reads (decision 046): opening a lead marks it read by a post (the row's
  // Details, or MarkLeadRead), and ?reveal= / &copy=1 show the numbers only if this admin's Show
  // or Copy post recorded them in the last few minutes.

  // "Reassign selected" with nothing ticked opens no dialog; the page says what to do instead.
  const nothingSelected =
    url.searchParams.get("dialog") === "reassign" &&
    !url.searchParams.getAll("ids").concat(url.searchParams.getAll("id")).some(Boolean);
  // Read before the list: a change made in between makes the next poll's version differ (decision 057).
  const version = await leadListVersion(user);
  const [list, choices, reassign] = await Promise.all([
    listAllLeads(user, query),
    allLeadsFilterChoices(user),
    nothingSelected ? null : reassignDialogFor(user, url),
  ]);
  redirectPastLastPage(url, list);
  const mode = url.searchParams.get("mode") === "edit" ? ("edit" as const) : ("view" as const);
  const reveals = dialog && mode === "view" ? revealsOf(url.searchParams.get("reveal")) : [];
  const lead = dialog ? await getLeadDetail(user, id, { reveal: reveals }) : null;
  // ?dialog=policy&id= is Update Policy (decision 074), on a sold lead only.
  const sold = url.searchParams.get("dialog") === "policy" ? await getLeadDetail(user, id) : null;
  const policy = sold?.policy ? { id: sold.id, name: fullName(sold), policy: sold.policy } : null;
  const [copyText, products, carriers, trail, unread, agents] = await Promise.all([
    lead && copy ? recordedLeadCopyText(user, lead.id) : null,
    lead && mode === "view" ? saleProductsForLead(user, lead.id) : [],
    lead && mode === "edit" ? leadCarrierChoices(lead) : [],
    lead ? leadTrail(user, lead.id) : [],
    lead ? isLeadUnread(user, lead.id) : false,
    // View Mode's Reassign Agent select (decision 045): the Reassign Lead dialog's agents.
    lead && mode === "view" ? reassignDialogData(user, [lead.id]) : null,
  ]);
  return {
    list,
    choices,
    reassign,
    nothingSelected,
    filters: {
      search: query.search ?? "",
      status: query.status === "all" ? "" : query.status,
      sort: query.sort,
      agentId: query.agentId ?? "",
      carrierId: query.carrierId ?? "",
      state: query.state ?? "",
      dateFrom: query.dateFrom ?? "",
      dateTo: query.dateTo ?? "",
      unread: query.unread,
    },
    dialog: lead
      ? {
          lead,
          mode,
          reveals,
          copyText,
          products,
          carriers,
          trail,
          agents,
          // The dialog shows the lead's local time (issue 25 item 3): its zone from its ZIP code or state.
          leadTimeZone: leadTimeZone(lead)?.timeZone ?? null,
        }
      : null,
    policy,
    unread,
    timezone: user.timezone,
    today: todayIn(user.timezone),
    version,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const closed = hrefWith(url, { dialog: null, id: null, mode: null, reveal: null, copy: null });
  // A change made in the dialog keeps it open in View Mode, so the new values and history show.
  const inDialog =
    url.searchParams.get("dialog") === "lead" ? hrefWith(url, { mode: null, reveal: null, copy: null }) : closed;
  return runIntent(request, {
    context,
    back: closed,
    failures: { ...LEAD_INTENT_FAILURES, reassign: REASSIGN_INTENT_FAILURE, policy: POLICY_FAILURE },
    intents: {
      // Back to the lead's dialog, which shows the policy's new status and history.
      policy: policyIntent(user, (id) => hrefWith(url, { dialog: "lead", id, mode: null, reveal: null, copy: null })),
      status: leadStatusIntent(user, "status", inDialog),
      edit: leadEditIntent(user, () => inDialog, { title: "Changes saved" }),
      // Its refusals answer the dialog's own shape (the agent's error, the licence confirmation).
      // From the lead dialog's Reassign Agent, back to the dialog, which shows the new agent.
      reassign: (form) =>
        handleReassignIntent(
          user,
          form,
          request,
          inDialog === closed ? undefined : inDialog,
        ) as ReturnType<IntentHandler>,
      reveal: leadRevealIntent(user, (id, part) =>
        hrefWith(url, {
          dialog: "lead",
          id,
          mode: null,
          copy: null,
          reveal:
            part === "all"
              ? "sensitive,banking,health"
              : toggledReveal(revealsOf(url.searchParams.get("reveal")), part, true),
        }),
      ),
      copy: leadCopyIntent(user, (id) => hrefWith(url, { dialog: "lead", id, mode: null, copy: "1" })),
      // A row's Details: read, then the lead's dialog.
      open: leadOpenIntent(user, (id) => hrefWith(url, { dialog: "lead", id, mode: null, reveal: null, copy: null })),
    },
  });
}

export default function AllLeadsPage() {
  const { list, choices, reassign, nothingSelected, filters, dialog, policy, unread, timezone, today } =
    useRefreshedLoaderData<typeof loader>(60_000, { pauseWhile: dialogOpen, version: LEAD_LIST_VERSION });
  const actionData = useActionData<ReassignIntentResult | undefined>();
  const location = useLocation();
  useAdminFormsOnIntent();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, id: null, ids: null, mode: null, reveal: null, copy: null });
  const keep = new URLSearchParams(location.search);
  return (
    <div className="space-y-5">
      <Card className="p-4">
        <AllLeadsFilters values={filters} agents={choices.agents} carriers={choices.carriers} />
      </Card>
      {nothingSelected ? (
        <Alert tone="info">Select at least one lead to reassign, then Reassign selected.</Alert>
      ) : null}
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold text-slate-900">All Leads ({totalText(list)})</h2>
          <Link to="/admin/leads/import" className={buttonClass("secondary")}>
            Import Leads
          </Link>
          {/* The rows' checkboxes belong to this GET form: ?dialog=reassign&ids=…, with or without JavaScript. */}
          <Form method="get" id={BULK_FORM_ID} preventScrollReset>
            {[...keep.entries()]
              .filter(([name]) => !["dialog", "id", "ids", "mode", "reveal", "copy"].includes(name))
              .map(([name, value]) => (
                <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
              ))}
            <input type="hidden" name="dialog" value="reassign" />
            <button type="submit" className={buttonClass("secondary")}>
              Reassign selected
            </button>
          </Form>
        </div>
        <AllLeadsTable
          leads={list.rows}
          here={here}
          timezone={timezone}
          empty="No leads found matching the current filters."
        />
      </Card>
      <Pagination page={list} label="Lead pages" />
      {dialog ? <MarkLeadRead key={dialog.lead.id} id={dialog.lead.id} unread={unread} /> : null}
      {dialog ? (
        <LazyAdminLeadDialog
          {...dialog}
          reassignResult={actionData}
          timezone={timezone}
          today={today}
          here={here}
          closeTo={closeTo}
        />
      ) : null}
      {policy ? <LazyPolicyDialog lead={policy} today={today} closeTo={closeTo} /> : null}
      {reassign ? <LazyReassignDialog data={reassign} closeTo={closeTo} result={actionData} /> : null}
    </div>
  );
}
