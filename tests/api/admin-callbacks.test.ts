import { describe, expect, it } from "vitest";
import { ActivityLog, Application, StatusChange, isPostgres, sequelize } from "~db";
import { addDaysIso, todayIn, zonedDateTime } from "~/domain/periods";
import { ADMIN_CALLBACK_QUERY_MESSAGES } from "~/domain/schemas/admin-callbacks";
import { RESCHEDULE_MESSAGES } from "~/domain/schemas/callbacks";
import { loader as callbacksApi } from "~/routes/api+/admin.callbacks";
import { action as pageAction, loader as pageLoader } from "~/routes/admin+/callbacks";
import {
  ADMIN_CALLBACK_ERRORS,
  adminCallbackRowsSql,
  getAdminCallbackLead,
  listAdminCallbacks,
  type AdminCallback,
} from "~/services/admin-callbacks.server";
import { agentFilterChoices } from "~/services/agents.server";
import { rescheduleCallback } from "~/services/callbacks.server";
import { premiumPage } from "~/services/premiums.server";
import { Sql, pageRowsSql, sql } from "~/services/sql/reads.server";
import { readToast } from "~/utils/toast.server";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { createCallback } from "../support/premiums-factories";
import { postgresPlanSettingAside, sqlitePlan } from "../support/query-plans";

// Issue 13 item 4, the admin's Callbacks and GET /api/admin/callbacks, on both databases: every
// agent's scheduled callbacks (callback or rescheduled) soonest first and undated last, the agent
// filter, paging across the dated and undated ranges, the card's fields; Reschedule from the page
// (an admin any lead, an agent only their own; the status history and the activity log record
// it; a past time refused at the field with what was typed kept); and the refusals: an agent 403
// (redirected on the page), bad input 400 with the field, an unknown agent or lead 404.

/** A card as GET /api/admin/callbacks sends it (JSON: the service's type). */
type CallbackJson = AdminCallback;

const api = (query: string, cookie?: string) =>
  callRoute(callbacksApi, { path: `/api/admin/callbacks${query}`, cookie });
const page = (query: string, cookie: string) => callRoute(pageLoader, { path: `/admin/callbacks${query}`, cookie });
const postPage = (query: string, form: Record<string, string>, cookie: string) =>
  callRoute(pageAction, { method: "POST", path: `/admin/callbacks${query}`, form, cookie });

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
  return (await readToast(request)).toast;
}

const tomorrowAt = (time: string, timeZone = "America/New_York") => `${addDaysIso(todayIn(timeZone), 1)}T${time}`;

