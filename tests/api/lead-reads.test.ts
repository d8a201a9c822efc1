import { describe, expect, it } from "vitest";
import type { AgentLeadListQuery } from "~/domain/schemas/leads";
import { ActivityLog, Application, Beneficiary, PaymentTracking, StatusChange } from "~db";
import { loader as listLoader } from "~/routes/api+/agent.applications";
import { action as detailAction, loader as detailLoader } from "~/routes/api+/applications.$id";
import { action as revealAction, loader as revealLoader } from "~/routes/api+/applications.$id.reveal";
import { ServiceError } from "~/services/errors.server";
import {
  SENSITIVE_REVEALED,
  getLeadDetail,
  recordLeadReveal,
  listAgentLeads,
  type AgentLeadRow,
  type LeadDetail,
} from "~/services/lead-reads.server";
import { LEAD_NOT_FOUND } from "~/services/leads.server";
import { encrypt } from "~/utils/crypto.server";
import { carrierId, uniqueName } from "../support/application-factories";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 10, items 1 and 12 (read side): GET /api/agent/applications (the agent's own leads,
// filtered, searched and paged in SQL, X-Total-Count) and GET /api/applications/{id} (one lead
// with phones, beneficiaries, payment schedule and status history; sensitive numbers masked
// unless ?reveal=1, which is logged without the numbers; 404 for anything not the caller's).

const SSN = "123456789";
const ROUTING = "021000021";
const ACCOUNT = "000123456789";
const CARD = "4111111111111111";
const CVV = "987";

const ago = (ms: number) => new Date(Date.now() - ms);

/** A lead with every part the detail shows: sensitive numbers, phones, beneficiaries, a schedule, a history. */
async function fullLead(agentId: string, changedBy: string) {
  const phones = [
    { phoneNumber: "8135550001", phoneType: "home", isPrimary: false },
    { phoneNumber: "8135550002", phoneType: "mobile", isPrimary: true },
  ];
  const lead = await createLead(
    agentId,
    {
      carrierId: await carrierId("Aetna"),
      status: "sale",
      firstName: "Rosa",
      lastName: uniqueName("Full"),
      hasEmail: true,
      email: "rosa@example.test",
      gender: "female",
      dateOfBirth: "1950-02-03",
      city: "Tampa",
      state: "FL",
      weight: 140,
      smoker: false,
      ssnEncrypted: encrypt(SSN),
      ssnLast4: SSN.slice(-4),
      coverageAmountCents: 1_250_000,
      monthlyPremiumCents: 4_567,
      calculatedCommissionCents: 41_103,
      soldProductName: "Final Expense",
      paymentMethod: "checking",
      bankName: "First Bank",
      routingNumberEncrypted: encrypt(ROUTING),
      routingNumberLast4: ROUTING.slice(-4),
      accountNumberEncrypted: encrypt(ACCOUNT),
      accountNumberLast4: ACCOUNT.slice(-4),
      cardNumberEncrypted: encrypt(CARD),
      cardNumberLast4: CARD.slice(-4),
      cardExpiry: "12/30",
      cardCvvEncrypted: encrypt(CVV),
      firstDraftDate: "2026-01-15",
    },
    { phones },
  );
  await Beneficiary.create({ applicationId: lead.id, name: "Tom", relationship: "son", age: 40, percentage: 100 });
  // Written out of order: the answer orders by month.
  await PaymentTracking.bulkCreate(
    [3, 1, 2].map((month) => ({
      applicationId: lead.id,
      monthNumber: month,
      dueDate: `2026-0${month}-15`,
      amountCents: 4_567,
      status: month === 1 ? "paid" : "not_paid",
    })),
  );
  await StatusChange.create({
    applicationId: lead.id,
    userId: changedBy,
    fromStatus: "pending",
    toStatus: "contacted",
    notes: "Called",
    createdAt: ago(60_000),
  });
  await StatusChange.create({ applicationId: lead.id, userId: changedBy, fromStatus: "contacted", toStatus: "sale" });
  return lead;
}

function list(cookie: string | undefined, query = "") {
  return callRoute(listLoader, { path: `/api/agent/applications${query}`, cookie });
}

function reveal(id: string, cookie: string | undefined, json?: unknown) {
  return callRoute(revealAction, {
    method: "POST",
    path: `/api/applications/${encodeURIComponent(id)}/reveal`,
    params: { id },
    cookie,
    ...(json === undefined ? {} : { json }),
  });
}

function detail(id: string, cookie: string | undefined, query = "") {
  return callRoute(detailLoader, {
    path: `/api/applications/${encodeURIComponent(id)}${query}`,
    params: { id },
    cookie,
  });
}

async function expectNotFound(run: Promise<unknown>) {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).status).toBe(404);
  expect((error as ServiceError).message).toBe(LEAD_NOT_FOUND);
}

