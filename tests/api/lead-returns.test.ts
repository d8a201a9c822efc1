import { describe, expect, it } from "vitest";
import { ActivityLog, Agent, Application, LeadReturn, LeadSource, Notification, Order } from "~db";
import { LEAD_RETURN_MESSAGES } from "~/domain/lead-returns";
import { action as requestAction } from "~/routes/api+/agent.applications.$id.return";
import { loader as myLeadsApi } from "~/routes/api+/agent.applications";
import { loader as callbacksApi } from "~/routes/api+/agent.callbacks";
import { loader as allLeadsApi } from "~/routes/api+/admin.applications";
import { loader as listApi } from "~/routes/api+/admin.lead-returns";
import { action as approveAction } from "~/routes/api+/admin.lead-returns.$id.approve";
import { action as denyAction } from "~/routes/api+/admin.lead-returns.$id.deny";
import { action as returnsPageAction, loader as returnsPageLoader } from "~/routes/admin+/lead-returns";
import { action as leadPageAction, loader as leadPageLoader } from "~/routes/_portal+/applications.$id";
import { action as myLeadsAction, loader as myLeadsLoader } from "~/routes/agent+/leads";
import { allLeadsQuerySchema } from "~/domain/schemas/admin-leads";
import { listAllLeads } from "~/services/admin-leads.server";
import { getAgentDashboard } from "~/services/dashboard.server";
import { countAgentLeadsByStatus } from "~/services/lead-reads.server";
import { readToast } from "~/utils/toast.server";
import { LEAD_NOT_FOUND } from "~/services/leads.server";
import {
  approveLeadReturn,
  leadReturnStateById,
  listLeadReturns,
  requestLeadReturn,
} from "~/services/lead-returns.server";
import { newPostingKey } from "~/services/posting-keys.server";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { createOrderRow } from "../support/order-factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 24, item 6: an agent returns a bad lead bought from a source within the source's return
// window; an admin approves (the lead leaves the agent's working lists, the order gets the call
// back, the source is credited) or denies (only the request changes).

type ApiError = { error: string; fieldErrors?: Record<string, string[]> };
type ReturnBody = { id: string; applicationId: string; status: string; reason: string; sourceName: string | null };
const MISSING = "00000000-0000-4000-8000-000000000000";
const HOUR = 3_600_000;

let sourceCount = 0;
async function createSource(overrides: Partial<{ returnWindowHours: number; costPerLeadCents: number }> = {}) {
  const key = newPostingKey();
  sourceCount += 1;
  return LeadSource.create({
    name: `Vendor ${sourceCount} ${key.last4}${Math.random().toString(36).slice(2, 8)}`,
    costPerLeadCents: overrides.costPerLeadCents ?? 17_500,
    returnWindowHours: overrides.returnWindowHours ?? 72,
    defaultCarrierId: null,
    postingKeyHash: key.hash,
    postingKeyLast4: key.last4,
    keyRotatedAt: null,
  });
}

/** An agent with a lead bought from a 72-hour source, using a call of the agent's order. */
async function scene(order: { callsOrdered?: number; callsCompleted?: number; status?: string } = {}) {
  const admin = await signedInAdmin();
  const agent = await signedInAgent({ firstName: "Rita", lastName: "Returner" });
  const source = await createSource();
  const orderRow = await createOrderRow({
    agentId: agent.agent.id,
    callsOrdered: order.callsOrdered ?? 10,
    callsCompleted: order.callsCompleted ?? 5,
    status: order.status ?? "Active",
  });
  const lead = await createLead(agent.agent.id, { firstName: "Bad", lastName: "Number" });
  await Application.update(
    { leadSourceId: source.id, orderId: orderRow.id, billable: true },
    { where: { id: lead.id } },
  );
  return { admin, agent, source, order: orderRow, lead };
}

function postReturn(id: string, json: unknown, cookie?: string) {
  return callRoute(requestAction, {
    method: "POST",
    path: `/api/agent/applications/${id}/return`,
    params: { id },
    json,
    cookie,
  });
}

function decide(kind: "approve" | "deny", id: string, json: unknown, cookie?: string) {
  return callRoute(kind === "approve" ? approveAction : denyAction, {
    method: "POST",
    path: `/api/admin/lead-returns/${id}/${kind}`,
    params: { id },
    json,
    cookie,
  });
}

