import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { ActivityLog, Agent, Bdm, LicensedState, Session, User } from "~db";
import { action as pageAction, loader as pageLoader } from "~/routes/admin+/agent-approval";
import { action as addCallsAction } from "~/routes/api+/admin.agents.$id.add-calls";
import { action as approveAction, loader as approveLoader } from "~/routes/api+/admin.agents.$id.approve";
import { action as assignBdmAction } from "~/routes/api+/admin.agents.$id.assign-bdm";
import { action as tempPasswordAction } from "~/routes/api+/admin.agents.$id.generate-temp-password";
import { action as rejectAction } from "~/routes/api+/admin.agents.$id.reject";
import { action as statusAction } from "~/routes/api+/admin.agents.$id.status";
import { action as agentsAction, loader as agentsLoader } from "~/routes/api+/admin.agents";
import { loader as bdmsLoader } from "~/routes/api+/admin.bdms";
import { action as loginAction } from "~/routes/api+/auth.login";
import { loader as meLoader } from "~/routes/api+/auth.me";
import { addCallsSchema, approveAgentApiSchema, approveAgentSchema } from "~/domain/schemas/agents";
import {
  addCalls,
  approveAgent,
  assignableAgentWhere,
  getTemporaryPassword,
  isAssignableAgent,
  listAgentsGrouped,
  listAssignableAgents,
  type AgentGroups,
  type AgentView,
} from "~/services/agents.server";
import { ServiceError } from "~/services/errors.server";
import { resetPasswordWithToken } from "~/services/password-resets.server";
import { readToast } from "~/utils/toast.server";
import { TEST_PASSWORD, createAdmin, createAgent, signInAs } from "../support/factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

type Json = Record<string, unknown>;
const UNKNOWN_ID = "6f1c1d2e-0000-4000-8000-000000000000";

async function adminCookie() {
  const admin = await createAdmin();
  return (await signInAs(admin)).cookie;
}

async function bdms() {
  return Bdm.findAll({ order: [["lastName", "ASC"]] });
}

const api = {
  approve: (id: string, cookie?: string, json?: unknown, method = "POST") =>
    callRoute(approveAction, { method, path: `/api/admin/agents/${id}/approve`, params: { id }, cookie, json }),
  reject: (id: string, cookie?: string) =>
    callRoute(rejectAction, { method: "PATCH", path: `/api/admin/agents/${id}/reject`, params: { id }, cookie }),
  status: (id: string, cookie: string | undefined, status: unknown) =>
    callRoute(statusAction, {
      method: "PUT",
      path: `/api/admin/agents/${id}/status`,
      params: { id },
      cookie,
      json: { status },
    }),
  assignBdm: (id: string, cookie: string | undefined, bdmId: unknown) =>
    callRoute(assignBdmAction, {
      method: "POST",
      path: `/api/admin/agents/${id}/assign-bdm`,
      params: { id },
      cookie,
      json: { bdmId },
    }),
  addCalls: (id: string, cookie: string | undefined, callsToAdd: unknown) =>
    callRoute(addCallsAction, {
      method: "PUT",
      path: `/api/admin/agents/${id}/add-calls`,
      params: { id },
      cookie,
      json: { callsToAdd },
    }),
  tempPassword: (id: string, cookie?: string) =>
    callRoute(tempPasswordAction, {
      method: "PUT",
      path: `/api/admin/agents/${id}/generate-temp-password`,
      params: { id },
      cookie,
    }),
  list: (cookie?: string) => callRoute(agentsLoader, { path: "/api/admin/agents", cookie }),
  bdms: (cookie?: string) => callRoute(bdmsLoader, { path: "/api/admin/bdms", cookie }),
};

function login(email: string, password: string) {
  return callRoute(loginAction, { path: "/api/auth/login", json: { email, password } });
}

function pagePost(cookie: string, form: Record<string, string>, search = "") {
  return callRoute(pageAction, { method: "POST", path: `/admin/agent-approval${search}`, cookie, form });
}

async function toastOf(res: Response) {
  const cookie = setCookieOf(res).split(";")[0]!;
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast;
}

function findIn(groups: AgentGroups, id: string): { group: string; agent: AgentView } | null {
  for (const [group, agents] of Object.entries(groups)) {
    const agent = agents.find((a) => a.id === id);
    if (agent) return { group, agent };
  }
  return null;
}

