import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { ActivityLog, Application, CallAttempt, CallingRule, DncNumber } from "~db";
import { action as rulesPageAction, loader as rulesPageLoader } from "~/routes/admin+/calling-rules";
import { action as callPageAction, loader as callPageLoader } from "~/routes/_portal+/applications.$id_.call";
import { loader as rulesApi } from "~/routes/api+/admin.calling-rules";
import { action as ruleApi } from "~/routes/api+/admin.calling-rules.$state";
import { loader as agentCheckApi } from "~/routes/api+/agent.applications.$id.call-check";
import { loader as adminCheckApi } from "~/routes/api+/admin.applications.$id.call-check";
import { action as callsAction, loader as callsLoader } from "~/routes/api+/applications.$id.calls";
import { action as outcomeAction } from "~/routes/api+/applications.$id.calls.$callId.outcome";
import { checkCall, placeCall, setCallOutcome } from "~/services/calls.server";
import { leadTimeZone } from "~/services/lead-time-zone.server";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 25 items 3-5 (decisions 071 and 072): the lead's time zone, the calling window and the
// daily limit, consent and licence, the admin's override, the call log and its outcomes. Every
// `now` is fixed: November is Eastern Standard Time (UTC-5) and Central (UTC-6).

type ApiError = {
  error: string;
  fieldErrors?: Record<string, string[]>;
  reasons?: string[];
  nextAllowedAt?: string | null;
};
const MISSING = "00000000-0000-4000-8000-000000000000";
const at = (iso: string) => new Date(iso);

/** A phone number no other test uses (the do-not-call list is shared by every lead of the database). */
function uniquePhone() {
  return `813${String(crypto.randomInt(2_000_000, 9_999_999))}`;
}

/** An agent licensed in `states` with a lead of theirs in Tampa, Florida (ZIP 33602) unless told otherwise. */
async function scene(options: { licensedStates?: string[]; lead?: Parameters<typeof createLead>[1] } = {}) {
  const agent = await signedInAgent({ licensedStates: options.licensedStates ?? ["FL", "GA", "TX", "CA"] });
  const phone = uniquePhone();
  const lead = await createLead(
    agent.agent.id,
    { firstName: "Tara", lastName: "Tampa", city: "Tampa", state: "FL", zipCode: "33602", ...options.lead },
    { phones: [{ phoneNumber: phone, phoneType: "mobile", isPrimary: true }] },
  );
  return { agent, lead, phone, e164: `+1${phone}` };
}

describe("the lead's time zone", () => {
  it("comes from the ZIP code, else the state, else nothing", () => {
    expect(leadTimeZone({ zipCode: "33101", state: "FL" })).toEqual({ timeZone: "America/New_York", from: "zip" });
    // Pensacola is in Florida's Central-time panhandle: the ZIP code knows, the state would not.
    expect(leadTimeZone({ zipCode: "32501-1234", state: "FL" })).toEqual({ timeZone: "America/Chicago", from: "zip" });
    expect(leadTimeZone({ zipCode: "00000", state: "TX" })).toEqual({ timeZone: "America/Chicago", from: "state" });
    expect(leadTimeZone({ zipCode: null, state: "az" })).toEqual({ timeZone: "America/Phoenix", from: "state" });
    expect(leadTimeZone({ zipCode: null, state: null })).toBeNull();
  });
});