const leadOf = async (id: string) => (await Application.findByPk(id, { raw: true }))!;
const orderOf = async (id: string) => (await Order.findByPk(id, { raw: true }))!;

describe("requesting a return", () => {
  it("answers 201 with the pending return, logs it, and shows the lead as no longer returnable", async () => {
    const { admin, agent, source, lead } = await scene();
    const before = await leadReturnStateById(agent.actor, lead.id);
    expect(before).toMatchObject({ canRequest: true, windowHours: 72, latest: null });

    const response = await postReturn(
      lead.id,
      { reason: "disconnected_number", notes: "  Line is dead " },
      agent.cookie,
    );
    expect(response.status).toBe(201);
    const body = await jsonOf<ReturnBody & Record<string, unknown>>(response);
    expect(body).toMatchObject({
      applicationId: lead.id,
      agentId: agent.agent.id,
      agentName: "Rita Returner",
      leadName: "Bad Number",
      sourceId: source.id,
      sourceName: source.name,
      reason: "disconnected_number",
      reasonLabel: "Disconnected number",
      notes: "Line is dead",
      status: "pending",
      decisionNote: null,
      decidedAt: null,
    });

    const entries = await ActivityLog.findAll({
      where: { entityId: lead.id, action: "lead_return_requested" },
      raw: true,
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: agent.user.id, entityType: "application" });
    expect(entries[0]!.summary).toContain("Disconnected number");

    const after = await leadReturnStateById(agent.actor, lead.id);
    expect(after.canRequest).toBe(false);
    expect(after.latest).toMatchObject({ id: body.id, status: "pending" });

    // Every admin's bell says so, with the reason but not the agent's note; it opens the queue.
    const notice = await Notification.findOne({
      where: { userId: admin.admin.id, type: "lead_return_request" },
      raw: true,
    });
    expect(notice).toMatchObject({
      title: "Lead return requested",
      message: "Rita Returner asked to return Bad Number: Disconnected number.",
      applicationId: null,
    });
    expect(await Notification.count({ where: { userId: agent.user.id, type: "lead_return_request" } })).toBe(0);
  });

  it("accepts a request up to the last minute of the window and refuses it after, naming the window", async () => {
    const { agent, lead } = await scene();
    const received = new Date((await leadOf(lead.id)).createdAt);
    const late = new Date(received.getTime() + 72 * HOUR + 60_000);
    await expect(requestLeadReturn(agent.actor, lead.id, { reason: "wrong_number" }, late)).rejects.toMatchObject({
      status: 409,
      message: "Returns are accepted within 72 hours of receiving the lead.",
    });
    expect((await leadReturnStateById(agent.actor, lead.id, late)).canRequest).toBe(false);
    expect(await LeadReturn.count({ where: { applicationId: lead.id } })).toBe(0);

    const inTime = new Date(received.getTime() + 71 * HOUR + 59 * 60_000);
    expect((await leadReturnStateById(agent.actor, lead.id, inTime)).canRequest).toBe(true);
    const made = await requestLeadReturn(agent.actor, lead.id, { reason: "wrong_number" }, inTime);
    expect(made.status).toBe("pending");
  });

  it("counts the window of the lead's own source", async () => {
    const { agent, lead } = await scene();
    const short = await createSource({ returnWindowHours: 24 });
    await Application.update({ leadSourceId: short.id }, { where: { id: lead.id } });
    const received = new Date((await leadOf(lead.id)).createdAt);
    await expect(
      requestLeadReturn(agent.actor, lead.id, { reason: "deceased" }, new Date(received.getTime() + 25 * HOUR)),
    ).rejects.toMatchObject({ status: 409, message: "Returns are accepted within 24 hours of receiving the lead." });
    const inTime = await requestLeadReturn(
      agent.actor,
      lead.id,
      { reason: "deceased" },
      new Date(received.getTime() + 23 * HOUR),
    );
    expect(inTime.status).toBe("pending");
  });

  it("refuses a lead that was not bought from a source", async () => {
    const agent = await signedInAgent();
    const lead = await createLead(agent.agent.id);
    const response = await postReturn(lead.id, { reason: "duplicate" }, agent.cookie);
    expect(response.status).toBe(409);
    expect((await jsonOf<ApiError>(response)).error).toBe("Only a lead bought from a lead source can be returned.");
    expect((await leadReturnStateById(agent.actor, lead.id)).canRequest).toBe(false);
  });

  it("needs a note for Other, a known reason, and notes of at most 1000 characters (400 with fieldErrors)", async () => {
    const { agent, lead } = await scene();
    const other = await postReturn(lead.id, { reason: "other", notes: "   " }, agent.cookie);
    expect(other.status).toBe(400);
    expect((await jsonOf<ApiError>(other)).fieldErrors).toEqual({ notes: [LEAD_RETURN_MESSAGES.otherNeedsNotes] });
    expect(LEAD_RETURN_MESSAGES.otherNeedsNotes).toBe(
      "Please describe the problem in the notes when the reason is Other",
    );

    for (const body of [{}, { reason: "bored" }, { reason: 7 }, { reason: null }]) {
      const response = await postReturn(lead.id, body, agent.cookie);
      expect(response.status).toBe(400);
      expect((await jsonOf<ApiError>(response)).fieldErrors?.reason).toEqual(["Please choose a reason"]);
    }
    const long = await postReturn(lead.id, { reason: "duplicate", notes: "x".repeat(1001) }, agent.cookie);
    expect(long.status).toBe(400);
    expect((await jsonOf<ApiError>(long)).fieldErrors?.notes).toEqual(["Notes must be at most 1000 characters"]);

    // Whatever the body: an array, a string, malformed JSON.
    for (const json of [[1, 2], "other", 42]) {
      const response = await postReturn(lead.id, json, agent.cookie);
      expect(response.status).toBe(400);
      expect((await jsonOf<ApiError>(response)).fieldErrors).toBeTruthy();
    }
    const malformed = await callRoute(requestAction, {
      method: "POST",
      path: `/api/agent/applications/${lead.id}/return`,
      params: { id: lead.id },
      rawBody: "{reason:",
      cookie: agent.cookie,
    });
    expect(malformed.status).toBe(400);
    expect(await LeadReturn.count({ where: { applicationId: lead.id } })).toBe(0);

    const withNote = await postReturn(lead.id, { reason: "other", notes: "Speaks only to her son" }, agent.cookie);
    expect(withNote.status).toBe(201);
  });

  it("keeps one pending or approved return per lead; a denied one allows another request", async () => {
    const { admin, agent, lead } = await scene();
    const first = await jsonOf<ReturnBody>(await postReturn(lead.id, { reason: "wrong_number" }, agent.cookie));
    const again = await postReturn(lead.id, { reason: "duplicate" }, agent.cookie);
    expect(again.status).toBe(409);
    expect((await jsonOf<ApiError>(again)).error).toBe("A return of this lead is already waiting for a decision.");

    expect((await decide("deny", first.id, { note: "Number rings" }, admin.cookie)).status).toBe(200);
    const second = await jsonOf<ReturnBody>(await postReturn(lead.id, { reason: "wrong_number" }, agent.cookie));
    expect(second.status).toBe("pending");
    expect((await decide("approve", second.id, {}, admin.cookie)).status).toBe(200);

    const third = await postReturn(lead.id, { reason: "deceased" }, agent.cookie);
    expect(third.status).toBe(409);
    expect((await jsonOf<ApiError>(third)).error).toBe("This lead has already been returned.");
    expect(await LeadReturn.count({ where: { applicationId: lead.id } })).toBe(2);
  });

  it("records one request when two arrive at once", async () => {
    const { agent, lead } = await scene();
    const answers = await Promise.all([
      postReturn(lead.id, { reason: "wrong_number" }, agent.cookie),
      postReturn(lead.id, { reason: "duplicate" }, agent.cookie),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await LeadReturn.count({ where: { applicationId: lead.id } })).toBe(1);
  });

  it("is 404 for another agent's lead, a missing or malformed id, and 403 for an admin", async () => {
    const { admin, lead } = await scene();
    const other = await signedInAgent();
    for (const id of [lead.id, MISSING, "not-a-uuid"]) {
      const response = await postReturn(id, { reason: "wrong_number" }, other.cookie);
      expect(response.status).toBe(404);
      expect((await jsonOf<ApiError>(response)).error).toBe(LEAD_NOT_FOUND);
    }
    // Bad input on another agent's lead still learns nothing of it.
    expect((await postReturn(lead.id, { reason: "bored" }, other.cookie)).status).toBe(404);
    await expect(leadReturnStateById(other.actor, lead.id)).rejects.toMatchObject({ status: 404 });
    expect((await postReturn(lead.id, { reason: "wrong_number" }, admin.cookie)).status).toBe(403);
    expect((await postReturn(lead.id, { reason: "wrong_number" })).status).toBe(401);
    expect(await LeadReturn.count({ where: { applicationId: lead.id } })).toBe(0);
  });
});

describe("deciding a return", () => {
  it("approving marks the lead returned, gives the order its call back, notifies the agent and logs it", async () => {
    const { admin, agent, source, order, lead } = await scene({ callsOrdered: 10, callsCompleted: 5 });
    await agent.agent.update({ callsLeft: 5 });
    const request = await requestLeadReturn(agent.actor, lead.id, { reason: "disconnected_number" });
    const response = await decide("approve", request.id, { note: "Confirmed dead line" }, admin.cookie);
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({
      id: request.id,
      status: "approved",
      decisionNote: "Confirmed dead line",
      sourceId: source.id,
    });

    const returned = await leadOf(lead.id);
    expect(returned.returnedAt).toBeTruthy();
    // The credit is the approved return; the lead stays as billable as it was received.
    expect(Boolean(returned.billable)).toBe(true);
    expect(await orderOf(order.id)).toMatchObject({ callsCompleted: 4, status: "Active" });
    // The agent's Calls Left gets the call back too.
    expect((await Agent.findByPk(agent.agent.id, { raw: true }))!.callsLeft).toBe(6);

    const notes = await Notification.findAll({ where: { userId: agent.user.id, applicationId: lead.id }, raw: true });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "lead_return", title: "Lead return approved" });
    expect(notes[0]!.message).toBe("Your return of Bad Number was approved: Confirmed dead line");

    const entries = await ActivityLog.findAll({
      where: { entityId: lead.id, action: "lead_return_approved" },
      raw: true,
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: admin.admin.id, entityType: "application" });

    const again = await decide("deny", request.id, {}, admin.cookie);
    expect(again.status).toBe(409);
    expect((await jsonOf<ApiError>(again)).error).toBe("This return has already been approved.");
    expect((await decide("approve", request.id, {}, admin.cookie)).status).toBe(409);
  });

  it("reopens a Completed order whose last call the lead used", async () => {
    const { admin, agent, order, lead } = await scene({ callsOrdered: 10, callsCompleted: 10, status: "Completed" });
    const request = await requestLeadReturn(agent.actor, lead.id, { reason: "out_of_state" });
    await approveLeadReturn(admin.actor, request.id, {});
    expect(await orderOf(order.id)).toMatchObject({ callsCompleted: 9, status: "Active" });
  });

  it("leaves a Refunded order's status, and a lead without an order changes no order", async () => {
    const { admin, agent, order, lead } = await scene({ callsOrdered: 10, callsCompleted: 10, status: "Refunded" });
    await approveLeadReturn(
      admin.actor,
      (await requestLeadReturn(agent.actor, lead.id, { reason: "duplicate" })).id,
      {},
    );
    expect(await orderOf(order.id)).toMatchObject({ callsCompleted: 9, status: "Refunded" });

    const other = await scene({ callsCompleted: 3 });
    await Application.update({ orderId: null }, { where: { id: other.lead.id } });
    const request = await requestLeadReturn(other.agent.actor, other.lead.id, { reason: "duplicate" });
    await approveLeadReturn(other.admin.actor, request.id, {});
    expect(await orderOf(other.order.id)).toMatchObject({ callsCompleted: 3 });
    expect((await leadOf(other.lead.id)).returnedAt).toBeTruthy();
  });

  it("denying changes nothing but the return, and tells the agent", async () => {
    const { admin, agent, order, lead } = await scene({ callsOrdered: 10, callsCompleted: 10, status: "Completed" });
    const request = await requestLeadReturn(agent.actor, lead.id, { reason: "never_requested" });
    const response = await decide("deny", request.id, { note: "Consent certificate on file" }, admin.cookie);
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({ status: "denied", decisionNote: "Consent certificate on file" });
    expect((await leadOf(lead.id)).returnedAt).toBeNull();
    expect(await orderOf(order.id)).toMatchObject({ callsCompleted: 10, status: "Completed" });
    expect((await Agent.findByPk(agent.agent.id, { raw: true }))!.callsLeft).toBe(agent.agent.callsLeft);
    const notes = await Notification.findAll({ where: { userId: agent.user.id, applicationId: lead.id }, raw: true });
    expect(notes.map((n) => [n.title, n.message])).toEqual([
      ["Lead return denied", "Your return of Bad Number was denied: Consent certificate on file"],
    ]);
    expect(await ActivityLog.count({ where: { entityId: lead.id, action: "lead_return_denied" } })).toBe(1);
    expect((await decide("approve", request.id, {}, admin.cookie)).status).toBe(409);
  });

  it("is 404 for a missing or malformed id, 403 for an agent, 400 for a bad note", async () => {
    const { admin, agent, lead } = await scene();
    const request = await requestLeadReturn(agent.actor, lead.id, { reason: "duplicate" });
    for (const id of [MISSING, "nope"]) {
      const response = await decide("approve", id, {}, admin.cookie);
      expect(response.status).toBe(404);
      expect((await jsonOf<ApiError>(response)).error).toBe("Return request not found");
    }
    expect((await decide("approve", request.id, {}, agent.cookie)).status).toBe(403);
    expect((await decide("deny", request.id, {}, agent.cookie)).status).toBe(403);
    const long = await decide("deny", request.id, { note: "n".repeat(1001) }, admin.cookie);
    expect(long.status).toBe(400);
    expect((await jsonOf<ApiError>(long)).fieldErrors?.note).toEqual(["Note must be at most 1000 characters"]);
    expect((await decide("deny", request.id, [1], admin.cookie)).status).toBe(400);
    expect((await LeadReturn.findByPk(request.id, { raw: true }))!.status).toBe("pending");
  });
});

