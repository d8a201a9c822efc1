import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { AGENT_DIALOGS, AgentDialog } from "~/components/agents/agent-dialogs";
import { AgentStatCards, AllAgents, agentName } from "~/components/agents/agents-table";
import { PendingApprovals } from "~/components/agents/pending-approvals";
import type { PageHandle } from "~/components/shell/app-shell";
import { addCallsSchema, agentList, approveAgentSchema, assignBdmSchema } from "~/domain/schemas/agents";
import * as agents from "~/services/agents.server";
import { requireAdmin } from "~/utils/auth.server";
import { formIntent, runIntent, type IntentFailureToast } from "~/utils/intent.server";
import { hrefWith, pageCount } from "~/utils/list";
import { redirectWithToast } from "~/utils/toast.server";

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
  const dialog = AGENT_DIALOGS.find((name) => name === url.searchParams.get("dialog")) ?? null;
  const agentId = url.searchParams.get("agent") ?? "";
  const shown = [...list.rows, ...pending.rows].find((row) => row.id === agentId);
  const agent = dialog ? (shown ?? (await agents.getAgent(admin, agentId))) : null;
  // The temporary password is read (and its viewing logged) only when an admin opens it.
  const temporaryPassword =
    dialog === "view-password" ? (await agents.getTemporaryPassword(admin, agentId)).temporaryPassword : null;
  const filters = { tab: query.status, search: query.search ?? "" };
  return { list, pending, counts, bdms, ...filters, dialog, agent, temporaryPassword, timezone: admin.timezone };
}

const STATUS_FAILURE = { title: "Status update failed", description: "Failed to update agent status" };
const FAILURES: Record<string, IntentFailureToast> = {
  approve: { title: "Approval failed", description: "Failed to approve agent" },
  reject: { title: "Rejection Failed", description: "Failed to reject agent" },
  pause: STATUS_FAILURE,
  activate: STATUS_FAILURE,
  "assign-bdm": { title: "Assignment Failed", description: "Failed to assign BDM" },
  "add-calls": { title: "Failed to add calls", description: "Failed to add calls" },
  "generate-password": { title: "Failed to generate password", description: "Failed to generate password" },
};

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  // Forms post to the page's own URL, so the tab, search and page the admin was on stay.
  const back = hrefWith(new URL(request.url), { dialog: null, agent: null });
  const agentId = (form: FormData) => String(form.get("agentId") ?? "");
  // The table switches to the tab of the agent's new state, so the admin sees the result.
  const setStatus = (status: "paused" | "approved", title: string, outcome: string) => async (form: FormData) => {
    const agent = await agents.setAgentStatus(admin, agentId(form), status);
    return redirectWithToast(hrefWith(back, { tab: status }), { title, description: `${agentName(agent)} ${outcome}` });
  };
  return runIntent(request, {
    back,
    failures: FAILURES,
    intents: {
      approve: formIntent(approveAgentSchema, async (input, form) => {
        const agent = await agents.approveAgent(admin, agentId(form), input);
        const description = `${agentName(agent)} can now sign in.`;
        return redirectWithToast(back, { title: "Agent Approved", description });
      }),
      reject: async (form) => {
        const agent = await agents.rejectAgent(admin, agentId(form));
        const description = `${agentName(agent)}'s registration was rejected.`;
        return redirectWithToast(back, { title: "Agent Rejected", description });
      },
      pause: setStatus("paused", "Agent paused", "has been signed out and receives no new leads."),
      activate: setStatus("approved", "Agent activated", "can sign in and receive leads again."),
      "assign-bdm": formIntent(assignBdmSchema, async ({ bdmId }, form) => {
        const agent = await agents.assignBdm(admin, agentId(form), bdmId);
        const bdm = agent.assignedBdm ? `${agent.assignedBdm.firstName} ${agent.assignedBdm.lastName}` : "The BDM";
        const description = `${bdm} now looks after ${agentName(agent)}.`;
        return redirectWithToast(back, { title: "BDM Assigned", description });
      }),
      "add-calls": formIntent(addCallsSchema, async ({ callsToAdd }, form) => {
        const agent = await agents.addCalls(admin, agentId(form), callsToAdd);
        const description = `${agentName(agent)} now has ${agent.callsLeft} of ${agent.callQuota} calls left.`;
        return redirectWithToast(back, { title: "Calls added successfully", description });
      }),
      "generate-password": async (form) => {
        const { temporaryPassword, agentName: name } = await agents.generateTemporaryPassword(admin, agentId(form));
        return redirectWithToast(back, {
          title: "Temporary password generated",
          description: `Give it to ${name}. They must replace it with a password of their own at their next sign-in.`,
          copyValue: temporaryPassword,
          durationMs: 10_000,
        });
      },
    },
  });
}

export default function AgentApprovalPage() {
  const { list, pending, counts, bdms, tab, search, dialog, agent, temporaryPassword, timezone } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, agent: null });
  return (
    <div className="space-y-6">
      <AgentStatCards counts={counts} />
      <PendingApprovals pending={pending} here={here} timezone={timezone} />
      <AllAgents list={list} counts={counts} tab={tab} search={search} here={here} timezone={timezone} />
      {dialog && agent ? (
        <AgentDialog
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