describe("calling hours", () => {
  it("refuses a Florida lead at 7:59 and 20:00 local time and allows 8:00, with the next window's start", async () => {
    const { agent, lead } = await scene();
    const early = await checkCall(agent.actor, lead.id, undefined, at("2026-11-27T12:59:00Z"));
    expect(early).toMatchObject({
      allowed: false,
      reasons: ["outside_hours"],
      timeZone: "America/New_York",
      leadLocalTime: "7:59 AM EST",
      nextAllowedAt: "2026-11-27T13:00:00.000Z",
      rule: { state: "FL", start: "08:00", end: "20:00", maxCallsPer24h: 3 },
    });
    expect(early.messages).toEqual(["It is 7:59 AM EST in Tampa; calls are allowed 8:00 AM – 8:00 PM."]);
    expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-27T13:00:00Z"))).toMatchObject({
      allowed: true,
      reasons: [],
      nextAllowedAt: null,
    });
    expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-28T00:59:00Z"))).toMatchObject({
      allowed: true,
    });
    expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-28T01:00:00Z"))).toMatchObject({
      allowed: false,
      reasons: ["outside_hours"],
      leadLocalTime: "8:00 PM EST",
      nextAllowedAt: "2026-11-28T13:00:00.000Z",
    });
  });

  it("holds a state without a rule of its own to the federal 8:00-21:00", async () => {
    const { agent, lead } = await scene({ lead: { city: "Dallas", state: "TX", zipCode: "75201" } });
    // Dallas is Central time (UTC-6 in November): 20:59 is 02:59Z, 21:00 is 03:00Z.
    expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-28T02:59:00Z"))).toMatchObject({
      allowed: true,
      rule: { state: "US", start: "08:00", end: "21:00", maxCallsPer24h: null },
    });
    expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-28T03:00:00Z"))).toMatchObject({
      allowed: false,
      reasons: ["outside_hours"],
      nextAllowedAt: "2026-11-28T14:00:00.000Z",
    });
  });

  it("finds the next window's start across a daylight-saving change", async () => {
    const { agent, lead } = await scene();
    // 8 March 2026: clocks go forward at 2 AM; 1:00 EST's next 8:00 is EDT (UTC-4).
    expect(await checkCall(agent.actor, lead.id, undefined, at("2026-03-08T06:00:00Z"))).toMatchObject({
      reasons: ["outside_hours"],
      nextAllowedAt: "2026-03-08T12:00:00.000Z",
    });
    // 1 November 2026: clocks go back at 2 AM; 1:00 EDT's next 8:00 is EST (UTC-5).
    expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-01T05:00:00Z"))).toMatchObject({
      reasons: ["outside_hours"],
      nextAllowedAt: "2026-11-01T13:00:00.000Z",
    });
    // 21:00 EDT on 31 October: the next day's 8:00 is after the change.
    expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-01T01:00:00Z"))).toMatchObject({
      nextAllowedAt: "2026-11-01T13:00:00.000Z",
    });
  });
});