describe("a returned lead", () => {
  it("leaves My Leads, the dashboard's list and callbacks, and stays in All Leads and on its page", async () => {
    const { admin, agent, lead } = await scene();
    const kept = await createLead(agent.agent.id, { firstName: "Good", lastName: "Lead" });
    await Application.update(
      { status: "callback", callbackDate: new Date(Date.now() + 24 * HOUR) },
      { where: { id: lead.id } },
    );
    const ids = async () => {
      const mine = await jsonOf<{ id: string }[]>(
        await callRoute(myLeadsApi, { path: "/api/agent/applications", cookie: agent.cookie }),
      );
      const calls = await jsonOf<{ id: string }[]>(
        await callRoute(callbacksApi, { path: "/api/agent/callbacks", cookie: agent.cookie }),
      );
      const dashboard = await getAgentDashboard(agent.actor, { period: "all" });
      return {
        mine: mine.map((row) => row.id).sort(),
        callbacks: calls.map((row) => row.id),
        dashboard: dashboard.recentApplications.map((row) => row.id).sort(),
      };
    };
    expect(await ids()).toEqual({
      mine: [lead.id, kept.id].sort(),
      callbacks: [lead.id],
      dashboard: [lead.id, kept.id].sort(),
    });

    const figures = async () => {
      const counts = await countAgentLeadsByStatus(agent.actor);
      const { stats } = await getAgentDashboard(agent.actor, { period: "all" });
      return {
        all: counts.all,
        callback: counts.callback,
        pending: counts.pending,
        total: stats.totalLeads,
        callbacks: stats.callbacks,
      };
    };
    expect(await figures()).toEqual({ all: 2, callback: 1, pending: 1, total: 2, callbacks: 1 });

    const request = await requestLeadReturn(agent.actor, lead.id, { reason: "wrong_number" });
    await approveLeadReturn(admin.actor, request.id, {});
    expect(await ids()).toEqual({ mine: [kept.id], callbacks: [], dashboard: [kept.id] });
    // My Leads' cards and tabs and the dashboard's figures count what the lists show.
    expect(await figures()).toEqual({ all: 1, callback: 0, pending: 1, total: 1, callbacks: 0 });

    const all = await callRoute(allLeadsApi, {
      path: `/api/admin/applications?agentId=${agent.agent.id}`,
      cookie: admin.cookie,
    });
    expect((await jsonOf<{ id: string }[]>(all)).map((row) => row.id).sort()).toEqual([lead.id, kept.id].sort());
    // All Leads marks it Returned, and only it.
    const page = await listAllLeads(admin.actor, allLeadsQuerySchema.parse({ agentId: agent.agent.id }));
    expect(page.rows.map((row) => [row.id, Boolean(row.returnedAt)]).sort()).toEqual(
      [
        [lead.id, true],
        [kept.id, false],
      ].sort(),
    );
    // Still the agent's record: its page opens, and it shows the approved return.
    const state = await leadReturnStateById(agent.actor, lead.id);
    expect(state).toMatchObject({ canRequest: false, latest: { status: "approved" } });
  });
});

