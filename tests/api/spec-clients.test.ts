import { describe, expect, it } from "vitest";
import { Agent, Application, Beneficiary, PaymentTracking, Phone, User } from "~db";
import { encrypt } from "~/utils/crypto.server";
import { readToast } from "~/utils/toast.server";
import { action as agentApprovalAction } from "~/routes/admin+/agent-approval";
import { action as adminLeadsPageAction } from "~/routes/admin+/leads";
import { loader as adminApplicationsApi } from "~/routes/api+/admin.applications";
import { action as adminReassignApi } from "~/routes/api+/admin.applications.$id.reassign";
import { action as adminStatusApi } from "~/routes/api+/admin.applications.$id.status";
import { action as tempPasswordApi } from "~/routes/api+/admin.agents.$id.generate-temp-password";
import { action as agentStatusApi } from "~/routes/api+/agent.applications.$id.status";
import { loader as agentCommissionsApi } from "~/routes/api+/agent.commissions";
import { TEMPORARY_PASSWORD_NOT_APPROVED, generateTemporaryPassword } from "~/services/agents.server";
import { LEAD_STATUS_ERRORS, changeLeadStatus } from "~/services/lead-status.server";
import { LEAD_STATUS_MESSAGES } from "~/domain/schemas/lead-status";
import { createAgent, createLead, giveCarrier, signInAs, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

// Clients that follow the spec's call tables to the letter (audit item 4), and the temporary
// password of an agent nobody has approved (audit item 18).

const putStatus = (
  handler: typeof agentStatusApi,
  role: "admin" | "agent",
  id: string,
  cookie: string,
  json: unknown,
) =>
  callRoute(handler, { method: "PUT", path: `/api/${role}/applications/${id}/status`, params: { id }, cookie, json });

describe("PUT .../status with only status and notes", () => {
  it("sets callback and rescheduled without a date, for an agent and an admin: the callback ranks low", async () => {
    const me = await signedInAgent();
    const { cookie: adminCookie } = await signedInAdmin();
    for (const [handler, role, cookie] of [
      [agentStatusApi, "agent", me.cookie],
      [adminStatusApi, "admin", adminCookie],
    ] as const) {
      for (const status of ["callback", "rescheduled"]) {
        const lead = await createLead(me.agent.id);
        await lead.update({ callbackDate: new Date("2026-12-01T15:00:00Z") });
        const res = await putStatus(handler, role, lead.id, cookie, { status, notes: "Call back next week" });
        expect(res.status, `${role} ${status}`).toBe(200);
        const body = await jsonOf<{ application: { status: string; callbackDate: string | null } }>(res);
        expect(body.application).toMatchObject({ status, callbackDate: null });
        expect((await Application.findByPk(lead.id))!.callbackDate).toBeNull();
      }
    }
  });

  it("still asks the Reschedule of a callback for its new date", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id, { status: "callback" });
    const { rescheduleCallback } = await import("~/services/callbacks.server");
    await expect(rescheduleCallback(me.actor, lead.id, { notes: "later" })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { callbackDate: [LEAD_STATUS_MESSAGES.callbackRequired] },
    });
  });

  it("keeps an agent's sale needing a product (part 2)", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const res = await putStatus(agentStatusApi, "agent", lead.id, me.cookie, { status: "sale", notes: "" });
    expect(res.status).toBe(400);
    expect((await jsonOf<{ fieldErrors: Record<string, string[]> }>(res)).fieldErrors.productId).toEqual([
      LEAD_STATUS_MESSAGES.productRequired,
    ]);
  });

  it("records an admin's sale without a product with its schedule and the commission to be decided, until a product is chosen", async () => {
    const me = await signedInAgent();
    const { product, carrier } = await giveCarrier(me.agent.id, "Aetna", "Final Expense", 50);
    const lead = await createLead(me.agent.id, { monthlyPremiumCents: 10_000 });
    await lead.update({ carrierId: carrier.id, state: "FL" });
    const { admin, cookie } = await signedInAdmin();

    const res = await putStatus(adminStatusApi, "admin", lead.id, cookie, { status: "sale", notes: "Sold by phone" });
    expect(res.status).toBe(200);
    const body = await jsonOf<{
      calculatedCommission: number | null;
      application: { status: string; productId: string | null; soldAt: string | null };
    }>(res);
    expect(body.application).toMatchObject({ status: "sale", productId: null });
    expect(body.application.soldAt).not.toBeNull();
    expect(body.calculatedCommission).toBeNull();
    expect(await PaymentTracking.count({ where: { applicationId: lead.id } })).toBe(9);

    // The agent's commissions show it as to be decided, not as $0 owed.
    const commissions = await jsonOf<{ commissions: { applicationId: string; commission: number | null }[] }>(
      await callRoute(agentCommissionsApi, { path: "/api/agent/commissions", cookie: me.cookie }),
    );
    expect(commissions.commissions.find((row) => row.applicationId === lead.id)?.commission).toBeNull();

    // A second sale without a product is still a sale already recorded.
    const again = await putStatus(adminStatusApi, "admin", lead.id, cookie, { status: "sale" });
    expect(again.status).toBe(409);
    expect((await jsonOf<{ error: string }>(again)).error).toBe(LEAD_STATUS_ERRORS.alreadySold);

    // Choosing the product later (here by the agent, on the same call) works the commission out.
    const chosen = await putStatus(agentStatusApi, "agent", lead.id, me.cookie, {
      status: "sale",
      productId: product.id,
    });
    expect(chosen.status).toBe(200);
    // $100 a month x 9 x 50%.
    expect((await jsonOf<{ calculatedCommission: number }>(chosen)).calculatedCommission).toBe(450);
    const stored = (await Application.findByPk(lead.id))!;
    expect(stored.productId).toBe(product.id);
    expect(stored.soldAt!.toISOString()).toBe(body.application.soldAt);
    expect(await PaymentTracking.count({ where: { applicationId: lead.id } })).toBe(9);
    // Once chosen, the sale is complete: a further sale is refused again.
    const { actor: adminActor } = await signInAs(admin);
    await expect(
      changeLeadStatus(adminActor, lead.id, { status: "sale", productId: product.id }),
    ).rejects.toMatchObject({
      status: 409,
    });
  });

  it("records an admin's sale without a product from the All Leads dialog too, JS off, with the commission TBD", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const { cookie } = await signedInAdmin();
    const res = await callRoute(adminLeadsPageAction, {
      method: "POST",
      path: `/admin/leads?dialog=lead&id=${lead.id}`,
      cookie,
      form: { intent: "status", id: lead.id, status: "sale", productId: "", notes: "" },
    });
    expect(res.status).toBe(302);
    const { toast } = await readToast(
      new Request("http://localhost/", { headers: { Cookie: setCookieOf(res).split(";")[0]! } }),
    );
    expect(toast?.title).toBe("Sale Recorded");
    expect(toast?.description).toContain("TBD");
    expect((await Application.findByPk(lead.id))!.status).toBe("sale");
  });

  it("keeps refusing an admin's sale the agent is not licensed for", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    await lead.update({ state: "TX" });
    const { cookie } = await signedInAdmin();
    const res = await putStatus(adminStatusApi, "admin", lead.id, cookie, { status: "sale" });
    expect(res.status).toBe(400);
    expect((await jsonOf<{ error: string }>(res)).error).toContain("Texas");
  });
});

