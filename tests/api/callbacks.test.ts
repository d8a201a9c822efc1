import { describe, expect, it } from "vitest";
import { Application, StatusChange, isPostgres } from "~db";
import { loader as eventLoader } from "~/routes/agent+/callbacks_.$id.event[.ics]";
import { action as pageAction, loader as pageLoader } from "~/routes/agent+/callbacks";
import { loader as apiLoader } from "~/routes/api+/agent.callbacks";
import { action as rescheduleApi } from "~/routes/api+/agent.callbacks.$id.reschedule";
import { callbackCategory, callbackPriority, daysUntilCallback } from "~/domain/callbacks";
import { foldLine, icsText } from "~/domain/ics";
import { addDaysIso, todayIn, zonedDateTime } from "~/domain/periods";
import { LEAD_STATUS_MESSAGES } from "~/domain/schemas/lead-status";
import { RESCHEDULE_MESSAGES } from "~/domain/schemas/callbacks";
import {
  DATED,
  UNDATED,
  NO_CALLBACK_SCHEDULED,
  agentCallbackBoard,
  callbackCalendarFile,
  callbackRowsSql,
  listAgentCallbacks,
  rescheduleCallback,
} from "~/services/callbacks.server";
import { getAgentDashboard } from "~/services/dashboard.server";
import { updateLead } from "~/services/lead-edit.server";
import { LEAD_NOT_FOUND } from "~/services/leads.server";
import type { SessionUser } from "~/services/sessions.server";
import type { Sql } from "~/services/sql/reads.server";
import { readToast } from "~/utils/toast.server";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { postgresPlanSettingAside, sqlitePlan } from "../support/query-plans";

// Issue 11 item 1: the Callbacks page (/agent/callbacks), GET /api/agent/callbacks, Reschedule
// (the page's form and PUT /api/agent/callbacks/{id}/reschedule) and Add to calendar
// (/agent/callbacks/{id}/event.ics). Days are the agent's calendar days in their time zone.

const FIRST_PAGES = { overdue: 1, today: 1, upcoming: 1 };

async function agent(timezone = "America/New_York") {
  const me = await signedInAgent();
  await me.user.update({ timezone });
  return { ...me, actor: { ...me.actor, timezone } as SessionUser };
}

/** A lead of the agent's in `status` with its callback at `at` (or none). */
async function callback(agentId: string, at: Date | string | null, status = "callback", names = {}) {
  const lead = await createLead(agentId, { status, ...names });
  await lead.update({ callbackDate: at === null ? null : new Date(at) });
  return lead;
}

/** Noon, `days` from today, on the agent's own calendar. */
function localNoon(timezone: string, days: number, now = new Date()) {
  return zonedDateTime(`${addDaysIso(todayIn(timezone, now), days)}T12:00`, timezone)!;
}

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
  return (await readToast(request)).toast;
}

type Board = Awaited<ReturnType<typeof agentCallbackBoard>>;
const ids = (page: { rows: { id: string }[] }) => page.rows.map((row) => row.id);

const page = (query: string, cookie: string) => callRoute(pageLoader, { path: `/agent/callbacks${query}`, cookie });
const postPage = (query: string, form: Record<string, string>, cookie: string) =>
  callRoute(pageAction, { method: "POST", path: `/agent/callbacks${query}`, form, cookie });
const calendar = (id: string, cookie: string) =>
  callRoute(eventLoader, { path: `/agent/callbacks/${id}/event.ics`, params: { id }, cookie });
const api = (query: string, cookie: string) => callRoute(apiLoader, { path: `/api/agent/callbacks${query}`, cookie });

describe("callback priority (part 2: overdue, today, soon within 2 days, upcoming; low without a date)", () => {
  it("counts calendar days in the agent's time zone", () => {
    const now = new Date("2026-03-10T03:30:00Z"); // 23:30 EDT on March 9, 03:30 on March 10 in UTC
    expect(daysUntilCallback("2026-03-10T04:30:00Z", "America/New_York", now)).toBe(1);
    expect(daysUntilCallback("2026-03-10T04:30:00Z", "UTC", now)).toBe(0);
    expect(daysUntilCallback("2026-03-09T03:59:00Z", "America/New_York", now)).toBe(-1);
  });

  it.each([
    [-1, "overdue", "overdue"],
    [0, "today", "today"],
    [1, "soon", "upcoming"],
    [2, "soon", "upcoming"],
    [3, "upcoming", "upcoming"],
    [null, "low", "upcoming"],
  ] as const)("%s days: priority %s, in the %s table", (days, priority, category) => {
    expect(callbackPriority(days)).toBe(priority);
    expect(callbackCategory(days)).toBe(category);
  });
});