describe("the admins' list", () => {
  it("shows pending requests first, oldest first, pages with X-Total-Count, and filters by status", async () => {
    const { admin, agent, source, lead } = await scene();
    const second = await createLead(agent.agent.id, { firstName: "Second", lastName: "Lead" });
    const third = await createLead(agent.agent.id, { firstName: "Third", lastName: "Lead" });
    await Application.update({ leadSourceId: source.id }, { where: { id: [second.id, third.id] } });
    const a = await requestLeadReturn(agent.actor, lead.id, { reason: "wrong_number" });
    const b = await requestLeadReturn(agent.actor, second.id, { reason: "deceased" });
    const c = await requestLeadReturn(agent.actor, third.id, { reason: "duplicate" });
    // Spread the requests in time, so the order does not rest on one clock tick.
    await LeadReturn.update({ createdAt: new Date(Date.now() - 3 * HOUR) }, { where: { id: a.id }, silent: true });
    await LeadReturn.update({ createdAt: new Date(Date.now() - 2 * HOUR) }, { where: { id: b.id }, silent: true });
    await approveLeadReturn(admin.actor, b.id, {});

    const mine = (rows: { id: string }[]) => rows.map((row) => row.id).filter((id) => [a.id, b.id, c.id].includes(id));
    const pending = await listLeadReturns(admin.actor, { status: "pending", page: 1, pageSize: 500 });
    expect(mine(pending.rows)).toEqual([a.id, c.id]);
    const all = await listLeadReturns(admin.actor, { status: "all", page: 1, pageSize: 500 });
    const order = mine(all.rows);
    expect(order.indexOf(b.id)).toBeGreaterThan(order.indexOf(c.id));
    expect(order.indexOf(b.id)).toBeGreaterThan(order.indexOf(a.id));

    const response = await callRoute(listApi, {
      path: "/api/admin/lead-returns?status=approved&pageSize=1",
      cookie: admin.cookie,
    });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get("X-Total-Count"))).toBe(
      await LeadReturn.count({ where: { status: "approved" } }),
    );
    const rows = await jsonOf<(ReturnBody & { agentName: string; createdAt: string })[]>(response);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("approved");

    const first = await jsonOf<ReturnBody[]>(
      await callRoute(listApi, { path: "/api/admin/lead-returns", cookie: admin.cookie }),
    );
    expect(first.every((row) => row.status === "pending")).toBe(true);
    expect(first.find((row) => row.id === a.id)).toMatchObject({ sourceName: source.name, reason: "wrong_number" });

    const bad = await callRoute(listApi, { path: "/api/admin/lead-returns?status=maybe", cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect((await jsonOf<ApiError>(bad)).fieldErrors?.status).toEqual([
      "Status must be one of: pending, approved, denied, all",
    ]);
    expect((await callRoute(listApi, { path: "/api/admin/lead-returns?page=0", cookie: admin.cookie })).status).toBe(
      400,
    );
    expect((await callRoute(listApi, { path: "/api/admin/lead-returns", cookie: agent.cookie })).status).toBe(403);
  });
});

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
  return (await readToast(request)).toast;
}