describe("GET /api/admin/applications rows", () => {
  it("carry part 1's Lead fields, with the SSN, routing, account and card numbers masked to their last four", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id, { firstName: "Greta", lastName: "Fields-Spec" });
    await lead.update({
      address: "1 Main St",
      city: "Tampa",
      state: "FL",
      zipCode: "33602",
      dateOfBirth: "1950-06-01",
      maritalStatus: "married",
      height: "5'6\"",
      weight: 150,
      smoker: false,
      gender: "female",
      ssnEncrypted: encrypt("123456789"),
      ssnLast4: "6789",
      paymentMethod: "checking",
      bankName: "First Bank",
      routingNumberEncrypted: encrypt("021000021"),
      routingNumberLast4: "0021",
      accountNumberEncrypted: encrypt("000123456789"),
      accountNumberLast4: "6789",
      cardNumberEncrypted: encrypt("4111111111111111"),
      cardNumberLast4: "1111",
      cardExpiry: "12/29",
      firstDraftDate: "2026-12-03",
      futureDraftDate: "2027-01-03",
      notes: "Prefers mornings",
    });
    await Phone.create({ applicationId: lead.id, phoneNumber: "7275550101", phoneType: "home", isPrimary: false });
    await Beneficiary.create({ applicationId: lead.id, name: "Hal Fields", relationship: "spouse", age: 70 });
    const { cookie } = await signedInAdmin();

    const res = await callRoute(adminApplicationsApi, {
      path: "/api/admin/applications?search=Fields-Spec",
      cookie,
    });
    expect(res.status).toBe(200);
    const [row] = await jsonOf<Record<string, unknown>[]>(res);
    expect(row).toMatchObject({
      id: lead.id,
      firstName: "Greta",
      lastName: "Fields-Spec",
      address: "1 Main St",
      city: "Tampa",
      state: "FL",
      zipCode: "33602",
      dateOfBirth: "1950-06-01",
      gender: "female",
      maritalStatus: "married",
      height: "5'6\"",
      weight: 150,
      smoker: false,
      status: "pending",
      agent: { id: me.agent.id, user: { firstName: "Andy", lastName: "Agent" } },
      paymentMethod: "checking",
      bankName: "First Bank",
      cardExpiry: "12/29",
      firstDraftDate: "2026-12-03",
      futureDraftDate: "2027-01-03",
      notes: "Prefers mornings",
      ssn: "6789",
      routingNumber: "0021",
      accountNumber: "6789",
      cardNumber: "1111",
      revealed: false,
      paymentTracking: [],
      beneficiaries: [{ name: "Hal Fields", relationship: "spouse", age: 70 }],
    });
    for (const field of ["coverageAmount", "monthlyPremium", "calculatedCommission", "createdAt", "updatedAt"]) {
      expect(row, field).toHaveProperty(field);
    }
    expect(
      (row!.phones as { phoneNumber: string; isPrimary: boolean }[]).map((p) => [p.phoneNumber, p.isPrimary]),
    ).toEqual([
      ["8135550000", true],
      ["7275550101", false],
    ]);
    // Nothing sensitive in full, and never the CVV.
    const text = JSON.stringify(row);
    for (const secret of ["123456789", "021000021", "000123456789", "4111111111111111"])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/cvv|Encrypted/i);
  });

  it("give a sale its months as retention by sale does", async () => {
    const me = await signedInAgent();
    const { product, carrier } = await giveCarrier(me.agent.id);
    const lead = await createLead(me.agent.id, { lastName: "Months-Spec" });
    await lead.update({ carrierId: carrier.id, state: "FL" });
    await changeLeadStatus(me.actor, lead.id, { status: "sale", productId: product.id });
    const { cookie } = await signedInAdmin();
    for (const search of ["?search=Months-Spec", "?status=sale&search=Months-Spec"]) {
      const [row] = await jsonOf<{ paymentTracking: { monthNumber: number }[]; address: unknown }[]>(
        await callRoute(adminApplicationsApi, { path: `/api/admin/applications${search}`, cookie }),
      );
      expect(
        row!.paymentTracking.map((month) => month.monthNumber),
        search,
      ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(row).toHaveProperty("address");
    }
  });
});