describe("GET /api/admin/agents and /api/admin/bdms", () => {
  it("groups every agent under pending, approved, rejected and paused with the agent fields", async () => {
    const cookie = await adminCookie();
    const pending = await createAgent({ status: "pending", setupComplete: false });
    const approved = await createAgent({ status: "approved" });
    const paused = await createAgent({ status: "paused" });
    const rejected = await createAgent({ status: "rejected" });
    const [bdm] = await bdms();
    await approved.agent.update({
      callsOrdered: 8,
      callQuota: 8,
      callsLeft: 5,
      callsSold: 3,
      bdmId: bdm!.id,
      companyName: "Acme Life",
    });
    await LicensedState.bulkCreate([
      { agentId: approved.agent.id, state: "TX" },
      { agentId: approved.agent.id, state: "FL" },
    ]);

    const res = await api.list(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const groups = await jsonOf<AgentGroups>(res);
    expect(Object.keys(groups).sort()).toEqual(["approved", "paused", "pending", "rejected"]);
    expect(findIn(groups, pending.agent.id)?.group).toBe("pending");
    expect(findIn(groups, paused.agent.id)?.group).toBe("paused");
    expect(findIn(groups, rejected.agent.id)?.group).toBe("rejected");
    const view = findIn(groups, approved.agent.id);
    expect(view?.group).toBe("approved");
    expect(view?.agent).toMatchObject({
      id: approved.agent.id,
      user: { firstName: "Andy", lastName: "Agent", email: approved.user.email, phone: "5555550123" },
      companyName: "Acme Life",
      licenseNumber: "LIC-TEST",
      status: "approved",
      callQuota: 8,
      callsLeft: 5,
      callsOrdered: 8,
      callsSold: 3,
      assignedBdm: { id: bdm!.id, firstName: bdm!.firstName, lastName: bdm!.lastName },
      setupComplete: true,
      licensedStates: ["Florida", "Texas"],
      // callsSold / callsOrdered x 100, 1 decimal: 3 / 8 = 37.5
      conversion: 37.5,
      hasTemporaryPassword: false,
    });
    expect(typeof view?.agent.createdAt).toBe("string");
    expect(JSON.stringify(groups)).not.toMatch(/passwordHash|scrypt|temporaryPasswordEncrypted/);
  });

  it("shows 0 conversion when no calls were ordered", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent();
    const groups = await jsonOf<AgentGroups>(await api.list(cookie));
    expect(findIn(groups, agent.id)?.agent.conversion).toBe(0);
  });

  it("lists the BDMs from the database", async () => {
    const cookie = await adminCookie();
    const res = await api.bdms(cookie);
    expect(res.status).toBe(200);
    const list = await jsonOf<{ id: string; firstName: string; lastName: string; email: string }[]>(res);
    const names = list.map((b) => `${b.firstName} ${b.lastName}`);
    expect(names).toEqual(expect.arrayContaining(["Marcus Reed", "Dana Whitfield"]));
    expect(list[0]).toHaveProperty("email");
  });
});