describe("the pages", () => {
  it("the lead's page offers Request Return, keeps bad input at the fields, and records the request", async () => {
    const { agent, lead } = await scene();
    const page = `/applications/${lead.id}`;
    const load = async (query: string) =>
      jsonOf<{ returning: boolean; returnState: { canRequest: boolean } }>(
        await callRoute(leadPageLoader, { path: `${page}${query}`, params: { id: lead.id }, cookie: agent.cookie }),
      );
    expect(await load("?dialog=return")).toMatchObject({ returning: true, returnState: { canRequest: true } });

    const post = (form: Record<string, string>) =>
      callRoute(leadPageAction, {
        method: "POST",
        path: `${page}?dialog=return`,
        params: { id: lead.id },
        form: { intent: "return", id: lead.id, ...form },
        cookie: agent.cookie,
      });
    const bad = await post({ reason: "other", notes: "" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(LEAD_RETURN_MESSAGES.otherNeedsNotes);

    const good = await post({ reason: "deceased", notes: "" });
    expect(good.status).toBe(302);
    expect(good.headers.get("Location")).toBe(page);
    expect(await toastOf(good)).toMatchObject({ title: "Return requested" });
    expect(await load("?dialog=return")).toMatchObject({ returning: false, returnState: { canRequest: false } });

    const twice = await post({ reason: "deceased" });
    expect(twice.status).toBe(302);
    expect(await toastOf(twice)).toMatchObject({
      type: "error",
      title: "Failed to request return",
      description: expect.stringContaining(LEAD_RETURN_MESSAGES.pending),
    });
  });

  it("My Leads opens Request Return over the list, and another agent's lead is a 404", async () => {
    const { agent, lead } = await scene();
    const loaded = await jsonOf<{ returning: { leadId: string; leadName: string } | null }>(
      await callRoute(myLeadsLoader, { path: `/agent/leads?dialog=return&id=${lead.id}`, cookie: agent.cookie }),
    );
    expect(loaded.returning).toMatchObject({ leadId: lead.id, leadName: "Bad Number" });
    const done = await callRoute(myLeadsAction, {
      method: "POST",
      path: `/agent/leads?dialog=return&id=${lead.id}`,
      form: { intent: "return", id: lead.id, reason: "wrong_number" },
      cookie: agent.cookie,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/agent/leads?dialog=details&id=${lead.id}`);

    const other = await signedInAgent();
    const theirs = await callRoute(myLeadsLoader, {
      path: `/agent/leads?dialog=return&id=${lead.id}`,
      cookie: other.cookie,
    });
    expect(theirs.status).toBe(404);
    const post = await callRoute(myLeadsAction, {
      method: "POST",
      path: "/agent/leads",
      form: { intent: "return", id: lead.id, reason: "wrong_number" },
      cookie: other.cookie,
    });
    expect(await toastOf(post)).toMatchObject({ type: "error", description: expect.stringContaining(LEAD_NOT_FOUND) });
  });

  it("/admin/lead-returns approves with a note and denies, and a missing dialog id is a 404", async () => {
    const { admin, agent, lead } = await scene();
    const request = await requestLeadReturn(agent.actor, lead.id, { reason: "duplicate" });
    const loaded = await jsonOf<{ dialog: string; selected: { id: string } }>(
      await callRoute(returnsPageLoader, {
        path: `/admin/lead-returns?dialog=approve&id=${request.id}`,
        cookie: admin.cookie,
      }),
    );
    expect(loaded).toMatchObject({ dialog: "approve", selected: { id: request.id } });
    const missing = await callRoute(returnsPageLoader, {
      path: `/admin/lead-returns?dialog=approve&id=${MISSING}`,
      cookie: admin.cookie,
    });
    expect(missing.status).toBe(404);

    const approve = (note: string) =>
      callRoute(returnsPageAction, {
        method: "POST",
        path: `/admin/lead-returns?dialog=approve&id=${request.id}`,
        form: { intent: "approve", id: request.id, note },
        cookie: admin.cookie,
      });
    expect((await approve("n".repeat(1001))).status).toBe(400);
    const done = await approve("Credited");
    expect(done.headers.get("Location")).toBe("/admin/lead-returns");
    expect(await toastOf(done)).toMatchObject({ title: "Return approved" });
    const late = await callRoute(returnsPageAction, {
      method: "POST",
      path: "/admin/lead-returns",
      form: { intent: "deny", id: request.id, note: "" },
      cookie: admin.cookie,
    });
    expect(await toastOf(late)).toMatchObject({
      type: "error",
      title: "Failed to deny return",
      description: expect.stringContaining("This return has already been approved."),
    });
    // An agent is sent to their own portal, never shown the page.
    const asAgent = await callRoute(returnsPageLoader, { path: "/admin/lead-returns", cookie: agent.cookie });
    expect(asAgent.status).toBe(302);
    expect(asAgent.headers.get("Location")).not.toContain("/admin/");
  });
});
