import { describe, expect, it } from "vitest";
import { ActivityLog, Application, LeadRead, LicensedState, Notification, PaymentTracking, StatusChange } from "~db";
import { REASSIGN_MESSAGES, REASSIGN_TOASTS } from "~/domain/lead-reassign";
import { action as bulkAction } from "~/routes/api+/admin.applications.reassign";
import { action as oneAction } from "~/routes/api+/admin.applications.$id.reassign";
import { action as pageAction, loader as pageLoader } from "~/routes/admin+/leads";
import { LEAD_NOT_FOUND, countUnreadLeads, markLeadRead } from "~/services/leads.server";
import { reassignDialogData, reassignLeads } from "~/services/lead-reassign.server";
import { handleReassignIntent, reassignDialogFor } from "~/utils/reassign-intents.server";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 12, item 3 and the reassign routes of item 4: one service for one lead and many, admins
// only; approved agents only; a licence in the lead's state or an explicit confirmation; the new
// agent's notification and unread lead; the audit entry; the lead keeps everything else.

type ApiError = { error: string; fieldErrors?: Record<string, string[]> };
const MISSING = "00000000-0000-4000-8000-000000000000";

function putOne(id: string, json: unknown, cookie?: string) {
  return callRoute(oneAction, {
    method: "PUT",
    path: `/api/admin/applications/${id}/reassign`,
    params: { id },
    json,
    cookie,
  });
}

function putMany(json: unknown, cookie?: string) {
  return callRoute(bulkAction, { method: "PUT", path: "/api/admin/applications/reassign", json, cookie });
}

async function license(agentId: string, ...states: string[]) {
  for (const state of states) await LicensedState.create({ agentId, state });
}

async function leadIn(agentId: string | null, state: string | null, name = "Lena") {
  const lead = await createLead(agentId, { firstName: name });
  await Application.update({ state }, { where: { id: lead.id } });
  return lead;
}

/** An admin, the current agent Olive with a Florida lead, and Nora, licensed in Florida. */
async function scene() {
  const admin = await signedInAdmin();
  const from = await signedInAgent({ firstName: "Olive", lastName: "Old" });
  const to = await signedInAgent({ firstName: "Nora", lastName: "New" });
  await license(from.agent.id, "FL");
  await license(to.agent.id, "FL", "GA");
  const lead = await leadIn(from.agent.id, "FL");
  return { admin, from, to, lead };
}

const agentOf = async (id: string) => (await Application.findByPk(id, { raw: true }))!.agentId;