describe("the Callbacks page's cards and tables", () => {
  it("splits callbacks around the agent's midnight, and the dashboard's due today agrees", async () => {
    const east = await agent("America/New_York");
    const now = new Date("2026-03-10T03:30:00Z"); // 23:30 on March 9 in New York
    const earlierToday = await callback(east.agent.id, "2026-03-10T03:00:00Z"); // 23:00 EDT March 9
    const afterMidnight = await callback(east.agent.id, "2026-03-10T04:30:00Z", "rescheduled"); // 00:30 EDT March 10
    const yesterday = await callback(east.agent.id, "2026-03-09T03:00:00Z"); // 23:00 EDT March 8
    await callback(east.agent.id, "2026-03-10T03:10:00Z", "contacted"); // no longer a callback
    const stranger = await agent();
    await callback(stranger.agent.id, "2026-03-10T03:00:00Z");

    const inNewYork = await agentCallbackBoard(east.actor, FIRST_PAGES, 20, now);
    expect(inNewYork.counts).toEqual({ total: 3, overdue: 1, dueToday: 1, upcoming: 1 });
    expect(ids(inNewYork.overdue)).toEqual([yesterday.id]);
    expect(ids(inNewYork.today)).toEqual([earlierToday.id]);
    expect(ids(inNewYork.upcoming)).toEqual([afterMidnight.id]);
    expect(inNewYork.upcoming.rows[0]).toMatchObject({ priority: "soon", daysUntil: 1, category: "upcoming" });

    const utcActor = { ...east.actor, timezone: "UTC" };
    const inUtc = await agentCallbackBoard(utcActor, FIRST_PAGES, 20, now);
    expect(inUtc.counts).toEqual({ total: 3, overdue: 1, dueToday: 2, upcoming: 0 });
    expect(ids(inUtc.today)).toEqual([earlierToday.id, afterMidnight.id]);

    for (const [actor, board] of [
      [east.actor, inNewYork],
      [utcActor, inUtc],
    ] as const) {
      const dashboard = await getAgentDashboard(actor, { period: "all" }, now);
      expect(dashboard.stats.callbacksDueToday).toBe(board.counts.dueToday);
      expect(dashboard.stats.callbacks).toBe(board.counts.total);
    }
  });

  it("gives each row its priority by days until the date: 0 today, 1 and 2 soon, 3 upcoming, none low", async () => {
    const me = await agent("America/Chicago");
    const now = new Date();
    const at = async (days: number | null) =>
      (await callback(me.agent.id, days === null ? null : localNoon("America/Chicago", days, now))).id;
    const [past, zero, one, two, three, none] = [
      await at(-2),
      await at(0),
      await at(1),
      await at(2),
      await at(3),
      await at(null),
    ];
    const board = await agentCallbackBoard(me.actor, FIRST_PAGES, 20, now);
    const priorities = (rows: Board["upcoming"]["rows"]) => rows.map((row) => [row.id, row.priority, row.daysUntil]);
    expect(priorities(board.overdue.rows)).toEqual([[past, "overdue", -2]]);
    expect(priorities(board.today.rows)).toEqual([[zero, "today", 0]]);
    // Soonest first; a callback without a date waits at the end of Upcoming.
    expect(priorities(board.upcoming.rows)).toEqual([
      [one, "soon", 1],
      [two, "soon", 2],
      [three, "upcoming", 3],
      [none, "low", null],
    ]);
    expect(board.counts).toEqual({ total: 6, overdue: 1, dueToday: 1, upcoming: 4 });
  });

  it("pages each table in the database, the undated callbacks after the dated ones", async () => {
    const me = await agent("UTC");
    const now = new Date();
    const overdue: string[] = [];
    for (let day = 25; day >= 1; day--) overdue.push((await callback(me.agent.id, localNoon("UTC", -day, now))).id);
    const dated = [
      (await callback(me.agent.id, localNoon("UTC", 3, now))).id,
      (await callback(me.agent.id, localNoon("UTC", 4, now))).id,
      (await callback(me.agent.id, localNoon("UTC", 5, now))).id,
    ];
    const undated = [(await callback(me.agent.id, null)).id, (await callback(me.agent.id, null)).id].sort();

    const first = await agentCallbackBoard(me.actor, FIRST_PAGES, 20, now);
    expect(first.overdue).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(ids(first.overdue)).toEqual(overdue.slice(0, 20));
    const second = await agentCallbackBoard(me.actor, { ...FIRST_PAGES, overdue: 2 }, 20, now);
    expect(ids(second.overdue)).toEqual(overdue.slice(20));

    const upcoming = (p: number) => listAgentCallbacks(me.actor, { category: "upcoming", page: p, pageSize: 2 }, now);
    expect(ids(await upcoming(1))).toEqual(dated.slice(0, 2));
    expect(ids(await upcoming(2))).toEqual([dated[2], undated[0]]);
    expect(ids(await upcoming(3))).toEqual([undated[1]]);
    expect(await upcoming(4)).toMatchObject({ rows: [], total: 5 });
    const all = await listAgentCallbacks(me.actor, { category: "all", page: 1, pageSize: 100 }, now);
    expect(ids(all)).toEqual([...overdue, ...dated, ...undated]);
  });

  it("reads each table's page and count from the callback index", async () => {
    const me = await agent();
    const bounds = { dueStart: new Date(), dueEnd: new Date() };
    const page = { limit: 20, offset: 0 };
    const ranges = [DATED.overdue(bounds), DATED.today(bounds), DATED.upcoming(bounds)];
    for (const statement of [
      ...ranges.map((range) => callbackRowsSql(me.agent.id, range, "dated", page)),
      callbackRowsSql(me.agent.id, UNDATED, "undated", page),
    ]) {
      const plan = await planOf(statement);
      expect(plan, plan).toContain("applications_agent_callbacks");
    }
  });
});

