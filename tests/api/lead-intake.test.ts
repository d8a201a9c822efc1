import crypto from "node:crypto";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { Agent, Application, Carrier, LeadDuplicate, LeadSource, Notification, Order, Phone, sequelize } from "~db";
import { US_STATES } from "~/domain/states";
import { action } from "~/routes/api+/intake.leads";
import { loader as listApi } from "~/routes/api+/admin.applications";
import { loader as dashboardPage } from "~/routes/admin+/dashboard";
import { listAllLeads } from "~/services/admin-leads.server";
import { getAdminDashboard } from "~/services/dashboard.server";
import { allLeadsFromSearch } from "~/domain/schemas/admin-leads";
import { INTAKE_MESSAGES, receiveLead } from "~/services/lead-intake.server";
import { newPostingKey } from "~/services/posting-keys.server";
import { env } from "~/utils/env.server";
import { createAgent, signedInAdmin, signedInAgent } from "../support/factories";
import { bodiesFor, seedOf, seededRandom } from "../support/fuzz-corpus";
import { callRoute, jsonOf } from "../support/http";
import { createOrderRow } from "../support/order-factories";

// Issue 24 items 2, 3 and 5 (decision 063): POST /api/intake/leads with a source's posting key,
// duplicates by E.164 phone and lower-cased email within the source's window, a repost of an
// external id answered with the first post's lead, and distribution against orders: the licensed,
// approved, set-up agent with calls left who was assigned least recently, the order's last call
// never taken twice.

type Answer = { id: string; status: string; agentId?: string | null; duplicateOf?: string | null; billable?: boolean };
type ApiError = { error: string; fieldErrors?: Record<string, string[]> };

async function createSource(
  overrides: Partial<{
    status: "active" | "paused";
    duplicateWindowDays: number;
    rateLimitPerMinute: number;
    defaultCarrierId: string | null;
  }> = {},
) {
  const { key, hash, last4 } = newPostingKey();
  const source = await LeadSource.create({
    name: `Vendor ${crypto.randomBytes(4).toString("hex")}`,
    costPerLeadCents: 17_500,
    defaultCarrierId: overrides.defaultCarrierId ?? null,
    postingKeyHash: hash,
    postingKeyLast4: last4,
    keyRotatedAt: null,
    status: overrides.status ?? "active",
    duplicateWindowDays: overrides.duplicateWindowDays ?? 30,
    rateLimitPerMinute: overrides.rateLimitPerMinute ?? 10_000,
  });
  return { source, key };
}

/** A phone number no other test of the file uses: (213) and seven random digits. */
function uniquePhone() {
  const digits = String(crypto.randomInt(2_000_000, 9_999_999));
  return { digits: `213${digits}`, e164: `+1213${digits}` };
}

function leadBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Lena",
    lastName: "Lead",
    phone: uniquePhone().digits,
    state: "FL",
    ...overrides,
  };
}

function post(key: string | null, json: unknown, headers: Record<string, string> = {}) {
  return callRoute(action, {
    method: "POST",
    path: "/api/intake/leads",
    json,
    headers: key === null ? headers : { Authorization: `Bearer ${key}`, ...headers },
  });
}

async function postOk(key: string, json: unknown) {
  const response = await post(key, json);
  expect([200, 201]).toContain(response.status);
  return jsonOf<Answer>(response);
}

/**
 * An agent who receives leads in `state` with an Active order of `calls` calls (`used` of them
 * completed); every part of that can be changed to make them ineligible.
 */
async function orderedAgent(
  state: string,
  options: Partial<{
    status: "approved" | "paused" | "pending";
    setupComplete: boolean;
    calls: number;
    used: number;
    orderStatus: string;
    licensed: boolean;
    lastLeadAssignedAt: Date | null;
  }> = {},
) {
  const { user, agent } = await createAgent({
    status: options.status ?? "approved",
    setupComplete: options.setupComplete ?? true,
    licensedStates: options.licensed === false ? ["AK"] : [state],
  });
  if (options.lastLeadAssignedAt) await agent.update({ lastLeadAssignedAt: options.lastLeadAssignedAt });
  const order = await createOrderRow({
    agentId: agent.id,
    callsOrdered: options.calls ?? 10,
    callsCompleted: options.used ?? 0,
    status: options.orderStatus ?? "Active",
  });
  return { user, agent, order };
}