describe("the days of the week", () => {
  // 29 November 2026 is a Sunday; Albuquerque is Mountain Standard Time (UTC-7) in November.
  const albuquerque = { city: "Albuquerque", state: "NM", zipCode: "87102" };
  const WEEKDAYS_ONLY = ["mon", "tue", "wed", "thu", "fri", "sat"];
  /** New Mexico's own rule, this block's: 9:00-20:00, Monday to Saturday. */
  const newMexicoRule = () =>
    CallingRule.create({
      state: "NM",
      startTime: "09:00",
      endTime: "20:00",
      maxCallsPer24h: null,
      days: WEEKDAYS_ONLY.join(","),
    });

  it("refuses a call on a day the state's rule leaves out, names the day, and finds the next allowed day's start", async () => {
    const { agent, lead } = await scene({ licensedStates: ["NM"], lead: albuquerque });
    await newMexicoRule();
    try {
      const sunday = await checkCall(agent.actor, lead.id, undefined, at("2026-11-29T17:00:00Z"));
      expect(sunday).toMatchObject({
        allowed: false,
        reasons: ["outside_hours"],
        leadLocalTime: "10:00 AM MST",
        nextAllowedAt: "2026-11-30T16:00:00.000Z",
        rule: { state: "NM", start: "09:00", end: "20:00", days: WEEKDAYS_ONLY },
      });
      expect(sunday.messages).toEqual([
        "It is Sunday 10:00 AM MST in Albuquerque; calls are allowed Monday – Saturday, 9:00 AM – 8:00 PM.",
      ]);
      // Saturday 19:59 is allowed; at 20:00 the next window skips Sunday.
      expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-29T02:59:00Z"))).toMatchObject({
        allowed: true,
      });
      expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-29T03:00:00Z"))).toMatchObject({
        allowed: false,
        nextAllowedAt: "2026-11-30T16:00:00.000Z",
      });
      // The attempt records the days it was checked against, and the call log reads them back.
      const placed = await placeCall(agent.actor, lead.id, {}, at("2026-11-29T17:00:00Z"));
      expect((await CallAttempt.findByPk(placed.callId, { raw: true }))?.windowDays).toBe(WEEKDAYS_ONLY.join(","));
    } finally {
      await CallingRule.destroy({ where: { state: "NM" } });
    }
  });

  it("narrows the federal days by the state's: a day either leaves out is refused, and no day in common never clears", async () => {
    const { agent, lead } = await scene({ licensedStates: ["NM"], lead: albuquerque });
    const federal = (await CallingRule.findByPk("US"))!;
    await federal.update({ days: "mon,tue,wed,thu,fri" });
    try {
      await newMexicoRule();
      // Saturday noon MST: the state allows it, the federal row does not.
      expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-28T19:00:00Z"))).toMatchObject({
        allowed: false,
        rule: { days: ["mon", "tue", "wed", "thu", "fri"] },
        nextAllowedAt: "2026-11-30T16:00:00.000Z",
      });
      await CallingRule.update({ days: "sat,sun" }, { where: { state: "NM" } });
      const never = await checkCall(agent.actor, lead.id, undefined, at("2026-11-28T19:00:00Z"));
      expect(never).toMatchObject({
        allowed: false,
        reasons: ["outside_hours"],
        nextAllowedAt: null,
        rule: { days: [] },
      });
      expect(never.messages).toEqual([
        "It is Saturday 12:00 PM MST in Albuquerque; the calling rule allows no day of the week.",
      ]);
    } finally {
      await federal.update({ days: "mon,tue,wed,thu,fri,sat,sun" });
      await CallingRule.destroy({ where: { state: "NM" } });
    }
  });
});

describe("the daily limit", () => {
  it("refuses Florida's fourth call in 24 hours until the oldest turns 24 hours old, inside hours", async () => {
    const { agent, lead } = await scene();
    for (const time of ["2026-11-27T15:00:00Z", "2026-11-27T16:00:00Z", "2026-11-27T17:00:00Z"]) {
      expect(await placeCall(agent.actor, lead.id, {}, at(time))).toMatchObject({ allowed: true });
    }
    const fourth = await placeCall(agent.actor, lead.id, {}, at("2026-11-27T18:00:00Z"));
    expect(fourth).toMatchObject({ allowed: false, dial: null });
    expect(fourth.check).toMatchObject({ reasons: ["daily_limit"], nextAllowedAt: "2026-11-28T15:00:00.000Z" });
    expect(fourth.check.messages).toEqual(["3 calls in the last 24 hours: Florida allows 3."]);
    // The refused attempt is logged and does not count towards the limit.
    expect(await CallAttempt.count({ where: { applicationId: lead.id, allowed: false } })).toBe(1);
    expect(await checkCall(agent.actor, lead.id, undefined, at("2026-11-28T15:00:00Z"))).toMatchObject({
      allowed: true,
    });

    // Past the window with the limit reached: the next morning is not enough, the limit clears at 19:00.
    const late = await scene();
    for (const time of ["2026-11-28T00:00:00Z", "2026-11-28T00:30:00Z", "2026-11-28T00:45:00Z"]) {
      await placeCall(late.agent.actor, late.lead.id, {}, at(time));
    }
    expect(await checkCall(late.agent.actor, late.lead.id, undefined, at("2026-11-28T01:30:00Z"))).toMatchObject({
      reasons: ["outside_hours", "daily_limit"],
      nextAllowedAt: "2026-11-29T00:00:00.000Z",
    });
  });
});