/**
 * The query plan of a statement as text. Postgres plans the tiny test tables by cost alone, so
 * there the plan is taken with sequential scans off and, inside a transaction rolled back, the
 * other indexes on applications.agent_id (and the admin's every-agent callbacks index, migration
 * 020, which a tiny table also makes look cheap) dropped: what it shows is that the partial index's
 * predicate matches the query's and the index can answer it (at 100,000 leads it is the cheapest;
 * decision 025).
 */
async function planOf(statement: Sql) {
  if (!isPostgres) return sqlitePlan(statement);
  return postgresPlanSettingAside(
    statement,
    undefined,
    `tablename = 'applications' AND indexname <> 'applications_agent_callbacks'
     AND (indexdef LIKE '%(agent_id%' OR indexname = 'applications_callbacks_by_date')`,
  );
}

describe("the page: Reschedule and Set Disposition", () => {
  it("reschedules an overdue callback to tomorrow: it moves to Upcoming, rescheduled, in the status history", async () => {
    const me = await agent("America/Los_Angeles");
    const lead = await callback(me.agent.id, localNoon("America/Los_Angeles", -1));
    const before = await jsonOf<{ board: Board }>(await page("", me.cookie));
    expect(ids(before.board.overdue)).toEqual([lead.id]);

    const tomorrow = `${addDaysIso(todayIn("America/Los_Angeles"), 1)}T09:15`;
    const res = await postPage(
      `?dialog=reschedule&id=${lead.id}`,
      { intent: "reschedule", id: lead.id, callbackDate: tomorrow, notes: "Asked to call after work" },
      me.cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/agent/callbacks");
    expect(await toastOf(res)).toMatchObject({ title: "Callback Rescheduled" });

    const stored = (await Application.findByPk(lead.id))!;
    expect(stored.status).toBe("rescheduled");
    expect(stored.callbackDate!.toISOString()).toBe(zonedDateTime(tomorrow, "America/Los_Angeles")!.toISOString());
    const history = await StatusChange.findAll({ where: { applicationId: lead.id }, raw: true });
    expect(history).toMatchObject([
      { fromStatus: "callback", toStatus: "rescheduled", notes: "Asked to call after work", userId: me.user.id },
    ]);

    const after = await jsonOf<{ board: Board }>(await page("", me.cookie));
    expect(after.board.overdue.total).toBe(0);
    expect(after.board.upcoming.rows.map((row) => [row.id, row.priority])).toEqual([[lead.id, "soon"]]);
  });

  it.each([
    ["no date", "", LEAD_STATUS_MESSAGES.callbackRequired],
    ["an impossible date", "2026-02-30T10:00", LEAD_STATUS_MESSAGES.callbackRequired],
    ["a time already past", "2020-01-02T10:00", RESCHEDULE_MESSAGES.past],
  ])("refuses %s at the field, keeping what was typed, changing nothing", async (_, callbackDate, message) => {
    const me = await agent();
    const lead = await callback(me.agent.id, localNoon("America/New_York", -1));
    const res = await postPage(
      `?dialog=reschedule&id=${lead.id}`,
      { intent: "reschedule", id: lead.id, callbackDate, notes: "Kept note" },
      me.cookie,
    );
    expect(res.status).toBe(400);
    const body = await jsonOf<{
      intent: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    }>(res);
    expect(body.intent).toBe("reschedule");
    expect(body.result.error.callbackDate).toEqual([message]);
    expect(body.result.initialValue.notes).toBe("Kept note");
    // An empty box comes back empty (conform leaves it out).
    expect(body.result.initialValue.callbackDate ?? "").toBe(callbackDate);
    expect((await Application.findByPk(lead.id))!.status).toBe("callback");
    expect(await StatusChange.count({ where: { applicationId: lead.id } })).toBe(0);
  });

  it("refuses notes over 2,000 characters at their field", async () => {
    const me = await agent();
    const lead = await callback(me.agent.id, localNoon("America/New_York", -1));
    const res = await postPage(
      "",
      {
        intent: "reschedule",
        id: lead.id,
        callbackDate: `${addDaysIso(todayIn("America/New_York"), 2)}T10:00`,
        notes: "x".repeat(2001),
      },
      me.cookie,
    );
    expect(res.status).toBe(400);
    expect((await jsonOf<{ result: { error: Record<string, string[]> } }>(res)).result.error.notes).toEqual([
      LEAD_STATUS_MESSAGES.notesTooLong,
    ]);
  });

  it("opens Reschedule and Set Disposition from the URL, and sets a disposition that takes the lead off the page", async () => {
    const me = await agent();
    const lead = await callback(me.agent.id, localNoon("America/New_York", 0));
    const reschedule = await jsonOf<{ dialog: string; rescheduling: { id: string; callbackDate: string } }>(
      await page(`?dialog=reschedule&id=${lead.id}`, me.cookie),
    );
    expect(reschedule).toMatchObject({ dialog: "reschedule", rescheduling: { id: lead.id } });
    const disposition = await jsonOf<{ dialog: string; lead: { id: string } }>(
      await page(`?dialog=disposition&id=${lead.id}`, me.cookie),
    );
    expect(disposition).toMatchObject({ dialog: "disposition", lead: { id: lead.id } });

    const res = await postPage(
      `?dialog=disposition&id=${lead.id}`,
      { intent: "disposition", id: lead.id, status: "contacted", notes: "Reached" },
      me.cookie,
    );
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ title: "Disposition Updated" });
    const after = await jsonOf<{ board: Board }>(await page("", me.cookie));
    expect(after.board.counts.total).toBe(0);
  });

  it("shows a table's last page when its page is past the end", async () => {
    const me = await agent();
    await callback(me.agent.id, localNoon("America/New_York", -1));
    const res = await page("?overduePage=3", me.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/agent/callbacks?overduePage=1");
  });
});

