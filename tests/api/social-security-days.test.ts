import { describe, expect, it } from "vitest";
import { Application, PaymentTracking } from "~db";
import { todayIn } from "~/domain/periods";
import { draftDateBounds } from "~/domain/schemas/application-fields";
import { LEAD_STATUS_MESSAGES } from "~/domain/schemas/lead-status";
import { SOCIAL_SECURITY_DAYS_MESSAGES } from "~/domain/schemas/social-security-days";
import { socialSecurityDayOnOrAfter, socialSecurityDays } from "~/domain/social-security-days";
import { action as submitPage } from "~/routes/_public+/submitapplication";
import { action as leadsAction } from "~/routes/agent+/leads";
import { loader as leadApi } from "~/routes/api+/applications.$id";
import { action as patchAction } from "~/routes/api+/applications.$id";
import { action as statusAction } from "~/routes/api+/agent.applications.$id.status";
import { action as publicApplications } from "~/routes/api+/public.applications";
import { loader as agentRetention } from "~/routes/api+/agent.retention";
import { loader as daysApi } from "~/routes/api+/social-security-days";
import { LEAD_EDIT_ERRORS } from "~/services/lead-edit.server";
import { LEAD_STATUS_ERRORS } from "~/services/lead-status.server";
import { applicationForm, applicationPayload, carrierId } from "../support/application-factories";
import { createAgent, createLead, giveCarrier, signedInAdmin, signedInAgent } from "../support/factories";
import { readToast } from "~/utils/toast.server";
import { callRoute, jsonOf } from "../support/http";

// Issue 26 item 6 (decision 078): the client's Social Security days. GET /api/social-security-days
// for any signed-in user; the sale's nine months laid out on them when the agent chooses it (and
// refused without a date of birth); the public application and the lead's edit moving the draft
// dates to them; the lead's JSON and the retention tracker saying so.

type ApiError = { error: string; fieldErrors?: Record<string, string[]> };
type DaysAnswer = { dates: string[]; rule: string };

const RULE_5TH =
  "Born on the 5th: Social Security pays on the second Wednesday of each month, or the business day before when that Wednesday is a federal holiday.";

function days(query: string, cookie?: string) {
  return callRoute(daysApi, { path: `/api/social-security-days?${query}`, cookie });
}

