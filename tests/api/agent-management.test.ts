import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { ActivityLog, Agent, Application, Bdm, LicensedState, PasswordResetRequest, User, sequelize } from "~db";
import { action as pageAction, loader as pageLoader } from "~/routes/admin+/agent-management";
import { loader as agentsRedirect } from "~/routes/admin+/agents";
import { loader as profileLoader, action as profileAction } from "~/routes/api+/admin.agents.$id.profile";
import {
  STATES_SHOWN,
  firstStatesOf,
  getAgentProfileForAdmin,
  listManagedAgents,
  performanceOf,
  type AgentProfileView,
  type ManagedAgentRow,
} from "~/services/agent-management.server";
import { readToast } from "~/utils/toast.server";
import { createAdmin, createAgent, createLead, giveCarrier, signInAs } from "../support/factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

// Agents Management (/admin/agent-management, /admin/agents, GET /api/admin/agents/{id}/profile):
// the agents tab (cards, sub-tabs, search, paging, performance and states per row), the profile
// dialog, the actions through Agent Approval's one intent handler, and the Password Resets tab.

const UNKNOWN_ID = "6f1c1d2e-0000-4000-8000-000000000000";
type Status = "pending" | "approved" | "paused" | "rejected";

async function admin() {
  return signInAs(await createAdmin());
}

function marker() {
  return `Zm${crypto.randomBytes(4).toString("hex")}`;
}

/** An agent registered at a chosen minute of 2099, so it sorts before every other agent. */
async function agentAt(minute: number, status: Status, lastName: string) {
  const made = await createAgent({ status, lastName });
  await sequelize.query("UPDATE agents SET created_at = :createdAt WHERE id = :id", {
    replacements: { createdAt: new Date(Date.UTC(2099, 1, 1, 0, minute)), id: made.agent.id },
  });
  return made;
}

async function sale(agentId: string, commissionCents: number, cancelled = false) {
  const lead = await createLead(agentId, { status: "sale" });
  await lead.update({
    calculatedCommissionCents: commissionCents,
    soldAt: new Date(),
    commissionCancelledAt: cancelled ? new Date() : null,
  });
  return lead;
}

type AgentsTab = {
  tab: "agents";
  status: string;
  search: string;
  list: { rows: ManagedAgentRow[]; total: number; page: number; pageSize: number };
  counts: Record<string, number>;
  dialog: string | null;
  agent: { id: string } | null;
  profileOpen: boolean;
  profile: AgentProfileView | null;
};

const load = (cookie: string, search = "") =>
  callRoute(pageLoader, { path: `/admin/agent-management${search}`, cookie });
const post = (cookie: string, search: string, form: Record<string, string>) =>
  callRoute(pageAction, { method: "POST", path: `/admin/agent-management${search}`, cookie, form });
const profileApi = (id: string, cookie?: string) =>
  callRoute(profileLoader, { path: `/api/admin/agents/${id}/profile`, params: { id }, cookie });

async function toastOf(res: Response) {
  const cookie = setCookieOf(res).split(";")[0]!;
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast;
}