describe("a reassignment to an agent not licensed in the lead's state", () => {
  it("stays a 409 naming the state unless confirmUnlicensed is sent", async () => {
    const { agent: from } = await createAgent();
    const { agent: to } = await createAgent();
    const lead = await createLead(from.id);
    await lead.update({ state: "TX" });
    const { cookie } = await signedInAdmin();
    const put = (json: unknown) =>
      callRoute(adminReassignApi, {
        method: "PUT",
        path: `/api/admin/applications/${lead.id}/reassign`,
        params: { id: lead.id },
        cookie,
        json,
      });
    const refused = await put({ agentId: to.id });
    expect(refused.status).toBe(409);
    const body = await jsonOf<{ error: string; fieldErrors: Record<string, string[]> }>(refused);
    expect(body.error).toContain("Texas");
    expect(body.fieldErrors.confirmUnlicensed).toBeDefined();
    expect((await put({ agentId: to.id, confirmUnlicensed: true })).status).toBe(200);
  });
});

describe("a temporary password for an agent nobody has approved (audit item 18)", () => {
  it("is refused by the service, the API and a hand-made page post, and nothing changes", async () => {
    const { cookie, actor } = await signedInAdmin();
    for (const status of ["pending", "rejected"] as const) {
      const { agent, user } = await createAgent({ status });
      const before = (await User.findByPk(user.id))!.passwordHash;
      await expect(generateTemporaryPassword(actor, agent.id)).rejects.toMatchObject({
        status: 409,
        message: TEMPORARY_PASSWORD_NOT_APPROVED,
      });
      const api = await callRoute(tempPasswordApi, {
        method: "PUT",
        path: `/api/admin/agents/${agent.id}/generate-temp-password`,
        params: { id: agent.id },
        cookie,
      });
      expect(api.status).toBe(409);
      expect((await jsonOf<{ error: string }>(api)).error).toBe(TEMPORARY_PASSWORD_NOT_APPROVED);
      const page = await callRoute(agentApprovalAction, {
        method: "POST",
        path: "/admin/agent-approval",
        cookie,
        form: { intent: "generate-password", agentId: agent.id },
      });
      // The page's refusal: back to the page with its failure toast and the reason.
      const { toast } = await readToast(
        new Request("http://localhost/", { headers: { Cookie: setCookieOf(page).split(";")[0]! } }),
      );
      expect(toast?.title).toBe("Failed to generate password");
      expect(toast?.description).toContain(TEMPORARY_PASSWORD_NOT_APPROVED);
      const stored = (await User.findByPk(user.id))!;
      expect(stored.passwordHash).toBe(before);
      expect(stored.mustChangePassword).toBeFalsy();
      expect((await Agent.findByPk(agent.id))!.temporaryPasswordEncrypted).toBeNull();
    }
    // Approved and paused agents still get one.
    for (const status of ["approved", "paused"] as const) {
      const { agent } = await createAgent({ status });
      expect((await generateTemporaryPassword(actor, agent.id)).temporaryPassword).toMatch(/\S{8,}/);
    }
  });
});
