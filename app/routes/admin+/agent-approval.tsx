import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { AgentStatCards, AllAgents } from "~/components/agents/agents-table";
import { LazyAgentDialog, useAgentDialogsOnIntent } from "~/components/agents/lazy-agent-dialog";
import { PendingApprovals } from "~/components/agents/pending-approvals";
import type { PageHandle } from "~/components/shell/app-shell";
import { AGENT_DIALOGS } from "~/domain/agent-options";
import { agentList } from "~/domain/schemas/agents";
import * as agents from "~/services/agents.server";
import { AGENT_INTENT_FAILURES, agentDialogData, agentIntents } from "~/utils/agent-intents.server";
import { requireAdmin } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { hrefWith, pageCount } from "~/utils/list";

export const meta: MetaFunction = () => [{ title: "Agent Approval | Agency CRM" }];

export const handle: PageHandle = { title: "Agent Approval", subtitle: "Review registrations and manage agents" };

/** The Pending Approval card shows the newest few; the Pending tab has them all. */
const PENDING_SHOWN = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = agentList.fromSearch(url.searchParams);
  const [list, pending, counts, bdms] = await Promise.all([
    agents.listAgents(admin, query),
    agents.listAgents(admin, { status: "pending", page: 1, pageSize: PENDING_SHOWN }),
    agents.countAgentsByStatus(admin),
    agents.listBdms(admin),
  ]);
  // After the last agent of the last page moved to another tab, show the page that now is the last.
  if (list.rows.length === 0 && query.page > 1 && list.total > 0)
    throw redirect(hrefWith(url, { page: pageCount(list) }));
  // The dialog is addressed by the URL (?dialog=approve&agent=…); an unknown agent is the service's 404.
  const open = await agentDialogData(admin, url, AGENT_DIALOGS, [...list.rows, ...pending.rows]);
  const filters = { tab: query.status, search: query.search ?? "" };
  return { list, pending, counts, bdms, ...filters, ...open, timezone: admin.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  // Forms post to the page's own URL, so the tab, search and page the admin was on stay.
  const back = hrefWith(new URL(request.url), { dialog: null, agent: null });
  return runIntent(request, { back, failures: AGENT_INTENT_FAILURES, intents: agentIntents(admin, back, "tab") });
}

export default function AgentApprovalPage() {
  const { list, pending, counts, bdms, tab, search, dialog, agent, temporaryPassword, timezone } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  useAgentDialogsOnIntent();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, agent: null });
  return (
    <div className="space-y-6">
      <AgentStatCards counts={counts} />
      <PendingApprovals pending={pending} here={here} timezone={timezone} />
      <AllAgents list={list} counts={counts} tab={tab} search={search} here={here} timezone={timezone} />
      {dialog && agent ? (
        <LazyAgentDialog
          dialog={dialog}
          agent={agent}
          bdms={bdms}
          temporaryPassword={temporaryPassword}
          closeTo={closeTo}
        />
      ) : null}
    </div>
  );
}
