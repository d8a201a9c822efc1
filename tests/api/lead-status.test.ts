import { describe, expect, it } from "vitest";
import { ActivityLog, Application, LicensedState, PaymentTracking, Product, StatusChange } from "~db";
import { todayIn } from "~/domain/periods";
import { LEAD_STATUS_MESSAGES } from "~/domain/schemas/lead-status";
import { AGENT_LEAD_STATUSES } from "~/domain/statuses";
import { action as leadsAction } from "~/routes/agent+/leads";
import { action as statusAction, loader as statusLoader } from "~/routes/api+/agent.applications.$id.status";
import { ServiceError } from "~/services/errors.server";
import { LEAD_STATUS_ERRORS, changeLeadStatus } from "~/services/lead-status.server";
import { LEAD_NOT_FOUND } from "~/services/leads.server";
import { createAdmin, createLead, giveCarrier, signInAs, signedInAdmin, signedInAgent } from "../support/factories";
import { encrypt } from "~/utils/crypto.server";
import { callRoute, jsonOf } from "../support/http";

// Issue 10, items 5, 6, 7 and the status part of 12: an agent sets a lead's status (every change
// in status_changes), callbacks carry a date, a sale stores the product's snapshot and the
// first-year commission and creates the nine-month schedule in one transaction, a lead is sold
// once, a sold lead moved to another status keeps its sale and schedule with the commission
// cancelled (decision 019), and nobody reaches another agent's lead.

/** An agent with a product (comp %) for Aetna, licensed in FL, and a lead of theirs ready to sell. */
async function seller(compPercentage = 87.5) {
  const me = await signedInAgent();
  const { carrier, product } = await giveCarrier(me.agent.id, "Aetna", "Final Expense", compPercentage);
  const lead = await createLead(me.agent.id, { monthlyPremiumCents: 12_345 });
  await lead.update({ carrierId: carrier.id, state: "FL", firstDraftDate: "2026-01-31" });
  return { ...me, carrier, product, lead };
}

async function refusal(run: Promise<unknown>): Promise<ServiceError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

async function historyOf(id: string) {
  return StatusChange.findAll({ where: { applicationId: id }, order: [["createdAt", "ASC"]], raw: true });
}

async function scheduleOf(id: string) {
  return PaymentTracking.findAll({ where: { applicationId: id }, order: [["monthNumber", "ASC"]], raw: true });
}

/** Nothing about the lead changed: same status and sale fields, no history, no schedule. */
async function expectUntouched(lead: Application) {
  const now = (await Application.findByPk(lead.id, { raw: true }))!;
  expect(now.status).toBe(lead.status);
  expect(now.soldAt ?? null).toBeNull();
  expect(now.calculatedCommissionCents ?? null).toBeNull();
  expect(now.callbackDate ?? null).toBeNull();
  expect(await historyOf(lead.id)).toEqual([]);
  expect(await scheduleOf(lead.id)).toEqual([]);
}

function putStatus(
  id: string,
  body: { json?: unknown; form?: Record<string, string>; rawBody?: string },
  cookie?: string,
) {
  return callRoute(statusAction, {
    method: "PUT",
    path: `/api/agent/applications/${encodeURIComponent(id)}/status`,
    params: { id },
    cookie,
    ...body,
  });
}