describe("another agent's lead is a 404 everywhere", () => {
  it("on the page's dialogs and actions, the API and the calendar file", async () => {
    const me = await agent();
    const other = await agent();
    const theirs = await callback(other.agent.id, localNoon("America/New_York", 1));
    expect((await page(`?dialog=reschedule&id=${theirs.id}`, me.cookie)).status).toBe(404);
    expect((await page(`?dialog=disposition&id=${theirs.id}`, me.cookie)).status).toBe(404);
    const tomorrow = `${addDaysIso(todayIn("America/New_York"), 1)}T10:00`;
    const posts: Record<string, string>[] = [
      { intent: "reschedule", id: theirs.id, callbackDate: tomorrow },
      { intent: "disposition", id: theirs.id, status: "contacted" },
    ];
    for (const form of posts) expect((await postPage("", form, me.cookie)).status).toBe(404);
    const put = await callRoute(rescheduleApi, {
      method: "PUT",
      path: `/api/agent/callbacks/${theirs.id}/reschedule`,
      params: { id: theirs.id },
      json: { callbackDate: new Date(Date.now() + 86_400_000).toISOString() },
      cookie: me.cookie,
    });
    expect(put.status).toBe(404);
    expect(await jsonOf(put)).toEqual({ error: LEAD_NOT_FOUND });
    expect((await calendar(theirs.id, me.cookie)).status).toBe(404);
    expect((await calendar("not-a-uuid", me.cookie)).status).toBe(404);
    expect((await jsonOf<unknown[]>(await api("", me.cookie))).length).toBe(0);
    expect((await Application.findByPk(theirs.id))!.status).toBe("callback");
  });
});

