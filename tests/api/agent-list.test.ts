import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { Agent, sequelize } from "~db";
import { action as pageAction, loader as pageLoader } from "~/routes/admin+/agent-approval";
import { agentList } from "~/domain/schemas/agents";
import { AGENT_STATUSES } from "~/domain/statuses";
import { countAgentsByStatus, getAgent, listAgents, type AgentRow } from "~/services/agents.server";
import { createAdmin, createAgent, signInAs } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

const UNKNOWN_ID = "6f1c1d2e-0000-4000-8000-000000000000";

async function admin() {
  return signInAs(await createAdmin());
}

/** A last name no other test uses, so a search for it finds only this test's agents. */
function marker() {
  return `Zq${crypto.randomBytes(4).toString("hex")}`;
}

type Status = (typeof AGENT_STATUSES)[number];

/** An agent registered at a chosen moment (far in the future, so it sorts before every other). */
async function agentAt(
  minute: number,
  overrides: { status?: Status; firstName?: string; lastName?: string; licenseNumber?: string } = {},
) {
  const { user, agent } = await createAgent({
    status: overrides.status ?? "approved",
    firstName: overrides.firstName,
    lastName: overrides.lastName,
  });
  const createdAt = new Date(Date.UTC(2099, 0, 1, 0, minute));
  // createdAt is the model's own timestamp, so it is set in SQL rather than through update().
  await sequelize.query("UPDATE agents SET created_at = :createdAt, license_number = :license WHERE id = :id", {
    replacements: { createdAt, license: overrides.licenseNumber ?? "LIC-TEST", id: agent.id },
  });
  return { user, agent };
}

const ids = (rows: AgentRow[]) => rows.map((row) => row.id);

describe("listAgents", () => {
  it("filters by tab, newest first, and pages in the database with the total", async () => {
    const { actor } = await admin();
    const last = marker();
    const oldest = await agentAt(1, { lastName: last, status: "approved" });
    const paused = await agentAt(2, { lastName: last, status: "paused" });
    const middle = await agentAt(3, { lastName: last, status: "approved" });
    const newest = await agentAt(4, { lastName: last, status: "approved" });

    const all = await listAgents(actor, { status: "all", search: last, page: 1, pageSize: 10 });
    expect(ids(all.rows)).toEqual([newest.agent.id, middle.agent.id, paused.agent.id, oldest.agent.id]);
    expect(all.total).toBe(4);

    const page1 = await listAgents(actor, { status: "approved", search: last, page: 1, pageSize: 2 });
    const page2 = await listAgents(actor, { status: "approved", search: last, page: 2, pageSize: 2 });
    expect(ids(page1.rows)).toEqual([newest.agent.id, middle.agent.id]);
    expect(ids(page2.rows)).toEqual([oldest.agent.id]);
    expect([page1.total, page1.page, page1.pageSize, page2.page]).toEqual([3, 1, 2, 2]);

    const onlyPaused = await listAgents(actor, { status: "paused", search: last, page: 1, pageSize: 10 });
    expect(ids(onlyPaused.rows)).toEqual([paused.agent.id]);
    expect(onlyPaused.rows[0]!.status).toBe("paused");
  });

  it("answers the fields the table shows, and whether a temporary password waits (never the password)", async () => {
    const { actor } = await admin();
    const last = marker();
    const { agent } = await agentAt(5, { lastName: last, firstName: "Rowan" });
    await Agent.update(
      { temporaryPasswordEncrypted: "sealed", callsOrdered: 10, callsSold: 3, callsLeft: 7, callQuota: 10 },
      { where: { id: agent.id } },
    );
    const [row] = (await listAgents(actor, { status: "all", search: last, page: 1, pageSize: 10 })).rows;
    expect(row).toEqual({
      id: agent.id,
      user: {
        firstName: "Rowan",
        lastName: last,
        email: expect.stringContaining("@example.test"),
        phone: "5555550123",
      },
      companyName: null,
      licenseNumber: "LIC-TEST",
      status: "approved",
      callQuota: 10,
      callsLeft: 7,
      callsOrdered: 10,
      callsSold: 3,
      assignedBdm: null,
      setupComplete: true,
      createdAt: "2099-01-01T00:05:00.000Z",
      conversion: 30,
      hasTemporaryPassword: true,
    });
  });

  it("searches first name, last name, email and license number, ignoring case, every word", async () => {
    const { actor } = await admin();
    const last = marker();
    const jane = await agentAt(6, { firstName: "Janelle", lastName: last, licenseNumber: `FL-${last}-77` });
    const other = await agentAt(7, { firstName: "Oscar", lastName: last });
    const search = async (text: string) =>
      ids((await listAgents(actor, { status: "all", search: text, page: 1, pageSize: 10 })).rows);

    expect(await search(last.toUpperCase())).toEqual([other.agent.id, jane.agent.id]);
    expect(await search(`jANELLE ${last}`)).toEqual([jane.agent.id]);
    expect(await search(`fl-${last.toLowerCase()}-77`)).toEqual([jane.agent.id]);
    expect(await search(jane.user.email.toUpperCase())).toEqual([jane.agent.id]);
    expect(await search(`Oscar ${last} nobody`)).toEqual([]);
  });

  it("takes % and _ in a search literally, not as wildcards", async () => {
    const { actor } = await admin();
    const last = marker();
    const underscore = await agentAt(8, { firstName: "Ann_Marie", lastName: last });
    await agentAt(9, { firstName: "AnnXMarie", lastName: last });
    const search = async (text: string) =>
      ids((await listAgents(actor, { status: "all", search: text, page: 1, pageSize: 10 })).rows);
    expect(await search(`ann_marie ${last}`)).toEqual([underscore.agent.id]);
    expect(await search(`ann% ${last}`)).toEqual([]);
  });

  it("counts every status and all in one grouped query", async () => {
    const { actor } = await admin();
    await createAgent({ status: "paused" });
    await createAgent({ status: "rejected" });
    const counts = await countAgentsByStatus(actor);
    for (const status of AGENT_STATUSES) expect(counts[status], status).toBe(await Agent.count({ where: { status } }));
    expect(counts.all).toBe(await Agent.count());
    expect(counts.paused).toBeGreaterThanOrEqual(1);
  });

  it("refuses an agent with 403", async () => {
    const caller = await createAgent();
    const { actor } = await signInAs(caller.user);
    await expect(listAgents(actor, { status: "all", page: 1, pageSize: 10 })).rejects.toMatchObject({
      status: 403,
      code: "forbidden",
    });
    await expect(countAgentsByStatus(actor)).rejects.toMatchObject({ status: 403 });
    await expect(getAgent(actor, caller.agent.id)).rejects.toMatchObject({ status: 403 });
  });
});