// Each distribution test has a state of its own in which no other agent with an Active order is
// licensed, so agents and orders of other tests (and other files in this worker's database: the
// demo seed's among them) never take its leads.
// Not DC (every agent's) nor AK (where orderedAgent licenses an agent who must not qualify).
const states = US_STATES.map((state) => state.code).filter((code) => code !== "DC" && code !== "AK");
let nextState = 0;
async function freshState() {
  while (nextState < states.length) {
    const state = states[nextState++]!;
    const [rivals] = (await sequelize.query(
      `SELECT COUNT(*) AS n FROM agents g JOIN licensed_states s ON s.agent_id = g.id
       JOIN orders o ON o.agent_id = g.id AND o.status = 'Active'
       WHERE s.state = :state`,
      { replacements: { state }, type: QueryTypes.SELECT },
    )) as { n: number | string }[];
    if (Number(rivals!.n) === 0) return state;
  }
  throw new Error("No state is left in which no other agent receives leads");
}

describe("POST /api/intake/leads: the contract", () => {
  it("answers 201 { id, status, agentId } and keeps the lead as received, with its source and consent", async () => {
    const carrier = (await Carrier.findOne({ where: { name: "Aetna" } }))!;
    const { source, key } = await createSource({ defaultCarrierId: carrier.id });
    const phone = uniquePhone();
    const consent = {
      timestamp: "2026-11-20T14:03:00Z",
      ipAddress: "203.0.113.7",
      pageUrl: "https://quotes.example.com/final-expense",
      text: "By clicking Submit I agree to be called by Agency CRM at the number above.",
      certificateUrl: "https://cert.trustedform.com/0123456789abcdef",
    };
    const response = await post(key, {
      firstName: " Rosa ",
      lastName: "Reyes",
      phone: `(${phone.digits.slice(0, 3)}) ${phone.digits.slice(3, 6)}-${phone.digits.slice(6)}`,
      email: "Rosa.Reyes@Example.COM",
      address: "12 Palm Way",
      city: "Tampa",
      state: "wy",
      zipCode: "33601",
      dateOfBirth: "1950-04-02",
      gender: "F",
      coverageAmount: 15000,
      monthlyPremium: "62.50",
      externalId: "v-1001",
      consent,
    });
    expect(response.status).toBe(201);
    const body = await jsonOf<Answer>(response);
    expect(Object.keys(body).sort()).toEqual(["agentId", "id", "status"]);
    expect(body).toMatchObject({ status: "unassigned", agentId: null });
    expect(response.headers.get("Cache-Control")).toBe("no-store");

    const lead = (await Application.findByPk(body.id, { raw: true }))!;
    expect(lead).toMatchObject({
      firstName: "Rosa",
      lastName: "Reyes",
      source: "intake",
      leadSourceId: source.id,
      externalId: "v-1001",
      carrierId: carrier.id,
      phoneE164: phone.e164,
      email: "Rosa.Reyes@Example.COM",
      emailNormalized: "rosa.reyes@example.com",
      state: "WY",
      zipCode: "33601",
      dateOfBirth: "1950-04-02",
      gender: "female",
      consentText: consent.text,
      consentIp: consent.ipAddress,
      consentPageUrl: consent.pageUrl,
      consentCertificateUrl: consent.certificateUrl,
      status: "pending",
      agentId: null,
      orderId: null,
    });
    expect(Number(lead.coverageAmountCents)).toBe(1_500_000);
    expect(Number(lead.monthlyPremiumCents)).toBe(6_250);
    expect(Boolean(lead.billable)).toBe(true);
    expect(Boolean(lead.consentGiven)).toBe(true);
    expect(new Date(lead.consentAt!).toISOString()).toBe("2026-11-20T14:03:00.000Z");
    const phones = await Phone.findAll({ where: { applicationId: body.id }, raw: true });
    expect(phones).toHaveLength(1);
    expect(phones[0]).toMatchObject({ phoneNumber: phone.digits, phoneType: "mobile" });
    expect(Boolean(phones[0]!.isPrimary)).toBe(true);
  });

  it("answers 401 for a missing, malformed, unknown or retired key, and for an agent's session", async () => {
    const { source, key } = await createSource();
    const missing = await post(null, leadBody());
    expect(missing.status).toBe(401);
    expect(await jsonOf<ApiError>(missing)).toEqual({ error: INTAKE_MESSAGES.keyMissing });

    const basic = await post(null, leadBody(), { Authorization: `Basic ${key}` });
    expect(basic.status).toBe(401);
    expect((await jsonOf<ApiError>(basic)).error).toBe(INTAKE_MESSAGES.keyMissing);

    const unknown = await post(newPostingKey().key, leadBody());
    expect(unknown.status).toBe(401);
    expect((await jsonOf<ApiError>(unknown)).error).toBe(INTAKE_MESSAGES.keyUnknown);

    // A rotation stores the new key's hash in place of the old: the old key is retired at once.
    const rotated = newPostingKey();
    await source.update({ postingKeyHash: rotated.hash, postingKeyLast4: rotated.last4, keyRotatedAt: new Date() });
    const retired = await post(key, leadBody());
    expect(retired.status).toBe(401);
    expect((await jsonOf<ApiError>(retired)).error).toBe(INTAKE_MESSAGES.keyUnknown);
    expect((await post(rotated.key, leadBody())).status).toBe(201);

    // An agent is signed in, but a session is not a posting key, nor is its token.
    const agent = await signedInAgent({ licensedStates: ["FL"] });
    const before = await Application.count();
    const withCookie = await callRoute(action, {
      method: "POST",
      path: "/api/intake/leads",
      json: leadBody(),
      cookie: agent.cookie,
    });
    expect(withCookie.status).toBe(401);
    expect((await post(agent.token, leadBody(), { Cookie: agent.cookie })).status).toBe(401);
    expect(await Application.count()).toBe(before);
  });

  it("answers 403 for a paused source and makes nothing", async () => {
    const { source, key } = await createSource({ status: "paused" });
    const response = await post(key, leadBody());
    expect(response.status).toBe(403);
    expect(await jsonOf<ApiError>(response)).toEqual({ error: INTAKE_MESSAGES.sourcePaused });
    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(0);
  });

  it("answers 400 with fieldErrors naming every bad field", async () => {
    const { source, key } = await createSource();
    const empty = await post(key, {});
    expect(empty.status).toBe(400);
    const emptyBody = await jsonOf<ApiError>(empty);
    expect(emptyBody.fieldErrors).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      phone: ["Phone is required"],
      state: ["State is required"],
    });
    expect(emptyBody.error).toBe("First name is required");

    const bad = await post(key, {
      ...leadBody(),
      phone: "12345",
      email: "not-an-email",
      state: "ZZ",
      zipCode: "1234",
      dateOfBirth: "2999-01-01",
      gender: "robot",
      coverageAmount: -5,
      monthlyPremium: "12.345",
      consent: { timestamp: "yesterday", ipAddress: "999.1.1.1", pageUrl: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(400);
    expect((await jsonOf<ApiError>(bad)).fieldErrors).toEqual({
      phone: ["Phone must be a valid phone number"],
      email: ["Email must be a valid email address"],
      state: ["State must be a two-letter US state code"],
      zipCode: ["Zip code must be 5 digits (or ZIP+4: 12345-6789)"],
      dateOfBirth: ["Date of birth must be in the past"],
      gender: ["Gender must be male, female or other"],
      coverageAmount: ["Coverage amount must be greater than 0"],
      monthlyPremium: ["Monthly premium can have at most two decimals"],
      "consent.timestamp": ["Consent timestamp must be a date and time (ISO 8601)"],
      "consent.ipAddress": ["Consent IP address must be an IPv4 or IPv6 address"],
      "consent.pageUrl": ["Consent page URL must be an http or https URL"],
    });

    const broken = await callRoute(action, {
      method: "POST",
      path: "/api/intake/leads",
      rawBody: "{ not json",
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(broken.status).toBe(400);
    expect((await jsonOf<ApiError>(broken)).error).toBe("Request body must be valid JSON");

    const list = await post(key, [leadBody()]);
    expect(list.status).toBe(400);
    expect((await jsonOf<ApiError>(list)).fieldErrors).toEqual({ _form: ["The lead must be a JSON object"] });
    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(0);
  });

  it("answers 405 with Allow: POST for any other method", async () => {
    const { key } = await createSource();
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const response = await callRoute(method === "GET" ? action : action, {
        method,
        path: "/api/intake/leads",
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    }
  });

  it("never answers a 5xx, whatever the body or its type", async () => {
    const { key } = await createSource();
    const bodies = bodiesFor(
      leadBody({ email: "fuzz@example.test", consent: { text: "yes" } }),
      "json",
      seededRandom(seedOf("intake.leads")),
      { extra: 40 },
    );
    const failures: string[] = [];
    for (const body of bodies) {
      const headers = new Headers({ Authorization: `Bearer ${key}` });
      if (body.contentType) headers.set("Content-Type", body.contentType);
      const request = new Request("http://localhost/api/intake/leads", { method: "POST", headers, body: body.body });
      const response = (await action({ request, params: {}, context: {} } as never)) as Response;
      if (response.status >= 500) failures.push(`${body.kind}: ${body.detail} -> ${response.status}`);
      else if (response.status >= 400 && typeof (await jsonOf<ApiError>(response)).error !== "string") {
        failures.push(`${body.kind}: ${body.detail} -> ${response.status} without { error }`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 429 once the source's leads and duplicates of the last minute reach its limit", async () => {
    const { source, key } = await createSource({ rateLimitPerMinute: 3 });
    const first = await postOk(key, leadBody());
    const repeat = (await Application.findByPk(first.id, { raw: true }))!;
    // A duplicate counts as a post received.
    expect((await postOk(key, leadBody({ phone: repeat.phoneE164 }))).status).toBe("duplicate");
    await postOk(key, leadBody());
    const over = await post(key, leadBody());
    expect(over.status).toBe(429);
    expect(await jsonOf<ApiError>(over)).toEqual({ error: INTAKE_MESSAGES.rateLimited(3) });
    expect(over.headers.get("Retry-After")).toBe("60");
    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(2);

    // A minute later the posts of before no longer count.
    const minuteAgo = new Date(Date.now() - 61_000);
    await Application.update({ createdAt: minuteAgo }, { where: { leadSourceId: source.id } });
    await LeadDuplicate.update({ createdAt: minuteAgo }, { where: { leadSourceId: source.id } });
    expect((await post(key, leadBody())).status).toBe(201);
  });

  it("never writes the posting key or the lead's phone and email to the log", async () => {
    const { key } = await createSource();
    const phone = uniquePhone();
    const email = `private.${crypto.randomBytes(4).toString("hex")}@example.test`;
    expect((await post(key, leadBody({ phone: phone.digits, email }))).status).toBe(201);
    expect((await post(key, leadBody({ phone: phone.digits, email }))).status).toBe(200);
    const logged = fs.readFileSync(env.logFile!, "utf8");
    expect(logged).toContain('"msg":"lead received"');
    for (const secret of [key, phone.digits, phone.e164, email]) expect(logged).not.toContain(secret);
  });
});

describe("one lead per external id", () => {
  it("answers a repost with the lead the first post made, 200, and makes no second lead", async () => {
    const { source, key } = await createSource();
    const body = leadBody({ externalId: "order-77" });
    const first = await post(key, body);
    expect(first.status).toBe(201);
    const made = await jsonOf<Answer>(first);
    const again = await post(key, { ...body, phone: uniquePhone().digits });
    expect(again.status).toBe(200);
    expect(await jsonOf<Answer>(again)).toEqual(made);
    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(1);
    expect(await LeadDuplicate.count({ where: { leadSourceId: source.id } })).toBe(0);

    // Another source's id of the same text is its own lead.
    const other = await createSource();
    expect((await post(other.key, leadBody({ externalId: "order-77" }))).status).toBe(201);
  });

  it("answers a repost of a duplicate with that duplicate, and ten posts at once make one lead", async () => {
    const { source, key } = await createSource();
    const original = await postOk(key, leadBody({ phone: "2135550199", externalId: "first" }));
    const duplicate = await postOk(key, leadBody({ phone: "+1 213 555 0199", externalId: "second" }));
    expect(duplicate).toMatchObject({ status: "duplicate", duplicateOf: original.id });
    expect(await postOk(key, leadBody({ phone: "2135550199", externalId: "second" }))).toEqual(duplicate);

    const body = leadBody({ externalId: "burst" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(key, body)));
    const ids = await Promise.all(answers.map(async (response) => (await jsonOf<Answer>(response)).id));
    expect(new Set(ids).size).toBe(1);
    expect(answers.map((response) => response.status).sort()).toEqual([...Array(9).fill(200), 201]);
    expect(await Application.count({ where: { leadSourceId: source.id, externalId: "burst" } })).toBe(1);
  });
});

describe("duplicates", () => {
  it("finds the phone written another way: 200, linked to the original, not distributed, not billable", async () => {
    const state = await freshState();
    const { order } = await orderedAgent(state, { calls: 10 });
    const { source, key } = await createSource();
    const phone = uniquePhone();
    const original = await postOk(key, leadBody({ state, phone: phone.digits }));
    expect(original.status).toBe("assigned");

    const response = await post(
      key,
      leadBody({
        state,
        firstName: "Again",
        phone: `+1 (${phone.digits.slice(0, 3)}) ${phone.digits.slice(3, 6)}.${phone.digits.slice(6)}`,
      }),
    );
    expect(response.status).toBe(200);
    const body = await jsonOf<Answer>(response);
    expect(body).toEqual({ id: body.id, status: "duplicate", duplicateOf: original.id, billable: false });
    const duplicate = (await LeadDuplicate.findByPk(body.id, { raw: true }))!;
    expect(duplicate).toMatchObject({
      leadSourceId: source.id,
      duplicateOfId: original.id,
      matchedOn: "phone",
      phoneE164: phone.e164,
      firstName: "Again",
    });
    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(1);
    await order.reload();
    expect(order.callsCompleted).toBe(1);
  });

  it("finds the email in another case, from another source, and keeps the match as email", async () => {
    const first = await createSource();
    const second = await createSource();
    const email = `Case.${crypto.randomBytes(4).toString("hex")}@Example.com`;
    const original = await postOk(first.key, leadBody({ email }));
    const body = await postOk(second.key, leadBody({ email: `  ${email.toUpperCase()} ` }));
    expect(body).toMatchObject({ status: "duplicate", duplicateOf: original.id, billable: false });
    expect((await LeadDuplicate.findByPk(body.id, { raw: true }))!.matchedOn).toBe("email");
  });

  it("is not a duplicate of a lead received before the source's window", async () => {
    const { key } = await createSource({ duplicateWindowDays: 7 });
    const phone = uniquePhone();
    const old = await postOk(key, leadBody({ phone: phone.digits }));
    await Application.update({ createdAt: new Date(Date.now() - 8 * 86_400_000) }, { where: { id: old.id } });
    const response = await post(key, leadBody({ phone: phone.digits }));
    expect(response.status).toBe(201);

    // Inside the window (6 days) it is one.
    const recent = uniquePhone();
    const inside = await postOk(key, leadBody({ phone: recent.digits }));
    await Application.update({ createdAt: new Date(Date.now() - 6 * 86_400_000) }, { where: { id: inside.id } });
    expect(await postOk(key, leadBody({ phone: recent.digits }))).toMatchObject({
      status: "duplicate",
      duplicateOf: inside.id,
    });
  });
});

describe("distribution against orders", () => {
  it("gives the lead to the licensed agent with calls left, skipping every ineligible one", async () => {
    const state = await freshState();
    // Each of these would be chosen first (never assigned) if eligible.
    await orderedAgent(state, { status: "paused" });
    await orderedAgent(state, { status: "pending" });
    await orderedAgent(state, { setupComplete: false });
    await orderedAgent(state, { licensed: false });
    await orderedAgent(state, { calls: 5, used: 5 });
    await orderedAgent(state, { orderStatus: "Paused" });
    await orderedAgent(state, { orderStatus: "Completed", calls: 5, used: 2 });
    const eligible = await orderedAgent(state, { calls: 3, lastLeadAssignedAt: new Date(Date.now() - 3_600_000) });
    await eligible.agent.update({ callsLeft: 3 });
    const { key } = await createSource();

    const before = Date.now();
    const response = await post(key, leadBody({ state, firstName: "Ella" }));
    expect(response.status).toBe(201);
    const body = await jsonOf<Answer>(response);
    expect(body).toEqual({ id: body.id, status: "assigned", agentId: eligible.agent.id });
    const lead = (await Application.findByPk(body.id, { raw: true }))!;
    expect(lead).toMatchObject({ agentId: eligible.agent.id, orderId: eligible.order.id });
    await eligible.order.reload();
    expect(eligible.order).toMatchObject({ callsCompleted: 1, status: "Active" });
    const agent = (await Agent.findByPk(eligible.agent.id, { raw: true }))!;
    expect(new Date(agent.lastLeadAssignedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The lead is one of the agent's calls left.
    expect(agent.callsLeft).toBe(2);

    const notes = await Notification.findAll({ where: { applicationId: body.id }, raw: true });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ userId: eligible.user.id, type: "new_lead", title: "New lead" });
    expect(notes[0]!.message).toContain("Ella Lead");
  });

  it("chooses the agent assigned least recently: never assigned first, then the oldest", async () => {
    const state = await freshState();
    const hourAgo = await orderedAgent(state, { lastLeadAssignedAt: new Date(Date.now() - 3_600_000) });
    const never = await orderedAgent(state);
    const dayAgo = await orderedAgent(state, { lastLeadAssignedAt: new Date(Date.now() - 86_400_000) });
    const { key } = await createSource();
    const order: (string | null | undefined)[] = [];
    for (let i = 0; i < 4; i += 1) order.push((await postOk(key, leadBody({ state }))).agentId);
    expect(order).toEqual([never.agent.id, dayAgo.agent.id, hourAgo.agent.id, never.agent.id]);
  });

  it("completes the order at its last call, then leaves leads unassigned with no notification", async () => {
    const state = await freshState();
    const { agent, user, order } = await orderedAgent(state, { calls: 2, used: 1 });
    // Calls Left already at none (an admin's figure apart from the order) stays at none.
    await agent.update({ callsLeft: 0 });
    const { key } = await createSource();
    expect(await postOk(key, leadBody({ state }))).toMatchObject({ status: "assigned", agentId: agent.id });
    await order.reload();
    expect(order).toMatchObject({ callsCompleted: 2, status: "Completed" });
    expect((await Agent.findByPk(agent.id, { raw: true }))!.callsLeft).toBe(0);

    const notesBefore = await Notification.count({ where: { userId: user.id } });
    const waiting = await post(key, leadBody({ state }));
    expect(waiting.status).toBe(201);
    const body = await jsonOf<Answer>(waiting);
    expect(body).toEqual({ id: body.id, status: "unassigned", agentId: null });
    expect((await Application.findByPk(body.id, { raw: true }))!.agentId).toBeNull();
    expect(await Notification.count({ where: { userId: user.id } })).toBe(notesBefore);
  });

  it("uses an agent's orders oldest first, the next once the first is used up", async () => {
    const state = await freshState();
    const { agent, order: first } = await orderedAgent(state, { calls: 1 });
    const second = await createOrderRow({
      agentId: agent.id,
      callsOrdered: 4,
      status: "Active",
      createdAt: new Date(Date.now() + 1000),
    });
    const { key } = await createSource();
    const a = await postOk(key, leadBody({ state }));
    const b = await postOk(key, leadBody({ state }));
    expect((await Application.findByPk(a.id, { raw: true }))!.orderId).toBe(first.id);
    expect((await Application.findByPk(b.id, { raw: true }))!.orderId).toBe(second.id);
    expect((await Order.findByPk(first.id, { raw: true }))!.status).toBe("Completed");
  });

  it("20 posts at once for 5 calls left: exactly 5 assigned, 15 unassigned, calls completed exactly 5", async () => {
    const state = await freshState();
    const one = await orderedAgent(state, { calls: 3 });
    const two = await orderedAgent(state, { calls: 2 });
    const { key } = await createSource();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(key, leadBody({ state }))));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const answers = await Promise.all(responses.map((response) => jsonOf<Answer>(response)));
    const assigned = answers.filter((answer) => answer.status === "assigned");
    expect(assigned).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === "unassigned")).toHaveLength(15);
    await one.order.reload();
    await two.order.reload();
    expect(one.order.callsCompleted + two.order.callsCompleted).toBe(5);
    expect([one.order.callsCompleted, two.order.callsCompleted]).toEqual([3, 2]);
    expect([one.order.status, two.order.status]).toEqual(["Completed", "Completed"]);
    const leads = await Application.findAll({ where: { state }, raw: true });
    expect(leads.filter((lead) => lead.orderId === one.order.id)).toHaveLength(3);
    expect(leads.filter((lead) => lead.orderId === two.order.id)).toHaveLength(2);
  });

  it("gives a DC lead to any eligible agent (agents are licensed in the 50 states only)", async () => {
    await Order.update({ status: "Completed" }, { where: { status: "Active" } });
    const { agent } = await orderedAgent("OK");
    const { key } = await createSource();
    expect(await postOk(key, leadBody({ state: "DC" }))).toMatchObject({ status: "assigned", agentId: agent.id });
  });
});

describe("receiveLead for imports", () => {
  it("leaves a lead unassigned or gives it to a chosen approved agent, and refuses a paused one", async () => {
    const { source } = await createSource();
    const state = await freshState();
    await orderedAgent(state);
    const waiting = await receiveLead(source, leadBody({ state }), {
      distribution: { mode: "unassigned" },
      arrivedBy: "import",
    });
    expect(waiting).toMatchObject({ status: "unassigned", agentId: null, created: true });
    expect((await Application.findByPk(waiting.id, { raw: true }))!.source).toBe("import");

    const chosen = await createAgent({ licensedStates: [state] });
    const given = await receiveLead(source, leadBody({ state }), {
      distribution: { mode: "agent", agentId: chosen.agent.id },
    });
    expect(given).toMatchObject({ status: "assigned", agentId: chosen.agent.id });
    expect((await Application.findByPk(given.id, { raw: true }))!.orderId).toBeNull();

    const paused = await createAgent({ status: "paused" });
    await expect(
      receiveLead(source, leadBody({ state }), { distribution: { mode: "agent", agentId: paused.agent.id } }),
    ).rejects.toMatchObject({ status: 400, fieldErrors: { agentId: [INTAKE_MESSAGES.agentNotApproved] } });
  });
});

describe("the admin's lead views", () => {
  it("All Leads' Unassigned filter lists only the leads waiting for an agent, each with its source", async () => {
    const state = await freshState();
    const { agent } = await orderedAgent(state, { calls: 1 });
    const { source, key } = await createSource();
    const assigned = await postOk(key, leadBody({ state, firstName: "Given" }));
    const waiting = await postOk(key, leadBody({ state, firstName: "Waiting" }));
    expect([assigned.agentId, waiting.agentId]).toEqual([agent.id, null]);
    const admin = await signedInAdmin();

    const page = await listAllLeads(
      admin.actor,
      allLeadsFromSearch(new URLSearchParams("agentId=unassigned&pageSize=100")),
    );
    expect(page.rows.every((row) => row.agent === null)).toBe(true);
    const ids = page.rows.map((row) => row.id);
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(assigned.id);
    expect(page.rows.find((row) => row.id === waiting.id)!.leadSource).toEqual({ id: source.id, name: source.name });

    const response = await callRoute(listApi, {
      path: "/api/admin/applications?agentId=unassigned&pageSize=500",
      cookie: admin.cookie,
    });
    expect(response.status).toBe(200);
    const rows = await jsonOf<{ id: string; agentId?: string | null; leadSource: { name: string } | null }[]>(response);
    expect(rows.map((row) => row.id)).toContain(waiting.id);
    expect(rows.map((row) => row.id)).not.toContain(assigned.id);
    expect(Number(response.headers.get("X-Total-Count"))).toBe(await Application.count({ where: { agentId: null } }));
    const byAgent = await jsonOf<{ id: string; leadSource: { name: string } | null }[]>(
      await callRoute(listApi, { path: `/api/admin/applications?agentId=${agent.id}`, cookie: admin.cookie }),
    );
    expect(byAgent.map((row) => [row.id, row.leadSource?.name])).toEqual([[assigned.id, source.name]]);

    const bad = await callRoute(listApi, { path: "/api/admin/applications?agentId=nobody", cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect((await jsonOf<ApiError>(bad)).fieldErrors).toEqual({
      agentId: ["Agent must be an agent's id or unassigned"],
    });
  });

  it("the admin dashboard counts the leads waiting unassigned and links to them", async () => {
    const admin = await signedInAdmin();
    const before = (await getAdminDashboard(admin.actor, { period: "today" })).stats.unassignedLeads;
    expect(before).toBe(await Application.count({ where: { agentId: null } }));
    const { key } = await createSource();
    expect((await postOk(key, leadBody({ state: await freshState() }))).status).toBe("unassigned");
    const after = await getAdminDashboard(admin.actor, { period: "today" });
    expect(after.stats.unassignedLeads).toBe(before + 1);
    const page = await callRoute(dashboardPage, { path: "/admin/dashboard", cookie: admin.cookie });
    expect((await jsonOf<{ stats: { unassignedLeads: number } }>(page)).stats.unassignedLeads).toBe(before + 1);
  });
});