describe("GET /api/social-security-days", () => {
  it("answers the next days and the rule to an agent and to an admin", async () => {
    const agent = await signedInAgent();
    const admin = await signedInAdmin();
    for (const cookie of [agent.cookie, admin.cookie]) {
      const response = await days("dateOfBirth=1950-03-05&from=2026-10-15&count=4", cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      // November 11, 2026, Veterans Day, is the second Wednesday: paid on the Tuesday before.
      expect(await jsonOf<DaysAnswer>(response)).toEqual({
        dates: ["2026-11-10", "2026-12-09", "2027-01-13", "2027-02-10"],
        rule: RULE_5TH,
      });
    }
  });

  it("counts `from` itself, and without `from` and `count` answers a year from today in the user's time zone", async () => {
    const me = await signedInAgent();
    const inclusive = await jsonOf<DaysAnswer>(await days("dateOfBirth=1950-03-25&from=2024-12-24&count=2", me.cookie));
    expect(inclusive.dates).toEqual(["2024-12-24", "2025-01-22"]);
    const byDefault = await jsonOf<DaysAnswer>(await days("dateOfBirth=1950-03-05", me.cookie));
    expect(byDefault.dates).toEqual(socialSecurityDays("1950-03-05", todayIn(me.actor.timezone), 12));
  });

  it.each([
    ["", "dateOfBirth", SOCIAL_SECURITY_DAYS_MESSAGES.dateOfBirth],
    ["dateOfBirth=1950-02-30", "dateOfBirth", SOCIAL_SECURITY_DAYS_MESSAGES.dateOfBirth],
    ["dateOfBirth=03/05/1950", "dateOfBirth", SOCIAL_SECURITY_DAYS_MESSAGES.dateOfBirth],
    ["dateOfBirth=1899-12-31", "dateOfBirth", SOCIAL_SECURITY_DAYS_MESSAGES.dateOfBirth],
    ["dateOfBirth=1950-03-05&from=2026-13-01", "from", SOCIAL_SECURITY_DAYS_MESSAGES.from],
    ["dateOfBirth=1950-03-05&from=1999-12-31", "from", SOCIAL_SECURITY_DAYS_MESSAGES.from],
    ["dateOfBirth=1950-03-05&count=0", "count", SOCIAL_SECURITY_DAYS_MESSAGES.count],
    ["dateOfBirth=1950-03-05&count=25", "count", SOCIAL_SECURITY_DAYS_MESSAGES.count],
    ["dateOfBirth=1950-03-05&count=1.5", "count", SOCIAL_SECURITY_DAYS_MESSAGES.count],
    ["dateOfBirth=1950-03-05&count=abc", "count", SOCIAL_SECURITY_DAYS_MESSAGES.count],
  ])("?%s is a 400 at %s", async (query, field, message) => {
    const me = await signedInAgent();
    const response = await days(query, me.cookie);
    expect(response.status).toBe(400);
    const body = await jsonOf<ApiError>(response);
    expect(body.fieldErrors?.[field]).toEqual([message]);
    expect(body.error).toBe(message);
  });

  it("is a 401 signed out", async () => {
    const response = await days("dateOfBirth=1950-03-05");
    expect(response.status).toBe(401);
    expect(await jsonOf<ApiError>(response)).toEqual({ error: "Not signed in" });
  });
});

// ---------------------------------------------------------------------------------------------
// The sale

/** An agent with Aetna's product, licensed in FL, and a lead of theirs ready to sell. */
async function seller(lead: { dateOfBirth: string | null; firstDraftDate: string | null }) {
  const me = await signedInAgent();
  const { carrier, product } = await giveCarrier(me.agent.id, "Aetna", "Final Expense", 100);
  const row = await createLead(me.agent.id, { monthlyPremiumCents: 5_000 });
  await row.update({ carrierId: carrier.id, state: "FL", ...lead });
  return { ...me, product, lead: row };
}

function putStatus(id: string, json: unknown, cookie: string) {
  return callRoute(statusAction, {
    method: "PUT",
    path: `/api/agent/applications/${id}/status`,
    params: { id },
    json,
    cookie,
  });
}

/** The lead as stored, read through the model (SQLite's 0/1 read as booleans). */
async function stored(id: string) {
  return (await Application.findByPk(id))!.get({ plain: true });
}

async function storedWhere(lastName: string) {
  return (await Application.findOne({ where: { lastName } }))!.get({ plain: true });
}

async function dueDatesOf(applicationId: string) {
  const rows = await PaymentTracking.findAll({ where: { applicationId }, order: [["monthNumber", "ASC"]], raw: true });
  return rows.map((row) => String(row.dueDate).slice(0, 10));
}

/** Born on the 5th, first draft on Oct 15, 2026: the second Wednesdays from then on, Veterans Day's moved. */
const NINE_SECOND_WEDNESDAYS = [
  "2026-11-10",
  "2026-12-09",
  "2027-01-13",
  "2027-02-10",
  "2027-03-10",
  "2027-04-14",
  "2027-05-12",
  "2027-06-09",
  "2027-07-14",
];

describe("a sale drafted on the Social Security day", () => {
  it("lays the nine months out on the client's Social Security days from the first draft date on", async () => {
    const s = await seller({ dateOfBirth: "1950-03-05", firstDraftDate: "2026-10-15" });
    const response = await putStatus(
      s.lead.id,
      { status: "sale", productId: s.product.id, draftOnSocialSecurityDay: true },
      s.cookie,
    );
    expect(response.status).toBe(200);
    const { application: answer } = await jsonOf<{
      application: { draftOnSocialSecurityDay: boolean; paymentTracking: { dueDate: string }[] };
    }>(response);
    expect(answer.draftOnSocialSecurityDay).toBe(true);
    expect(answer.paymentTracking.map((month) => month.dueDate)).toEqual(NINE_SECOND_WEDNESDAYS);
    expect(await dueDatesOf(s.lead.id)).toEqual(NINE_SECOND_WEDNESDAYS);
    // The lead's JSON carries the choice.
    const lead = await jsonOf<{ draftOnSocialSecurityDay: boolean }>(
      await callRoute(leadApi, { path: `/api/applications/${s.lead.id}`, params: { id: s.lead.id }, cookie: s.cookie }),
    );
    expect(lead.draftOnSocialSecurityDay).toBe(true);
  });

  it("starts on the first draft date itself when it is a Social Security day", async () => {
    const s = await seller({ dateOfBirth: "1950-03-05", firstDraftDate: "2026-11-10" });
    await putStatus(s.lead.id, { status: "sale", productId: s.product.id, draftOnSocialSecurityDay: true }, s.cookie);
    expect(await dueDatesOf(s.lead.id)).toEqual(NINE_SECOND_WEDNESDAYS);
  });

  it("keeps the first draft's day of the month without the choice, and stores that", async () => {
    const s = await seller({ dateOfBirth: "1950-03-05", firstDraftDate: "2026-10-15" });
    const response = await putStatus(s.lead.id, { status: "sale", productId: s.product.id }, s.cookie);
    expect(response.status).toBe(200);
    expect((await dueDatesOf(s.lead.id)).slice(0, 3)).toEqual(["2026-10-15", "2026-11-15", "2026-12-15"]);
    expect((await Application.findByPk(s.lead.id))!.draftOnSocialSecurityDay).toBe(false);
  });

  it("is refused at its field without a date of birth, and nothing is written", async () => {
    const s = await seller({ dateOfBirth: null, firstDraftDate: "2026-10-15" });
    const response = await putStatus(
      s.lead.id,
      { status: "sale", productId: s.product.id, draftOnSocialSecurityDay: true },
      s.cookie,
    );
    expect(response.status).toBe(400);
    expect(await jsonOf<ApiError>(response)).toMatchObject({
      error: LEAD_STATUS_ERRORS.noBirthDate,
      fieldErrors: { draftOnSocialSecurityDay: [LEAD_STATUS_ERRORS.noBirthDate] },
    });
    const after = await stored(s.lead.id);
    expect(after.status).toBe(s.lead.status);
    expect(after.soldAt ?? null).toBeNull();
    expect(await dueDatesOf(s.lead.id)).toEqual([]);
  });

  it("refuses a choice that is not yes or no", async () => {
    const s = await seller({ dateOfBirth: "1950-03-05", firstDraftDate: "2026-10-15" });
    const response = await putStatus(
      s.lead.id,
      { status: "sale", productId: s.product.id, draftOnSocialSecurityDay: "sometimes" },
      s.cookie,
    );
    expect(response.status).toBe(400);
    expect((await jsonOf<ApiError>(response)).fieldErrors).toEqual({
      draftOnSocialSecurityDay: [LEAD_STATUS_MESSAGES.socialSecurityDayShape],
    });
  });

  it("through My Leads' status form: the ticked box lays it out; refused, the form says so at the box", async () => {
    const s = await seller({ dateOfBirth: "1950-03-05", firstDraftDate: "2026-10-15" });
    const path = `/agent/leads?dialog=status&id=${s.lead.id}`;
    const form = { intent: "status", id: s.lead.id, status: "sale", productId: s.product.id };
    const sold = await callRoute(leadsAction, {
      method: "POST",
      path,
      form: { ...form, draftOnSocialSecurityDay: "on" },
      cookie: s.cookie,
    });
    expect(sold.status).toBe(302);
    expect(await dueDatesOf(s.lead.id)).toEqual(NINE_SECOND_WEDNESDAYS);
    const cookie = (sold.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    expect((await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast).toMatchObject({
      title: "Sale Recorded",
      description: "Commission: $450.00. The 9-month payment schedule is ready, on the client's Social Security days.",
    });

    const unborn = await seller({ dateOfBirth: null, firstDraftDate: null });
    const refused = await callRoute(leadsAction, {
      method: "POST",
      path: `/agent/leads?dialog=status&id=${unborn.lead.id}`,
      form: { ...form, id: unborn.lead.id, productId: unborn.product.id, draftOnSocialSecurityDay: "on" },
      cookie: unborn.cookie,
    });
    expect(refused.status).toBe(400);
    const reply = await jsonOf<{ result: { error?: Record<string, string[]> } }>(refused);
    expect(reply.result.error?.draftOnSocialSecurityDay).toEqual([LEAD_STATUS_ERRORS.noBirthDate]);
  });

  it("shows on the agent's retention tracker beside the schedule", async () => {
    const s = await seller({ dateOfBirth: "1950-03-05", firstDraftDate: "2026-10-15" });
    await putStatus(s.lead.id, { status: "sale", productId: s.product.id, draftOnSocialSecurityDay: true }, s.cookie);
    const { policies } = await jsonOf<{ policies: { id: string; draftDay: string | null }[] }>(
      await callRoute(agentRetention, { path: "/api/agent/retention", cookie: s.cookie }),
    );
    expect(policies.find((row) => row.id === s.lead.id)?.draftDay).toBe("Social Security day (2nd Wednesday)");
  });
});

// ---------------------------------------------------------------------------------------------
// The public application and the lead's edit

describe("the public application", () => {
  async function approvedAgent() {
    const { agent } = await createAgent({ status: "approved", licensedStates: ["FL"] });
    return { agentId: agent.id, carrier: await carrierId() };
  }

  it("moves the draft dates to the client's Social Security days when asked (API)", async () => {
    const { agentId, carrier } = await approvedAgent();
    // Born on the 15th: June 19, 2030 (Juneteenth) is the third Wednesday, paid on the 18th.
    const payload = applicationPayload(agentId, carrier, {
      dateOfBirth: "1950-03-15",
      firstDraftDate: "2030-06-01",
      futureDraftDate: "2030-12-20",
      draftOnSocialSecurityDay: true,
    });
    const response = await callRoute(publicApplications, {
      path: "/api/public/applications",
      method: "POST",
      json: payload,
    });
    expect(response.status).toBe(201);
    expect(await storedWhere(payload.lastName)).toMatchObject({
      firstDraftDate: "2030-06-18",
      futureDraftDate: "2031-01-15",
      draftOnSocialSecurityDay: true,
    });
  });

  it("without JavaScript: the ticked box and no first draft date give the first Social Security day from tomorrow", async () => {
    const { agentId, carrier } = await approvedAgent();
    const form = applicationForm(agentId, carrier, {
      dateOfBirth: "1950-03-05",
      firstDraftDate: "",
      draftOnSocialSecurityDay: "on",
    });
    const response = await callRoute(submitPage, {
      path: "/submitapplication",
      method: "POST",
      form,
      headers: { "X-Remote-Address": "10.78.0.1" },
    });
    expect(response.status).toBe(302);
    const after = await storedWhere(form.lastName!);
    expect(after.draftOnSocialSecurityDay).toBe(true);
    expect(after.firstDraftDate).toBe(socialSecurityDayOnOrAfter("1950-03-05", draftDateBounds().tomorrow));
  });

  it("refuses a choice that is not yes or no, at its field", async () => {
    const { agentId, carrier } = await approvedAgent();
    const payload = applicationPayload(agentId, carrier, { draftOnSocialSecurityDay: "maybe" });
    const response = await callRoute(publicApplications, {
      path: "/api/public/applications",
      method: "POST",
      json: payload,
    });
    expect(response.status).toBe(400);
    expect((await jsonOf<ApiError>(response)).fieldErrors?.draftOnSocialSecurityDay).toEqual([
      "Draft on my Social Security day must be yes or no",
    ]);
  });

  it("leaves the dates as chosen without the box", async () => {
    const { agentId, carrier } = await approvedAgent();
    const payload = applicationPayload(agentId, carrier, { dateOfBirth: "1950-03-05", firstDraftDate: "2030-06-01" });
    await callRoute(publicApplications, { path: "/api/public/applications", method: "POST", json: payload });
    expect(await storedWhere(payload.lastName)).toMatchObject({
      firstDraftDate: "2030-06-01",
      draftOnSocialSecurityDay: false,
    });
  });
});

describe("the lead's edit", () => {
  function patch(id: string, json: unknown, cookie: string) {
    return callRoute(patchAction, { method: "PATCH", path: `/api/applications/${id}`, params: { id }, json, cookie });
  }

  it("moves the draft dates to Social Security days when the choice is made, and after a new date of birth", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id, { dateOfBirth: "1950-03-05" });
    const response = await patch(
      lead.id,
      { draftOnSocialSecurityDay: true, firstDraftDate: "2027-01-01", futureDraftDate: "2027-02-11" },
      me.cookie,
    );
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({
      draftOnSocialSecurityDay: true,
      firstDraftDate: "2027-01-13",
      futureDraftDate: "2027-03-10",
    });
    // Born on the 25th instead: the fourth Wednesdays on or after the dates stored.
    await patch(lead.id, { dateOfBirth: "1950-03-25" }, me.cookie);
    expect(await stored(lead.id)).toMatchObject({
      firstDraftDate: "2027-01-27",
      futureDraftDate: "2027-03-24",
    });
    // Back to the dates as chosen: they stay where they are.
    await patch(lead.id, { draftOnSocialSecurityDay: false, firstDraftDate: "2027-01-02" }, me.cookie);
    expect(await stored(lead.id)).toMatchObject({
      firstDraftDate: "2027-01-02",
      draftOnSocialSecurityDay: false,
    });
  });

  it("through the edit form's select (yes)", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id, { dateOfBirth: "1950-03-05" });
    const response = await callRoute(leadsAction, {
      method: "POST",
      path: `/agent/leads?dialog=edit&id=${lead.id}`,
      form: {
        intent: "edit",
        id: lead.id,
        firstName: lead.firstName,
        lastName: lead.lastName,
        firstDraftDate: "2027-01-01",
        draftOnSocialSecurityDay: "yes",
      },
      cookie: me.cookie,
    });
    expect(response.status).toBe(302);
    expect(await stored(lead.id)).toMatchObject({
      firstDraftDate: "2027-01-13",
      draftOnSocialSecurityDay: true,
    });
  });

  it("is refused at its field without a date of birth, or once the lead is sold", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id, { dateOfBirth: null });
    const refused = await patch(lead.id, { draftOnSocialSecurityDay: true }, me.cookie);
    expect(refused.status).toBe(400);
    expect((await jsonOf<ApiError>(refused)).fieldErrors).toEqual({
      draftOnSocialSecurityDay: [LEAD_EDIT_ERRORS.noBirthDate],
    });

    const s = await seller({ dateOfBirth: "1950-03-05", firstDraftDate: "2026-10-15" });
    await putStatus(s.lead.id, { status: "sale", productId: s.product.id }, s.cookie);
    const afterSale = await patch(s.lead.id, { draftOnSocialSecurityDay: true }, s.cookie);
    expect(afterSale.status).toBe(400);
    expect((await jsonOf<ApiError>(afterSale)).fieldErrors).toEqual({
      draftOnSocialSecurityDay: [LEAD_EDIT_ERRORS.soldDraftDay],
    });
    // The same choice again is no change, and saves.
    expect((await patch(s.lead.id, { draftOnSocialSecurityDay: false }, s.cookie)).status).toBe(200);
  });

  it("refuses a draft day that is neither choice, at its field", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id, { dateOfBirth: "1950-03-05" });
    const response = await patch(lead.id, { draftOnSocialSecurityDay: "sometimes" }, me.cookie);
    expect(response.status).toBe(400);
    expect((await jsonOf<ApiError>(response)).fieldErrors).toEqual({
      draftOnSocialSecurityDay: ["Please choose the draft dates as chosen or the client's Social Security day"],
    });
  });

  it("another agent's lead is a 404, the choice unchanged", async () => {
    const owner = await signedInAgent();
    const other = await signedInAgent();
    const lead = await createLead(owner.agent.id, { dateOfBirth: "1950-03-05" });
    expect((await patch(lead.id, { draftOnSocialSecurityDay: true }, other.cookie)).status).toBe(404);
    expect((await Application.findByPk(lead.id))!.draftOnSocialSecurityDay).toBe(false);
  });
});