describe("approving an agent", () => {
  it("with a body sets status, approval time, calls ordered/quota/left, phone, company and BDM, and logs it", async () => {
    const cookie = await adminCookie();
    const { user, agent } = await createAgent({ status: "pending", setupComplete: false });
    const [, bdm] = await bdms();
    const res = await api.approve(agent.id, cookie, {
      callsOrdered: 25,
      phone: "(813) 555-0142",
      email: user.email,
      companyName: "Sunrise Insurance",
      assignedBdm: bdm!.id,
    });
    expect(res.status).toBe(200);
    const body = await jsonOf<{ agent: AgentView }>(res);
    expect(body.agent).toMatchObject({
      status: "approved",
      callsOrdered: 25,
      callQuota: 25,
      callsLeft: 25,
      companyName: "Sunrise Insurance",
      assignedBdm: { id: bdm!.id },
      user: { phone: "(813) 555-0142" },
    });
    const row = (await Agent.findByPk(agent.id))!;
    expect(row.status).toBe("approved");
    expect(row.approvedAt).toBeInstanceOf(Date);
    expect(row.bdmId).toBe(bdm!.id);
    expect((await User.findByPk(user.id))!.phone).toBe("(813) 555-0142");
    expect(await ActivityLog.count({ where: { action: "agent_approved", entityId: agent.id } })).toBe(1);

    const signIn = await login(user.email, TEST_PASSWORD);
    expect(signIn.status).toBe(200);
  });

  it("with PATCH and no body just approves, keeping what the agent registered with", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "pending", setupComplete: false });
    const res = await api.approve(agent.id, cookie, undefined, "PATCH");
    expect(res.status).toBe(200);
    const row = (await Agent.findByPk(agent.id, { include: ["user"] }))!;
    expect(row.status).toBe("approved");
    expect(row.callsOrdered).toBe(0);
    expect(row.bdmId).toBeNull();
    expect(row.user!.phone).toBe("5555550123");
  });

  it("can change the sign-in email, but not to one another account has", async () => {
    const cookie = await adminCookie();
    const { user, agent } = await createAgent({ status: "pending" });
    const other = await createAgent();
    const taken = await api.approve(agent.id, cookie, { email: other.user.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect((await jsonOf(taken)).error).toBe("An account with this email already exists.");
    expect((await Agent.findByPk(agent.id))!.status).toBe("pending");
    const fresh = `renamed.${user.email}`;
    expect((await api.approve(agent.id, cookie, { email: fresh })).status).toBe(200);
    expect((await User.findByPk(user.id))!.email).toBe(fresh);
  });

  it("approves a rejected agent, but answers 409 for an agent already approved or paused", async () => {
    const cookie = await adminCookie();
    const rejected = await createAgent({ status: "rejected" });
    expect((await api.approve(rejected.agent.id, cookie)).status).toBe(200);
    const again = await api.approve(rejected.agent.id, cookie);
    expect(again.status).toBe(409);
    expect((await jsonOf(again)).error).toBe("This agent is already approved.");
    const paused = await createAgent({ status: "paused" });
    const res = await api.approve(paused.agent.id, cookie);
    expect(res.status).toBe(409);
    expect((await jsonOf(res)).error).toBe("Only pending or rejected agents can be approved.");
  });

  it("refuses invalid input with 400 and field errors, and an unknown BDM", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "pending" });
    const bad = await api.approve(agent.id, cookie, { callsOrdered: -1, phone: "12", email: "not-an-email" });
    expect(bad.status).toBe(400);
    const { fieldErrors } = await jsonOf<{ fieldErrors: Record<string, string[]> }>(bad);
    expect(fieldErrors.callsOrdered).toEqual(["Calls ordered must be a whole number from 0 to 100000."]);
    expect(fieldErrors.phone).toEqual(["Please enter a valid phone number (at least 10 digits)"]);
    expect(fieldErrors.email).toEqual(["Please enter a valid email address"]);
    const fraction = await api.approve(agent.id, cookie, { callsOrdered: 2.5 });
    expect(fraction.status).toBe(400);
    const unknownBdm = await api.approve(agent.id, cookie, { callsOrdered: 5, assignedBdm: UNKNOWN_ID });
    expect(unknownBdm.status).toBe(400);
    expect((await jsonOf<{ fieldErrors: Record<string, string[]> }>(unknownBdm)).fieldErrors.assignedBdm).toEqual([
      "Choose one of the listed BDMs.",
    ]);
    expect((await Agent.findByPk(agent.id))!.status).toBe("pending");
  });

  it("accepts a BDM by its full name, as the earlier client sent it", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "pending" });
    const res = await api.approve(agent.id, cookie, { callsOrdered: "10", assignedBdm: "Marcus Reed" });
    expect(res.status).toBe(200);
    expect((await jsonOf<{ agent: AgentView }>(res)).agent.assignedBdm?.firstName).toBe("Marcus");
  });

  it("the Approve dialog's schema requires Calls ordered: Calls ordered is required.", () => {
    const missing = approveAgentSchema.safeParse({ phone: "8135550142" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe("Calls ordered is required.");
    const form = new FormData();
    form.set("callsOrdered", "");
    const submission = parseWithZod(form, { schema: approveAgentSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.callsOrdered).toEqual(["Calls ordered is required."]);
    expect(approveAgentSchema.safeParse({ callsOrdered: "12" }).success).toBe(true);
    // The API variant takes no body at all.
    expect(approveAgentApiSchema.safeParse({}).success).toBe(true);
  });

  it("the page's approve action answers 400 with Calls ordered is required. and keeps the agent pending", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "pending" });
    const res = await pagePost(
      cookie,
      {
        intent: "approve",
        agentId: agent.id,
        tab: "all",
        callsOrdered: "",
        phone: "8135550142",
        companyName: "Kept Co",
      },
      `?dialog=approve&agent=${agent.id}`,
    );
    expect(res.status).toBe(400);
    const body = await jsonOf<{
      intent: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    }>(res);
    expect(body.result.error.callsOrdered).toEqual(["Calls ordered is required."]);
    expect(body.result.initialValue.companyName).toBe("Kept Co");
    expect((await Agent.findByPk(agent.id))!.status).toBe("pending");
  });

  it("the page's approve action approves and redirects with the Agent Approved toast", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "pending" });
    const [bdm] = await bdms();
    const res = await pagePost(
      cookie,
      {
        intent: "approve",
        agentId: agent.id,
        callsOrdered: "40",
        phone: "8135550142",
        companyName: "Page Co",
        assignedBdm: bdm!.id,
      },
      `?tab=pending&dialog=approve&agent=${agent.id}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/agent-approval?tab=pending");
    expect((await toastOf(res))?.title).toBe("Agent Approved");
    const row = (await Agent.findByPk(agent.id))!;
    expect([row.status, row.callsLeft, row.companyName, row.bdmId]).toEqual(["approved", 40, "Page Co", bdm!.id]);
    const twice = await pagePost(cookie, { intent: "approve", agentId: agent.id, callsOrdered: "40" });
    expect(twice.status).toBe(302);
    const toast = await toastOf(twice);
    expect(toast?.title).toBe("Approval failed");
    expect(toast?.type).toBe("error");
    expect(toast?.description).toBe("Failed to approve agent: This agent is already approved.");
  });
});

describe("rejecting an agent", () => {
  it("rejects a pending agent, ends its sessions, and it cannot sign in", async () => {
    const cookie = await adminCookie();
    const { user, agent } = await createAgent({ status: "pending" });
    await signInAs(user);
    const res = await api.reject(agent.id, cookie);
    expect(res.status).toBe(200);
    expect((await Agent.findByPk(agent.id))!.status).toBe("rejected");
    expect(await Session.count({ where: { userId: user.id } })).toBe(0);
    const signIn = await login(user.email, TEST_PASSWORD);
    expect(signIn.status).toBe(403);
    expect(String((await jsonOf(signIn)).error)).toContain("Account rejected");
    expect(await ActivityLog.count({ where: { action: "agent_rejected", entityId: agent.id } })).toBe(1);
  });

  it("answers 409 for an agent that is not pending", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "approved" });
    const res = await api.reject(agent.id, cookie);
    expect(res.status).toBe(409);
    expect((await jsonOf(res)).error).toBe("Only pending agents can be rejected.");
  });

  it("the page's reject action redirects with Agent Rejected, or Rejection Failed", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "pending" });
    const ok = await pagePost(cookie, { intent: "reject", agentId: agent.id, tab: "all" });
    expect(ok.headers.get("Location")).toBe("/admin/agent-approval");
    expect((await toastOf(ok))?.title).toBe("Agent Rejected");
    const again = await pagePost(cookie, { intent: "reject", agentId: agent.id, tab: "all" });
    const toast = await toastOf(again);
    expect(toast?.title).toBe("Rejection Failed");
    expect(toast?.description).toBe("Failed to reject agent: This agent is already rejected.");
  });
});

describe("pausing and activating an agent", () => {
  it("pausing ends the agent's open sessions; the paused agent cannot sign in and is told why", async () => {
    const cookie = await adminCookie();
    const { user, agent } = await createAgent({ status: "approved" });
    const session = await signInAs(user);
    expect((await callRoute(meLoader, { path: "/api/auth/me", cookie: session.cookie })).status).toBe(200);

    const res = await api.status(agent.id, cookie, "paused");
    expect(res.status).toBe(200);
    expect((await jsonOf<{ agent: AgentView }>(res)).agent.status).toBe("paused");
    expect(await Session.count({ where: { userId: user.id } })).toBe(0);
    expect((await callRoute(meLoader, { path: "/api/auth/me", cookie: session.cookie })).status).toBe(401);

    const signIn = await login(user.email, TEST_PASSWORD);
    expect(signIn.status).toBe(403);
    expect(String((await jsonOf(signIn)).error)).toBe(
      "Account paused. Your account has been paused by an administrator; contact your agency to have it reactivated.",
    );
    expect(await ActivityLog.count({ where: { action: "agent_paused", entityId: agent.id } })).toBe(1);
  });

  it("a paused agent leaves every agent picker and cannot receive leads; activating brings it back", async () => {
    const cookie = await adminCookie();
    const { user, agent } = await createAgent({ status: "approved" });
    expect(await isAssignableAgent(agent.id)).toBe(true);
    expect((await listAssignableAgents()).map((a) => a.id)).toContain(agent.id);

    await api.status(agent.id, cookie, "paused");
    expect(await isAssignableAgent(agent.id)).toBe(false);
    expect((await listAssignableAgents()).map((a) => a.id)).not.toContain(agent.id);
    expect(await Agent.count({ where: { id: agent.id, ...assignableAgentWhere } })).toBe(0);

    const res = await api.status(agent.id, cookie, "approved");
    expect(res.status).toBe(200);
    expect((await Agent.findByPk(agent.id))!.status).toBe("approved");
    expect(await isAssignableAgent(agent.id)).toBe(true);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
    expect(await ActivityLog.count({ where: { action: "agent_activated", entityId: agent.id } })).toBe(1);
  });

  it("pending and rejected agents are not assignable either, and junk ids are not", async () => {
    const pending = await createAgent({ status: "pending" });
    const rejected = await createAgent({ status: "rejected" });
    expect(await isAssignableAgent(pending.agent.id)).toBe(false);
    expect(await isAssignableAgent(rejected.agent.id)).toBe(false);
    expect(await isAssignableAgent("not-a-uuid")).toBe(false);
    expect(await isAssignableAgent(null)).toBe(false);
  });

  it("only approved <-> paused: other moves answer 409 and a bad status 400", async () => {
    const cookie = await adminCookie();
    const pending = await createAgent({ status: "pending" });
    const approved = await createAgent({ status: "approved" });
    const paused = await createAgent({ status: "paused" });
    const pausePending = await api.status(pending.agent.id, cookie, "paused");
    expect(pausePending.status).toBe(409);
    expect((await jsonOf(pausePending)).error).toBe("Only approved agents can be paused.");
    const activatePending = await api.status(pending.agent.id, cookie, "approved");
    expect(activatePending.status).toBe(409);
    expect((await jsonOf(activatePending)).error).toBe("Only paused agents can be activated.");
    expect((await jsonOf(await api.status(approved.agent.id, cookie, "approved"))).error).toBe(
      "This agent is already active.",
    );
    expect((await jsonOf(await api.status(paused.agent.id, cookie, "paused"))).error).toBe(
      "This agent is already paused.",
    );
    for (const status of ["rejected", "pending", "active", "", 1]) {
      const res = await api.status(approved.agent.id, cookie, status);
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).error).toBe("Status must be paused or approved.");
    }
    expect((await Agent.findByPk(pending.agent.id))!.status).toBe("pending");
  });

  it("the page's pause and activate switch the table to the resulting tab with the spec's toasts", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "approved" });
    const paused = await pagePost(cookie, { intent: "pause", agentId: agent.id, tab: "approved" });
    expect(paused.headers.get("Location")).toBe("/admin/agent-approval?tab=paused");
    expect((await toastOf(paused))?.title).toBe("Agent paused");
    const activated = await pagePost(cookie, { intent: "activate", agentId: agent.id, tab: "paused" });
    expect(activated.headers.get("Location")).toBe("/admin/agent-approval?tab=approved");
    expect((await toastOf(activated))?.title).toBe("Agent activated");
    const failed = await pagePost(cookie, { intent: "activate", agentId: agent.id, tab: "paused" });
    const toast = await toastOf(failed);
    expect(toast?.title).toBe("Status update failed");
    expect(toast?.description).toBe("Failed to update agent status: This agent is already active.");
  });
});

describe("assigning a BDM", () => {
  it("assigns a BDM from the database and refuses an unknown one", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent();
    const [bdm] = await bdms();
    const res = await api.assignBdm(agent.id, cookie, bdm!.id);
    expect(res.status).toBe(200);
    expect((await Agent.findByPk(agent.id))!.bdmId).toBe(bdm!.id);
    expect(await ActivityLog.count({ where: { action: "bdm_assigned", entityId: agent.id } })).toBe(1);

    const unknown = await api.assignBdm(agent.id, cookie, UNKNOWN_ID);
    expect(unknown.status).toBe(400);
    expect((await jsonOf<{ fieldErrors: Record<string, string[]> }>(unknown)).fieldErrors.bdmId).toEqual([
      "Choose one of the listed BDMs.",
    ]);
    const junk = await api.assignBdm(agent.id, cookie, "nobody");
    expect(junk.status).toBe(400);
    const missing = await api.assignBdm(agent.id, cookie, "");
    expect(missing.status).toBe(400);
    expect((await jsonOf(missing)).error).toBe("Choose a BDM.");
    expect((await Agent.findByPk(agent.id))!.bdmId).toBe(bdm!.id);
  });

  it("the page's assign action redirects with BDM Assigned, and shows a field error for a missing BDM", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent();
    const [, bdm] = await bdms();
    const ok = await pagePost(cookie, { intent: "assign-bdm", agentId: agent.id, bdmId: bdm!.id });
    expect((await toastOf(ok))?.title).toBe("BDM Assigned");
    const bad = await pagePost(cookie, { intent: "assign-bdm", agentId: agent.id, bdmId: "" });
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ result: { error: Record<string, string[]> } }>(bad)).result.error.bdmId).toEqual([
      "Choose a BDM.",
    ]);
  });
});

describe("adding calls", () => {
  it('refuses 0, 1001, 1.5, "abc" and nothing with 400; accepts 1 and 1000', async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent();
    await agent.update({ callsOrdered: 10, callQuota: 10, callsLeft: 4 });
    for (const bad of [0, 1001, 1.5, "abc", -3, null]) {
      const res = await api.addCalls(agent.id, cookie, bad);
      expect(res.status, `callsToAdd=${String(bad)}`).toBe(400);
      const body = await jsonOf<{ error: string; fieldErrors: Record<string, string[]> }>(res);
      expect(body.fieldErrors.callsToAdd).toBeDefined();
    }
    expect((await jsonOf(await api.addCalls(agent.id, cookie, 0))).error).toBe(
      "Calls to add must be a whole number from 1 to 1000.",
    );
    expect((await jsonOf(await api.addCalls(agent.id, cookie, undefined))).error).toBe("Calls to add is required.");

    const one = await api.addCalls(agent.id, cookie, 1);
    expect(one.status).toBe(200);
    const thousand = await api.addCalls(agent.id, cookie, 1000);
    expect(thousand.status).toBe(200);
    const row = (await Agent.findByPk(agent.id))!;
    expect([row.callsOrdered, row.callQuota, row.callsLeft]).toEqual([1011, 1011, 1005]);
    expect(await ActivityLog.count({ where: { action: "calls_added", entityId: agent.id } })).toBe(2);
  });

  it("accepts the number as text, as a plain HTML form sends it", async () => {
    expect(addCallsSchema.safeParse({ callsToAdd: "25" })).toMatchObject({ success: true, data: { callsToAdd: 25 } });
    expect(addCallsSchema.safeParse({ callsToAdd: "2.5" }).success).toBe(false);
  });

  it("the service holds the 1 to 1000 rule for any caller, and needs an approved or paused agent", async () => {
    const admin = await createAdmin();
    const { actor } = await signInAs(admin);
    const { agent } = await createAgent();
    await expect(addCalls(actor, agent.id, 1001)).rejects.toMatchObject({ status: 400 });
    await expect(addCalls(actor, agent.id, 0.5)).rejects.toMatchObject({ status: 400 });
    const pending = await createAgent({ status: "pending" });
    await expect(addCalls(actor, pending.agent.id, 5)).rejects.toMatchObject({
      status: 409,
      message: "Approve the agent before adding calls.",
    });
  });

  it("the page's add-calls action shows the message next to the field, or Calls added successfully", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent();
    const bad = await pagePost(
      cookie,
      { intent: "add-calls", agentId: agent.id, callsToAdd: "0" },
      `?dialog=add-calls&agent=${agent.id}`,
    );
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ result: { error: Record<string, string[]> } }>(bad)).result.error.callsToAdd).toEqual([
      "Calls to add must be a whole number from 1 to 1000.",
    ]);
    const ok = await pagePost(cookie, { intent: "add-calls", agentId: agent.id, callsToAdd: "15" });
    expect((await toastOf(ok))?.title).toBe("Calls added successfully");
    expect((await Agent.findByPk(agent.id))!.callsLeft).toBe(15);
    const pending = await createAgent({ status: "pending" });
    const failed = await pagePost(cookie, { intent: "add-calls", agentId: pending.agent.id, callsToAdd: "15" });
    expect((await toastOf(failed))?.title).toBe("Failed to add calls");
  });
});

describe("temporary passwords", () => {
  it("returns the password once, makes the agent replace it at sign-in, and forgets it afterwards", async () => {
    const cookie = await adminCookie();
    const { user, agent } = await createAgent();
    const session = await signInAs(user);

    const res = await api.tempPassword(agent.id, cookie);
    expect(res.status).toBe(200);
    const { temporaryPassword } = await jsonOf<{ temporaryPassword: string }>(res);
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);

    // Stored encrypted, never as text; the agent's open session ended.
    const row = (await Agent.findByPk(agent.id))!;
    expect(row.temporaryPasswordEncrypted).toBeTruthy();
    expect(row.temporaryPasswordEncrypted).not.toContain(temporaryPassword);
    const userRow = (await User.findByPk(user.id))!;
    expect(userRow.mustChangePassword).toBe(true);
    expect(userRow.passwordHash).not.toContain(temporaryPassword);
    expect((await callRoute(meLoader, { path: "/api/auth/me", cookie: session.cookie })).status).toBe(401);

    // The list shows that one is outstanding, never the password itself.
    const listText = await (await api.list(cookie)).text();
    expect(listText).not.toContain(temporaryPassword);
    expect(findIn(JSON.parse(listText) as AgentGroups, agent.id)?.agent.hasTemporaryPassword).toBe(true);

    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    const signIn = await login(user.email, temporaryPassword);
    expect(signIn.status).toBe(200);
    const body = await jsonOf<{ requirePasswordReset: boolean; resetToken: string }>(signIn);
    expect(body.requirePasswordReset).toBe(true);
    expect(body.resetToken.length).toBeGreaterThan(20);
    expect(setCookieOf(signIn)).toBe("");

    const admin = await createAdmin();
    const { actor } = await signInAs(admin);
    expect((await getTemporaryPassword(actor, agent.id)).temporaryPassword).toBe(temporaryPassword);
    expect(await ActivityLog.count({ where: { action: "temporary_password_generated", entityId: agent.id } })).toBe(1);
    expect(await ActivityLog.count({ where: { action: "temporary_password_viewed", entityId: agent.id } })).toBe(1);
    const logged = await ActivityLog.findAll({ where: { entityId: agent.id } });
    expect(logged.map((l) => l.summary).join(" ")).not.toContain(temporaryPassword);

    await resetPasswordWithToken(body.resetToken, "brand-new-pass");
    expect((await getTemporaryPassword(actor, agent.id)).temporaryPassword).toBeNull();
    expect((await login(user.email, "brand-new-pass")).status).toBe(200);
    expect((await login(user.email, temporaryPassword)).status).toBe(401);
  });

  it("the page shows it in a 10-second toast with a copy value, and to admins in the view dialog", async () => {
    const admin = await createAdmin();
    const { cookie } = await signInAs(admin);
    const { agent } = await createAgent();
    const res = await pagePost(
      cookie,
      { intent: "generate-password", agentId: agent.id },
      `?tab=approved&dialog=generate-password&agent=${agent.id}`,
    );
    expect(res.headers.get("Location")).toBe("/admin/agent-approval?tab=approved");
    const toast = await toastOf(res);
    expect(toast?.title).toBe("Temporary password generated");
    expect(toast?.durationMs).toBe(10_000);
    expect(toast?.copyValue).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(toast?.description).toMatch(/next sign-in/);

    const view = await callRoute(pageLoader, {
      path: `/admin/agent-approval?dialog=view-password&agent=${agent.id}`,
      cookie,
    });
    expect(view.status).toBe(200);
    expect((await jsonOf<{ temporaryPassword: string }>(view)).temporaryPassword).toBe(toast?.copyValue);
    const plain = await callRoute(pageLoader, { path: "/admin/agent-approval", cookie });
    expect((await jsonOf<{ temporaryPassword: string | null }>(plain)).temporaryPassword).toBeNull();
  });
});

describe("who may call the admin agent endpoints", () => {
  const endpoints = (id: string) =>
    [
      ["GET agents", (cookie?: string) => api.list(cookie)],
      ["GET bdms", (cookie?: string) => api.bdms(cookie)],
      ["approve", (cookie?: string) => api.approve(id, cookie, { callsOrdered: 5 })],
      ["reject", (cookie?: string) => api.reject(id, cookie)],
      ["status", (cookie?: string) => api.status(id, cookie, "paused")],
      ["assign-bdm", (cookie?: string) => api.assignBdm(id, cookie, UNKNOWN_ID)],
      ["add-calls", (cookie?: string) => api.addCalls(id, cookie, 5)],
      ["generate-temp-password", (cookie?: string) => api.tempPassword(id, cookie)],
    ] as const;

  it("answers 401 signed out and 403 to an agent on every endpoint, changing nothing", async () => {
    const target = await createAgent({ status: "pending" });
    const caller = await createAgent();
    const { cookie } = await signInAs(caller.user);
    for (const [name, call] of endpoints(target.agent.id)) {
      const signedOut = await call(undefined);
      expect(signedOut.status, `${name} signed out`).toBe(401);
      const asAgent = await call(cookie);
      expect(asAgent.status, `${name} as agent`).toBe(403);
      expect((await jsonOf(asAgent)).error).toBe("You do not have access to this");
    }
    const row = (await Agent.findByPk(target.agent.id))!;
    expect([row.status, row.callsOrdered, row.temporaryPasswordEncrypted]).toEqual(["pending", 0, null]);
  });

  it("the services refuse a non-admin actor too", async () => {
    const caller = await createAgent();
    const { actor } = await signInAs(caller.user);
    await expect(listAgentsGrouped(actor)).rejects.toBeInstanceOf(ServiceError);
    await expect(approveAgent(actor, caller.agent.id)).rejects.toMatchObject({ status: 403 });
  });

  it("the page sends an agent away and a signed-out visitor to /login", async () => {
    const caller = await createAgent();
    const { cookie } = await signInAs(caller.user);
    const asAgent = await callRoute(pageLoader, { path: "/admin/agent-approval", cookie });
    expect(asAgent.status).toBe(302);
    expect(asAgent.headers.get("Location")).toBe("/");
    const post = await pagePost(cookie, { intent: "pause", agentId: caller.agent.id });
    expect(post.headers.get("Location")).toBe("/");
    expect((await Agent.findByPk(caller.agent.id))!.status).toBe("approved");
    const signedOut = await callRoute(pageLoader, { path: "/admin/agent-approval" });
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("answers 404 for an unknown or malformed agent id on every endpoint that takes one", async () => {
    const cookie = await adminCookie();
    for (const id of [UNKNOWN_ID, "not-a-uuid"]) {
      for (const [name, call] of endpoints(id).slice(2)) {
        const res = await call(cookie);
        expect(res.status, `${name} ${id}`).toBe(404);
        expect((await jsonOf(res)).error).toBe("Agent not found");
      }
    }
  });

  it("answers 405 for the wrong method", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "pending" });
    const wrong = [
      callRoute(approveAction, {
        method: "PUT",
        path: `/api/admin/agents/${agent.id}/approve`,
        params: { id: agent.id },
        cookie,
      }),
      callRoute(rejectAction, {
        method: "POST",
        path: `/api/admin/agents/${agent.id}/reject`,
        params: { id: agent.id },
        cookie,
      }),
      callRoute(statusAction, {
        method: "POST",
        path: `/api/admin/agents/${agent.id}/status`,
        params: { id: agent.id },
        cookie,
        json: { status: "paused" },
      }),
      callRoute(assignBdmAction, {
        method: "PUT",
        path: `/api/admin/agents/${agent.id}/assign-bdm`,
        params: { id: agent.id },
        cookie,
        json: { bdmId: UNKNOWN_ID },
      }),
      callRoute(addCallsAction, {
        method: "POST",
        path: `/api/admin/agents/${agent.id}/add-calls`,
        params: { id: agent.id },
        cookie,
        json: { callsToAdd: 5 },
      }),
      callRoute(tempPasswordAction, {
        method: "POST",
        path: `/api/admin/agents/${agent.id}/generate-temp-password`,
        params: { id: agent.id },
        cookie,
      }),
    ];
    wrong.push(
      callRoute(approveLoader, { path: `/api/admin/agents/${agent.id}/approve`, params: { id: agent.id }, cookie }),
      callRoute(agentsAction, { method: "POST", path: "/api/admin/agents", cookie, json: {} }),
    );
    for (const res of await Promise.all(wrong)) {
      expect(res.status).toBe(405);
      expect((await jsonOf(res)).error).toBe("Method not allowed");
    }
    expect((await Agent.findByPk(agent.id))!.status).toBe("pending");
  });
});

describe("the Agent Approval page loader", () => {
  it("gives counts, the tab's agents and the BDMs to an admin", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "pending" });
    const res = await callRoute(pageLoader, { path: "/admin/agent-approval?tab=pending", cookie });
    expect(res.status).toBe(200);
    const body = await jsonOf<{ tab: string; list: { rows: AgentView[] }; bdms: Json[] }>(res);
    expect(body.tab).toBe("pending");
    expect(body.list.rows.map((a) => a.id)).toContain(agent.id);
    expect(body.bdms.length).toBeGreaterThanOrEqual(2);
    const junkTab = await callRoute(pageLoader, { path: "/admin/agent-approval?tab=nonsense", cookie });
    expect((await jsonOf<{ tab: string }>(junkTab)).tab).toBe("all");
  });
});