describe("listManagedAgents", () => {
  it("pages the status's agents matching the search in the database, with each agent's performance", async () => {
    const { actor } = await admin();
    const last = marker();
    const oldest = await agentAt(1, "approved", last);
    const middle = await agentAt(2, "approved", last);
    const newest = await agentAt(3, "approved", last);
    await agentAt(4, "paused", last);
    await createLead(newest.agent.id);
    await createLead(newest.agent.id, { status: "callback" });
    await sale(newest.agent.id, 123_456);
    await sale(newest.agent.id, 10_000);
    await sale(newest.agent.id, 99_999, true);

    const page1 = await listManagedAgents(actor, { status: "approved", search: last, page: 1, pageSize: 2 });
    const page2 = await listManagedAgents(actor, { status: "approved", search: last, page: 2, pageSize: 2 });
    expect(page1.rows.map((r) => r.id)).toEqual([newest.agent.id, middle.agent.id]);
    expect(page2.rows.map((r) => r.id)).toEqual([oldest.agent.id]);
    expect([page1.total, page2.total]).toEqual([3, 3]);
    // Five leads, three sold; the cancelled sale's commission does not count.
    expect(page1.rows[0]!.performance).toEqual({ leads: 5, sales: 3, commissionCents: 133_456 });
    expect(page1.rows[1]!.performance).toEqual({ leads: 0, sales: 0, commissionCents: 0 });
  });

  it("rounds conversion (calls sold / calls ordered x 100) to one decimal, 0 with nothing ordered", async () => {
    const { actor } = await admin();
    const last = marker();
    const a = await agentAt(5, "approved", last);
    const b = await agentAt(6, "approved", last);
    await a.agent.update({ callsOrdered: 3, callsSold: 1 });
    await b.agent.update({ callsOrdered: 0, callsSold: 0 });
    const { rows } = await listManagedAgents(actor, { status: "all", search: last, page: 1, pageSize: 10 });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.agent.id)!.conversion).toBe(33.3);
    expect(byId.get(b.agent.id)!.conversion).toBe(0);
  });

  it("names the first 3 licensed states alphabetically and how many more there are", async () => {
    const { actor } = await admin();
    const last = marker();
    const many = await agentAt(7, "approved", last);
    const two = await agentAt(8, "approved", last);
    const none = await agentAt(9, "approved", last);
    await LicensedState.bulkCreate(["TX", "AL", "FL", "GA", "NY"].map((state) => ({ agentId: many.agent.id, state })));
    await LicensedState.bulkCreate(["OH", "CA"].map((state) => ({ agentId: two.agent.id, state })));
    expect(STATES_SHOWN).toBe(3);
    const { rows } = await listManagedAgents(actor, { status: "all", search: last, page: 1, pageSize: 10 });
    const byId = new Map(rows.map((r) => [r.id, r.states]));
    expect(byId.get(many.agent.id)).toEqual({ shown: ["AL", "FL", "GA"], more: 2 });
    expect(byId.get(two.agent.id)).toEqual({ shown: ["CA", "OH"], more: 0 });
    expect(byId.get(none.agent.id)).toEqual({ shown: [], more: 0 });
  });

  it("reads the figures of a page in as many statements for 6 agents as for 1 (no query per agent)", async () => {
    const { actor } = await admin();
    const last = marker();
    for (let minute = 10; minute < 16; minute++) {
      const { agent } = await agentAt(minute, "approved", last);
      await createLead(agent.id);
      await LicensedState.create({ agentId: agent.id, state: "WA" });
    }
    const statementsFor = async (pageSize: number) => {
      const spy = vi.spyOn(sequelize, "query");
      try {
        const page = await listManagedAgents(actor, { status: "all", search: last, page: 1, pageSize });
        expect(page.rows).toHaveLength(pageSize);
        expect(page.rows.every((r) => r.performance.leads === 1 && r.states.shown[0] === "WA")).toBe(true);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const forOne = await statementsFor(1);
    expect(forOne).toBeGreaterThanOrEqual(4);
    expect(await statementsFor(6)).toBe(forOne);
    expect(await performanceOf([])).toEqual(new Map());
    expect(await firstStatesOf([])).toEqual(new Map());
  });

  it("is for admins only", async () => {
    const { actor } = await signInAs((await createAgent()).user);
    await expect(listManagedAgents(actor, { status: "all", page: 1, pageSize: 10 })).rejects.toMatchObject({
      status: 403,
    });
    await expect(getAgentProfileForAdmin(actor, UNKNOWN_ID)).rejects.toMatchObject({ status: 403 });
  });
});