describe("changeLeadStatus: statuses and their history", () => {
  it("sets each status an agent may set and keeps every change in status_changes with trimmed notes", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const view = await changeLeadStatus(me.actor, lead.id, { status: "contacted", notes: "  Left a voicemail.  " });
    expect(view).toMatchObject({ id: lead.id, status: "contacted", previousStatus: "pending", paymentTracking: [] });
    expect(view.statusChange).toMatchObject({
      fromStatus: "pending",
      toStatus: "contacted",
      notes: "Left a voicemail.",
    });

    await changeLeadStatus(me.actor, lead.id, { status: "declined", notes: "   " });
    await changeLeadStatus(me.actor, lead.id, { status: "pending" });
    await changeLeadStatus(me.actor, lead.id, { status: "Contacted" });
    const history = await historyOf(lead.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.notes, h.userId])).toEqual([
      ["pending", "contacted", "Left a voicemail.", me.user.id],
      ["contacted", "declined", null, me.user.id],
      ["declined", "pending", null, me.user.id],
      ["pending", "contacted", null, me.user.id],
    ]);
    expect((await Application.findByPk(lead.id))!.status).toBe("contacted");
    expect(AGENT_LEAD_STATUSES).toEqual(["pending", "contacted", "sale", "callback", "declined", "rescheduled"]);
  });

  it("records the change in the activity log in words, not stored codes (audit item 8)", async () => {
    const me = await signedInAgent();
    const admin = await signedInAdmin();
    const lead = await createLead(me.agent.id, { firstName: "Lena", lastName: "Lead" });
    await changeLeadStatus(admin.actor, lead.id, { status: "not_interested" });
    const entry = (await ActivityLog.findOne({
      where: { entityId: lead.id, action: "lead_status_changed" },
      raw: true,
    }))!;
    expect(entry.summary).toMatch(/ changed the status of Lena Lead from Pending to Not Interested$/);
  });

  it("refuses a status an agent may not set, and notes that are too long, with 400 at the field", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    for (const status of ["interested", "cancelled", "bogus", "", null, 7]) {
      const error = await refusal(changeLeadStatus(me.actor, lead.id, { status }));
      expect(error.status).toBe(400);
      expect(error.fieldErrors?.status).toEqual([LEAD_STATUS_MESSAGES.status]);
    }
    const long = await refusal(changeLeadStatus(me.actor, lead.id, { status: "contacted", notes: "x".repeat(2001) }));
    expect(long.fieldErrors?.notes).toEqual([LEAD_STATUS_MESSAGES.notesTooLong]);
    await expectUntouched(lead);
  });

  it("asks callback and rescheduled for a valid callback date, when one is given, and stores it as UTC", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    // Without a date is allowed (a low-priority callback): tests/api/spec-clients.test.ts.
    for (const status of ["callback", "rescheduled"]) {
      for (const callbackDate of ["tomorrow", "2026-02-30T10:00:00Z", "2026-12-01T25:00:00Z", "2026-12-01T10:00", 5]) {
        const bad = await refusal(changeLeadStatus(me.actor, lead.id, { status, callbackDate }));
        expect(bad.status).toBe(400);
        expect(bad.fieldErrors?.callbackDate).toEqual([LEAD_STATUS_MESSAGES.callbackShape]);
      }
    }
    await expectUntouched(lead);

    const view = await changeLeadStatus(me.actor, lead.id, {
      status: "callback",
      callbackDate: "2026-12-01T10:30:00-05:00",
    });
    expect(view.callbackDate).toBe("2026-12-01T15:30:00.000Z");
    expect((await Application.findByPk(lead.id))!.callbackDate!.toISOString()).toBe("2026-12-01T15:30:00.000Z");
    const later = await changeLeadStatus(me.actor, lead.id, {
      status: "rescheduled",
      callbackDate: "2026-12-03T09:00Z",
    });
    expect(later.callbackDate).toBe("2026-12-03T09:00:00.000Z");
    // Another status leaves the callback date as it was.
    expect((await changeLeadStatus(me.actor, lead.id, { status: "contacted" })).callbackDate).toBe(
      "2026-12-03T09:00:00.000Z",
    );
  });
});

