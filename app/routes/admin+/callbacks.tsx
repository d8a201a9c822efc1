import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { CallbackCards } from "~/components/admin-callbacks/callback-cards";
import { LazyRescheduleDialog, useLeadFormsOnIntent } from "~/components/leads/lazy-lead-forms";
import type { PageHandle } from "~/components/shell/app-shell";
import { AgentFilterForm } from "~/components/ui/agent-filter-form";
import { Pagination } from "~/components/ui/pagination";
import { RefreshLink } from "~/components/ui/refresh-link";
import { callbackAgentFromSearch } from "~/domain/schemas/admin-callbacks";
import { getAdminCallbackLead, listAdminCallbacks } from "~/services/admin-callbacks.server";
import { agentFilterChoices } from "~/services/agents.server";
import { requireAdmin } from "~/utils/auth.server";
import { CALLBACK_INTENT_FAILURES, rescheduleIntent } from "~/utils/callback-intents.server";
import { runIntent } from "~/utils/intent.server";
import { hrefWith, pageCount } from "~/utils/list";
import { dialogOpen, useRefreshedLoaderData } from "~/utils/polling";

export const handle: PageHandle = { title: "Callback Management", subtitle: "Every agent's scheduled callbacks" };
export const meta: MetaFunction = () => [{ title: "Callback Management | Agency CRM" }];

const PAGE_SIZE = 24;

function pageFrom(search: URLSearchParams) {
  const page = Number(search.get("page"));
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const agentId = callbackAgentFromSearch(url.searchParams);
  const [list, agents] = await Promise.all([
    listAdminCallbacks(user, { agentId, page: pageFrom(url.searchParams), pageSize: PAGE_SIZE }),
    agentFilterChoices(user),
  ]);
  // A page past the end (callbacks moved away meanwhile) shows the last one instead.
  if (list.rows.length === 0 && list.page > 1 && list.total > 0)
    throw redirect(hrefWith(url, { page: pageCount(list) }));
  // ?dialog=reschedule&id=: any lead; a missing one throws the service's 404 (the layout's boundary).
  const dialog = url.searchParams.get("dialog") === "reschedule" ? "reschedule" : null;
  const rescheduling = dialog ? await getAdminCallbackLead(user, url.searchParams.get("id") ?? "") : null;
  return { list, agents, agentId: agentId ?? "", rescheduling, timezone: user.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const closed = hrefWith(new URL(request.url), { dialog: null, id: null });
  // The agent page's Reschedule: the same form, intent and service (an admin may move any lead's).
  return runIntent(request, {
    back: closed,
    failures: { reschedule: CALLBACK_INTENT_FAILURES.reschedule! },
    intents: { reschedule: rescheduleIntent(user, closed) },
  });
}

export default function AdminCallbacksPage() {
  const { list, agents, agentId, rescheduling, timezone } = useRefreshedLoaderData<typeof loader>(60_000, {
    pauseWhile: dialogOpen,
  });
  const location = useLocation();
  useLeadFormsOnIntent();
  const here = location.pathname + location.search;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <AgentFilterForm agents={agents} agentId={agentId} />
        <div className="flex items-center gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            Scheduled callbacks: {list.total}
          </p>
          <RefreshLink to={hrefWith(here, { dialog: null, id: null })} />
        </div>
      </div>
      <CallbackCards callbacks={list.rows} here={here} timezone={timezone} />
      <Pagination page={list} label="Callback pages" />
      {rescheduling ? (
        <LazyRescheduleDialog
          key={rescheduling.id}
          lead={rescheduling}
          timezone={timezone}
          closeTo={hrefWith(here, { dialog: null, id: null })}
        />
      ) : null}
    </div>
  );
}