describe("the Agents Management page", () => {
  it("shows the four cards' counts, the sub-tab's agents and its search, 20 a page", async () => {
    const { cookie } = await admin();
    const last = marker();
    for (let minute = 12; minute < 34; minute++) await agentAt(minute, "paused", last);
    await agentAt(40, "rejected", last);

    const res = await load(cookie, `?status=paused&search=${last}&page=2`);
    expect(res.status).toBe(200);
    const body = await jsonOf<AgentsTab>(res);
    expect([body.tab, body.status, body.search]).toEqual(["agents", "paused", last]);
    expect(body.list.total).toBe(22);
    expect(body.list.rows).toHaveLength(2);
    expect(body.list.rows.every((r) => r.status === "paused")).toBe(true);
    for (const status of ["pending", "approved", "paused", "rejected"] as const) {
      expect(body.counts[status], status).toBe(await Agent.count({ where: { status } }));
    }
    const rejected = await jsonOf<AgentsTab>(await load(cookie, `?status=rejected&search=${last}`));
    expect(rejected.list.rows.map((r) => r.status)).toEqual(["rejected"]);
    // A status it does not have falls back to All.
    expect((await jsonOf<AgentsTab>(await load(cookie, "?status=sleeping"))).status).toBe("all");
  });

  it("answers an empty sub-tab with no rows, and sends a page past the end to the last page", async () => {
    const { cookie } = await admin();
    const none = await jsonOf<AgentsTab>(await load(cookie, `?status=approved&search=${marker()}`));
    expect(none.list.rows).toEqual([]);
    const last = marker();
    await agentAt(41, "approved", last);
    const past = await load(cookie, `?status=approved&search=${last}&page=9`);
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`/admin/agent-management?status=approved&search=${last}&page=1`);
  });

  it("opens the profile dialog with basic information, states, carriers with comp % and activity", async () => {
    const { cookie } = await admin();
    const last = marker();
    const { agent, user } = await agentAt(42, "approved", last);
    const [bdm] = await Bdm.findAll({ order: [["lastName", "ASC"]] });
    await agent.update({
      callsOrdered: 8,
      callsSold: 3,
      callsLeft: 5,
      callQuota: 8,
      bdmId: bdm!.id,
      companyName: "Acme",
    });
    await giveCarrier(agent.id, "Aetna", "Final Expense", 95.5);
    await LicensedState.create({ agentId: agent.id, state: "TX" });
    await createLead(agent.id, { status: "rescheduled" });
    await sale(agent.id, 50_000);

    const res = await load(cookie, `?status=approved&dialog=profile&agent=${agent.id}`);
    expect(res.status).toBe(200);
    const { profile, profileOpen } = await jsonOf<AgentsTab>(res);
    expect(profileOpen).toBe(true);
    expect(profile).toMatchObject({
      id: agent.id,
      user: { firstName: "Andy", lastName: last, email: user.email, phone: "5555550123" },
      companyName: "Acme",
      licenseNumber: "LIC-TEST",
      status: "approved",
      callsOrdered: 8,
      callsSold: 3,
      callsLeft: 5,
      callQuota: 8,
      assignedBdm: { id: bdm!.id, firstName: bdm!.firstName, lastName: bdm!.lastName, email: bdm!.email },
      setupComplete: true,
      licensedStates: ["Florida", "Texas"],
      licensedStatesArray: ["FL", "TX"],
      carriersWithProducts: [{ name: "Aetna", products: [{ name: "Final Expense", compPercentage: 95.5 }] }],
      hasTemporaryPassword: false,
      activity: { totalLeads: 2, totalSales: 1, conversionRate: 37.5, totalCommission: 500, openCallbacks: 1 },
    });
    expect(profile!.activity.lastSaleAt).not.toBeNull();
    expect(profile!.activity.lastLeadAt).not.toBeNull();
  });

  it("shows Agent profile not found (a 404) for an unknown or malformed agent", async () => {
    const { cookie } = await admin();
    for (const id of [UNKNOWN_ID, "not-a-uuid", ""]) {
      const res = await load(cookie, `?dialog=profile&agent=${id}`);
      expect(res.status, id).toBe(404);
      const body = await jsonOf<AgentsTab>(res);
      expect([body.profileOpen, body.profile]).toEqual([true, null]);
    }
  });

  it("opens Agent Approval's dialogs, an unknown agent being a 404", async () => {
    const { cookie } = await admin();
    const { agent } = await createAgent({ status: "approved" });
    const body = await jsonOf<AgentsTab>(await load(cookie, `?status=pending&dialog=add-calls&agent=${agent.id}`));
    expect([body.dialog, body.agent?.id]).toEqual(["add-calls", agent.id]);
    expect((await load(cookie, `?dialog=add-calls&agent=${UNKNOWN_ID}`)).status).toBe(404);
  });

  it("runs every action through the shared handler, back to the page (pause and activate switch the sub-tab)", async () => {
    const { cookie } = await admin();
    const { agent: pending } = await createAgent({ status: "pending" });
    const { agent: other } = await createAgent({ status: "pending" });
    const [bdm] = await Bdm.findAll({ order: [["lastName", "ASC"]] });
    const here = "?status=pending&search=andy";

    const approved = await post(cookie, `${here}&dialog=approve&agent=${pending.id}`, {
      intent: "approve",
      agentId: pending.id,
      callsOrdered: "20",
    });
    expect(approved.headers.get("Location")).toBe(`/admin/agent-management${here}`);
    expect((await toastOf(approved))?.title).toBe("Agent Approved");
    expect((await Agent.findByPk(pending.id))!.callsLeft).toBe(20);

    const rejected = await post(cookie, here, { intent: "reject", agentId: other.id });
    expect((await toastOf(rejected))?.title).toBe("Agent Rejected");
    expect((await Agent.findByPk(other.id))!.status).toBe("rejected");

    const paused = await post(cookie, "?status=approved&page=1", { intent: "pause", agentId: pending.id });
    expect(paused.headers.get("Location")).toBe("/admin/agent-management?status=paused");
    expect((await toastOf(paused))?.title).toBe("Agent paused");
    const activated = await post(cookie, "?status=paused", { intent: "activate", agentId: pending.id });
    expect(activated.headers.get("Location")).toBe("/admin/agent-management?status=approved");
    expect((await toastOf(activated))?.title).toBe("Agent activated");

    const assigned = await post(cookie, "", { intent: "assign-bdm", agentId: pending.id, bdmId: bdm!.id });
    expect((await toastOf(assigned))?.title).toBe("BDM Assigned");
    const added = await post(cookie, "", { intent: "add-calls", agentId: pending.id, callsToAdd: "5" });
    expect((await toastOf(added))?.title).toBe("Calls added successfully");
    const after = (await Agent.findByPk(pending.id))!;
    expect([after.bdmId, after.callsLeft, after.callQuota]).toEqual([bdm!.id, 25, 25]);

    const generated = await post(cookie, "", { intent: "generate-password", agentId: pending.id });
    const toast = await toastOf(generated);
    expect(toast?.title).toBe("Temporary password generated");
    expect(toast?.copyValue).toMatch(/\S{8,}/);
    expect((await User.findByPk(after.userId))!.mustChangePassword).toBe(true);
    const actions = (await ActivityLog.findAll({ where: { entityId: pending.id } })).map((l) => l.action).sort();
    expect(actions).toEqual(
      [
        "agent_activated",
        "agent_approved",
        "agent_paused",
        "bdm_assigned",
        "calls_added",
        "temporary_password_generated",
      ].sort(),
    );
    // No summary holds the password.
    const summaries = (await ActivityLog.findAll({ where: { entityId: pending.id } })).map((l) => l.summary);
    expect(summaries.some((s) => s.includes(toast!.copyValue!))).toBe(false);
  });

  it("keeps bad input at the field, and turns a refusal into the spec's toast", async () => {
    const { cookie } = await admin();
    const { agent } = await createAgent({ status: "approved" });
    const bad = await post(cookie, `?dialog=add-calls&agent=${agent.id}`, {
      intent: "add-calls",
      agentId: agent.id,
      callsToAdd: "1001",
    });
    expect(bad.status).toBe(400);
    const body = await jsonOf<{
      intent: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    }>(bad);
    expect(body.result.error.callsToAdd).toEqual(["Calls to add must be a whole number from 1 to 1000."]);
    expect(body.result.initialValue.callsToAdd).toBe("1001");

    const refused = await post(cookie, "", { intent: "activate", agentId: agent.id });
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      title: "Status update failed",
      description: "Failed to update agent status: This agent is already active.",
    });
    const missing = await post(cookie, "", { intent: "reject", agentId: UNKNOWN_ID });
    expect((await toastOf(missing))?.title).toBe("Rejection Failed");
  });

  it("shows the Password Resets tab from the reset screen's service and decides requests there", async () => {
    const { cookie } = await admin();
    const { user } = await createAgent();
    const request = await PasswordResetRequest.create({
      userId: user.id,
      email: user.email,
      kind: "request",
      status: "pending",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const res = await load(cookie, "?tab=resets");
    const body = await jsonOf<{ tab: string; pending: { rows: { id: string }[] }; history: unknown[] }>(res);
    expect(body.tab).toBe("resets");
    expect(body.pending.rows.map((r) => r.id)).toContain(request.id);

    const denied = await post(cookie, "?tab=resets", { intent: "deny", id: request.id });
    expect(denied.headers.get("Location")).toBe("/admin/agent-management?tab=resets");
    expect((await toastOf(denied))?.title).toBe("Request denied");
    expect((await PasswordResetRequest.findByPk(request.id))!.status).toBe("denied");
  });

  it("is reached from /admin/agents with the same query", async () => {
    const { cookie } = await admin();
    const res = await callRoute(agentsRedirect, { path: "/admin/agents?status=paused", cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/agent-management?status=paused");
  });

  it("sends an agent away from the page, its actions and /admin/agents, changing nothing", async () => {
    const { cookie } = await signInAs((await createAgent()).user);
    const { agent: target } = await createAgent({ status: "approved" });
    for (const res of [
      await load(cookie),
      await load(cookie, "?tab=resets"),
      await post(cookie, "", { intent: "pause", agentId: target.id }),
      await callRoute(agentsRedirect, { path: "/admin/agents", cookie }),
    ]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
    }
    expect((await Agent.findByPk(target.id))!.status).toBe("approved");
    // Signed out: to the sign-in page and back.
    expect((await load("")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fagent-management");
  });
});

describe("GET /api/admin/agents/{id}/profile", () => {
  it("answers the profile, 404 Agent profile not found, 403 to an agent and 401 signed out", async () => {
    const { cookie } = await admin();
    const { agent } = await createAgent({ status: "paused" });
    await Application.destroy({ where: { agentId: agent.id } });
    const res = await profileApi(agent.id, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await jsonOf<AgentProfileView>(res);
    expect(body).toMatchObject({ id: agent.id, status: "paused", licensedStates: [], carriersWithProducts: [] });
    expect(body.activity).toEqual({
      totalLeads: 0,
      totalSales: 0,
      conversionRate: 0,
      totalCommission: 0,
      openCallbacks: 0,
      lastLeadAt: null,
      lastSaleAt: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/temporaryPassword"|passwordHash/);

    for (const id of [UNKNOWN_ID, "nope"]) {
      const missing = await profileApi(id, cookie);
      expect(missing.status).toBe(404);
      expect(await jsonOf(missing)).toEqual({ error: "Agent profile not found" });
    }
    const asAgent = await profileApi(agent.id, (await signInAs((await createAgent()).user)).cookie);
    expect(asAgent.status).toBe(403);
    expect((await profileApi(agent.id)).status).toBe(401);
    const post = await callRoute(profileAction, {
      method: "POST",
      path: `/api/admin/agents/${agent.id}/profile`,
      params: { id: agent.id },
      cookie,
      json: {},
    });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toContain("GET");
  });
});
