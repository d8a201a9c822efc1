import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Agent, Bdm, Carrier, LeadReturn, LeadSource, Notification, PasswordResetRequest, PaymentTracking } from "~db";
import { newPostingKey } from "~/services/posting-keys.server";
import { answeringServiceErrors } from "../../server/service-errors";
import { applicationForm, applicationPayload, leadEditPayload } from "./application-factories";
import { TEST_PASSWORD, createAdmin, createAgent, createLead, giveCarrier, signInAs, uniqueEmail } from "./factories";
import { createFormSubmissionRow } from "./form-submission-factories";
import { createOrderRow } from "./order-factories";
import {
  BAD_IDS,
  BAD_QUERIES,
  bodiesFor,
  forgedCookies,
  formBody,
  pathSegment,
  seedOf,
  seededRandom,
  type FuzzBody,
  type JsonValue,
} from "./fuzz-corpus";

// Issue 9, item 6: every mutating route and page action, and the loaders that take ids or query
// parameters, called with malformed bodies, wrong types, huge and odd strings, bad ids and bad
// query parameters, as an admin, an agent (set up and not) and signed out. No answer is a 5xx,
// and every 4xx from /api is JSON with an `error` string. Routes are called in-process the way
// the server build calls them (tests/support/http.ts), with a fixed seed, so a failure repeats.

/** "forged-cookie" is signed out with a session cookie that is garbage or tampered with. */
type Role = "admin" | "agent" | "agent-in-setup" | "signed-out" | "forged-cookie";
const ROLES: readonly Role[] = ["admin", "agent", "agent-in-setup", "signed-out", "forged-cookie"];
/** Calls made as a role that the route's guard turns away: enough to prove the guard answers. */
const OTHER_ROLE_SAMPLES = 4;
/** Time for one route's cases; generous, so a slow case is named by SLOW_CALL_MS, not cut off. */
const FUZZ_TIMEOUT = 300_000;
/** No single call may take longer than this (the slowest well-behaved ones take well under 1 s). */
const SLOW_CALL_MS = 5_000;

const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");
const MUTATING = ["POST", "PUT", "PATCH", "DELETE"] as const;

type Handler = (args: never) => unknown;
type RouteModule = { loader?: Handler; action?: Handler };

async function importRoute(file: string): Promise<RouteModule> {
  return (await import(path.join(ROUTES_DIR, file))) as RouteModule;
}

// ---------------------------------------------------------------------------------------------
// The data the calls act on

type Fixtures = Awaited<ReturnType<typeof createFixtures>>;