describe("the agent list's parameters", () => {
  it("read the tab from ?tab= and fall back to all, page 1 and 20 rows on a page", () => {
    const read = (search: string) => agentList.fromSearch(new URLSearchParams(search));
    expect(read("tab=paused&search=%20jane%20&page=3")).toMatchObject({
      status: "paused",
      search: "jane",
      page: 3,
      pageSize: 20,
    });
    expect(read("tab=nonsense&page=-4")).toMatchObject({ status: "all", page: 1 });
    expect(read("status=paused")).toMatchObject({ status: "all" });
  });

  it("are strict for the API", () => {
    expect(agentList.schema.safeParse({ status: "paused" }).success).toBe(true);
    expect(agentList.schema.safeParse({ status: "asleep" }).success).toBe(false);
  });
});

describe("the Agent Approval page", () => {
  type PageData = {
    tab: string;
    search: string;
    list: { rows: AgentRow[]; total: number; page: number; pageSize: number };
    pending: { rows: AgentRow[]; total: number };
    counts: Record<string, number>;
    agent: AgentRow | null;
    dialog: string | null;
  };
  const load = async (cookie: string, search: string) =>
    callRoute(pageLoader, { path: `/admin/agent-approval${search}`, cookie });

  it("answers 404 for a dialog naming an unknown or malformed agent, or none", async () => {
    const { cookie } = await admin();
    for (const search of [
      `?dialog=approve&agent=${UNKNOWN_ID}`,
      "?dialog=approve&agent=not-a-uuid",
      "?dialog=add-calls",
      `?dialog=view-password&agent=${UNKNOWN_ID}`,
    ]) {
      const res = await load(cookie, search);
      expect(res.status, search).toBe(404);
      expect((await jsonOf<{ code: string }>(res)).code).toBe("not_found");
    }
    // A dialog the page does not have is simply not opened.
    expect((await load(cookie, `?dialog=nonsense&agent=${UNKNOWN_ID}`)).status).toBe(200);
  });

  it("opens a dialog for an agent that is not on the page shown", async () => {
    const { cookie } = await admin();
    const last = marker();
    const { agent } = await agentAt(10, { lastName: last, status: "rejected" });
    const res = await load(cookie, `?tab=paused&dialog=approve&agent=${agent.id}`);
    expect(res.status).toBe(200);
    const body = await jsonOf<PageData>(res);
    expect([body.dialog, body.agent?.id, body.agent?.user.lastName]).toEqual(["approve", agent.id, last]);
  });

  it("shows one page of the tab's agents matching the search, and the newest 10 pending with their total", async () => {
    const { cookie } = await admin();
    const last = marker();
    const paused = await agentAt(11, { lastName: last, status: "paused" });
    await agentAt(12, { lastName: last, status: "approved" });
    for (let minute = 13; minute < 25; minute++) await agentAt(minute, { lastName: last, status: "pending" });

    const body = await jsonOf<PageData>(await load(cookie, `?tab=paused&search=${last}`));
    expect([body.tab, body.search]).toEqual(["paused", last]);
    expect(ids(body.list.rows)).toEqual([paused.agent.id]);
    expect(body.list.total).toBe(1);
    expect(body.pending.rows).toHaveLength(10);
    expect(body.pending.rows.every((row) => row.status === "pending" && row.user.lastName === last)).toBe(true);
    expect(body.pending.total).toBe(await Agent.count({ where: { status: "pending" } }));
    expect(body.counts.paused).toBe(await Agent.count({ where: { status: "paused" } }));
  });

  it("goes back to the tab, search and page the admin was on after an action", async () => {
    const { cookie } = await admin();
    const { agent } = await agentAt(25, { status: "approved" });
    const res = await callRoute(pageAction, {
      method: "POST",
      path: `/admin/agent-approval?tab=approved&search=andy&page=2&dialog=add-calls&agent=${agent.id}`,
      cookie,
      form: { intent: "add-calls", agentId: agent.id, callsToAdd: "5" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/agent-approval?tab=approved&search=andy&page=2");
    const paused = await callRoute(pageAction, {
      method: "POST",
      path: "/admin/agent-approval?tab=approved&search=andy&page=2",
      cookie,
      form: { intent: "pause", agentId: agent.id },
    });
    expect(paused.headers.get("Location")).toBe("/admin/agent-approval?tab=paused&search=andy");
  });
});