const ALL: AgentLeadListQuery = { status: "all", sort: "newest", page: 1, pageSize: 100 };

describe("listAgentLeads (GET /api/agent/applications)", () => {
  it("lists only the agent's own leads, newest first, with the row's fields in dollars", async () => {
    const me = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const other = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const older = await createLead(me.agent.id, { createdAt: ago(3_000), email: "older@example.test" });
    const newer = await createLead(me.agent.id, { createdAt: ago(1_000), monthlyPremiumCents: 4_567 });
    await createLead(other.agent.id, { createdAt: ago(2_000) });
    const sold = await fullLead(me.agent.id, me.user.id);

    const page = await listAgentLeads(me.actor, ALL);
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => row.id)).toEqual([sold.id, newer.id, older.id]);
    const row = page.rows[0]!;
    expect(row).toMatchObject({
      firstName: "Rosa",
      email: "rosa@example.test",
      primaryPhone: "8135550002",
      city: "Tampa",
      state: "FL",
      gender: "female",
      weight: 140,
      status: "sale",
      agent: { id: me.agent.id, user: { firstName: "Mia", lastName: me.user.lastName } },
      carrier: { name: "Aetna" },
      productName: "Final Expense",
      coverageAmount: 12_500,
      monthlyPremium: 45.67,
      calculatedCommission: 411.03,
      payments: { paid: 1, total: 3 },
    });
    expect(page.rows[1]).toMatchObject({ monthlyPremium: 45.67, calculatedCommission: null, carrier: null });
    expect(page.rows[1]!.payments).toEqual({ paid: 0, total: 0 });
    // Nothing sensitive in a list row.
    expect(Object.keys(row)).not.toEqual(expect.arrayContaining(["ssn"]));
    // The rows' ids are random UUIDs, which may hold any of these digits: they are taken out first.
    const withoutIds = JSON.stringify(page.rows).replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      "",
    );
    expect(withoutIds).not.toMatch(/6789|0021|4111|1111|987/);

    expect((await listAgentLeads(other.actor, ALL)).total).toBe(1);
  });

  it("filters by status and searches first name, last name and email case-insensitively", async () => {
    const me = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const other = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const last = uniqueName("Quill");
    const callback = await createLead(me.agent.id, { lastName: last, status: "callback", createdAt: ago(3_000) });
    const pending = await createLead(me.agent.id, {
      firstName: "Zora",
      email: `${last}@Mail.test`,
      createdAt: ago(2_000),
    });
    const resched = await createLead(me.agent.id, { status: "rescheduled", createdAt: ago(1_000) });
    // Another agent's lead matching the same search is never found.
    await createLead(other.agent.id, { lastName: last, status: "callback" });

    const ids = async (query: Partial<AgentLeadListQuery>) =>
      (await listAgentLeads(me.actor, { ...ALL, ...query })).rows.map((row) => row.id);
    expect(await ids({ status: "callback" })).toEqual([callback.id]);
    expect(await ids({ status: "rescheduled" })).toEqual([resched.id]);
    expect(await ids({ status: "sale" })).toEqual([]);
    expect(await ids({ search: last.toUpperCase() })).toEqual([pending.id, callback.id]);
    expect(await ids({ search: `zora ${last.toLowerCase()}` })).toEqual([pending.id]);
    expect(await ids({ search: last, status: "callback" })).toEqual([callback.id]);
    expect(await ids({ search: "100%_" })).toEqual([]);
  });

  it("is refused to an admin (403), as every /api/agent route is", async () => {
    const admin = await signedInAdmin();
    const error = await listAgentLeads(admin.actor, ALL).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(403);
    const res = await list(admin.cookie);
    expect(res.status).toBe(403);
    expect(typeof (await jsonOf<{ error: string }>(res)).error).toBe("string");
  });

  it("pages through the API with X-Total-Count, and answers bad parameters with 400", async () => {
    const me = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const other = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push(await createLead(me.agent.id, { createdAt: ago(10_000 - i * 1_000) }));
    await createLead(other.agent.id);
    const newestFirst = leads.map((lead) => lead.id).reverse();

    const first = await list(me.cookie, "?page=1&pageSize=2");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Total-Count")).toBe("5");
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect((await jsonOf<AgentLeadRow[]>(first)).map((row) => row.id)).toEqual(newestFirst.slice(0, 2));
    const third = await list(me.cookie, "?page=3&pageSize=2");
    expect((await jsonOf<AgentLeadRow[]>(third)).map((row) => row.id)).toEqual(newestFirst.slice(4));
    const beyond = await list(me.cookie, "?page=9&pageSize=2");
    expect(beyond.headers.get("X-Total-Count")).toBe("5");
    expect(await jsonOf(beyond)).toEqual([]);
    const filtered = await list(me.cookie, "?status=sale");
    expect(filtered.headers.get("X-Total-Count")).toBe("0");

    for (const bad of ["?status=banana", "?page=0", "?pageSize=100000", "?page=abc", `?search=${"x".repeat(101)}`]) {
      const res = await list(me.cookie, bad);
      expect(res.status, bad).toBe(400);
      const body = await jsonOf<{ error: string; fieldErrors: Record<string, string[]> }>(res);
      expect(Object.keys(body.fieldErrors).length, bad).toBeGreaterThan(0);
    }
    expect((await list(undefined)).status).toBe(401);
  });
});