describe("changeLeadStatus: a sale", () => {
  it("stores the product snapshot and first-year commission and creates the nine-month schedule", async () => {
    const s = await seller(87.5);
    const view = await changeLeadStatus(s.actor, s.lead.id, {
      status: "sale",
      productId: s.product.id,
      notes: " Sold! ",
    });
    // 123.45 x 9 x 87.5 / 100 = 972.16875, to the cent.
    expect(view).toMatchObject({
      status: "sale",
      previousStatus: "pending",
      productId: s.product.id,
      soldProductName: "Final Expense",
      soldCompPercentage: 87.5,
      calculatedCommission: 972.17,
      commissionCancelledAt: null,
    });
    expect(view.soldAt).not.toBeNull();
    expect(view.statusChange.notes).toBe("Sold!");
    expect(view.paymentTracking.map((p) => [p.monthNumber, p.dueDate, p.amount, p.status])).toEqual([
      [1, "2026-01-31", 123.45, "not_paid"],
      [2, "2026-02-28", 123.45, "not_paid"],
      [3, "2026-03-31", 123.45, "not_paid"],
      [4, "2026-04-30", 123.45, "not_paid"],
      [5, "2026-05-31", 123.45, "not_paid"],
      [6, "2026-06-30", 123.45, "not_paid"],
      [7, "2026-07-31", 123.45, "not_paid"],
      [8, "2026-08-31", 123.45, "not_paid"],
      [9, "2026-09-30", 123.45, "not_paid"],
    ]);
    const stored = (await Application.findByPk(s.lead.id))!;
    expect(stored.calculatedCommissionCents).toBe(97_217);
    expect(stored.productId).toBe(s.product.id);
    expect(stored.soldProductName).toBe("Final Expense");
    expect(stored.soldAt).toBeInstanceOf(Date);
    expect((await scheduleOf(s.lead.id)).map((p) => Number(p.amountCents))).toEqual(Array(9).fill(12_345));

    // Renaming or re-rating the product later changes nothing of the sale.
    await Product.update({ name: "Renamed", compPercentage: 10 }, { where: { id: s.product.id } });
    const again = (await Application.findByPk(s.lead.id))!;
    expect([again.soldProductName, again.soldCompPercentage, again.calculatedCommissionCents]).toEqual([
      "Final Expense",
      87.5,
      97_217,
    ]);
  });

  it("starts the schedule on the sale date when the lead has no first draft date", async () => {
    const s = await seller(100);
    await s.lead.update({ firstDraftDate: null });
    const view = await changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id });
    expect(view.paymentTracking).toHaveLength(9);
    // The test may straddle midnight: the sale date is the day it ran in the agent's time zone.
    expect([todayIn(s.actor.timezone), todayIn(s.actor.timezone, new Date(Date.now() - 60_000))]).toContain(
      view.paymentTracking[0]!.dueDate,
    );
    expect(view.calculatedCommission).toBe(1111.05);
  });

  it("needs a product: Please select a product for the sale.", async () => {
    const s = await seller();
    for (const productId of [undefined, "", null, "   "]) {
      const error = await refusal(changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId }));
      expect(error.status).toBe(400);
      expect(error.message).toBe("Please select a product for the sale.");
      expect(error.fieldErrors?.productId).toEqual(["Please select a product for the sale."]);
    }
    await expectUntouched(s.lead);
  });

  it("takes only one of the agent's own current products for the lead's carrier", async () => {
    const s = await seller();
    const other = await signedInAgent();
    const { product: theirs } = await giveCarrier(other.agent.id, "Aetna", "Their Product", 50);
    const { product: otherCarrier } = await giveCarrier(s.agent.id, "Americo", "Americo Plan", 50);
    const archived = await Product.create({
      agentId: s.agent.id,
      carrierId: s.carrier.id,
      name: "Old Plan",
      compPercentage: 50,
      archivedAt: new Date(),
    });
    for (const productId of [
      theirs.id,
      otherCarrier.id,
      archived.id,
      "not-a-uuid",
      "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f",
    ]) {
      const error = await refusal(changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId }));
      expect(error.status).toBe(400);
      expect(error.fieldErrors?.productId).toEqual([LEAD_STATUS_ERRORS.notOwnProduct]);
    }
    await s.lead.update({ carrierId: null });
    const noCarrier = await refusal(changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id }));
    expect(noCarrier.fieldErrors?.productId).toEqual([LEAD_STATUS_ERRORS.noCarrier]);
    await expectUntouched(s.lead);
  });

  it("is refused, naming the state, when the agent is not licensed in the lead's state", async () => {
    const s = await seller();
    await s.lead.update({ state: "TX" });
    const error = await refusal(changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id }));
    expect(error.status).toBe(400);
    expect(error.message).toBe("You are not licensed in Texas, this lead's state, so the sale cannot be recorded.");
    expect(error.fieldErrors?.status).toEqual([error.message]);
    await expectUntouched(s.lead);

    await LicensedState.create({ agentId: s.agent.id, state: "TX" });
    expect((await changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id })).status).toBe(
      "sale",
    );
  });

  it("needs the lead's monthly premium", async () => {
    const s = await seller();
    await s.lead.update({ monthlyPremiumCents: null });
    const error = await refusal(changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id }));
    expect(error.fieldErrors?.monthlyPremium).toEqual([LEAD_STATUS_ERRORS.noPremium]);
    await expectUntouched(s.lead);
  });

  it("is recorded once: a second sale, even at the same moment, is a 409 and never a second schedule", async () => {
    const s = await seller();
    const results = await Promise.allSettled([
      changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id }),
      changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
    expect(rejected.reason).toBeInstanceOf(ServiceError);
    expect((rejected.reason as ServiceError).status).toBe(409);
    expect((rejected.reason as ServiceError).message).toBe(LEAD_STATUS_ERRORS.alreadySold);

    const again = await refusal(changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id }));
    expect(again.status).toBe(409);
    expect(await scheduleOf(s.lead.id)).toHaveLength(9);
    expect((await historyOf(s.lead.id)).map((h) => h.toStatus)).toEqual(["sale"]);
  });

  it("moved to another status keeps the sale, its commission and schedule, and cancels the commission (decision 019)", async () => {
    const s = await seller();
    const sold = await changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id });
    await PaymentTracking.update({ status: "paid" }, { where: { applicationId: s.lead.id, monthNumber: 1 } });

    const moved = await changeLeadStatus(s.actor, s.lead.id, { status: "declined", notes: "Customer cancelled" });
    expect(moved).toMatchObject({
      status: "declined",
      previousStatus: "sale",
      calculatedCommission: 972.17,
      soldAt: sold.soldAt,
      productId: s.product.id,
      soldProductName: "Final Expense",
    });
    expect(moved.commissionCancelledAt).not.toBeNull();
    expect(moved.paymentTracking.map((p) => p.status)).toEqual(["paid", ...Array(8).fill("not_paid")]);

    // Once cancelled, the first cancellation's time stays; the lead is not sold a second time.
    const contacted = await changeLeadStatus(s.actor, s.lead.id, { status: "contacted" });
    expect(contacted.commissionCancelledAt).toBe(moved.commissionCancelledAt);
    const resale = await refusal(changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id }));
    expect(resale.status).toBe(409);
    expect(resale.message).toBe(LEAD_STATUS_ERRORS.soldBefore);
    expect(await scheduleOf(s.lead.id)).toHaveLength(9);
    expect((await historyOf(s.lead.id)).map((h) => [h.fromStatus, h.toStatus])).toEqual([
      ["pending", "sale"],
      ["sale", "declined"],
      ["declined", "contacted"],
    ]);
  });
});