describe("GET /api/agent/callbacks", () => {
  it("answers the agent's callbacks soonest first, with priority and category, the total in X-Total-Count", async () => {
    const me = await agent("UTC");
    const overdue = await callback(me.agent.id, localNoon("UTC", -1));
    const soon = await callback(me.agent.id, localNoon("UTC", 2), "rescheduled");
    const undated = await callback(me.agent.id, null);
    await createLead(me.agent.id, { status: "pending" });
    const res = await api("", me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const rows = await jsonOf<Record<string, unknown>[]>(res);
    expect(rows.map((row) => [row.id, row.priority, row.category])).toEqual([
      [overdue.id, "overdue", "overdue"],
      [soon.id, "soon", "upcoming"],
      [undated.id, "low", "upcoming"],
    ]);
    expect(rows[0]).toMatchObject({
      firstName: "Lena",
      lastName: "Lead",
      phone: "8135550000",
      status: "callback",
      coverageAmount: 10000,
      monthlyPremium: 50,
      daysUntil: -1,
    });
    expect(Object.keys(rows[0]!)).not.toContain("ssn");
    const onlyOverdue = await api("?category=overdue", me.cookie);
    expect(onlyOverdue.headers.get("X-Total-Count")).toBe("1");
    const paged = await jsonOf<{ id: string }[]>(await api("?page=2&pageSize=2", me.cookie));
    expect(paged.map((row) => row.id)).toEqual([undated.id]);
  });

  it("refuses bad queries with a 400 and the field, an admin with 403, and the signed out with 401", async () => {
    const me = await agent();
    const bad = await api("?category=later", me.cookie);
    expect(bad.status).toBe(400);
    expect(await jsonOf(bad)).toMatchObject({
      error: "Category must be one of: all, overdue, today, upcoming",
      fieldErrors: { category: ["Category must be one of: all, overdue, today, upcoming"] },
    });
    expect((await api("?pageSize=501", me.cookie)).status).toBe(400);
    expect((await api("?page=0", me.cookie)).status).toBe(400);
    const { cookie: adminCookie } = await signedInAdmin();
    expect((await api("", adminCookie)).status).toBe(403);
    expect((await api("", "")).status).toBe(401);
  });
});

describe("PUT /api/agent/callbacks/{id}/reschedule", () => {
  const put = (id: string, json: unknown, cookie: string) =>
    callRoute(rescheduleApi, {
      method: "PUT",
      path: `/api/agent/callbacks/${id}/reschedule`,
      params: { id },
      json,
      cookie,
    });

  it("reschedules with an ISO date-time, the same service as the page", async () => {
    const me = await agent();
    const lead = await callback(me.agent.id, localNoon("America/New_York", -3));
    const when = new Date(Date.now() + 3 * 86_400_000);
    when.setUTCSeconds(0, 0);
    const res = await put(lead.id, { callbackDate: when.toISOString(), notes: "  Moved  " }, me.cookie);
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toMatchObject({
      id: lead.id,
      status: "rescheduled",
      previousStatus: "callback",
      callbackDate: when.toISOString(),
      statusChange: { fromStatus: "callback", toStatus: "rescheduled", notes: "Moved" },
    });
  });

  it.each([
    [{}, "callbackDate", LEAD_STATUS_MESSAGES.callbackRequired],
    [{ callbackDate: "tomorrow" }, "callbackDate", LEAD_STATUS_MESSAGES.callbackShape],
    [{ callbackDate: "2020-01-01T10:00:00Z" }, "callbackDate", RESCHEDULE_MESSAGES.past],
    [{ callbackDate: 5 }, "callbackDate", LEAD_STATUS_MESSAGES.callbackShape],
  ])("refuses %j with a 400 naming the field", async (body, field, message) => {
    const me = await agent();
    const lead = await callback(me.agent.id, localNoon("America/New_York", -1));
    const res = await put(lead.id, body, me.cookie);
    expect(res.status).toBe(400);
    expect(await jsonOf(res)).toMatchObject({ error: message, fieldErrors: { [field]: [message] } });
    expect((await Application.findByPk(lead.id))!.status).toBe("callback");
  });

  it("checks the time against now: the minute it is now is still accepted", async () => {
    const me = await agent();
    const lead = await callback(me.agent.id, null);
    const now = new Date("2026-05-01T15:00:45Z");
    const view = await rescheduleCallback(me.actor, lead.id, { callbackDate: "2026-05-01T15:00:00Z" }, now);
    expect(view.status).toBe("rescheduled");
    await expect(
      rescheduleCallback(me.actor, lead.id, { callbackDate: "2026-05-01T14:59:00Z" }, now),
    ).rejects.toMatchObject({ status: 400, fieldErrors: { callbackDate: [RESCHEDULE_MESSAGES.past] } });
  });
});

describe("Add to calendar (/agent/callbacks/{id}/event.ics)", () => {
  it("is an RFC 5545 event: CRLF lines, escaped text, UTC start, 30 minutes, UID and DTSTAMP, nothing sensitive", async () => {
    const me = await agent();
    const lead = await callback(me.agent.id, "2026-12-01T15:00:00Z", "callback", {
      firstName: "Ann, Jr",
      lastName: "O'Neil; Sr",
    });
    await updateLead(me.actor, lead.id, { ssn: "123456789" });
    const res = await calendar(lead.id, me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="callback-ann-jr-o-neil-sr.ics"');
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const text = await res.text();
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n").slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, "");
    expect(unfolded).toContain("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Agency CRM//Callbacks//EN\r\n");
    expect(unfolded).toContain(`UID:callback-${lead.id}-${Date.parse("2026-12-01T15:00:00Z")}@agency-crm\r\n`);
    expect(unfolded).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(unfolded).toContain("\r\nDTSTART:20261201T150000Z\r\nDTEND:20261201T153000Z\r\n");
    expect(unfolded).toContain("\r\nSUMMARY:Call back Ann\\, Jr O'Neil\\; Sr\r\n");
    expect(unfolded).toContain(
      `\r\nDESCRIPTION:Callback with Ann\\, Jr O'Neil\\; Sr.\\nPhone: (813) 555-0000\\nLead: http://localhost/applications/${lead.id}\r\n`,
    );
    expect(unfolded).toContain("END:VEVENT\r\nEND:VCALENDAR\r\n");
    expect(unfolded).not.toMatch(/123456789|6789/);
  });

  it("is a 404 for a lead without a scheduled callback", async () => {
    const me = await agent();
    const pending = await createLead(me.agent.id, { status: "pending" });
    const undated = await callback(me.agent.id, null);
    for (const lead of [pending, undated]) {
      const res = await calendar(lead.id, me.cookie);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(NO_CALLBACK_SCHEDULED);
    }
    await expect(callbackCalendarFile(me.actor, pending.id, "http://localhost")).rejects.toMatchObject({ status: 404 });
  });

  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    expect(icsText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    const line = `DESCRIPTION:${"é".repeat(80)}`;
    const folded = foldLine(line);
    for (const part of folded.split("\r\n")) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });
});