describe("getLeadDetail (GET /api/applications/{id})", () => {
  it("answers the agent's own lead with phones, beneficiaries, the schedule by month and the history newest first, masked", async () => {
    const me = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const lead = await fullLead(me.agent.id, me.user.id);

    const res = await detail(lead.id, me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await jsonOf<LeadDetail>(res);
    expect(body).toMatchObject({
      id: lead.id,
      firstName: "Rosa",
      status: "sale",
      agent: { id: me.agent.id, user: { firstName: "Mia" } },
      carrier: { name: "Aetna" },
      coverageAmount: 12_500,
      monthlyPremium: 45.67,
      calculatedCommission: 411.03,
      smoker: false,
      ssn: "6789",
      routingNumber: "0021",
      accountNumber: "6789",
      cardNumber: "1111",
      revealed: false,
      cardExpiry: "12/30",
      firstDraftDate: "2026-01-15",
    });
    expect(body).not.toHaveProperty("cardCvv");
    expect(body).not.toHaveProperty("cardCvvEncrypted");
    expect(JSON.stringify(body)).not.toMatch(/123456789|021000021|000123456789|4111111111111111|v1:/);
    expect(body.phones.map((phone) => [phone.phoneNumber, phone.isPrimary])).toEqual([
      ["8135550002", true],
      ["8135550001", false],
    ]);
    expect(body.beneficiaries).toEqual([
      expect.objectContaining({ name: "Tom", relationship: "son", age: 40, percentage: 100 }),
    ]);
    expect(body.paymentTracking.map((p) => [p.month, p.dueDate, p.amount, p.status])).toEqual([
      [1, "2026-01-15", 45.67, "paid"],
      [2, "2026-02-15", 45.67, "not_paid"],
      [3, "2026-03-15", 45.67, "not_paid"],
    ]);
    expect(body.statusHistory.map((change) => [change.fromStatus, change.toStatus, change.notes])).toEqual([
      ["contacted", "sale", null],
      ["pending", "contacted", "Called"],
    ]);
    expect(body.statusHistory[0]!.changedBy).toEqual({ id: me.user.id, firstName: "Mia", lastName: me.user.lastName });
    // Reading masked writes nothing to the activity log.
    expect(await ActivityLog.count({ where: { action: SENSITIVE_REVEALED, entityId: lead.id } })).toBe(0);
  });

  it("lets an admin open any lead, and answers 404 to another agent, for a missing id and a malformed one", async () => {
    const me = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const other = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const admin = await signedInAdmin();
    const lead = await fullLead(me.agent.id, me.user.id);
    const unassigned = await createLead(null);

    expect((await getLeadDetail(admin.actor, lead.id)).id).toBe(lead.id);
    expect((await getLeadDetail(admin.actor, unassigned.id)).agent).toBeNull();
    expect((await detail(lead.id, admin.cookie)).status).toBe(200);

    await expectNotFound(getLeadDetail(other.actor, lead.id));
    await expectNotFound(getLeadDetail(other.actor, lead.id, { reveal: true }));
    await expectNotFound(recordLeadReveal(other.actor, lead.id, true));
    await expectNotFound(getLeadDetail(me.actor, unassigned.id));
    for (const id of [lead.id, "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f", "not-a-uuid", "1 OR 1=1"]) {
      for (const res of [await detail(id, other.cookie, "?reveal=1"), await reveal(id, other.cookie)]) {
        expect(res.status, id).toBe(404);
        expect((await jsonOf<{ error: string }>(res)).error).toBe(LEAD_NOT_FOUND);
      }
    }
    // Another agent's refused reveal is not logged.
    expect(await ActivityLog.count({ where: { action: SENSITIVE_REVEALED, entityId: lead.id } })).toBe(0);
    expect((await detail(lead.id, undefined)).status).toBe(401);
  });

  it("a GET with ?reveal=1 writes no audit row and stays masked; POST /reveal records who revealed which lead and answers the numbers", async () => {
    const me = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const admin = await signedInAdmin();
    const lead = await fullLead(me.agent.id, me.user.id);
    const logged = () => ActivityLog.count({ where: { entityId: lead.id } });
    const before = await logged();

    const typed = await jsonOf<LeadDetail>(await detail(lead.id, me.cookie, "?reveal=1"));
    expect(typed).toMatchObject({ ssn: "6789", revealed: false });
    expect(await logged()).toBe(before);

    const res = await reveal(lead.id, me.cookie);
    expect(res.status).toBe(200);
    const body = await jsonOf<LeadDetail>(res);
    expect(body).toMatchObject({
      ssn: SSN,
      routingNumber: ROUTING,
      accountNumber: ACCOUNT,
      cardNumber: CARD,
      revealed: true,
    });
    expect(JSON.stringify(body)).not.toContain(`"${CVV}"`);
    expect(body).not.toHaveProperty("cardCvv");
    // For a few minutes after, ?reveal=1 shows them again, writing nothing more.
    expect(await jsonOf<LeadDetail>(await detail(lead.id, me.cookie, "?reveal=1"))).toMatchObject({ ssn: SSN });
    // Only the banking part, by the admin.
    const bank = await jsonOf<LeadDetail>(await reveal(lead.id, admin.cookie, { parts: ["banking"] }));
    expect(bank).toMatchObject({ ssn: "6789", accountNumber: ACCOUNT, revealed: false });

    const entries = await ActivityLog.findAll({ where: { entityId: lead.id }, raw: true });
    const reveals = entries.filter((entry) => entry.action.endsWith("_revealed"));
    expect(reveals.map((entry) => [entry.userId, entry.action]).sort()).toEqual(
      [
        [me.user.id, SENSITIVE_REVEALED],
        [me.user.id, "lead_banking_revealed"],
        [me.user.id, "lead_health_revealed"],
        [admin.admin.id, "lead_banking_revealed"],
      ].sort(),
    );
    for (const entry of reveals) {
      expect(entry.entityType).toBe("application");
      // The summary names the lead by its id, a random UUID that may hold any three digits.
      const words = entry.summary.replace(lead.id, "<lead>");
      for (const secret of [SSN, ROUTING, ACCOUNT, CARD, CVV, SSN.slice(-4), CARD.slice(-4)]) {
        expect(words).not.toContain(secret);
      }
    }
    // ?reveal=0 masks again and logs nothing more.
    expect((await jsonOf<LeadDetail>(await detail(lead.id, me.cookie, "?reveal=0"))).ssn).toBe("6789");
    expect(await logged()).toBe(before + 4);
  });

  it("POST /reveal answers bad bodies with 400 at the field, GET with 405, and a signed-out caller with 401", async () => {
    const me = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const lead = await createLead(me.agent.id);
    for (const bad of [{ parts: [] }, { parts: ["cvv"] }, { parts: "sensitive" }, { other: 1 }]) {
      const res = await reveal(lead.id, me.cookie, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await jsonOf<{ error: string }>(res)).toHaveProperty("error");
    }
    const get = await callRoute(revealLoader, {
      method: "GET",
      path: `/api/applications/${lead.id}/reveal`,
      params: { id: lead.id },
      cookie: me.cookie,
    });
    expect(get.status).toBe(405);
    expect((await reveal(lead.id, undefined)).status).toBe(401);
    expect(await ActivityLog.count({ where: { entityId: lead.id } })).toBe(0);
  });

  it("answers a bad ?reveal with 400, and a method it does not take with 405", async () => {
    const me = await signedInAgent({ firstName: "Mia", lastName: uniqueName("Agent") });
    const lead = await createLead(me.agent.id);
    for (const bad of ["?reveal=banana", "?reveal=", "?reveal=2"]) {
      const res = await detail(lead.id, me.cookie, bad);
      expect(res.status, bad).toBe(400);
      expect((await jsonOf<{ fieldErrors: Record<string, string[]> }>(res)).fieldErrors.reveal).toBeTruthy();
    }
    const put = await callRoute(detailAction, {
      method: "PUT",
      path: `/api/applications/${lead.id}`,
      params: { id: lead.id },
      json: { firstName: "X" },
      cookie: me.cookie,
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, PATCH, HEAD");
    expect((await Application.findByPk(lead.id))!.firstName).toBe("Lena");
  });
});