describe("a sale erases the card's CVV in the transaction that records it (PCI DSS 3.3.1.2)", () => {
  /** A seller whose lead holds a CVV, and the CVV the lead holds when its status_changes row is written. */
  async function sellerWithCvv() {
    const s = await seller();
    await s.lead.update({ cardCvvEncrypted: encrypt("123") });
    return s;
  }

  // Inside the sale's own transaction, right after the lead is updated, reads what is stored: a
  // CVV erased only after commit (or by a later statement outside it) would still be there.
  async function storedInsideTheSale(run: () => Promise<unknown>, fail = false) {
    const seen: { status: string; cvv: string | null }[] = [];
    StatusChange.addHook("afterCreate", "cvv-probe", async (row, options) => {
      const { applicationId } = row as StatusChange;
      const lead = await Application.findByPk(applicationId, { transaction: options.transaction, raw: true });
      seen.push({ status: lead!.status, cvv: lead!.cardCvvEncrypted ?? null });
      if (fail) throw new Error("failure after the sale was written");
    });
    try {
      await run().catch((error: unknown) => {
        if (!fail) throw error;
      });
    } finally {
      StatusChange.removeHook("afterCreate", "cvv-probe");
    }
    return seen;
  }

  it("through the service: null inside the transaction and after it", async () => {
    const s = await sellerWithCvv();
    const seen = await storedInsideTheSale(() =>
      changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id }),
    );
    expect(seen).toEqual([{ status: "sale", cvv: null }]);
    expect((await Application.findByPk(s.lead.id))!.cardCvvEncrypted ?? null).toBeNull();
  });

  it("through PUT /api/agent/applications/{id}/status", async () => {
    const s = await sellerWithCvv();
    let status = 0;
    const seen = await storedInsideTheSale(async () => {
      status = (await putStatus(s.lead.id, { json: { status: "sale", productId: s.product.id } }, s.cookie)).status;
    });
    expect(status).toBe(200);
    expect(seen).toEqual([{ status: "sale", cvv: null }]);
    expect((await Application.findByPk(s.lead.id))!.cardCvvEncrypted ?? null).toBeNull();
  });

  it("through My Leads' status form (the page's action)", async () => {
    const s = await sellerWithCvv();
    let status = 0;
    const seen = await storedInsideTheSale(async () => {
      const form = { intent: "status", id: s.lead.id, status: "sale", productId: s.product.id };
      const path = `/agent/leads?dialog=status&id=${s.lead.id}`;
      status = (await callRoute(leadsAction, { method: "POST", path, form, cookie: s.cookie })).status;
    });
    expect(status).toBe(302);
    expect(seen).toEqual([{ status: "sale", cvv: null }]);
    expect((await Application.findByPk(s.lead.id))!.cardCvvEncrypted ?? null).toBeNull();
  });

  it("is kept when the sale fails, refused or rolled back, and by any other status", async () => {
    const s = await sellerWithCvv();
    const rolledBack = await storedInsideTheSale(
      () => changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: s.product.id }),
      true,
    );
    expect(rolledBack).toEqual([{ status: "sale", cvv: null }]);
    await refusal(changeLeadStatus(s.actor, s.lead.id, { status: "sale", productId: "" }));
    await changeLeadStatus(s.actor, s.lead.id, { status: "contacted" });
    const stored = (await Application.findByPk(s.lead.id))!;
    expect(stored.status).toBe("contacted");
    expect(stored.cardCvvEncrypted).not.toBeNull();
  });
});