describe("GET /api/admin/callbacks (part 1, section 7)", () => {
  it("lists one agent's scheduled callbacks soonest first, undated last, with the card's fields", async () => {
    const { cookie } = await signedInAdmin();
    const seller = await signedInAgent({ firstName: "Carla", lastName: "Caller" });
    const later = await createCallback(seller.agent.id, { callbackDate: new Date("2036-01-02T15:00:00Z") });
    const sooner = await createCallback(seller.agent.id, {
      callbackDate: new Date("2036-01-01T15:00:00Z"),
      status: "rescheduled",
      firstName: "Sam",
      lastName: "Sooner",
    });
    const undated = await createCallback(seller.agent.id, { callbackDate: null });
    // A lead no longer waiting for a call is not a callback, whatever date it kept.
    await createCallback(seller.agent.id, { callbackDate: new Date("2035-12-31T15:00:00Z"), status: "contacted" });
    const response = await api(`?agentId=${seller.agent.id}`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("3");
    const rows = await jsonOf<CallbackJson[]>(response);
    expect(rows.map((row) => row.id)).toEqual([sooner.id, later.id, undated.id]);
    expect(rows[0]).toEqual({
      id: sooner.id,
      firstName: "Sam",
      lastName: "Sooner",
      agentId: seller.agent.id,
      agentName: "Carla Caller",
      phone: "8135550000",
      dnc: false,
      status: "rescheduled",
      coverageAmount: 10_000,
      monthlyPremium: 50,
      callbackDate: "2036-01-01T15:00:00.000Z",
      createdAt: sooner.createdAt.toISOString(),
    });
  });

  it("pages across the dated and the undated callbacks", async () => {
    const { cookie } = await signedInAdmin();
    const seller = await signedInAgent();
    const dated = [];
    for (let i = 1; i <= 3; i++) {
      dated.push(await createCallback(seller.agent.id, { callbackDate: new Date(`2036-02-0${i}T15:00:00Z`) }));
    }
    const undated = [
      await createCallback(seller.agent.id, { callbackDate: null }),
      await createCallback(seller.agent.id, { callbackDate: null }),
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    const ids = async (p: number) =>
      (await jsonOf<CallbackJson[]>(await api(`?agentId=${seller.agent.id}&pageSize=2&page=${p}`, cookie))).map(
        (row) => row.id,
      );
    expect(await ids(1)).toEqual([dated[0]!.id, dated[1]!.id]);
    expect(await ids(2)).toEqual([dated[2]!.id, undated[0]!.id]);
    expect(await ids(3)).toEqual([undated[1]!.id]);
    expect(await ids(4)).toEqual([]);
  });

  it("lists every agent's callbacks without an agent, by callback date", async () => {
    const { actor } = await signedInAdmin();
    const first = await signedInAgent();
    const second = await signedInAgent();
    // Long past, so they come before every other test's callbacks.
    const b = await createCallback(second.agent.id, { callbackDate: new Date("1970-01-03T12:00:00Z") });
    const a = await createCallback(first.agent.id, { callbackDate: new Date("1970-01-02T12:00:00Z") });
    const all = await listAdminCallbacks(actor, { page: 1, pageSize: 500 });
    const mine = all.rows.map((row) => row.id).filter((id) => id === a.id || id === b.id);
    expect(mine).toEqual([a.id, b.id]);
    const dates = all.rows.filter((row) => row.callbackDate).map((row) => row.callbackDate!);
    expect(dates).toEqual([...dates].sort());
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it("refuses an agent (403) and anyone signed out (401)", async () => {
    const agent = await signedInAgent();
    expect((await api("", agent.cookie)).status).toBe(403);
    expect((await api("")).status).toBe(401);
    await expect(listAdminCallbacks(agent.actor, { page: 1, pageSize: 10 })).rejects.toMatchObject({ status: 403 });
    await expect(agentFilterChoices(agent.actor)).rejects.toMatchObject({ status: 403 });
  });

  it("answers bad input with a 400 naming the field, an unknown agent with a 404", async () => {
    const { cookie } = await signedInAdmin();
    for (const [query, field, message] of [
      ["?agentId=nope", "agentId", ADMIN_CALLBACK_QUERY_MESSAGES.agentId],
      ["?page=0", "page", "Page starts at 1"],
      ["?pageSize=501", "pageSize", "Page size is at most 500"],
    ] as const) {
      const response = await api(query, cookie);
      expect(response.status, query).toBe(400);
      expect((await jsonOf<{ fieldErrors: Record<string, string[]> }>(response)).fieldErrors[field]).toContain(message);
    }
    const unknown = await api("?agentId=00000000-0000-4000-8000-000000000000", cookie);
    expect(unknown.status).toBe(404);
    expect(await jsonOf(unknown)).toEqual({ error: ADMIN_CALLBACK_ERRORS.agentNotFound });
  });
});

describe("Reschedule on /admin/callbacks", () => {
  it("sets the new date on any agent's lead, recorded in the status history and the activity log", async () => {
    const { admin, cookie } = await signedInAdmin();
    const seller = await signedInAgent();
    const lead = await createCallback(seller.agent.id, { callbackDate: new Date("2036-03-01T15:00:00Z") });
    const opened = await jsonOf<{ rescheduling: { id: string; callbackDate: string } }>(
      await page(`?dialog=reschedule&id=${lead.id}`, cookie),
    );
    expect(opened.rescheduling).toMatchObject({ id: lead.id, callbackDate: "2036-03-01T15:00:00.000Z" });
    const when = tomorrowAt("10:30");
    const res = await postPage(
      `?agentId=${seller.agent.id}&dialog=reschedule&id=${lead.id}`,
      { intent: "reschedule", id: lead.id, callbackDate: when, notes: "Customer asked for the morning" },
      cookie,
    );
    expect(res.status).toBe(302);
    // Back to the list with the filter kept and the dialog closed.
    expect(res.headers.get("Location")).toBe(`/admin/callbacks?agentId=${seller.agent.id}`);
    expect(await toastOf(res)).toMatchObject({ title: "Callback Rescheduled" });
    const stored = (await Application.findByPk(lead.id))!;
    expect(stored.status).toBe("rescheduled");
    expect(stored.callbackDate!.toISOString()).toBe(zonedDateTime(when, "America/New_York")!.toISOString());
    const history = await StatusChange.findAll({ where: { applicationId: lead.id }, raw: true });
    expect(history).toEqual([
      expect.objectContaining({
        userId: admin.id,
        fromStatus: "callback",
        toStatus: "rescheduled",
        notes: "Customer asked for the morning",
      }),
    ]);
    const logged = await ActivityLog.findAll({ where: { entityId: lead.id }, raw: true });
    expect(logged).toEqual([expect.objectContaining({ userId: admin.id, action: "lead_status_changed" })]);
  });

  it("refuses a time already past at the field, keeping what was typed, changing nothing", async () => {
    const { cookie } = await signedInAdmin();
    const seller = await signedInAgent();
    const lead = await createCallback(seller.agent.id, { callbackDate: new Date("2036-03-02T15:00:00Z") });
    const typed = `${addDaysIso(todayIn("America/New_York"), -1)}T09:00`;
    const res = await postPage(
      `?dialog=reschedule&id=${lead.id}`,
      { intent: "reschedule", id: lead.id, callbackDate: typed, notes: "Kept note" },
      cookie,
    );
    expect(res.status).toBe(400);
    const body = await jsonOf<{
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    }>(res);
    expect(body.result.error.callbackDate).toEqual([RESCHEDULE_MESSAGES.past]);
    expect(body.result.initialValue).toMatchObject({ callbackDate: typed, notes: "Kept note" });
    expect((await Application.findByPk(lead.id))!.status).toBe("callback");
  });

  it("lets an agent move only their own callbacks (404 for another agent's)", async () => {
    const owner = await signedInAgent();
    const other = await signedInAgent();
    const lead = await createCallback(owner.agent.id, { callbackDate: new Date("2036-03-03T15:00:00Z") });
    const callbackDate = new Date(Date.now() + 86_400_000).toISOString();
    await expect(rescheduleCallback(other.actor, lead.id, { callbackDate })).rejects.toMatchObject({ status: 404 });
    expect((await Application.findByPk(lead.id))!.status).toBe("callback");
    await expect(rescheduleCallback(owner.actor, lead.id, { callbackDate })).resolves.toMatchObject({
      status: "rescheduled",
    });
  });

  it("sends an agent back to /, and answers 404 for a lead that does not exist", async () => {
    const agent = await signedInAgent();
    const refused = await page("", agent.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    const { actor, cookie } = await signedInAdmin();
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await page(`?dialog=reschedule&id=${missing}`, cookie)).status).toBe(404);
    await expect(getAdminCallbackLead(actor, missing)).rejects.toMatchObject({ status: 404 });
    const post = await postPage("", { intent: "reschedule", id: missing, callbackDate: tomorrowAt("09:00") }, cookie);
    expect(post.status).toBe(404);
  });
});

describe("the indexes behind the lists (migration 020, decision 036)", () => {
  it("pages every agent's callbacks from (callback_date, id) and one agent's from their own index", async () => {
    // Callbacks among other leads, as a real book has them: in a table of callbacks alone the
    // (status, created_at) index looks as cheap to SQLite's planner.
    const seller = await signedInAgent();
    for (let i = 0; i < 40; i++) await createLead(seller.agent.id, { status: i % 2 ? "pending" : "contacted" });
    await createCallback(seller.agent.id, { callbackDate: new Date("2036-04-01T15:00:00Z") });
    const page = { limit: 20, offset: 0 };
    expect(await planOf(adminCallbackRowsSql(undefined, true, page))).toContain("applications_callbacks_by_date");
    expect(await planOf(adminCallbackRowsSql(undefined, false, page))).toContain("applications_callbacks_by_date");
    const agentId = "00000000-0000-4000-8000-000000000000";
    expect(await planOf(adminCallbackRowsSql(agentId, true, page), { agentId })).toContain(
      "applications_agent_callbacks",
    );
  });

  it("pages every agent's sales from (sold_at, id), newest first, without a sort", async () => {
    const where = sql`a.sold_at IS NOT NULL AND a.sold_at >= ${new Date("2031-01-01T00:00:00Z")}
      AND a.sold_at < ${new Date("2031-02-01T00:00:00Z")}`;
    const plan = await planOf(pageRowsSql(premiumPage(where), { page: 1, pageSize: 20 }), {}, ["applications_sold_at"]);
    expect(plan).toContain("applications_sold_list");
    // The page's ids come in index order; only the 20 rows of the page are sorted again after the join.
    if (!isPostgres) expect(plan).not.toMatch(/applications_sold_list[^\n]*\nUSE TEMP B-TREE/);
  });
});

/**
 * The query plan of a statement as text. Postgres plans the tiny test tables by cost alone, so
 * there the plan is taken with sequential scans off and, inside a transaction rolled back, the
 * indexes a large table would not choose for the query set aside: the agent indexes for an
 * every-agent query, the every-agent index for an agent's. What it shows is that the index's
 * columns (and a partial index's predicate) can answer the query. `alsoSetAside` names more
 * indexes a large table would not choose, which a few rows can make look as cheap (the plain
 * (sold_at) index, when the month asked for holds one sale).
 */
async function planOf(sql: Sql | string, replacements: Record<string, unknown> = {}, alsoSetAside: string[] = []) {
  if (!isPostgres) {
    // With statistics, as the server has them (analyzeDatabase at start-up, and bench:leads): an
    // index made after the last ANALYZE has none, and SQLite then guesses it a poor choice.
    await sequelize.query("ANALYZE applications");
    return sqlitePlan(sql, sql instanceof Sql ? undefined : replacements);
  }
  const setAside = [
    "agentId" in replacements ? "indexname = 'applications_callbacks_by_date'" : "indexdef LIKE '%(agent_id%'",
    ...alsoSetAside.map((name) => `indexname = '${name}'`),
  ].join(" OR ");
  return postgresPlanSettingAside(
    sql,
    sql instanceof Sql ? undefined : replacements,
    `tablename = 'applications' AND (${setAside})`,
  );
}
