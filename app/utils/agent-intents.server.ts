import { addCallsSchema, approveAgentSchema, assignBdmSchema } from "~/domain/schemas/agents";
import * as agents from "~/services/agents.server";
import { resetAgentTwoFactor } from "~/services/two-factor.server";
import type { SessionUser } from "~/services/sessions.server";
import { formIntent, type IntentFailureToast, type IntentHandler } from "./intent.server";
import { hrefWith } from "./list";
import { redirectWithToast } from "./toast.server";
import { fullName } from "~/domain/format";

// The admin's actions on one agent (approve, reject, pause, activate, assign BDM, add calls,
// temporary password), the one handler behind Agent Approval and Agents Management. Each calls
// the same service as its /api/admin/agents/{id}/... route.

const STATUS_FAILURE = { title: "Status update failed", description: "Failed to update agent status" };

/** The spec's error toasts (part 1, section 8), by intent. */
export const AGENT_INTENT_FAILURES: Record<string, IntentFailureToast> = {
  approve: { title: "Approval failed", description: "Failed to approve agent" },
  reject: { title: "Rejection Failed", description: "Failed to reject agent" },
  pause: STATUS_FAILURE,
  activate: STATUS_FAILURE,
  "assign-bdm": { title: "Assignment Failed", description: "Failed to assign BDM" },
  "add-calls": { title: "Failed to add calls", description: "Failed to add calls" },
  "generate-password": { title: "Failed to generate password", description: "Failed to generate password" },
  "reset-two-factor": { title: "Reset failed", description: "Failed to reset two-factor sign-in" },
};

/**
 * The intents of a page that manages agents. `back` is the page's URL without its dialog;
 * `statusParam` is the page's URL name for the status tab, switched to the agent's new state
 * after a pause or an activation, so the admin sees the result (part 1, section 4).
 */
export function agentIntents(admin: SessionUser, back: string, statusParam: string): Record<string, IntentHandler> {
  const agentId = (form: FormData) => String(form.get("agentId") ?? "");
  const setStatus = (status: "paused" | "approved", title: string, outcome: string) => async (form: FormData) => {
    const agent = await agents.setAgentStatus(admin, agentId(form), status);
    const description = `${fullName(agent.user)} ${outcome}`;
    return redirectWithToast(hrefWith(back, { [statusParam]: status }), { title, description });
  };
  return {
    approve: formIntent(approveAgentSchema, async (input, form) => {
      const agent = await agents.approveAgent(admin, agentId(form), input);
      return redirectWithToast(back, {
        title: "Agent Approved",
        description: `${fullName(agent.user)} can now sign in.`,
      });
    }),
    reject: async (form) => {
      const agent = await agents.rejectAgent(admin, agentId(form));
      const description = `${fullName(agent.user)}'s registration was rejected.`;
      return redirectWithToast(back, { title: "Agent Rejected", description });
    },
    pause: setStatus("paused", "Agent paused", "has been signed out and receives no new leads."),
    activate: setStatus("approved", "Agent activated", "can sign in and receive leads again."),
    "assign-bdm": formIntent(assignBdmSchema, async ({ bdmId }, form) => {
      const agent = await agents.assignBdm(admin, agentId(form), bdmId);
      const bdm = agent.assignedBdm ? fullName(agent.assignedBdm) : "The BDM";
      return redirectWithToast(back, {
        title: "BDM Assigned",
        description: `${bdm} now looks after ${fullName(agent.user)}.`,
      });
    }),
    "add-calls": formIntent(addCallsSchema, async ({ callsToAdd }, form) => {
      const agent = await agents.addCalls(admin, agentId(form), callsToAdd);
      const description = `${fullName(agent.user)} now has ${agent.callsLeft} of ${agent.callQuota} calls left.`;
      return redirectWithToast(back, { title: "Calls added successfully", description });
    }),
    "generate-password": async (form) => {
      const { temporaryPassword, agentName } = await agents.generateTemporaryPassword(admin, agentId(form));
      return redirectWithToast(back, {
        title: "Temporary password generated",
        description: `Give it to ${agentName}. They must replace it with a password of their own at their next sign-in.`,
        copyValue: temporaryPassword,
        durationMs: 10_000,
      });
    },
    "reset-two-factor": async (form) => {
      const { agentName } = await resetAgentTwoFactor(admin, agentId(form));
      return redirectWithToast(back, {
        title: "Two-factor sign-in reset",
        description: `${agentName} signs in with their password until they set it up again.`,
      });
    },
  };
}

/**
 * The open agent dialog of a page (?dialog=…&agent=<id>): the agent, from the rows on the page
 * when it is there, else read (an unknown agent is the service's 404); and, for View temporary
 * password only, the password (reading it is logged).
 */
export async function agentDialogData<D extends string>(
  admin: SessionUser,
  url: URL,
  dialogs: readonly D[],
  shown: agents.AgentRow[],
) {
  const dialog = dialogs.find((name) => name === url.searchParams.get("dialog")) ?? null;
  const agentId = url.searchParams.get("agent") ?? "";
  const agent = dialog ? (shown.find((row) => row.id === agentId) ?? (await agents.getAgent(admin, agentId))) : null;
  const temporaryPassword =
    dialog === "view-password" ? (await agents.getTemporaryPassword(admin, agentId)).temporaryPassword : null;
  return { dialog, agent, temporaryPassword };
}