describe("consent, licence and the do-not-call list", () => {
  it("refuses a vendor's lead without consent evidence and allows it with the time and the text", async () => {
    const { agent, lead } = await scene({ lead: { source: "intake" } });
    const noon = at("2026-11-27T17:00:00Z");
    const refused = await checkCall(agent.actor, lead.id, undefined, noon);
    expect(refused).toMatchObject({ allowed: false, reasons: ["no_consent"], nextAllowedAt: null });
    await Application.update({ consentAt: noon, consentText: "I agree to be called" }, { where: { id: lead.id } });
    expect(await checkCall(agent.actor, lead.id, undefined, noon)).toMatchObject({ allowed: true });
    // A lead from the public form needs no vendor evidence.
    const web = await scene({ lead: { source: "public_form" } });
    expect(await checkCall(web.agent.actor, web.lead.id, undefined, noon)).toMatchObject({ allowed: true });
  });

  it("refuses a lead whose agent is not licensed in its state", async () => {
    const { agent, lead } = await scene({ licensedStates: ["GA"] });
    const check = await checkCall(agent.actor, lead.id, undefined, at("2026-11-27T17:00:00Z"));
    expect(check).toMatchObject({ allowed: false, reasons: ["not_licensed"], nextAllowedAt: null });
    expect(check.messages).toEqual(["The lead's agent is not licensed in Florida."]);
  });

  it("refuses a listed number, which no override reaches", async () => {
    const admin = await signedInAdmin();
    const { agent, lead, e164 } = await scene();
    await DncNumber.create({ phoneE164: e164, reason: "customer_request", addedById: null });
    const noon = at("2026-11-27T17:00:00Z");
    expect(await checkCall(agent.actor, lead.id, undefined, noon)).toMatchObject({
      allowed: false,
      reasons: ["dnc"],
      messages: ["This number is on the do-not-call list."],
    });
    await expect(
      placeCall(admin.actor, lead.id, { overrideReason: "Customer called us back" }, noon),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(await CallAttempt.count({ where: { applicationId: lead.id } })).toBe(0);
  });
});

describe("outcomes that act on the do-not-call list", () => {
  it("wrong number lists that number (internal); asked not to be called lists every phone of the lead", async () => {
    const agent = await signedInAgent({ licensedStates: ["FL"] });
    const [first, second] = [uniquePhone(), uniquePhone()];
    const lead = await createLead(
      agent.agent.id,
      { city: "Tampa", state: "FL", zipCode: "33602" },
      {
        phones: [
          { phoneNumber: first, phoneType: "mobile", isPrimary: true },
          { phoneNumber: second, phoneType: "home", isPrimary: false },
        ],
      },
    );
    const noon = at("2026-11-27T17:00:00Z");
    const wrong = await placeCall(agent.actor, lead.id, {}, noon);
    await setCallOutcome(agent.actor, lead.id, wrong.callId, { outcome: "wrong_number" }, noon);
    expect(await DncNumber.findByPk(`+1${first}`, { raw: true })).toMatchObject({
      reason: "internal",
      addedById: agent.user.id,
    });
    expect(await DncNumber.findByPk(`+1${second}`)).toBeNull();
    expect(await checkCall(agent.actor, lead.id, undefined, noon)).toMatchObject({ reasons: ["dnc"] });

    const other = await placeCall(agent.actor, lead.id, { phone: second }, noon);
    expect(other.allowed).toBe(true);
    await setCallOutcome(agent.actor, lead.id, other.callId, { outcome: "do_not_call" }, noon);
    expect(await DncNumber.findByPk(`+1${second}`, { raw: true })).toMatchObject({ reason: "customer_request" });
    expect(await checkCall(agent.actor, lead.id, second, noon)).toMatchObject({ allowed: false, reasons: ["dnc"] });
  });
});

describe("an administrator's override", () => {
  it("allows a refused call with a reason, audited; an agent may not override", async () => {
    const admin = await signedInAdmin();
    const { agent, lead } = await scene();
    const early = at("2026-11-27T12:30:00Z");
    await expect(placeCall(agent.actor, lead.id, { overrideReason: "Please" }, early)).rejects.toMatchObject({
      status: 403,
    });
    const placed = await placeCall(admin.actor, lead.id, { overrideReason: "Lead asked for an early call" }, early);
    expect(placed).toMatchObject({
      allowed: true,
      overridden: ["outside_hours"],
      dial: expect.stringMatching(/^tel:\+1813/),
    });
    const logged = await ActivityLog.findOne({ where: { entityId: lead.id, action: "call_override" }, raw: true });
    expect(logged?.summary).toContain("overrode outside_hours");
    expect(logged?.summary).toContain("Lead asked for an early call");
    const row = await CallAttempt.findByPk(placed.callId);
    expect(row?.get()).toMatchObject({
      allowed: true,
      reasons: "outside_hours",
      overridden: "outside_hours",
      ruleState: "FL",
    });
  });
});

describe("the API", () => {
  const get = (handler: typeof agentCheckApi, path: string, id: string, cookie: string) =>
    callRoute(handler, { method: "GET", path, params: { id }, cookie });

  it("answers the check to the lead's agent and any admin, and 404 to another agent on every route", async () => {
    const admin = await signedInAdmin();
    const { agent, lead } = await scene();
    const other = await signedInAgent();
    const check = await get(agentCheckApi, `/api/agent/applications/${lead.id}/call-check`, lead.id, agent.cookie);
    expect(check.status).toBe(200);
    expect(await jsonOf(check)).toHaveProperty("timeZone", "America/New_York");
    expect(
      (await get(adminCheckApi, `/api/admin/applications/${lead.id}/call-check`, lead.id, admin.cookie)).status,
    ).toBe(200);
    expect(
      (await get(agentCheckApi, `/api/agent/applications/${lead.id}/call-check`, lead.id, other.cookie)).status,
    ).toBe(404);
    expect(
      (await get(adminCheckApi, `/api/admin/applications/${MISSING}/call-check`, MISSING, admin.cookie)).status,
    ).toBe(404);
    expect(
      (await get(adminCheckApi, `/api/admin/applications/${lead.id}/call-check`, lead.id, agent.cookie)).status,
    ).toBe(403);

    const placed = await placeCall(agent.actor, lead.id, {}, at("2026-11-27T17:00:00Z"));
    const path = `/api/applications/${lead.id}/calls`;
    expect(
      (await callRoute(callsAction, { path, params: { id: lead.id }, json: {}, cookie: other.cookie })).status,
    ).toBe(404);
    expect(
      (await callRoute(callsLoader, { method: "GET", path, params: { id: lead.id }, cookie: other.cookie })).status,
    ).toBe(404);
    const outcomePath = `${path}/${placed.callId}/outcome`;
    const params = { id: lead.id, callId: placed.callId };
    expect(
      (
        await callRoute(outcomeAction, {
          path: outcomePath,
          params,
          json: { outcome: "contacted" },
          cookie: other.cookie,
        })
      ).status,
    ).toBe(404);
    // A call of another lead is not found under this one.
    const elsewhere = await scene();
    expect(
      (
        await callRoute(outcomeAction, {
          path: outcomePath,
          params: { id: elsewhere.lead.id, callId: placed.callId },
          json: { outcome: "contacted" },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
  });

  it("records a call: 201 with the dial link when allowed, 409 with the reasons when not; outcomes set afterwards", async () => {
    // The routes read the real clock: fix it (Date only) at noon in Tampa, before the session is made;
    // on a past day, so the rows made here are never newer than another file's (the files of a
    // worker share its database).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at("2026-11-20T17:00:00Z"));
    try {
      const { agent, lead, e164 } = await scene();
      const path = `/api/applications/${lead.id}/calls`;
      const first = await callRoute(callsAction, {
        path,
        params: { id: lead.id },
        json: { phone: e164 },
        cookie: agent.cookie,
      });
      expect(first.status).toBe(201);
      const created = await jsonOf<{ callId: string; dial: string }>(first);
      expect(created.dial).toBe(`tel:${e164}`);
      await placeCall(agent.actor, lead.id, {});
      await placeCall(agent.actor, lead.id, { phone: "(813) " + e164.slice(5, 8) + "-" + e164.slice(8) });
      const fourth = await callRoute(callsAction, { path, params: { id: lead.id }, json: {}, cookie: agent.cookie });
      expect(fourth.status).toBe(409);
      const refused = await jsonOf<ApiError>(fourth);
      expect(refused).toMatchObject({
        error: "3 calls in the last 24 hours: Florida allows 3.",
        reasons: ["daily_limit"],
        nextAllowedAt: "2026-11-21T17:00:00.000Z",
      });

      const outcome = await callRoute(outcomeAction, {
        path: `${path}/${created.callId}/outcome`,
        params: { id: lead.id, callId: created.callId },
        json: { outcome: "voicemail" },
        cookie: agent.cookie,
      });
      expect(outcome.status).toBe(200);
      expect(await jsonOf(outcome)).toMatchObject({ outcome: "voicemail", outcomeLabel: "Voicemail" });
      const log = await jsonOf<{ id: string; allowed: boolean; outcome: string | null }[]>(
        await callRoute(callsLoader, { method: "GET", path, params: { id: lead.id }, cookie: agent.cookie }),
      );
      expect(log).toHaveLength(4);
      // One instant for all four (the clock is fixed): the refused one is found, not assumed first.
      const refusedCall = log.find((call) => !call.allowed)!;
      expect(refusedCall).toMatchObject({ outcome: null });
      expect(log.find((call) => call.id === created.callId)).toMatchObject({ allowed: true, outcome: "voicemail" });
      // A refused attempt dialled nothing and takes no outcome.
      await expect(
        setCallOutcome(agent.actor, lead.id, refusedCall.id, { outcome: "contacted" }),
      ).rejects.toMatchObject({
        status: 409,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 400 at the field for bad bodies", async () => {
    const { agent, lead } = await scene();
    const path = `/api/applications/${lead.id}/calls`;
    const post = (options: { json?: unknown; rawBody?: string }) =>
      callRoute(callsAction, { path, params: { id: lead.id }, cookie: agent.cookie, ...options });
    expect((await post({ rawBody: "{not json" })).status).toBe(400);
    const notTheirs = await post({ json: { phone: "(305) 555-0199" } });
    expect(notTheirs.status).toBe(400);
    expect((await jsonOf<ApiError>(notTheirs)).fieldErrors?.phone).toEqual(["That is not a phone number of this lead"]);
    expect((await post({ json: { phone: 5 } })).status).toBe(400);
    expect((await post({ json: { extra: true } })).status).toBe(400);
    const placed = await placeCall(agent.actor, lead.id, {}, at("2026-11-27T17:00:00Z"));
    const bad = await callRoute(outcomeAction, {
      path: `${path}/${placed.callId}/outcome`,
      params: { id: lead.id, callId: placed.callId },
      json: { outcome: "busy" },
      cookie: agent.cookie,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await jsonOf<ApiError>(bad)).fieldErrors ?? {})).toEqual(["outcome"]);
  });
});

describe("calling rules", () => {
  const put = (state: string, json: unknown, cookie: string) =>
    callRoute(ruleApi, { method: "PUT", path: `/api/admin/calling-rules/${state}`, params: { state }, json, cookie });

  it("ships the federal default and Florida, Oklahoma and Maryland's stricter rules", async () => {
    const admin = await signedInAdmin();
    const rules = await jsonOf<{ state: string; start: string; end: string; maxCallsPer24h: number | null }[]>(
      await callRoute(rulesApi, { method: "GET", path: "/api/admin/calling-rules", cookie: admin.cookie }),
    );
    expect(rules[0]).toMatchObject({ state: "US", start: "08:00", end: "21:00", maxCallsPer24h: null });
    for (const state of ["FL", "OK", "MD"]) {
      expect(rules.find((rule) => rule.state === state)).toMatchObject({
        start: "08:00",
        end: "20:00",
        maxCallsPer24h: 3,
      });
    }
    const agent = await signedInAgent();
    expect(
      (await callRoute(rulesApi, { method: "GET", path: "/api/admin/calling-rules", cookie: agent.cookie })).status,
    ).toBe(403);
  });

  it("adds, edits and removes a state's rule, with messages at the field; the federal row stays", async () => {
    const admin = await signedInAdmin();
    const invalid = await put("NV", { start: "20:00", end: "08:00", maxCallsPer24h: 0 }, admin.cookie);
    expect(invalid.status).toBe(400);
    expect((await jsonOf<ApiError>(invalid)).fieldErrors).toEqual({
      maxCallsPer24h: ["Calls per 24 hours must be at least 1 (leave it empty for no limit)"],
      end: ["End must be after start"],
    });
    expect(
      (await jsonOf<ApiError>(await put("NV", { start: "8am", end: "20:00", maxCallsPer24h: null }, admin.cookie)))
        .fieldErrors,
    ).toEqual({
      start: ["Start must be a time like 08:00"],
    });
    expect((await put("ZZ", { start: "08:00", end: "20:00", maxCallsPer24h: null }, admin.cookie)).status).toBe(400);
    const saved = await put("nv", { start: "09:00", end: "20:00", maxCallsPer24h: 2, source: "Test" }, admin.cookie);
    expect(saved.status).toBe(200);
    // Left out, the days are every day.
    expect(await jsonOf(saved)).toMatchObject({
      state: "NV",
      stateName: "Nevada",
      start: "09:00",
      maxCallsPer24h: 2,
      days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
    });
    const days = (value: unknown) =>
      put("NV", { start: "09:00", end: "20:00", maxCallsPer24h: 2, days: value }, admin.cookie);
    expect((await jsonOf<ApiError>(await days(["mon", "sunday"]))).fieldErrors).toEqual({
      days: ["Days must be among mon, tue, wed, thu, fri, sat and sun"],
    });
    expect((await jsonOf<ApiError>(await days([]))).fieldErrors).toEqual({ days: ["Choose at least one day"] });
    // Kept in week order, each once.
    expect(await jsonOf(await days(["sat", "mon", "fri", "mon"]))).toMatchObject({ days: ["mon", "fri", "sat"] });
    expect(
      await ActivityLog.findOne({ where: { action: "calling_rule_saved" }, order: [["createdAt", "DESC"]], raw: true }),
    ).toMatchObject({
      summary: expect.stringContaining(
        "Nevada: Monday, Friday and Saturday, 09:00-20:00, at most 2 calls per 24 hours",
      ),
    });
    const remove = (state: string) =>
      callRoute(ruleApi, {
        method: "DELETE",
        path: `/api/admin/calling-rules/${state}`,
        params: { state },
        cookie: admin.cookie,
      });
    expect((await remove("NV")).status).toBe(200);
    expect((await remove("NV")).status).toBe(404);
    expect((await remove("US")).status).toBe(409);
  });
});

describe("the pages", () => {
  it("Calling Rules: bad input answers at the field with what was typed; a good one saves and removes", async () => {
    const admin = await signedInAdmin();
    const post = (form: Record<string, string | string[]>) =>
      callRoute(rulesPageAction, { path: "/admin/calling-rules", form, cookie: admin.cookie });
    const everyDay = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
    const letters = await post({
      intent: "save",
      state: "NM",
      start: "09:00",
      end: "20:00",
      maxCallsPer24h: "x",
      days: everyDay,
    });
    expect(letters.status).toBe(400);
    expect((await jsonOf<{ result: { error: Record<string, string[]> } }>(letters)).result.error).toEqual({
      maxCallsPer24h: ["Calls per 24 hours must be a whole number"],
    });
    // No box checked is refused at the days, what was typed kept.
    const noDay = await post({ intent: "save", state: "NM", start: "09:00", end: "20:00", maxCallsPer24h: "" });
    expect(noDay.status).toBe(400);
    const noDayResult = (
      await jsonOf<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> } }>(noDay)
    ).result;
    expect(noDayResult.error).toEqual({ days: ["Choose at least one day"] });
    expect(noDayResult.initialValue).toMatchObject({ state: "NM", start: "09:00", end: "20:00" });
    // One box checked is one value.
    expect(
      (await post({ intent: "save", state: "NM", start: "09:00", end: "20:00", maxCallsPer24h: "", days: "sun" }))
        .status,
    ).toBe(302);
    expect(await CallingRule.findByPk("NM", { raw: true })).toMatchObject({ days: "sun" });
    const bad = await post({
      intent: "save",
      state: "NM",
      start: "21:00",
      end: "09:00",
      maxCallsPer24h: "4",
      days: ["mon", "sat"],
    });
    expect(bad.status).toBe(400);
    const { result } = await jsonOf<{
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    }>(bad);
    expect(result.error).toEqual({ end: ["End must be after start"] });
    expect(result.initialValue).toMatchObject({
      state: "NM",
      start: "21:00",
      end: "09:00",
      maxCallsPer24h: "4",
      days: ["mon", "sat"],
    });
    expect(
      (await post({ intent: "save", state: "NM", start: "09:00", end: "20:00", maxCallsPer24h: "", days: everyDay }))
        .status,
    ).toBe(302);
    expect(await CallingRule.findByPk("NM", { raw: true })).toMatchObject({
      startTime: "09:00",
      maxCallsPer24h: null,
      days: everyDay.join(","),
    });
    expect((await post({ intent: "remove", state: "NM" })).status).toBe(302);
    expect(await CallingRule.findByPk("NM")).toBeNull();
    const page = await callRoute(rulesPageLoader, {
      method: "GET",
      path: "/admin/calling-rules?edit=fl",
      cookie: admin.cookie,
    });
    expect(await jsonOf(page)).toMatchObject({ editing: { state: "FL" } });
  });

  it("Call Now without JavaScript: the post records and answers the dial page; a refusal says why; 404 for another agent", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(at("2026-11-20T12:30:00Z"));
      const admin = await signedInAdmin();
      const { agent, lead, e164 } = await scene();
      const other = await signedInAgent();
      const path = `/applications/${lead.id}/call`;
      const post = (form: Record<string, string>, cookie: string) =>
        callRoute(callPageAction, { path, params: { id: lead.id }, form, cookie });
      // 7:30 AM in Tampa: refused, logged, nothing to dial.
      const refused = await post({ intent: "call" }, agent.cookie);
      expect(refused.status).toBe(302);
      const refusedAt = refused.headers.get("Location")!;
      expect(refusedAt).toMatch(/\?call=[0-9a-f-]+$/);
      const view = await jsonOf<{ call: { allowed: boolean }; check: { messages: string[]; nextAllowedAt: string } }>(
        await callRoute(callPageLoader, {
          method: "GET",
          path: refusedAt,
          params: { id: lead.id },
          cookie: agent.cookie,
        }),
      );
      expect(view.call.allowed).toBe(false);
      expect(view.check.messages).toEqual(["It is 7:30 AM EST in Tampa; calls are allowed 8:00 AM – 8:00 PM."]);
      expect(view.check.nextAllowedAt).toBe("2026-11-20T13:00:00.000Z");
      // The admin's override needs a reason, at the field.
      const noReason = await post({ intent: "override", phone: e164, overrideReason: " " }, admin.cookie);
      expect(noReason.status).toBe(400);
      expect(
        (await jsonOf<{ result: { error: Record<string, string[]> } }>(noReason)).result.error.overrideReason,
      ).toEqual(["Say why the call must be made"]);
      expect((await post({ intent: "call" }, other.cookie)).status).toBe(404);
      expect(
        (await callRoute(callPageLoader, { method: "GET", path, params: { id: lead.id }, cookie: other.cookie }))
          .status,
      ).toBe(404);

      vi.setSystemTime(at("2026-11-20T15:00:00Z"));
      const allowed = await post({ intent: "call", phone: e164 }, agent.cookie);
      const dialAt = allowed.headers.get("Location")!;
      expect(dialAt).toMatch(/\?call=[0-9a-f-]+&dial=1$/);
      const callId = new URL(dialAt, "http://localhost").searchParams.get("call")!;
      const saved = await post({ intent: "outcome", callId, outcome: "contacted" }, agent.cookie);
      expect(saved.status).toBe(302);
      expect((await CallAttempt.findByPk(callId))?.outcome).toBe("contacted");
    } finally {
      vi.useRealTimers();
    }
  });
});