async function createFixtures() {
  const admin = await createAdmin();
  const agent = await createAgent({ status: "approved", setupComplete: true });
  await giveCarrier(agent.agent.id, "Aetna", "Final Expense", 80);
  const agentInSetup = await createAgent({ status: "approved", setupComplete: false });
  // The agent the admin's calls act on; never one of the signed-in roles, so no call signs them out.
  const target = await createAgent({ status: "pending" });
  const { product: otherProduct } = await giveCarrier(target.agent.id, "Aetna", "Target Product", 50);
  const loginUser = await createAgent({ status: "approved" });
  const bdm = (await Bdm.findOne())!;
  const carrier = (await Carrier.findOne({ where: { name: "Aetna" } }))!;
  const submission = await createFormSubmissionRow();
  const order = await createOrderRow();
  const postingKey = newPostingKey();
  const leadSource = await LeadSource.create({
    name: `Fuzz Source ${postingKey.last4}${Date.now()}`,
    costPerLeadCents: 16_000,
    defaultCarrierId: null,
    postingKeyHash: postingKey.hash,
    postingKeyLast4: postingKey.last4,
    keyRotatedAt: null,
  });
  // A lead of the signed-in agent: the admin and its agent may mark it read.
  const lead = await createLead(agent.agent.id);
  // Leads of the signed-in agent bought from the source: one to return, one with a return waiting.
  const boughtLead = await createLead(agent.agent.id, { leadSourceId: leadSource.id, billable: true });
  const returned = await createLead(agent.agent.id, { leadSourceId: leadSource.id, billable: true });
  const leadReturn = await LeadReturn.create({
    applicationId: returned.id,
    agentId: agent.agent.id,
    reason: "wrong_number",
    notes: null,
    decidedById: null,
    decisionNote: null,
    decidedAt: null,
  });
  // A sold lead of the signed-in agent with a month of its schedule: the retention tracker's cells.
  const sale = await createLead(agent.agent.id, { status: "sale" });
  await sale.update({ soldAt: new Date() });
  const payment = await PaymentTracking.create({
    applicationId: sale.id,
    monthNumber: 1,
    dueDate: "2026-12-01",
    amountCents: 5000,
  });
  const notification = await Notification.create({
    userId: agent.user.id,
    type: "new_lead",
    title: "New lead",
    message: "Fuzz Lead submitted an application.",
  });
  const reset = await PasswordResetRequest.create({
    userId: target.user.id,
    email: target.user.email,
    kind: "request",
    status: "pending",
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const cookies: Record<Role, string | undefined> = {
    admin: (await signInAs(admin)).cookie,
    agent: (await signInAs(agent.user)).cookie,
    "agent-in-setup": (await signInAs(agentInSetup.user)).cookie,
    "signed-out": undefined,
    "forged-cookie": undefined,
  };
  const users: Record<Role, { id: string } | null> = {
    admin,
    agent: agent.user,
    "agent-in-setup": agentInSetup.user,
    "signed-out": null,
    "forged-cookie": null,
  };
  // Real ids of the wrong kind or of someone else: another agent's user, product, a submission...
  const otherIds = [
    target.user.id,
    otherProduct.id,
    submission.id,
    reset.id,
    carrier.id,
    bdm.id,
    admin.id,
    "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f",
  ];
  return {
    admin,
    agent,
    agentInSetup,
    target,
    otherProduct,
    loginUser,
    bdm,
    carrier,
    submission,
    order,
    leadSource,
    lead,
    boughtLead,
    leadReturn,
    payment,
    notification,
    reset,
    cookies,
    users,
    otherIds,
    forgedCookies: forgedCookies(cookies.admin!),
  };
}

// ---------------------------------------------------------------------------------------------
// What each route is sent: its well-formed body, and the roles whose guard lets it through

type Target = {
  /** Roles that pass the route's guard: they get the whole corpus; the others a sample. */
  roles: Role[];
  /** The URL param that is an id (`id` in /api/admin/agents/$id/approve), and a real value for it. */
  param?: { name: string; value: (f: Fixtures) => string };
  /** Routes that end or replace the caller's session get a fresh session for every call. */
  freshSession?: boolean;
};

type ApiTarget = Target & { body: (f: Fixtures) => JsonValue };

const agentParam = { name: "id", value: (f: Fixtures) => f.target.agent.id };
const UNKNOWN_JOB_ID = "0b6c4a3e-2f41-4d8e-9a57-6f0e1d2c3b4a";
const token = "t".repeat(43);

const inquiry = {
  fullName: "Pat Prospect",
  companyName: "Prospect Agency",
  email: "pat@example.test",
  phone: "(813) 555-0142",
  service: "CRM Only",
  message: "Please call me.",
};

/** Every /api route file; its methods are read from its own 405 answer (`Allow`). */
const API_TARGETS: Record<string, ApiTarget> = {
  $: { roles: ["signed-out"], body: () => ({ a: 1 }) },
  "admin.agents.$id.add-calls": { roles: ["admin"], param: agentParam, body: () => ({ callsToAdd: 5 }) },
  "admin.agents.$id.approve": {
    roles: ["admin"],
    param: agentParam,
    body: (f) => ({
      callsOrdered: 10,
      phone: "5555550123",
      email: "approved@example.test",
      companyName: "Co",
      assignedBdm: f.bdm.id,
    }),
  },
  "admin.agents.$id.assign-bdm": { roles: ["admin"], param: agentParam, body: (f) => ({ bdmId: f.bdm.id }) },
  "admin.agents.$id.generate-temp-password": { roles: ["admin"], param: agentParam, body: () => ({}) },
  "admin.agents.$id.reset-two-factor": { roles: ["admin"], param: agentParam, body: () => ({}) },
  "admin.agents.$id.reject": { roles: ["admin"], param: agentParam, body: () => ({}) },
  "admin.agents.$id.status": { roles: ["admin"], param: agentParam, body: () => ({ status: "paused" }) },
  "admin.applications.$id.reassign": {
    roles: ["admin"],
    param: { name: "id", value: (f) => f.lead.id },
    body: (f) => ({ agentId: f.agent.agent.id, confirmUnlicensed: true }),
  },
  "admin.applications.$id.status": {
    roles: ["admin"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => ({ status: "interested", notes: "Wants a quote", productId: "" }),
  },
  "admin.applications.reassign": {
    roles: ["admin"],
    body: (f) => ({ ids: [f.lead.id], agentId: f.agent.agent.id, confirmUnlicensed: true }),
  },
  "admin.form-submissions.$id": {
    roles: ["admin"],
    param: { name: "id", value: (f) => f.submission.id },
    body: () => ({ status: "closed", notes: "Called back" }),
  },
  // A job id of the right shape that names no job: retry answers 404 (tests/api/admin-jobs.test.ts
  // retries real ones).
  "admin.jobs.$id.retry": { roles: ["admin"], param: { name: "id", value: () => UNKNOWN_JOB_ID }, body: () => ({}) },
  // An endpoint that listens to one rare event, so the endpoints the fuzz adds hear almost nothing;
  // deleting an id of the right shape that names none answers 404 (tests/api/webhooks.test.ts deletes real ones).
  "admin.webhooks": {
    roles: ["admin"],
    body: () => ({ url: "https://example.invalid/hooks", events: ["lead_import.completed"], description: "Fuzz" }),
  },
  "admin.webhooks.$id": { roles: ["admin"], param: { name: "id", value: () => UNKNOWN_JOB_ID }, body: () => ({}) },
  "admin.orders": {
    roles: ["admin"],
    body: () => ({
      agentName: "Fuzz Agent",
      callsOrdered: 10,
      companySource: "Direct",
      platformSource: "Google Ads",
      totalPayment: "100.00",
    }),
  },
  "admin.orders.$id": {
    roles: ["admin"],
    param: { name: "id", value: (f) => f.order.id },
    body: () => ({ status: "Completed", callsCompleted: 5 }),
  },
  // JSON or a urlencoded form where a multipart upload is due: a 400 before anything is read.
  "admin.leads.import": {
    roles: ["admin"],
    body: (f) => ({ file: "First,Last,Phone,State", sourceId: f.leadSource.id, distribution: "automatic" }),
  },
  // The do-not-call list: a number no lead of the tests has; the file's route wants multipart.
  "admin.dnc": { roles: ["admin"], body: () => ({ phone: "(999) 555-0199", reason: "internal" }) },
  "admin.dnc.$phone": {
    roles: ["admin"],
    param: { name: "phone", value: () => "+19995550199" },
    body: () => ({ reason: "Listed in error" }),
  },
  "admin.dnc.import": { roles: ["admin"], body: () => ({ file: "3055550142", reason: "national_registry" }) },
  // Calling rules: a state no test calls (Wyoming), at the federal window, so no other file's check changes.
  "admin.calling-rules.$state": {
    roles: ["admin"],
    param: { name: "state", value: () => "WY" },
    body: () => ({ start: "08:00", end: "21:00", maxCallsPer24h: null, source: "Fuzz" }),
  },
  "admin.lead-sources": {
    roles: ["admin"],
    body: () => ({ name: "Fuzz Vendor", costPerLead: "160.00", returnWindowHours: 72, duplicateWindowDays: 30 }),
  },
  "admin.lead-sources.$id": {
    roles: ["admin"],
    param: { name: "id", value: (f) => f.leadSource.id },
    body: () => ({ costPerLead: "150.00", status: "paused" }),
  },
  "admin.lead-sources.$id.rotate-key": {
    roles: ["admin"],
    param: { name: "id", value: (f) => f.leadSource.id },
    body: () => ({}),
  },
  // A lead no one has: opting out a fixture's lead would list the phone the tests' leads share.
  "agent.applications.$id.opt-out": {
    roles: ["agent", "admin"],
    param: { name: "id", value: () => "00000000-0000-4000-8000-000000000000" },
    body: () => ({}),
  },
  "agent.applications.$id.return": {
    roles: ["agent"],
    param: { name: "id", value: (f) => f.boughtLead.id },
    body: () => ({ reason: "wrong_number", notes: "Rings a fax machine" }),
  },
  "admin.lead-returns.$id.approve": {
    roles: ["admin"],
    param: { name: "id", value: (f) => f.leadReturn.id },
    body: () => ({ note: "Checked the call log" }),
  },
  "admin.lead-returns.$id.deny": {
    roles: ["admin"],
    param: { name: "id", value: (f) => f.leadReturn.id },
    body: () => ({ note: "The number answers" }),
  },
  "admin.password-reset-requests.$id.approve": {
    roles: ["admin"],
    param: { name: "id", value: (f) => f.reset.id },
    body: () => ({}),
  },
  "admin.password-reset-requests.$id.deny": {
    roles: ["admin"],
    param: { name: "id", value: (f) => f.reset.id },
    body: () => ({}),
  },
  "agent.applications.$id": {
    roles: ["agent"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => leadEditPayload(),
  },
  "applications.$id": {
    roles: ["agent", "admin"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => leadEditPayload(),
  },
  // A call on the fixture lead's own number; an outcome names no call of it (404), so none acts on
  // the do-not-call list (every test lead shares the default number).
  "applications.$id.calls": {
    roles: ["agent", "admin"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => ({ phone: "(813) 555-0000" }),
  },
  "applications.$id.calls.$callId.outcome": {
    roles: ["agent", "admin"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => ({ outcome: "no_answer" }),
  },
  // The fixture lead is not sold: a valid move is a 409, every other body a 400.
  "applications.$id.policy": {
    roles: ["agent", "admin"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => ({ status: "issued", policyNumber: "FE-123456", issueDate: "2026-01-05", notes: "Issued" }),
  },
  "applications.$id.reveal": {
    roles: ["agent", "admin"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => ({ parts: ["sensitive", "banking"] }),
  },
  "agent.applications.$id.cancel": {
    roles: ["agent"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => ({}),
  },
  "agent.applications.$id.status": {
    roles: ["agent"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => ({ status: "callback", notes: "Call back", callbackDate: "2026-12-01T15:00:00Z", productId: "" }),
  },
  "agent.callbacks.$id.reschedule": {
    roles: ["agent"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => ({ callbackDate: "2099-12-01T15:00:00Z", notes: "Call after work" }),
  },
  "agent.carriers": {
    roles: ["agent"],
    body: (f) => ({
      carriers: [
        { name: "Aetna", products: [{ name: "Final Expense", compPercentage: 50 }] },
        { name: "Fuzz Mutual", products: [{ id: f.otherProduct.id, name: "Term", compPercentage: 10 }] },
      ],
      licensedStates: ["FL", "Texas"],
    }),
  },
  "agent.profile": {
    roles: ["agent"],
    body: () => ({
      basicInfo: { firstName: "Fuzz", lastName: "Agent", phone: "5555550123" },
      carriers: ["Aetna"],
      products: ["Aetna:Final Expense:50", { carrier: "Fuzz Mutual", name: "Term", compPercentage: 10 }],
      licensedStates: ["FL", "Texas"],
    }),
  },
  "agent.setup": {
    roles: ["agent-in-setup", "agent"],
    body: () => ({
      skip: false,
      carriers: [{ name: "Aetna", products: [{ name: "Final Expense", commissionRate: 100 }] }],
      licensedStates: ["FL"],
    }),
  },
  "auth.complete-password-reset": { roles: ["signed-out"], body: () => ({ token, password: "new-password-1" }) },
  "auth.two-factor.disable": { roles: ["agent", "admin"], body: () => ({ code: "123456" }) },
  "auth.two-factor.enable": { roles: ["agent", "admin"], body: () => ({ code: "123456" }) },
  "auth.two-factor.recovery-codes": { roles: ["agent", "admin"], body: () => ({ code: "123456" }) },
  "auth.two-factor.setup": { roles: ["agent", "admin"], body: () => ({}) },
  "auth.verify-two-factor": { roles: ["signed-out"], body: () => ({ challenge: token, code: "123456" }) },
  "auth.login": {
    roles: ["signed-out"],
    freshSession: true,
    body: (f) => ({ email: f.loginUser.user.email, password: TEST_PASSWORD, redirectTo: "/agent/dashboard" }),
  },
  "auth.logout": { roles: ["agent", "signed-out"], freshSession: true, body: () => ({}) },
  "auth.register": {
    roles: ["signed-out"],
    body: () => ({
      firstName: "Reg",
      lastName: "Istrant",
      email: uniqueEmail("fuzz"),
      phone: "5555550199",
      licenseNumber: "LIC-FUZZ",
      password: "password123",
    }),
  },
  "auth.request-password-reset": { roles: ["signed-out"], body: (f) => ({ email: f.loginUser.user.email }) },
  "auth.reset-password": { roles: ["signed-out"], body: () => ({ token, password: "new-password-1" }) },
  "auth.timezone": { roles: ["agent", "admin"], body: () => ({ timezone: "America/Chicago" }) },
  // The caller's own sessions: an id of the right shape that names none is a 404; signing out the
  // others keeps the session the fuzz calls with.
  "auth.sessions.$id": {
    roles: ["agent", "admin"],
    param: { name: "id", value: () => "00000000-0000-4000-8000-000000000000" },
    body: () => ({}),
  },
  "auth.sessions.sign-out-others": { roles: ["agent", "admin"], body: () => ({}) },
  "auth.verify-reset-token": { roles: ["signed-out"], body: () => ({ token }) },
  "form-submissions": { roles: ["signed-out"], body: () => inquiry },
  "leads.$id.mark-read": {
    roles: ["agent", "admin"],
    param: { name: "id", value: (f) => f.lead.id },
    body: () => ({}),
  },
  "notifications.$id.read": {
    roles: ["agent", "admin"],
    param: { name: "id", value: (f) => f.notification.id },
    body: () => ({}),
  },
  "notifications.clear-all": { roles: ["agent", "admin"], body: () => ({}) },
  "payment-tracking.$paymentId": {
    roles: ["agent", "admin"],
    param: { name: "paymentId", value: (f) => f.payment.id },
    body: () => ({ status: "paid", notes: "Paid by phone" }),
  },
  "admin.payment-tracking.$id": {
    roles: ["admin", "agent"],
    param: { name: "id", value: (f) => f.payment.id },
    body: () => ({ status: "paid" }),
  },
  "notifications.mark-all-read": { roles: ["agent", "admin"], body: () => ({}) },
  // No role passes: a posting key does (tests/api/lead-intake.test.ts fuzzes its bodies with one).
  "intake.leads": {
    roles: [],
    body: () => ({ firstName: "Fuzz", lastName: "Lead", phone: "2135550142", state: "FL" }),
  },
  "public.applications": {
    roles: ["signed-out"],
    body: (f) => applicationPayload(f.agent.agent.id, f.carrier.id),
  },
  // Past the cap of active tokens a well-formed body is a 409; an id of the right shape that names no token.
  tokens: { roles: ["agent", "admin"], body: () => ({ name: "Fuzz token", scope: "read", expiresInDays: 30 }) },
  "tokens.$id": {
    roles: ["agent", "admin"],
    param: { name: "id", value: () => "00000000-0000-4000-8000-000000000000" },
    body: () => ({}),
  },
};

/** A form's fields; an intent's form may leave out fields another intent of the page sends. */
type Form = Record<string, string | string[] | undefined>;
type PageTarget = Target & {
  /** The page's URL (the action reads it for its redirect back). */
  path: string;
  /** One well-formed form per intent the action runs. */
  forms: (f: Fixtures) => Form[];
};

const setupCarrier = {
  "carriers[0].name": "Aetna",
  "carriers[0].products[0].name": "Final Expense",
  "carriers[0].products[0].commissionRate": "100",
};

/** Every page route with an action. */
const PAGE_TARGETS: Record<string, PageTarget> = {
  "admin+/retention.tsx": {
    roles: ["admin"],
    path: "/admin/retention?agentId=x&page=2",
    forms: (f) => [{ intent: "payment", id: f.payment.id, status: "paid" }],
  },
  "admin+/at-risk.tsx": {
    roles: ["admin"],
    path: "/admin/at-risk?agentId=x&page=2",
    forms: (f) => [{ intent: "paid", id: f.payment.id }],
  },
  "admin+/retention-detailed.tsx": {
    roles: ["admin"],
    path: "/admin/retention-detailed?paymentStatus=pending&page=1",
    forms: (f) => [{ intent: "payment", id: f.payment.id, status: "pending" }],
  },
  "admin+/form-submissions.tsx": {
    roles: ["admin"],
    path: "/admin/form-submissions?status=new&page=1",
    forms: (f) => [
      { intent: "update", id: f.submission.id, status: "closed", notes: "Called back" },
      { intent: "delete", id: f.submission.id },
    ],
  },
  "admin+/jobs.tsx": {
    roles: ["admin"],
    path: "/admin/jobs?state=failed&page=1",
    forms: () => [{ intent: "retry", id: UNKNOWN_JOB_ID }],
  },
  "admin+/webhooks.tsx": {
    roles: ["admin"],
    path: "/admin/webhooks?dialog=add",
    forms: () => [
      {
        intent: "create",
        url: "https://example.invalid/hooks",
        events: ["lead_import.completed"],
        description: "Fuzz",
      },
      { intent: "delete", id: UNKNOWN_JOB_ID },
    ],
  },
  "admin+/callbacks.tsx": {
    roles: ["admin"],
    path: "/admin/callbacks?dialog=reschedule",
    forms: (f) => [{ intent: "reschedule", id: f.lead.id, callbackDate: "2099-01-01T10:00", notes: "Moved" }],
  },
  "admin+/lead-sources.tsx": {
    roles: ["admin"],
    path: "/admin/lead-sources?page=1",
    forms: (f) => [
      { intent: "create", name: "Fuzz Vendor", costPerLead: "160", returnWindowHours: "72", duplicateWindowDays: "30" },
      {
        intent: "update",
        id: f.leadSource.id,
        name: f.leadSource.name,
        costPerLead: "150",
        returnWindowHours: "48",
        duplicateWindowDays: "10",
        defaultCarrierId: f.carrier.id,
      },
      { intent: "status", id: f.leadSource.id, status: "paused" },
      { intent: "rotate", id: f.leadSource.id },
    ],
  },
  "admin+/leads_.import.tsx": { roles: ["admin"], path: "/admin/leads/import", forms: () => [{ intent: "upload" }] },
  "_portal+/account.sessions.tsx": {
    roles: ["agent", "admin"],
    path: "/account/sessions?dialog=sign-out-others",
    forms: () => [{ intent: "end", id: "00000000-0000-4000-8000-000000000000" }, { intent: "sign-out-others" }],
  },
  "_portal+/account.api-tokens.tsx": {
    roles: ["agent", "admin"],
    path: "/account/api-tokens",
    forms: () => [
      { intent: "create", name: "Fuzz token", scope: "read", expiresInDays: "30" },
      { intent: "revoke", id: "00000000-0000-4000-8000-000000000000" },
    ],
  },
  // Page actions are called without route params here: every form answers the import's 404.
  "admin+/leads_.import_.$id.tsx": {
    roles: ["admin"],
    path: "/admin/leads/import/fuzz",
    forms: (f) => [
      { intent: "preview", "column.0": "firstName", "column.1": "lastName", sourceId: f.leadSource.id },
      { intent: "start", sourceId: f.leadSource.id, distribution: "agent", agentId: f.agent.agent.id },
    ],
  },
  "admin+/dnc.tsx": {
    roles: ["admin"],
    path: "/admin/dnc",
    forms: () => [
      { intent: "add", phone: "(999) 555-0198", reason: "internal" },
      { intent: "remove", phone: "+19995550198", reason: "Listed in error" },
    ],
  },
  "admin+/calling-rules.tsx": {
    roles: ["admin"],
    path: "/admin/calling-rules",
    forms: () => [
      { intent: "save", state: "WY", start: "08:00", end: "21:00", maxCallsPer24h: "", source: "Fuzz" },
      { intent: "remove", state: "WY" },
    ],
  },
  // Page actions are called without route params here: every form answers the lead's 404.
  "_portal+/applications.$id_.call.tsx": {
    roles: ["agent", "admin"],
    path: "/applications/fuzz/call",
    forms: () => [
      { intent: "call", phone: "(813) 555-0000" },
      { intent: "override", phone: "(813) 555-0000", overrideReason: "Lead asked for this time" },
      { intent: "outcome", callId: "fuzz", outcome: "no_answer" },
    ],
  },
  "admin+/dnc_.import.tsx": { roles: ["admin"], path: "/admin/dnc/import", forms: () => [{ intent: "upload" }] },
  "admin+/lead-returns.tsx": {
    roles: ["admin"],
    path: "/admin/lead-returns?status=pending",
    forms: (f) => [
      { intent: "approve", id: f.leadReturn.id, note: "Checked" },
      { intent: "deny", id: f.leadReturn.id, note: "Answers" },
    ],
  },
  "admin+/orders.tsx": {
    roles: ["admin"],
    path: "/admin/orders?period=all&page=1",
    forms: (f) => [
      {
        intent: "create",
        agentId: "manual",
        agentName: "Fuzz Agent",
        callsOrdered: "10",
        companySource: "Direct",
        platformSource: "Google Ads",
        totalPayment: "100.00",
        paymentGateway: "Zelle",
      },
      {
        intent: "update",
        id: f.order.id,
        agentId: "manual",
        agentName: "Fuzz Agent",
        callsOrdered: "10",
        callsCompleted: "5",
        companySource: "Direct",
        platformSource: "Google Ads",
        totalPayment: "100.00",
        paymentGateway: "Zelle",
        status: "Completed",
      },
      { intent: "delete", id: f.order.id },
    ],
  },
  "admin+/leads.tsx": {
    roles: ["admin"],
    path: "/admin/leads?status=pending&page=1",
    forms: (f) => [
      { intent: "status", id: f.lead.id, status: "follow_up", notes: "Follow up" },
      { intent: "edit", id: f.lead.id, firstName: "Edna", lastName: "Edited", "phones[0].phoneNumber": "3055550111" },
      {
        intent: "reassign",
        ids: f.lead.id,
        agentId: f.agent.agent.id,
        confirmUnlicensed: "true",
        confirmedFor: f.agent.agent.id,
      },
    ],
  },
  "admin+/agent-approval.tsx": {
    roles: ["admin"],
    path: "/admin/agent-approval?tab=pending",
    forms: (f) => {
      const agentId = f.target.agent.id;
      return [
        {
          intent: "approve",
          agentId,
          callsOrdered: "10",
          phone: "5555550123",
          companyName: "Co",
          assignedBdm: f.bdm.id,
        },
        { intent: "reject", agentId },
        { intent: "pause", agentId },
        { intent: "activate", agentId },
        { intent: "assign-bdm", agentId, bdmId: f.bdm.id },
        { intent: "add-calls", agentId, callsToAdd: "5" },
        { intent: "generate-password", agentId },
      ];
    },
  },
  "admin+/agent-management.tsx": {
    roles: ["admin"],
    path: "/admin/agent-management?status=approved&search=a",
    forms: (f) => {
      const agentId = f.target.agent.id;
      return [
        { intent: "approve", agentId, callsOrdered: "10", phone: "5555550123", assignedBdm: f.bdm.id },
        { intent: "reject", agentId },
        { intent: "pause", agentId },
        { intent: "activate", agentId },
        { intent: "assign-bdm", agentId, bdmId: f.bdm.id },
        { intent: "add-calls", agentId, callsToAdd: "5" },
        { intent: "generate-password", agentId },
      ];
    },
  },
  "admin+/password-reset-requests.tsx": {
    roles: ["admin"],
    path: "/admin/password-reset-requests",
    forms: (f) => [
      { intent: "approve", id: f.reset.id },
      { intent: "deny", id: f.reset.id },
    ],
  },
  "agent+/setup.tsx": {
    roles: ["agent-in-setup", "agent"],
    path: "/agent/setup",
    forms: () => [
      { intent: "next", currentStep: "1", selectedCarriers: ["Aetna", "Humana"] },
      { intent: "next", currentStep: "2", ...setupCarrier },
      { intent: "finish", currentStep: "4", ...setupCarrier, licensedStates: ["FL", "TX"] },
      { intent: "add-carrier", currentStep: "1", newCarrier: "Fuzz Mutual" },
      { intent: "remove-product:0:0", currentStep: "2", ...setupCarrier },
      { intent: "bulk-add", currentStep: "3", bulkStates: "FL, Texas" },
      { intent: "previous", currentStep: "3" },
    ],
  },
  "agent+/profile._index.tsx": {
    roles: ["agent"],
    path: "/agent/profile?tab=personal&edit=1",
    forms: () => [{ intent: "personal", firstName: "Fuzz", lastName: "Agent", phone: "5555550123" }],
  },
  "agent+/profile.edit.tsx": {
    roles: ["agent"],
    path: "/agent/profile/edit",
    forms: () => [
      {
        intent: "save",
        firstName: "Fuzz",
        lastName: "Agent",
        phone: "5555550123",
        ...setupCarrier,
        licensedStates: ["FL"],
      },
      { intent: "bulk-replace", ...setupCarrier, bulkStates: "FL, Texas" },
      { intent: "add-product:0", ...setupCarrier, "newProducts[0].name": "Term", "newProducts[0].commissionRate": "5" },
      { intent: "remove-carrier:0", ...setupCarrier },
    ],
  },
  "agent+/carrier-setup.tsx": {
    roles: ["agent", "agent-in-setup"],
    path: "/agent/carrier-setup",
    forms: () => [
      { intent: "complete", ...setupCarrier, licensedStates: ["FL"] },
      { intent: "add-product:0", ...setupCarrier, "newProducts[0].name": "Term", "newProducts[0].commissionRate": "5" },
      { intent: "apply", ...setupCarrier, stateEntry: "Georgia" },
      { intent: "remove-carrier:0", ...setupCarrier },
    ],
  },
  "agent+/retention.tsx": {
    roles: ["agent"],
    path: "/agent/retention?page=1",
    forms: (f) => [{ intent: "payment", id: f.payment.id, status: "pending" }],
  },
  "agent+/at-risk.tsx": {
    roles: ["agent"],
    path: "/agent/at-risk?page=2",
    forms: (f) => [{ intent: "paid", id: f.payment.id }],
  },
  "agent+/leads.tsx": {
    roles: ["agent"],
    path: "/agent/leads?status=pending&page=1",
    forms: (f) => [
      { intent: "status", id: f.lead.id, status: "callback", callbackDate: "2026-12-01T10:30", notes: "Call back" },
      { intent: "disposition", id: f.lead.id, status: "contacted", notes: "Spoke" },
      { intent: "edit", id: f.lead.id, firstName: "Edna", lastName: "Edited", "phones[0].phoneNumber": "3055550111" },
    ],
  },
  "agent+/commissions.tsx": {
    roles: ["agent"],
    path: "/agent/commissions?status=active&period=custom&startDate=2026-01-01&endDate=2026-12-31",
    forms: (f) => [{ intent: "cancel", id: f.lead.id }],
  },
  "agent+/callbacks.tsx": {
    roles: ["agent"],
    path: "/agent/callbacks?overduePage=1",
    forms: (f) => [
      { intent: "reschedule", id: f.lead.id, callbackDate: "2099-12-01T10:30", notes: "Call back" },
      { intent: "disposition", id: f.lead.id, status: "callback", callbackDate: "2099-12-01T10:30" },
    ],
  },
  // Called without the route's id: the lead's 404 whatever the form.
  "_portal+/applications.$id_.opt-out.tsx": {
    roles: ["agent", "admin"],
    path: "/applications/fuzz/opt-out",
    forms: () => [{ intent: "opt-out" }],
  },
  "_portal+/applications.$id.tsx": {
    roles: ["agent", "admin"],
    path: "/applications/fuzz",
    forms: (f) => [
      { intent: "disposition", id: f.lead.id, status: "rescheduled", callbackDate: "2026-12-01T10:30" },
      { intent: "edit", id: f.lead.id, firstName: "Edna", lastName: "Edited", "beneficiaries[0].name": "Heir" },
    ],
  },
  "_public+/_index.tsx": { roles: ["signed-out"], path: "/", forms: () => [inquiry] },
  "_public+/submitapplication.tsx": {
    roles: ["signed-out"],
    path: "/submitapplication",
    forms: (f) => [applicationForm(f.agent.agent.id, f.carrier.id)],
  },
  "_auth+/forgot-password.tsx": {
    roles: ["signed-out"],
    path: "/forgot-password",
    forms: (f) => [{ email: f.loginUser.user.email }],
  },
  "_auth+/login.tsx": {
    roles: ["signed-out"],
    path: "/login",
    freshSession: true,
    forms: (f) => [
      { intent: "login", email: f.loginUser.user.email, password: TEST_PASSWORD, redirectTo: "/agent/dashboard" },
      {
        intent: "register",
        firstName: "Reg",
        lastName: "Istrant",
        email: uniqueEmail("fuzz"),
        phone: "5555550199",
        licenseNumber: "LIC-FUZZ",
        password: "password123",
      },
    ],
  },
  "_auth+/logout.tsx": { roles: ["agent", "signed-out"], path: "/logout", freshSession: true, forms: () => [{}] },
  "_auth+/login_.two-factor.tsx": {
    roles: ["signed-out"],
    path: "/login/two-factor",
    forms: () => [{ code: "123456", redirectTo: "/admin/dashboard" }],
  },
  "_portal+/account.security.tsx": {
    roles: ["agent", "admin"],
    path: "/account/security",
    forms: () => [
      { intent: "setup" },
      { intent: "enable", code: "123456" },
      { intent: "regenerate", code: "123456" },
      { intent: "disable", code: "123456" },
    ],
  },
  "_auth+/reset-password.tsx": {
    roles: ["signed-out"],
    path: "/reset-password",
    forms: () => [{ token, password: "new-password-1", confirmPassword: "new-password-1" }],
  },
  "_auth+/set-new-password.tsx": {
    roles: ["signed-out"],
    path: "/set-new-password",
    forms: () => [{ token, password: "new-password-1", confirmPassword: "new-password-1" }],
  },
  "_portal+/notifications.tsx": {
    roles: ["agent", "admin"],
    path: "/notifications?redirectTo=%2Fagent%2Fdashboard",
    forms: (f) => [{ intent: "open", id: f.notification.id }, { intent: "read-all" }, { intent: "clear-all" }],
  },
  // Export CSV posts no fields: the filters ride in the URL, hostile ones now and then.
  "admin+/reports.export.ts": { roles: ["admin"], path: "/admin/reports/export?tab=revenue", forms: () => [{}] },
  "agent+/reports.export.ts": { roles: ["agent"], path: "/agent/reports/export", forms: () => [{}] },
  "admin+/persistency.export.ts": {
    roles: ["admin"],
    path: "/admin/persistency/export?period=custom&startDate=2003-01-01&endDate=2003-12-31",
    forms: () => [{}],
  },
  "agent+/reports.persistency.export.ts": {
    roles: ["agent"],
    path: "/agent/reports/persistency/export",
    forms: () => [{}],
  },
  "timezone.tsx": {
    roles: ["agent", "admin"],
    path: "/timezone",
    forms: () => [{ timezone: "America/Chicago", redirectTo: "/agent/dashboard" }],
  },
  // The OpenAPI document (outside api+, cacheable): its action refuses every post with a JSON 405.
  "api.openapi[.json].ts": { roles: ["signed-out"], path: "/api/openapi.json", forms: () => [{}] },
};

/** Loaders that read ids or query parameters. */
const LOADER_TARGETS: Record<string, Target & { path: string }> = {
  "admin+/form-submissions.tsx": { roles: ["admin"], path: "/admin/form-submissions" },
  "admin+/agent-approval.tsx": { roles: ["admin"], path: "/admin/agent-approval" },
  "admin+/password-reset-requests.tsx": { roles: ["admin"], path: "/admin/password-reset-requests" },
  "admin+/agent-management.tsx": { roles: ["admin"], path: "/admin/agent-management?tab=agents&dialog=profile" },
  "admin+/agents.tsx": { roles: ["admin"], path: "/admin/agents" },
  "admin+/retention.tsx": { roles: ["admin"], path: "/admin/retention?agentId=x&search=%25_&page=9" },
  "admin+/retention-detailed.tsx": { roles: ["admin"], path: "/admin/retention-detailed?paymentStatus=x&page=0" },
  "admin+/callbacks.tsx": { roles: ["admin"], path: "/admin/callbacks?agentId=x&page=2" },
  "admin+/at-risk.tsx": { roles: ["admin"], path: "/admin/at-risk?agentId=x&page=0" },
  "admin+/premiums.tsx": { roles: ["admin"], path: "/admin/premiums?period=custom&agentId=x&ledgerPage=2" },
  "admin+/leads.tsx": { roles: ["admin"], path: "/admin/leads?dialog=lead" },
  "admin+/orders.tsx": { roles: ["admin"], path: "/admin/orders?dialog=edit&period=custom&bdm=x&page=2" },
  "api+/admin.agents.$id.profile.ts": {
    roles: ["admin"],
    path: "/api/admin/agents/:id/profile",
    param: { name: "id", value: (f) => f.target.agent.id },
  },
  "admin+/dashboard.tsx": { roles: ["admin"], path: "/admin/dashboard" },
  "admin+/activity.tsx": { roles: ["admin"], path: "/admin/activity" },
  "admin+/jobs.tsx": { roles: ["admin"], path: "/admin/jobs?state=x&page=0" },
  "admin+/webhooks.tsx": { roles: ["admin"], path: "/admin/webhooks?dialog=delete&page=0" },
  "admin+/webhooks_.$id.tsx": {
    roles: ["admin"],
    path: "/admin/webhooks/:id",
    param: { name: "id", value: () => UNKNOWN_JOB_ID },
  },
  "api+/admin.webhooks.ts": { roles: ["admin"], path: "/api/admin/webhooks" },
  "api+/admin.webhooks.$id.deliveries.ts": {
    roles: ["admin"],
    path: "/api/admin/webhooks/:id/deliveries",
    param: { name: "id", value: () => UNKNOWN_JOB_ID },
  },
  "admin+/reports.tsx": { roles: ["admin"], path: "/admin/reports?tab=agents&page=2" },
  "admin+/persistency.tsx": { roles: ["admin"], path: "/admin/persistency?period=custom&agentId=x" },
  "agent+/dashboard.tsx": { roles: ["agent"], path: "/agent/dashboard" },
  "agent+/leads.tsx": { roles: ["agent"], path: "/agent/leads" },
  "agent+/callbacks.tsx": { roles: ["agent"], path: "/agent/callbacks" },
  "agent+/at-risk.tsx": { roles: ["agent"], path: "/agent/at-risk?page=x" },
  "agent+/callbacks_.$id.event[.ics].ts": {
    roles: ["agent"],
    path: "/agent/callbacks/:id/event.ics",
    param: { name: "id", value: (f) => f.lead.id },
  },
  "agent+/commissions.tsx": { roles: ["agent"], path: "/agent/commissions" },
  "agent+/reports.tsx": { roles: ["agent"], path: "/agent/reports" },
  "agent+/retention.tsx": { roles: ["agent"], path: "/agent/retention" },
  "agent+/profile._index.tsx": { roles: ["agent"], path: "/agent/profile?tab=performance" },
  "_portal+/applications.$id.tsx": {
    roles: ["agent", "admin"],
    path: "/applications/:id",
    param: { name: "id", value: (f) => f.lead.id },
  },
  "_portal+/notifications.tsx": { roles: ["agent", "admin"], path: "/notifications" },
  "_portal+/account.api-tokens.tsx": { roles: ["agent", "admin"], path: "/account/api-tokens?dialog=revoke" },
  "_portal+/account.sessions.tsx": { roles: ["agent", "admin"], path: "/account/sessions?dialog=sign-out-others" },
  "agent+/setup.tsx": { roles: ["agent-in-setup", "agent"], path: "/agent/setup" },
  "_auth+/login.tsx": { roles: ["signed-out", "admin"], path: "/login" },
  "_auth+/login_.two-factor.tsx": { roles: ["signed-out"], path: "/login/two-factor" },
  "_portal+/account.security.tsx": { roles: ["agent", "admin"], path: "/account/security" },
  "_auth+/reset-password.tsx": { roles: ["signed-out"], path: "/reset-password" },
  "_auth+/set-new-password.tsx": { roles: ["signed-out"], path: "/set-new-password" },
  "api+/admin.form-submissions.ts": { roles: ["admin"], path: "/api/admin/form-submissions" },
  "api+/admin.orders.ts": { roles: ["admin"], path: "/api/admin/orders" },
  "admin+/lead-sources.tsx": { roles: ["admin"], path: "/admin/lead-sources?dialog=edit&page=2" },
  "admin+/leads_.import.tsx": { roles: ["admin"], path: "/admin/leads/import?page=0" },
  "api+/admin.lead-sources.ts": { roles: ["admin"], path: "/api/admin/lead-sources" },
  "api+/admin.lead-sources.$id.ts": {
    roles: ["admin"],
    path: "/api/admin/lead-sources/:id",
    param: { name: "id", value: (f) => f.leadSource.id },
  },
  "api+/admin.order-stats.ts": { roles: ["admin"], path: "/api/admin/order-stats" },
  "api+/admin.activity.ts": { roles: ["admin"], path: "/api/admin/activity" },
  "api+/admin.jobs.ts": { roles: ["admin"], path: "/api/admin/jobs" },
  "api+/admin.applications.ts": { roles: ["admin"], path: "/api/admin/applications" },
  "api+/admin.retention.ts": { roles: ["admin"], path: "/api/admin/retention" },
  "api+/admin.callbacks.ts": { roles: ["admin"], path: "/api/admin/callbacks" },
  "api+/admin.at-risk.ts": { roles: ["admin"], path: "/api/admin/at-risk" },
  "api+/admin.commissions.ts": { roles: ["admin"], path: "/api/admin/commissions" },
  "api+/admin.premiums.ts": { roles: ["admin"], path: "/api/admin/premiums" },
  "api+/admin.dashboard.ts": { roles: ["admin"], path: "/api/admin/dashboard" },
  "api+/admin.reports.ts": { roles: ["admin"], path: "/api/admin/reports" },
  "api+/admin.reports.persistency.ts": { roles: ["admin"], path: "/api/admin/reports/persistency" },
  "api+/agent.reports.persistency.ts": { roles: ["agent", "admin"], path: "/api/agent/reports/persistency" },
  "api+/carriers.ts": { roles: ["admin"], path: "/api/carriers" },
  "api+/agent.applications.ts": { roles: ["agent", "admin"], path: "/api/agent/applications" },
  "api+/agent.callbacks.ts": { roles: ["agent", "admin"], path: "/api/agent/callbacks" },
  "api+/agent.at-risk.ts": { roles: ["agent", "admin"], path: "/api/agent/at-risk" },
  "api+/agent.commissions.ts": { roles: ["agent", "admin"], path: "/api/agent/commissions" },
  "api+/agent.dashboard.ts": { roles: ["agent", "admin"], path: "/api/agent/dashboard" },
  "api+/agent.reports.ts": { roles: ["agent", "admin"], path: "/api/agent/reports" },
  "api+/agent.retention.ts": { roles: ["agent", "admin"], path: "/api/agent/retention" },
  "api+/agent.stats.ts": { roles: ["agent", "admin"], path: "/api/agent/stats" },
  "api+/applications.$id.ts": {
    roles: ["agent", "admin"],
    path: "/api/applications/:id",
    param: { name: "id", value: (f) => f.lead.id },
  },
  "api+/products.all.ts": { roles: ["agent", "admin"], path: "/api/products/all" },
  "api+/notifications.ts": { roles: ["agent", "admin"], path: "/api/notifications" },
  "api+/public.agents.ts": { roles: ["signed-out"], path: "/api/public/agents" },
  "api+/public.carriers.ts": { roles: ["signed-out"], path: "/api/public/carriers" },
  // The bad query lands in `x`, or names the parameters again (the last one counts).
  "api+/social-security-days.ts": {
    roles: ["agent", "admin"],
    path: "/api/social-security-days?dateOfBirth=1950-03-05&count=3&x=",
  },
  "api+/agent.products.$carrierId.ts": {
    roles: ["agent"],
    path: "/api/agent/products/:carrierId",
    param: { name: "carrierId", value: (f) => f.carrier.id },
  },
};

// ---------------------------------------------------------------------------------------------
// Calling a route and judging the answer

type Call = {
  label: string;
  handler: Handler;
  method: string;
  path: string;
  params: Record<string, string>;
  role: Role;
  body?: FuzzBody;
  freshSession?: boolean;
};

let fixtures: Fixtures;
let ipCounter = 0;
/** What the app logged while a call ran: an /api 500 logs its cause and answers only a generic text. */
let logged: string[] = [];

function firstAppFrame(error: unknown) {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const frame = stack.split("\n").find((line) => /\/(app|server|prisma-free-db)\//.test(line));
  return frame?.trim().replace(/^at /, "") ?? "no app frame";
}

function describeCall(call: Call) {
  const body = call.body ? ` [${call.body.kind}: ${call.body.detail}]` : "";
  const shownPath = call.path.length > 120 ? `${call.path.slice(0, 117)}...` : call.path;
  return `${call.label} ${call.method} ${shownPath} as ${call.role}${body}`;
}

/** Runs one call as the server would; answers null when all is well, else what went wrong. */
async function problemWith(call: Call): Promise<string | null> {
  let cookie = fixtures.cookies[call.role];
  const user = fixtures.users[call.role];
  if (call.freshSession && user) cookie = (await signInAs(user)).cookie;
  if (call.role === "forged-cookie") cookie = fixtures.forgedCookies[ipCounter % fixtures.forgedCookies.length];
  const headers = new Headers({
    "User-Agent": "fuzz",
    "X-Remote-Address": `10.99.${ipCounter >> 8}.${ipCounter & 255}`,
  });
  ipCounter = (ipCounter + 1) % 65536;
  if (cookie) headers.set("Cookie", cookie);
  if (call.body?.contentType) headers.set("Content-Type", call.body.contentType);
  const hasBody = call.method !== "GET" && call.method !== "HEAD";
  const request = new Request(`http://localhost${call.path}`, {
    method: call.method,
    headers,
    body: hasBody ? call.body?.body : undefined,
  });

  logged = [];
  const started = Date.now();
  let response: Response;
  try {
    const result = await answeringServiceErrors(call.handler)({
      request,
      params: call.params,
      context: { requestCache: {} },
    } as never);
    response = toResponse(result);
  } catch (thrown) {
    if (!(thrown instanceof Response)) {
      const message = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
      return `threw ${message.slice(0, 200)} at ${firstAppFrame(thrown)}`;
    }
    response = thrown;
  }

  // A request that keeps the server busy this long blocks every other one: a failure too.
  const took = Date.now() - started;
  if (took > SLOW_CALL_MS) return `took ${took} ms (more than ${SLOW_CALL_MS} ms), answered ${response.status}`;
  const cause = logged.length ? ` (logged: ${logged.join(" | ").slice(0, 200)})` : "";
  if (response.status >= 500) return `answered ${response.status}${cause}`;
  if (call.path.startsWith("/api/") && response.status >= 400) {
    const type = response.headers.get("Content-Type") ?? "";
    const text = await response.text();
    let error: unknown;
    try {
      error = (JSON.parse(text) as { error?: unknown }).error;
    } catch {
      error = undefined;
    }
    if (!type.startsWith("application/json") || typeof error !== "string" || !error) {
      return `answered ${response.status} without a JSON { error } (${type}: ${text.slice(0, 80)})`;
    }
  }
  return null;
}

/** Remix's data() helper and plain objects as the Response the server would send. */
function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  const maybe = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (maybe && maybe.type === "DataWithResponseInit") return Response.json(maybe.data, maybe.init ?? {});
  return Response.json(result ?? null);
}

/** Runs the calls one after another and fails once, naming every call that went wrong. */
async function expectNoFailures(calls: Call[]) {
  const failures: string[] = [];
  for (const call of calls) {
    const problem = await problemWith(call);
    if (problem) failures.push(`${describeCall(call)} -> ${problem}`);
  }
  expect(failures, `${failures.length} of ${calls.length} calls failed:\n${failures.join("\n")}`).toEqual([]);
}

/** The roles a target's cases are sent as: its own roles all of them, the others a sample. */
function byRole<T>(target: Target, cases: T[], random: ReturnType<typeof seededRandom>) {
  return ROLES.flatMap((role) => {
    if (target.roles.includes(role)) return cases.map((c) => ({ role, c }));
    return Array.from({ length: OTHER_ROLE_SAMPLES }, () => ({ role, c: random.pick(cases) }));
  });
}

/** Ids for a URL param: the hostile list, the wrong kinds, and one real value for body cases. */
function idsFor(f: Fixtures) {
  return [...BAD_IDS, ...f.otherIds];
}

function withParam(pathTemplate: string, name: string, value: string) {
  return pathTemplate.replace(`:${name}`, pathSegment(value));
}

// ---------------------------------------------------------------------------------------------
// Which routes exist

const API_DIR = path.join(ROUTES_DIR, "api+");
const apiFiles = fs
  .readdirSync(API_DIR)
  .filter((file) => /\.tsx?$/.test(file) && !file.startsWith("__") && !/\.server\.tsx?$/.test(file))
  .sort();

/** A route's methods as it declares them: its 405 answer to a method nobody uses lists them in Allow. */
async function methodsOf(mod: RouteModule): Promise<string[]> {
  const request = new Request("http://localhost/api/probe", { method: "PROPFIND" });
  const res = (await mod.action!({ request, params: {}, context: {} } as never)) as Response;
  return (res.headers.get("Allow") ?? "").split(",").map((m) => m.trim());
}

function pageFilesWithAnAction(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "api+") walk(full);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        /export (async )?function action\b|export const action\b/.test(fs.readFileSync(full, "utf8"))
      ) {
        files.push(path.relative(ROUTES_DIR, full));
      }
    }
  };
  walk(ROUTES_DIR);
  return files.sort();
}

// ---------------------------------------------------------------------------------------------

/**
 * Which parts of the corpus a test file runs (tests/api/fuzz-*.test.ts): vitest runs files side by
 * side, and the whole corpus in one file was the suites' longest file (107 s in CI), run last.
 */
export type FuzzPart = {
  /** The checks that the corpus names every mutating /api route and every page action. */
  coverage?: boolean;
  /** Which mutating /api routes, by route name and its place in the corpus. */
  api?: (name: string, index: number) => boolean;
  pages?: boolean;
  loaders?: boolean;
};

/** The agent in setup stays in setup whatever an earlier call finished or skipped. */
async function backToSetup() {
  await Agent.update({ setupComplete: false }, { where: { id: fixtures.agentInSetup.agent.id } });
}

export function defineFuzzSuite(part: FuzzPart) {
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    fixtures = await createFixtures();
    consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message} at ${firstAppFrame(a)}` : String(a))).join(" "));
    });
  });

  afterAll(() => {
    consoleError.mockRestore();
  });

  if (part.coverage)
    describe("the fuzz corpus covers", () => {
      it("every /api route file with a POST, PUT, PATCH or DELETE", async () => {
        const mutating: string[] = [];
        for (const file of apiFiles) {
          const methods = await methodsOf(await importRoute(`api+/${file}`));
          if (methods.some((m) => (MUTATING as readonly string[]).includes(m)))
            mutating.push(file.replace(/\.ts$/, ""));
        }
        expect(mutating.sort()).toEqual(Object.keys(API_TARGETS).sort());
      });

      it("every page route with an action", () => {
        expect(pageFilesWithAnAction()).toEqual(Object.keys(PAGE_TARGETS).sort());
      });
    });

  const apiTargets = Object.keys(API_TARGETS).filter((name, index) => part.api?.(name, index) ?? false);
  if (apiTargets.length)
    describe("mutating /api routes answer malformed input with a 4xx JSON error, never a 5xx", () => {
      it.each(apiTargets)(
        "api+/%s",
        async (name) => {
          const target = API_TARGETS[name]!;
          const mod = await importRoute(`api+/${name}.ts`);
          const methods = (await methodsOf(mod)).filter((m) => (MUTATING as readonly string[]).includes(m));
          await backToSetup();
          const f = fixtures;
          const template = `/api/${name
            .split(".")
            .map((s) => (s === "$" ? "no/such/path" : s.startsWith("$") ? `:${s.slice(1)}` : s))
            .join("/")}`;
          const calls: Call[] = [];
          for (const method of methods) {
            const random = seededRandom(seedOf(`${name} ${method}`));
            const realId = target.param?.value(f);
            const path = target.param ? withParam(template, target.param.name, realId!) : template;
            const params = target.param ? { [target.param.name]: realId! } : {};
            const bodies = bodiesFor(target.body(f), "json", random, { extra: 30 });
            const base = { label: `api+/${name}`, handler: mod.action!, method, freshSession: target.freshSession };
            for (const { role, c } of byRole(target, bodies, random))
              calls.push({ ...base, path, params, role, body: c });
            // Bad ids in the URL, with the well-formed body.
            if (target.param) {
              const good: FuzzBody = {
                kind: "json",
                detail: "well-formed",
                contentType: "application/json",
                body: JSON.stringify(target.body(f)),
              };
              for (const { role, c: id } of byRole(target, idsFor(f), random)) {
                calls.push({
                  ...base,
                  path: withParam(template, target.param.name, id),
                  params: { [target.param.name]: id },
                  role,
                  body: { ...good, detail: `id ${JSON.stringify(id.slice(0, 40))}` },
                });
              }
            }
          }
          expect(calls.length).toBeGreaterThan(0);
          await expectNoFailures(calls);
        },
        FUZZ_TIMEOUT,
      );
    });

  if (part.pages)
    describe("page actions answer malformed input with a 4xx or their own answer, never a 5xx", () => {
      it.each(Object.keys(PAGE_TARGETS))(
        "%s",
        async (file) => {
          const target = PAGE_TARGETS[file]!;
          const mod = await importRoute(file);
          await backToSetup();
          const random = seededRandom(seedOf(file));
          const calls: Call[] = [];
          const base = {
            label: file,
            handler: mod.action!,
            method: "POST",
            params: {},
            freshSession: target.freshSession,
          };
          target.forms(fixtures).forEach((form, index) => {
            const bodies = bodiesFor(form, "form", random, { extra: 12, structural: index === 0 });
            // Ids posted in the form: the hostile list and the wrong kinds.
            for (const field of ["id", "agentId", "bdmId"].filter((name) => name in form)) {
              for (const id of idsFor(fixtures)) {
                const detail = `${field} = ${JSON.stringify(id.slice(0, 40))}`;
                bodies.push(formBody({ ...form, [field]: id }, "form id", detail));
              }
            }
            for (const { role, c } of byRole(target, bodies, random)) {
              // Now and then the page's own URL carries hostile parameters too (the action redirects back to it).
              const query = random.int(5) === 0 ? random.pick(BAD_QUERIES) : "";
              const path = query ? `${target.path}${target.path.includes("?") ? "&" : "?"}${query}` : target.path;
              calls.push({ ...base, path, role, body: c });
            }
          });
          await expectNoFailures(calls);
        },
        FUZZ_TIMEOUT,
      );
    });

  if (part.loaders)
    describe("loaders answer bad ids and query parameters with a 4xx or a fallback, never a 5xx", () => {
      it.each(Object.keys(LOADER_TARGETS))(
        "%s",
        async (file) => {
          const target = LOADER_TARGETS[file]!;
          const mod = await importRoute(file);
          await backToSetup();
          const f = fixtures;
          const random = seededRandom(seedOf(`loader ${file}`));
          const realPath = target.param
            ? withParam(target.path, target.param.name, target.param.value(f))
            : target.path;
          const realParams: Record<string, string> = target.param ? { [target.param.name]: target.param.value(f) } : {};
          const dialogQueries = f.otherIds.flatMap((id) => [
            `dialog=edit&id=${id}`,
            `dialog=view-password&agent=${id}`,
          ]);
          const queries = [...BAD_QUERIES, ...dialogQueries];
          const base = { label: file, handler: mod.loader!, method: "GET" };
          const calls: Call[] = byRole(target, queries, random).map(({ role, c: query }) => ({
            ...base,
            path: `${realPath}?${query}`,
            params: realParams,
            role,
            body: { kind: "query", detail: query.slice(0, 80), contentType: null },
          }));
          if (target.param) {
            for (const { role, c: id } of byRole(target, idsFor(f), random)) {
              calls.push({
                ...base,
                path: withParam(target.path, target.param.name, id),
                params: { [target.param.name]: id },
                role,
                body: { kind: "id", detail: JSON.stringify(id.slice(0, 40)), contentType: null },
              });
            }
          }
          await expectNoFailures(calls);
        },
        FUZZ_TIMEOUT,
      );
    });
}
