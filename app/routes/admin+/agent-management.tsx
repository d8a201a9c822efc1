import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { ManagedAgents, ManagementCards, ManagementTabs, withoutDialog } from "~/components/agents/agent-management";
import { AgentProfileDialog } from "~/components/agents/agent-profile-dialog";
import { LazyAgentDialog, useAgentDialogsOnIntent } from "~/components/agents/lazy-agent-dialog";
import { ResetRequestsIntro, ResetRequestsPanel } from "~/components/password-resets/reset-requests";
import type { PageHandle } from "~/components/shell/app-shell";
import { AGENT_DIALOGS } from "~/domain/agent-options";
import { agentManagementList } from "~/domain/schemas/agents";
import { getAgentProfileForAdmin, listManagedAgents } from "~/services/agent-management.server";
import * as agents from "~/services/agents.server";
import { ServiceError } from "~/services/errors.server";
import type { SessionUser } from "~/services/sessions.server";
import { AGENT_INTENT_FAILURES, agentDialogData, agentIntents } from "~/utils/agent-intents.server";
import { requireAdmin } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { hrefWith, pageCount } from "~/utils/list";
import { RESET_INTENT_FAILURES, resetRequestIntents, resetRequestsData } from "~/utils/reset-request-intents.server";
import type { loader as adminLayoutLoader } from "./_layout";
import { dialogOpen, useRefreshedLoaderData } from "~/utils/polling";

// Agents Management: ?tab=agents (the default) or ?tab=resets. The agents tab is Agent
// Approval's list, actions and dialogs with each agent's performance and a profile dialog
// (?dialog=profile&agent=<id>); the resets tab is the Password Resets screen. Decision 032.

export const meta: MetaFunction = () => [{ title: "Agents Management | Agency CRM" }];

export const handle: PageHandle = {
  title: "Agents Management",
  subtitle: "Agents, their performance and password resets",
};

const isResetsTab = (url: URL) => url.searchParams.get("tab") === "resets";

/** The profile dialog's agent; a missing one is the dialog's "Agent profile not found" (a 404). */
async function profileOf(admin: SessionUser, agentId: string) {
  try {
    return await getAgentProfileForAdmin(admin, agentId);
  } catch (error) {
    if (error instanceof ServiceError && error.code === "not_found") return null;
    throw error;
  }
}

async function agentsTab(admin: SessionUser, url: URL) {
  const query = agentManagementList.fromSearch(url.searchParams);
  const [list, counts, bdms] = await Promise.all([
    listManagedAgents(admin, query),
    agents.countAgentsByStatus(admin),
    agents.listBdms(admin),
  ]);
  // After the last agent of the last page moved to another tab, show the page that now is the last.
  if (list.rows.length === 0 && query.page > 1 && list.total > 0)
    throw redirect(hrefWith(url, { page: pageCount(list) }));
  const profileOpen = url.searchParams.get("dialog") === "profile";
  const profile = profileOpen ? await profileOf(admin, url.searchParams.get("agent") ?? "") : null;
  // Any other dialog is one of Agent Approval's; an unknown agent there is the service's 404.
  const open = profileOpen
    ? { dialog: null, agent: null, temporaryPassword: null }
    : await agentDialogData(admin, url, AGENT_DIALOGS, list.rows);
  const view = { list, counts, bdms, status: query.status, search: query.search ?? "", profileOpen, profile, ...open };
  return data({ tab: "agents" as const, ...view, timezone: admin.timezone }, profileOpen && !profile ? 404 : 200);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const url = new URL(request.url);
  if (!isResetsTab(url)) return agentsTab(admin, url);
  const resets = await resetRequestsData(admin, url.searchParams);
  const counts = await agents.countAgentsByStatus(admin);
  return data({ tab: "resets" as const, ...resets, counts, timezone: admin.timezone });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const url = new URL(request.url);
  // Forms post to the page's own URL: the tab, filters and page stay, and say whose intents run.
  const back = hrefWith(url, { dialog: null, agent: null });
  if (isResetsTab(url)) {
    return runIntent(request, {
      back,
      failures: RESET_INTENT_FAILURES,
      intents: resetRequestIntents(admin, request, back),
    });
  }
  return runIntent(request, { back, failures: AGENT_INTENT_FAILURES, intents: agentIntents(admin, back, "status") });
}

export default function AgentManagementPage() {
  const loaded = useRefreshedLoaderData<typeof loader>(60_000, { pauseWhile: dialogOpen });
  const shell = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin+/_layout");
  const location = useLocation();
  useAgentDialogsOnIntent();
  const here = location.pathname + location.search;
  const tabs = (
    <ManagementTabs
      current={loaded.tab}
      pendingAgents={loaded.counts.pending}
      pendingResets={shell?.counts.pendingResets ?? 0}
    />
  );
  if (loaded.tab === "resets") {
    return (
      <div className="space-y-4">
        {tabs}
        <ResetRequestsIntro />
        <ResetRequestsPanel pending={loaded.pending} history={loaded.history} timezone={loaded.timezone} />
      </div>
    );
  }
  const { list, counts, bdms, status, search, dialog, agent, temporaryPassword, profileOpen, profile, timezone } =
    loaded;
  const closeTo = withoutDialog(here);
  return (
    <div className="space-y-6">
      {tabs}
      <ManagementCards counts={counts} />
      <ManagedAgents list={list} counts={counts} status={status} search={search} here={here} timezone={timezone} />
      {profileOpen ? <AgentProfileDialog profile={profile} closeTo={closeTo} timezone={timezone} /> : null}
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