describe("changeLeadStatus: who may", () => {
  it("answers 404 Application Not Found for another agent's lead, a missing id and a malformed one, changing nothing", async () => {
    const me = await signedInAgent();
    const other = await seller();
    for (const input of [
      { status: "contacted", notes: "x" },
      { status: "callback", callbackDate: "2026-12-01T15:00:00Z" },
      { status: "sale", productId: other.product.id },
    ]) {
      for (const id of [other.lead.id, "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f", "not-a-uuid"]) {
        const error = await refusal(changeLeadStatus(me.actor, id, input));
        expect(error.status).toBe(404);
        expect(error.message).toBe(LEAD_NOT_FOUND);
      }
    }
    await expectUntouched(other.lead);
  });

  it("lets an admin set any lead's status, selling with the lead's agent's products", async () => {
    const s = await seller(100);
    const admin = await createAdmin();
    const { actor } = await signInAs(admin);
    const view = await changeLeadStatus(actor, s.lead.id, { status: "sale", productId: s.product.id });
    expect(view.calculatedCommission).toBe(1111.05);
    expect((await historyOf(s.lead.id))[0]!.userId).toBe(admin.id);
  });
});

describe("PUT /api/agent/applications/{id}/status", () => {
  it("sets the status and answers the lead's fields, with calculatedCommission for a sale", async () => {
    const s = await seller(87.5);
    const res = await putStatus(s.lead.id, { json: { status: "contacted", notes: " Called " } }, s.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await jsonOf<{ success: boolean; message: string; application: { status: string } }>(res);
    expect(body).toMatchObject({ success: true, message: "Status updated successfully" });
    expect(body.application.status).toBe("contacted");
    expect(body).not.toHaveProperty("calculatedCommission");

    const sale = await putStatus(s.lead.id, { json: { status: "sale", productId: s.product.id } }, s.cookie);
    expect(sale.status).toBe(200);
    const sold = await jsonOf<{ calculatedCommission: number; application: { paymentTracking: unknown[] } }>(sale);
    expect(sold.calculatedCommission).toBe(972.17);
    expect(sold.application.paymentTracking).toHaveLength(9);

    const twice = await putStatus(s.lead.id, { json: { status: "sale", productId: s.product.id } }, s.cookie);
    expect(twice.status).toBe(409);
    expect((await jsonOf(twice)).error).toBe(LEAD_STATUS_ERRORS.alreadySold);
    expect(await scheduleOf(s.lead.id)).toHaveLength(9);
  });

  it("takes a form body, and a callback date", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const res = await putStatus(
      lead.id,
      { form: { status: "callback", callbackDate: "2026-12-01T10:00:00-05:00", notes: "", productId: "" } },
      me.cookie,
    );
    expect(res.status).toBe(200);
    expect((await jsonOf<{ application: { callbackDate: string } }>(res)).application.callbackDate).toBe(
      "2026-12-01T15:00:00.000Z",
    );
  });

  it("answers 400 JSON with field errors for bad bodies, changing nothing", async () => {
    const s = await seller();
    const cases: { body: Parameters<typeof putStatus>[1]; field?: string; error?: string }[] = [
      { body: { rawBody: "{not json" } },
      { body: { json: [] } },
      { body: { json: {} }, field: "status" },
      { body: { json: { status: "bogus" } }, field: "status" },
      { body: { json: { status: "sale" } }, field: "productId", error: "Please select a product for the sale." },
      { body: { json: { status: "sale", productId: 42 } }, field: "productId" },
      { body: { json: { status: "callback", callbackDate: "2026-02-30T10:00:00Z" } }, field: "callbackDate" },
      { body: { json: { status: "rescheduled", callbackDate: "next week" } }, field: "callbackDate" },
      { body: { json: { status: "contacted", notes: ["a"] } }, field: "notes" },
      { body: { json: { status: "sale", productId: "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f" } }, field: "productId" },
    ];
    for (const { body, field, error } of cases) {
      const res = await putStatus(s.lead.id, body, s.cookie);
      expect(res.status).toBe(400);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      const json = await jsonOf<{ error: string; fieldErrors?: Record<string, string[]> }>(res);
      expect(typeof json.error).toBe("string");
      if (field) expect(json.fieldErrors?.[field]?.length).toBeGreaterThan(0);
      if (error) expect(json.error).toBe(error);
    }
    await s.lead.update({ state: "GA" });
    const unlicensed = await putStatus(s.lead.id, { json: { status: "sale", productId: s.product.id } }, s.cookie);
    expect(unlicensed.status).toBe(400);
    expect((await jsonOf(unlicensed)).error).toContain("Georgia");
    await expectUntouched(s.lead);
  });

  it("answers 404 for another agent's lead and 403 for an admin, and nothing changes", async () => {
    const me = await signedInAgent();
    const s = await seller();
    const admin = await signInAs(await createAdmin());
    for (const json of [
      { status: "contacted" },
      { status: "sale", productId: s.product.id },
      { status: "callback", callbackDate: "2026-12-01T15:00:00Z" },
    ]) {
      const res = await putStatus(s.lead.id, { json }, me.cookie);
      expect(res.status).toBe(404);
      expect((await jsonOf(res)).error).toBe(LEAD_NOT_FOUND);
      const asAdmin = await putStatus(s.lead.id, { json }, admin.cookie);
      expect(asAdmin.status).toBe(403);
      expect(typeof (await jsonOf(asAdmin)).error).toBe("string");
    }
    const missing = await putStatus("not-a-uuid", { json: { status: "contacted" } }, me.cookie);
    expect(missing.status).toBe(404);
    await expectUntouched(s.lead);
  });

  it("answers 401 signed out and 405 with Allow for another method", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    expect((await putStatus(lead.id, { json: { status: "contacted" } })).status).toBe(401);
    const get = await callRoute(statusLoader, {
      path: `/api/agent/applications/${lead.id}/status`,
      params: { id: lead.id },
      cookie: me.cookie,
    });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("PUT");
    await expectUntouched(lead);
  });
});