describe("reassignLeads: one lead", () => {
  it("moves the lead, notifies the new agent once, logs both names, and answers through the API", async () => {
    const { admin, from, to, lead } = await scene();
    const response = await putOne(lead.id, { agentId: to.agent.id }, admin.cookie);
    expect(response.status).toBe(200);
    const body = await jsonOf<Record<string, unknown>>(response);
    expect(body).toMatchObject({
      success: true,
      message: "Lead reassigned successfully",
      application: { id: lead.id, agentId: to.agent.id, agentName: "Nora New" },
      previousAgent: { id: from.agent.id, name: "Olive Old" },
    });
    expect(await agentOf(lead.id)).toBe(to.agent.id);

    const notes = await Notification.findAll({ where: { userId: to.user.id, applicationId: lead.id }, raw: true });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "lead_assigned", title: "Lead assigned to you" });
    expect(Boolean(notes[0]!.isRead)).toBe(false);
    expect(notes[0]!.message).toContain("Lena Lead");
    expect(await Notification.count({ where: { userId: from.user.id } })).toBe(0);

    const entries = await ActivityLog.findAll({ where: { entityId: lead.id, action: "lead_reassigned" }, raw: true });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: admin.admin.id, entityType: "application" });
    expect(entries[0]!.summary).toBe("Ada Admin reassigned Lena Lead from Olive Old to Nora New");
  });

  it("moves the unread lead from the old agent's count to the new one's, and leaves other reads alone", async () => {
    const { admin, from, to, lead } = await scene();
    const before = { from: await countUnreadLeads(from.actor), to: await countUnreadLeads(to.actor) };
    await markLeadRead(admin.actor, lead.id);
    const adminUnread = await countUnreadLeads(admin.actor);
    await reassignLeads(admin.actor, { ids: [lead.id], agentId: to.agent.id });
    expect(await countUnreadLeads(from.actor)).toBe(before.from - 1);
    expect(await countUnreadLeads(to.actor)).toBe(before.to + 1);
    expect(await countUnreadLeads(admin.actor)).toBe(adminUnread);
    expect(await LeadRead.count({ where: { userId: admin.admin.id, applicationId: lead.id } })).toBe(1);
  });

  it("makes the lead unread again for an agent who had read it before, keeping the old agent's read", async () => {
    const { admin, from, to, lead } = await scene();
    await reassignLeads(admin.actor, { ids: [lead.id], agentId: to.agent.id });
    await markLeadRead(to.actor, lead.id);
    await markLeadRead(from.actor, lead.id).catch(() => undefined);
    const toUnread = await countUnreadLeads(to.actor);
    await reassignLeads(admin.actor, { ids: [lead.id], agentId: from.agent.id });
    expect(await countUnreadLeads(to.actor)).toBe(toUnread);
    await markLeadRead(from.actor, lead.id);
    const fromUnread = await countUnreadLeads(from.actor);
    // Back to Nora, who read it on her first turn: it is new to her again.
    await reassignLeads(admin.actor, { ids: [lead.id], agentId: to.agent.id });
    expect(await LeadRead.count({ where: { userId: to.user.id, applicationId: lead.id } })).toBe(0);
    expect(await countUnreadLeads(to.actor)).toBe(toUnread + 1);
    expect(await LeadRead.count({ where: { userId: from.user.id, applicationId: lead.id } })).toBe(1);
    expect(await countUnreadLeads(from.actor)).toBe(fromUnread);
  });

  it("keeps the lead's status, notes, callback, sale and payments", async () => {
    const { admin, to, lead } = await scene();
    const callbackDate = new Date("2030-01-02T15:00:00Z");
    await Application.update(
      { status: "callback", callbackDate, soldAt: new Date(), calculatedCommissionCents: 12345 },
      { where: { id: lead.id } },
    );
    await StatusChange.create({
      applicationId: lead.id,
      userId: admin.admin.id,
      toStatus: "callback",
      notes: "Call at 3",
    });
    await PaymentTracking.create({
      applicationId: lead.id,
      monthNumber: 1,
      dueDate: "2030-01-05",
      amountCents: 5000,
      status: "paid",
    });
    await reassignLeads(admin.actor, { ids: [lead.id], agentId: to.agent.id });
    const after = (await Application.findByPk(lead.id, { raw: true }))!;
    expect(after).toMatchObject({ status: "callback", calculatedCommissionCents: 12345 });
    expect(new Date(after.callbackDate!).toISOString()).toBe(callbackDate.toISOString());
    expect(await StatusChange.count({ where: { applicationId: lead.id } })).toBe(1);
    expect(await PaymentTracking.count({ where: { applicationId: lead.id, status: "paid" } })).toBe(1);
  });

  it("asks to confirm an agent not licensed in the lead's state (409 naming it), then moves it when confirmed", async () => {
    const { admin, from, lead } = await scene();
    const georgia = await signedInAgent({ firstName: "Gus", lastName: "Georgia" });
    await license(georgia.agent.id, "GA");
    const refused = await putOne(lead.id, { agentId: georgia.agent.id }, admin.cookie);
    expect(refused.status).toBe(409);
    const { error, fieldErrors } = await jsonOf<ApiError>(refused);
    expect(error).toBe("Gus Georgia is not licensed in Florida, this lead's state. Confirm to reassign anyway.");
    expect(fieldErrors).toEqual({ confirmUnlicensed: [error] });
    expect(await agentOf(lead.id)).toBe(from.agent.id);
    expect(await Notification.count({ where: { userId: georgia.user.id } })).toBe(0);

    expect((await putOne(lead.id, { agentId: georgia.agent.id, confirmUnlicensed: false }, admin.cookie)).status).toBe(
      409,
    );
    const confirmed = await putOne(lead.id, { agentId: georgia.agent.id, confirmUnlicensed: true }, admin.cookie);
    expect(confirmed.status).toBe(200);
    expect(await jsonOf(confirmed)).toMatchObject({ unlicensedStates: ["FL"] });
    expect(await agentOf(lead.id)).toBe(georgia.agent.id);
    const [entry] = await ActivityLog.findAll({ where: { entityId: lead.id, action: "lead_reassigned" }, raw: true });
    expect(entry!.summary).toBe(
      "Ada Admin reassigned Lena Lead from Olive Old to Gus Georgia (not licensed in Florida, confirmed)",
    );
  });

  it("needs no licence for a lead without a state, and takes an unassigned lead", async () => {
    const { admin, to } = await scene();
    const stateless = await leadIn(null, null);
    const response = await putOne(stateless.id, { agentId: to.agent.id }, admin.cookie);
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({ previousAgent: null });
    const [entry] = await ActivityLog.findAll({ where: { entityId: stateless.id }, raw: true });
    expect(entry!.summary).toBe("Ada Admin reassigned Lena Lead from no agent to Nora New");
  });

  it.each([
    ["paused", "is paused and cannot receive leads. Only approved agents can."],
    ["pending", "is awaiting approval and cannot receive leads. Only approved agents can."],
    ["rejected", "is rejected and cannot receive leads. Only approved agents can."],
  ] as const)("refuses a %s agent with 400 at agentId, changing nothing", async (status, text) => {
    const { admin, from, lead } = await scene();
    const other = await signedInAgent({ status, firstName: "Pat", lastName: "Paused" });
    await license(other.agent.id, "FL");
    for (const confirmUnlicensed of [false, true]) {
      const response = await putOne(lead.id, { agentId: other.agent.id, confirmUnlicensed }, admin.cookie);
      expect(response.status).toBe(400);
      const body = await jsonOf<ApiError>(response);
      expect(body.error).toBe(`Pat Paused ${text}`);
      expect(body.fieldErrors?.agentId).toEqual([`Pat Paused ${text}`]);
    }
    expect(await agentOf(lead.id)).toBe(from.agent.id);
    expect(await Notification.count({ where: { userId: other.user.id } })).toBe(0);
    expect(await ActivityLog.count({ where: { entityId: lead.id } })).toBe(0);
  });

  it("refuses the lead's current agent, an unknown agent and a missing agent with 400", async () => {
    const { admin, from, lead } = await scene();
    const current = await putOne(lead.id, { agentId: from.agent.id }, admin.cookie);
    expect(current.status).toBe(400);
    expect((await jsonOf<ApiError>(current)).error).toBe("This lead is already assigned to Olive Old.");
    for (const agentId of [MISSING, "not-a-uuid"]) {
      const response = await putOne(lead.id, { agentId }, admin.cookie);
      expect(response.status).toBe(400);
      expect((await jsonOf<ApiError>(response)).error).toBe(REASSIGN_MESSAGES.agentNotFound);
    }
    for (const body of [{}, { agentId: "" }, { agentId: "  " }, { agentId: null }]) {
      const response = await putOne(lead.id, body, admin.cookie);
      expect(response.status).toBe(400);
      expect(await jsonOf<ApiError>(response)).toMatchObject({
        error: "Please select an agent",
        fieldErrors: { agentId: ["Please select an agent"] },
      });
    }
    expect(await ActivityLog.count({ where: { entityId: lead.id } })).toBe(0);
  });

  it("answers 404 for an unknown or malformed lead id", async () => {
    const { admin, to } = await scene();
    for (const id of [MISSING, "nope"]) {
      const response = await putOne(id, { agentId: to.agent.id }, admin.cookie);
      expect(response.status).toBe(404);
      expect((await jsonOf<ApiError>(response)).error).toBe(LEAD_NOT_FOUND);
    }
  });

  it("answers bad bodies, methods and types with 4xx, never 500", async () => {
    const { admin, to, lead } = await scene();
    const bad = [
      { agentId: 42 },
      { agentId: ["x"] },
      { agentId: to.agent.id, confirmUnlicensed: "maybe" },
      { agentId: to.agent.id, confirmUnlicensed: 1 },
      [],
      "text",
    ];
    for (const json of bad) expect((await putOne(lead.id, json, admin.cookie)).status).toBe(400);
    const malformed = await callRoute(oneAction, {
      method: "PUT",
      path: `/api/admin/applications/${lead.id}/reassign`,
      params: { id: lead.id },
      rawBody: "{not json",
      cookie: admin.cookie,
    });
    expect(malformed.status).toBe(400);
    const post = await callRoute(oneAction, {
      method: "POST",
      path: `/api/admin/applications/${lead.id}/reassign`,
      params: { id: lead.id },
      json: { agentId: to.agent.id },
      cookie: admin.cookie,
    });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("PUT");
    const form = await callRoute(oneAction, {
      method: "PUT",
      path: `/api/admin/applications/${lead.id}/reassign`,
      params: { id: lead.id },
      form: { agentId: to.agent.id, confirmUnlicensed: "true" },
      cookie: admin.cookie,
    });
    expect(form.status).toBe(200);
  });

  it("is for administrators only: 401 signed out, 403 for an agent (even the lead's own), nothing changed", async () => {
    const { from, to, lead } = await scene();
    expect((await putOne(lead.id, { agentId: to.agent.id })).status).toBe(401);
    expect((await putOne(lead.id, { agentId: to.agent.id }, from.cookie)).status).toBe(403);
    expect((await putMany({ ids: [lead.id], agentId: to.agent.id }, from.cookie)).status).toBe(403);
    await expect(reassignLeads(from.actor, { ids: [lead.id], agentId: to.agent.id })).rejects.toMatchObject({
      status: 403,
    });
    await expect(reassignDialogData(from.actor, [lead.id])).rejects.toMatchObject({ status: 403 });
    expect(await agentOf(lead.id)).toBe(from.agent.id);
  });

  it("applies two admins' simultaneous reassignments one after the other: the last wins, one notification each", async () => {
    const { admin, to, lead } = await scene();
    const second = await signedInAdmin();
    const third = await signedInAgent({ firstName: "Tess", lastName: "Third" });
    await license(third.agent.id, "FL");
    const results = await Promise.allSettled([
      reassignLeads(admin.actor, { ids: [lead.id], agentId: to.agent.id }),
      reassignLeads(second.actor, { ids: [lead.id], agentId: third.agent.id }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    const entries = await ActivityLog.findAll({
      where: { entityId: lead.id, action: "lead_reassigned" },
      order: [["createdAt", "ASC"]],
      raw: true,
    });
    expect(entries).toHaveLength(2);
    const finalAgent = await agentOf(lead.id);
    const lastSummary = entries.map((e) => e.summary).find((s) => !s.includes("from Olive Old"))!;
    // The second one applied moved the lead from the first one's agent.
    expect(lastSummary).toMatch(
      finalAgent === to.agent.id ? /from Tess Third to Nora New$/ : /from Nora New to Tess Third$/,
    );
    expect(await Notification.count({ where: { userId: to.user.id, applicationId: lead.id } })).toBe(1);
    expect(await Notification.count({ where: { userId: third.user.id, applicationId: lead.id } })).toBe(1);
    const unread = await Promise.all([countUnreadLeads(to.actor), countUnreadLeads(third.actor)]);
    expect(unread).toEqual(finalAgent === to.agent.id ? [1, 0] : [0, 1]);
  });
});

describe("reassignLeads: several leads at once", () => {
  it("moves every lead in one call, one notification and one log entry each, counts following", async () => {
    const { admin, from, to } = await scene();
    const other = await signedInAgent({ firstName: "Ivy", lastName: "Other" });
    const leads = [
      await leadIn(from.agent.id, "FL", "Ann"),
      await leadIn(from.agent.id, "GA", "Bob"),
      await leadIn(other.agent.id, "FL", "Cy"),
    ];
    const ids = leads.map((lead) => lead.id);
    const before = await Promise.all([
      countUnreadLeads(from.actor),
      countUnreadLeads(to.actor),
      countUnreadLeads(other.actor),
    ]);
    const response = await putMany({ ids, agentId: to.agent.id }, admin.cookie);
    expect(response.status).toBe(200);
    const body = await jsonOf<{ reassigned: { id: string; fromAgentName: string }[]; alreadyAssigned: string[] }>(
      response,
    );
    expect(body.reassigned.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(body.alreadyAssigned).toEqual([]);
    for (const id of ids) expect(await agentOf(id)).toBe(to.agent.id);
    expect(await Notification.count({ where: { userId: to.user.id, type: "lead_assigned" } })).toBe(3);
    expect(await ActivityLog.count({ where: { entityId: ids, action: "lead_reassigned" } })).toBe(3);
    expect(
      await Promise.all([countUnreadLeads(from.actor), countUnreadLeads(to.actor), countUnreadLeads(other.actor)]),
    ).toEqual([before[0]! - 2, before[1]! + 3, before[2]! - 1]);
  });

  it("names every unlicensed state in one 409 and moves none until confirmed", async () => {
    const { admin, from } = await scene();
    const ohio = await signedInAgent({ firstName: "Opal", lastName: "Ohio" });
    await license(ohio.agent.id, "OH");
    const leads = [
      await leadIn(from.agent.id, "FL"),
      await leadIn(from.agent.id, "TX"),
      await leadIn(from.agent.id, "OH"),
    ];
    const ids = leads.map((lead) => lead.id);
    const refused = await putMany({ ids, agentId: ohio.agent.id }, admin.cookie);
    expect(refused.status).toBe(409);
    expect((await jsonOf<ApiError>(refused)).error).toBe(
      "Opal Ohio is not licensed in Florida and Texas, where 2 of these 3 leads live. Confirm to reassign anyway.",
    );
    for (const id of ids) expect(await agentOf(id)).toBe(from.agent.id);
    const confirmed = await putMany({ ids, agentId: ohio.agent.id, confirmUnlicensed: true }, admin.cookie);
    expect(confirmed.status).toBe(200);
    expect(await jsonOf(confirmed)).toMatchObject({ unlicensedStates: ["FL", "TX"] });
    for (const id of ids) expect(await agentOf(id)).toBe(ohio.agent.id);
  });

  it("leaves leads already the agent's as they are, and refuses when every lead already is", async () => {
    const { admin, from, to } = await scene();
    const mine = await leadIn(to.agent.id, "FL");
    const theirs = await leadIn(from.agent.id, "FL");
    const result = await reassignLeads(admin.actor, { ids: [mine.id, theirs.id], agentId: to.agent.id });
    expect(result.reassigned.map((row) => row.id)).toEqual([theirs.id]);
    expect(result.alreadyAssigned).toEqual([mine.id]);
    expect(await Notification.count({ where: { userId: to.user.id } })).toBe(1);
    await expect(reassignLeads(admin.actor, { ids: [mine.id, theirs.id], agentId: to.agent.id })).rejects.toMatchObject(
      {
        status: 400,
        message: "These leads are already assigned to Nora New.",
      },
    );
  });

  it("is all or nothing: one unknown lead is a 404 and nothing moves", async () => {
    const { admin, to, lead } = await scene();
    const response = await putMany({ ids: [lead.id, MISSING], agentId: to.agent.id }, admin.cookie);
    expect(response.status).toBe(404);
    expect(await agentOf(lead.id)).not.toBe(to.agent.id);
    expect(await Notification.count({ where: { userId: to.user.id } })).toBe(0);
  });

  it("takes up to 100 leads, and refuses none or more than 100 with 400", async () => {
    const { admin, to } = await scene();
    const many = Array.from({ length: 101 }, () =>
      MISSING.replace(/0{12}$/, String(Math.random()).slice(2, 14).padEnd(12, "0")),
    );
    const tooMany = await putMany({ ids: many, agentId: to.agent.id }, admin.cookie);
    expect(tooMany.status).toBe(400);
    expect((await jsonOf<ApiError>(tooMany)).error).toBe(REASSIGN_MESSAGES.tooManyLeads);
    for (const json of [
      { ids: [], agentId: to.agent.id },
      { agentId: to.agent.id },
      { ids: "x", agentId: to.agent.id },
    ]) {
      const response = await putMany(json, admin.cookie);
      expect(response.status).toBe(400);
      expect((await jsonOf<ApiError>(response)).error).toBe(REASSIGN_MESSAGES.leadsRequired);
    }
  });
});

describe("reassignDialogData", () => {
  it("lists the leads with state and agent, and approved agents only, without a single lead's current one", async () => {
    const { admin, from, to, lead } = await scene();
    const paused = await signedInAgent({ status: "paused" });
    const pending = await signedInAgent({ status: "pending" });
    const rejected = await signedInAgent({ status: "rejected" });
    const data = await reassignDialogData(admin.actor, [lead.id]);
    expect(data.leads).toEqual([
      { id: lead.id, name: "Lena Lead", state: "FL", agentId: from.agent.id, agentName: "Olive Old" },
    ]);
    const ids = data.agents.map((agent) => agent.id);
    expect(ids).toContain(to.agent.id);
    expect(ids).not.toContain(from.agent.id);
    for (const refused of [paused, pending, rejected]) expect(ids).not.toContain(refused.agent.id);
    expect(data.agents.find((agent) => agent.id === to.agent.id)).toMatchObject({
      name: "Nora New",
      states: ["FL", "GA"],
    });

    const second = await leadIn(to.agent.id, "GA");
    const both = await reassignDialogData(admin.actor, [lead.id, second.id]);
    expect(both.leads.map((row) => row.id)).toEqual([lead.id, second.id]);
    expect(both.agents.map((agent) => agent.id)).toEqual(expect.arrayContaining([from.agent.id, to.agent.id]));
  });

  it("reads the open dialog from the page's URL: ?dialog=reassign&ids=a,b (or &id=), else nothing", async () => {
    const { admin, lead } = await scene();
    const second = await leadIn(null, "TX");
    const url = (query: string) => new URL(`http://localhost/admin/leads?${query}`);
    expect(await reassignDialogFor(admin.actor, url(`dialog=details&id=${lead.id}`))).toBeNull();
    const both = await reassignDialogFor(admin.actor, url(`dialog=reassign&ids=${lead.id},${second.id},${lead.id}`));
    expect(both!.leads.map((row) => row.id)).toEqual([lead.id, second.id]);
    const one = await reassignDialogFor(admin.actor, url(`dialog=reassign&id=${second.id}`));
    expect(one!.leads).toEqual([{ id: second.id, name: "Lena Lead", state: "TX", agentId: null, agentName: null }]);
    await expect(reassignDialogFor(admin.actor, url(`dialog=reassign&ids=${MISSING}`))).rejects.toMatchObject({
      status: 404,
    });
  });

  it("is a 404 for an unknown lead and a 400 for none or too many", async () => {
    const { admin, lead } = await scene();
    await expect(reassignDialogData(admin.actor, [lead.id, MISSING])).rejects.toMatchObject({ status: 404 });
    await expect(reassignDialogData(admin.actor, ["x"])).rejects.toMatchObject({ status: 404 });
    await expect(reassignDialogData(admin.actor, [])).rejects.toMatchObject({ status: 400 });
    await expect(reassignDialogData(admin.actor, Array(101).fill(lead.id))).rejects.toMatchObject({ status: 400 });
  });
});

describe("handleReassignIntent: the page action's reassign intent", () => {
  const request = (query = "?dialog=reassign&ids=x&status=pending") =>
    new Request(`http://localhost/admin/leads${query}`, { method: "POST" });
  function form(fields: Record<string, string | string[]>) {
    const data = new FormData();
    data.set("intent", "reassign");
    for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(key, v);
    return data;
  }
  const bodyOf = (answer: unknown) => (answer as { data: unknown; init: ResponseInit }).data;
  const statusOf = (answer: unknown) => (answer as { init: ResponseInit }).init.status;

  it("redirects to the list without the dialog, highlighting the lead, with the spec's toast", async () => {
    const { admin, to, lead } = await scene();
    const answer = await handleReassignIntent(admin.actor, form({ ids: lead.id, agentId: to.agent.id }), request());
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/leads?status=pending&highlight=${lead.id}`);
    expect(response.headers.get("Set-Cookie")).toBeTruthy();
    expect(REASSIGN_TOASTS.success).toEqual({
      title: "Lead reassigned successfully",
      description: "The lead has been assigned to the new agent",
    });
    expect(await agentOf(lead.id)).toBe(to.agent.id);
  });

  it("answers 400 with 'Please select an agent' at the field when none was picked", async () => {
    const { admin, lead } = await scene();
    const answer = await handleReassignIntent(admin.actor, form({ ids: lead.id, agentId: "" }), request());
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf(answer)).toEqual({
      intent: "reassign",
      agentId: "",
      agentError: "Please select an agent",
      confirm: null,
    });
  });

  it("asks to confirm with 409 and the states, honouring the confirmation only for the agent it was asked for", async () => {
    const { admin, from, to } = await scene();
    const georgia = await signedInAgent({ firstName: "Gus", lastName: "Georgia" });
    await license(georgia.agent.id, "GA");
    const leads = [await leadIn(from.agent.id, "FL"), await leadIn(from.agent.id, "FL")];
    const ids = leads.map((lead) => lead.id).join(",");
    const asked = await handleReassignIntent(admin.actor, form({ ids, agentId: georgia.agent.id }), request());
    expect(statusOf(asked)).toBe(409);
    expect(bodyOf(asked)).toEqual({
      intent: "reassign",
      agentId: georgia.agent.id,
      agentError: null,
      confirm: {
        agentId: georgia.agent.id,
        states: ["FL"],
        message: "Gus Georgia is not licensed in Florida, where 2 of these 2 leads live. Confirm to reassign anyway.",
      },
    });
    // Confirmed for Nora, then Gus picked: asked again, nothing moved.
    const carried = form({ ids, agentId: georgia.agent.id, confirmUnlicensed: "true", confirmedFor: to.agent.id });
    expect(statusOf(await handleReassignIntent(admin.actor, carried, request()))).toBe(409);
    const confirmed = form({
      ids,
      agentId: georgia.agent.id,
      confirmUnlicensed: "true",
      confirmedFor: georgia.agent.id,
    });
    const done = (await handleReassignIntent(admin.actor, confirmed, request())) as Response;
    expect(done.status).toBe(302);
    for (const lead of leads) expect(await agentOf(lead.id)).toBe(georgia.agent.id);
  });

  it("answers a paused agent at the field, and a missing lead with a 404 response", async () => {
    const { admin, lead } = await scene();
    const paused = await signedInAgent({ status: "paused", firstName: "Pat", lastName: "Paused" });
    const answer = await handleReassignIntent(admin.actor, form({ ids: lead.id, agentId: paused.agent.id }), request());
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf(answer)).toMatchObject({
      agentError: "Pat Paused is paused and cannot receive leads. Only approved agents can.",
    });
    const missing = await handleReassignIntent(
      admin.actor,
      form({ ids: MISSING, agentId: paused.agent.id }),
      request(),
    ).catch((thrown: unknown) => thrown);
    expect(missing).toBeInstanceOf(Response);
    expect((missing as Response).status).toBe(404);
  });
});

describe("All Leads page: the reassign dialog's loader and action", () => {
  const load = (query: string, cookie: string) => callRoute(pageLoader, { path: `/admin/leads?${query}`, cookie });
  const post = (query: string, form: Record<string, string | string[]>, cookie: string) =>
    callRoute(pageAction, {
      method: "POST",
      path: `/admin/leads?${query}`,
      form: { intent: "reassign", ...form },
      cookie,
    });

  it("opens the dialog for the ticked leads and reassigns them, back to the list with the lead highlighted", async () => {
    const { admin, from, to, lead } = await scene();
    const second = await leadIn(from.agent.id, "FL");
    const query = `dialog=reassign&ids=${lead.id}&ids=${second.id}`;
    const page = await jsonOf<{ reassign: { leads: { id: string }[] } }>(await load(query, admin.cookie));
    expect(page.reassign.leads.map((row) => row.id)).toEqual([lead.id, second.id]);
    const done = await post(query, { ids: [lead.id, second.id], agentId: to.agent.id }, admin.cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/leads?highlight=${lead.id}`);
    expect(await agentOf(second.id)).toBe(to.agent.id);
  });

  it("answers the dialog's field message (400) and licence question (409), keeping the agent picked", async () => {
    const { admin, lead } = await scene();
    const query = `dialog=reassign&id=${lead.id}`;
    const none = await post(query, { ids: lead.id, agentId: "" }, admin.cookie);
    expect(none.status).toBe(400);
    expect(await jsonOf(none)).toMatchObject({ intent: "reassign", agentError: "Please select an agent" });
    const georgia = await signedInAgent({ firstName: "Gus", lastName: "Georgia" });
    await license(georgia.agent.id, "GA");
    const asked = await post(query, { ids: lead.id, agentId: georgia.agent.id }, admin.cookie);
    expect(asked.status).toBe(409);
    expect(await jsonOf(asked)).toMatchObject({ agentId: georgia.agent.id, confirm: { states: ["FL"] } });
  });

  it("is a 404 for a missing lead, and closed to an agent, on the loader and the action", async () => {
    const { admin, from, to, lead } = await scene();
    expect((await load(`dialog=reassign&ids=${MISSING}`, admin.cookie)).status).toBe(404);
    expect(
      (await post(`dialog=reassign&ids=${MISSING}`, { ids: MISSING, agentId: to.agent.id }, admin.cookie)).status,
    ).toBe(404);
    // Pages send a signed-in user of the wrong role home (app/utils/auth.server.ts); the service says 403.
    const opened = await load(`dialog=reassign&ids=${lead.id}`, from.cookie);
    expect([opened.status, opened.headers.get("Location")]).toEqual([302, "/"]);
    const refused = await post(`dialog=reassign&ids=${lead.id}`, { ids: lead.id, agentId: to.agent.id }, from.cookie);
    expect([refused.status, refused.headers.get("Location")]).toEqual([302, "/"]);
    expect(await agentOf(lead.id)).toBe(from.agent.id);
  });
});

describe("All Leads page: Reassign Agent inside the lead dialog (audit item 11, decision 045)", () => {
  const load = (query: string, cookie: string) => callRoute(pageLoader, { path: `/admin/leads?${query}`, cookie });
  const post = (query: string, form: Record<string, string>, cookie: string) =>
    callRoute(pageAction, {
      method: "POST",
      path: `/admin/leads?${query}`,
      form: { intent: "reassign", ...form },
      cookie,
    });

  it("lists the approved agents but the current one, with their licences, in View Mode only", async () => {
    const { admin, from, to, lead } = await scene();
    type Page = { dialog: { agents: { leads: { id: string }[]; agents: { id: string; states: string[] }[] } | null } };
    const view = await jsonOf<Page>(await load(`dialog=lead&id=${lead.id}`, admin.cookie));
    const ids = view.dialog.agents!.agents.map((agent) => agent.id);
    expect(ids).toContain(to.agent.id);
    expect(ids).not.toContain(from.agent.id);
    expect(view.dialog.agents!.agents.find((agent) => agent.id === to.agent.id)!.states).toEqual(["FL", "GA"]);
    const edit = await jsonOf<Page>(await load(`dialog=lead&id=${lead.id}&mode=edit`, admin.cookie));
    expect(edit.dialog.agents).toBeNull();
  });

  it("reassigns through the same service, back to the open dialog, with the notification and the audit entry", async () => {
    const { admin, to, lead } = await scene();
    const query = `dialog=lead&id=${lead.id}&reveal=sensitive`;
    const done = await post(query, { ids: lead.id, agentId: to.agent.id }, admin.cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/leads?dialog=lead&id=${lead.id}`);
    expect(await agentOf(lead.id)).toBe(to.agent.id);
    expect(await Notification.count({ where: { userId: to.user.id, type: "lead_assigned" } })).toBe(1);
    expect(await ActivityLog.count({ where: { entityId: lead.id, action: "lead_reassigned" } })).toBe(1);
  });

  it("asks about an unlicensed state (409) and moves the lead only once confirmed for that agent", async () => {
    const { admin, from, lead } = await scene();
    const georgia = await signedInAgent({ firstName: "Gus", lastName: "Georgia" });
    await license(georgia.agent.id, "GA");
    const query = `dialog=lead&id=${lead.id}`;
    const asked = await post(query, { ids: lead.id, agentId: georgia.agent.id }, admin.cookie);
    expect(asked.status).toBe(409);
    expect(await jsonOf(asked)).toMatchObject({ agentId: georgia.agent.id, confirm: { states: ["FL"] } });
    expect(await agentOf(lead.id)).toBe(from.agent.id);
    const confirmed = await post(
      query,
      { ids: lead.id, agentId: georgia.agent.id, confirmUnlicensed: "true", confirmedFor: georgia.agent.id },
      admin.cookie,
    );
    expect(confirmed.status).toBe(302);
    expect(await agentOf(lead.id)).toBe(georgia.agent.id);
  });
});
