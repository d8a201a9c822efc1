import { Op, QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { ActivityLog, Notification, PaymentTracking, User, sequelize } from "~db";
import { paymentScheduleDueDates } from "~/domain/commission";
import { PAYMENT_TRACKING_MESSAGES } from "~/domain/schemas/payment-tracking";
import { loader as retentionApiLoader } from "~/routes/api+/agent.retention";
import { action as paymentApiAction } from "~/routes/api+/payment-tracking.$paymentId";
import { action as pageAction, loader as pageLoader } from "~/routes/agent+/retention";
import { changeLeadStatus } from "~/services/lead-status.server";
import {
  PAYMENT_NOT_FOUND,
  listAgentRetention,
  retentionSummary,
  sendPaymentReminders,
  updatePaymentTracking,
} from "~/services/retention.server";
import { readToast } from "~/utils/toast.server";
import { migrations } from "../../prisma-free-db/migrations";
import { createLead, giveCarrier, signInAs, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

// Issue 11, items 2 and 3: the 9-Month Payment Tracker (its cards, its policies with nine months
// flagged due today or tomorrow in the agent's time zone), a payment's status and notes from the
// page and PATCH /api/payment-tracking/{paymentId} (not_paid stored, pending read as not_paid,
// decision 026; another agent's payment is a 404), and housekeeping's retention_reminder sent
// once per payment, even by two runs at once.

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** An agent in a time zone, signed in (the SessionUser carries the zone the services count days in). */
async function agentIn(timezone = "America/New_York") {
  const me = await signedInAgent();
  await User.update({ timezone }, { where: { id: me.user.id } });
  return { ...me, ...(await signInAs(me.user)) };
}

/**
 * A sold policy of the agent's: a lead set to sale with nine payments from `firstDue`, as
 * recordSale writes them, with the sale time and premium chosen by the test.
 */
async function soldPolicy(
  me: Pick<Agent, "agent">,
  options: {
    firstDue: string;
    premiumCents?: number;
    soldAt?: Date;
    commissionCancelled?: boolean;
    lastName?: string;
  },
) {
  const premiumCents = options.premiumCents ?? 5_000;
  const lead = await createLead(me.agent.id, { monthlyPremiumCents: premiumCents, lastName: options.lastName });
  await lead.update({
    status: options.commissionCancelled ? "contacted" : "sale",
    soldAt: options.soldAt ?? new Date(),
    calculatedCommissionCents: premiumCents * 9,
    soldProductName: "Final Expense",
    soldCompPercentage: 100,
    commissionCancelledAt: options.commissionCancelled ? new Date() : null,
  });
  const payments = await PaymentTracking.bulkCreate(
    paymentScheduleDueDates(options.firstDue).map((dueDate, index) => ({
      applicationId: lead.id,
      monthNumber: index + 1,
      dueDate,
      amountCents: premiumCents,
      status: "not_paid",
    })),
  );
  return { lead, payments: payments.sort((a, b) => a.monthNumber - b.monthNumber) };
}

const statusOf = async (id: string) => (await PaymentTracking.findByPk(id, { raw: true }))!;

function patchPayment(
  id: string,
  body: { json?: unknown; rawBody?: string; form?: Record<string, string> },
  cookie?: string,
) {
  return callRoute(paymentApiAction, {
    method: "PATCH",
    path: `/api/payment-tracking/${encodeURIComponent(id)}`,
    params: { paymentId: id },
    cookie,
    ...body,
  });
}

function postCell(cookie: string, form: Record<string, string>, search = "") {
  return callRoute(pageAction, { method: "POST", path: `/agent/retention${search}`, cookie, form });
}

async function toastOf(res: Response) {
  const cookie = setCookieOf(res).split(";")[0]!;
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast;
}

const remindersOf = (userId: string) =>
  Notification.findAll({ where: { userId, type: "retention_reminder" }, order: [["createdAt", "ASC"]], raw: true });

describe("the tracker's cards", () => {
  it("count active accounts, their monthly premiums, and their unpaid months due today and tomorrow", async () => {
    const me = await agentIn("America/New_York");
    const now = new Date("2026-06-15T16:00:00Z"); // noon on June 15 in New York
    const a = await soldPolicy(me, { firstDue: "2026-06-15", premiumCents: 5_000 });
    const b = await soldPolicy(me, { firstDue: "2026-05-16", premiumCents: 12_345 });
    // Month 2 of b is due tomorrow; a paid month due today is not due.
    const c = await soldPolicy(me, { firstDue: "2026-06-15", premiumCents: 2_000 });
    await c.payments[0]!.update({ status: "paid" });
    // Lapsed (a month cancelled) and commission-cancelled policies are not active accounts.
    const lapsed = await soldPolicy(me, { firstDue: "2026-06-15", premiumCents: 7_000 });
    await lapsed.payments[5]!.update({ status: "cancelled" });
    await soldPolicy(me, { firstDue: "2026-06-16", premiumCents: 8_000, commissionCancelled: true });
    // Another agent's policy due today, and a lead of ours never sold.
    const other = await agentIn("America/New_York");
    await soldPolicy(other, { firstDue: "2026-06-15" });
    await createLead(me.agent.id, { monthlyPremiumCents: 99_900 });

    expect(await retentionSummary(me.actor, now)).toEqual({
      activeAccounts: 3,
      monthlyRevenue: 193.45,
      paymentsDue: 2,
      dueToday: 1,
      dueTomorrow: 1,
      // Month 1 of b (May 16) was never paid.
      overdue: 1,
    });
    expect(a.payments[0]!.dueDate).toBe("2026-06-15");
    expect(b.payments[1]!.dueDate).toBe("2026-06-16");
  });

  it("count days in the agent's time zone, around midnight", async () => {
    // 23:30 on March 9 in Los Angeles is already 02:30 on March 10 in New York.
    const now = new Date("2026-03-10T06:30:00Z");
    const west = await agentIn("America/Los_Angeles");
    const east = await agentIn("America/New_York");
    for (const me of [west, east]) {
      await soldPolicy(me, { firstDue: "2026-03-09" });
      await soldPolicy(me, { firstDue: "2026-03-10" });
      await soldPolicy(me, { firstDue: "2026-03-11" });
    }
    expect(await retentionSummary(west.actor, now)).toMatchObject({ dueToday: 1, dueTomorrow: 1, paymentsDue: 2 });
    expect(await retentionSummary(east.actor, now)).toMatchObject({ dueToday: 1, dueTomorrow: 1, paymentsDue: 2 });

    const flags = async (me: Agent) => {
      const list = await listAgentRetention(me.actor, { page: 1, pageSize: 10 }, now);
      return Object.fromEntries(list.rows.map((policy) => [policy.payments[0]!.dueDate, policy.payments[0]!.due]));
    };
    expect(await flags(west)).toEqual({ "2026-03-09": "today", "2026-03-10": "tomorrow", "2026-03-11": null });
    expect(await flags(east)).toEqual({ "2026-03-09": "overdue", "2026-03-10": "today", "2026-03-11": "tomorrow" });
    // A minute later it is midnight in Los Angeles: the 10th is today there.
    const later = new Date("2026-03-10T07:00:00Z");
    expect(await retentionSummary(west.actor, later)).toMatchObject({ dueToday: 1, dueTomorrow: 1 });
    const westLater = await listAgentRetention(west.actor, { page: 1, pageSize: 10 }, later);
    const dueLater = Object.fromEntries(westLater.rows.map((p) => [p.payments[0]!.dueDate, p.payments[0]!.due]));
    expect(dueLater).toEqual({ "2026-03-09": "overdue", "2026-03-10": "today", "2026-03-11": "tomorrow" });
  });

  it("are all zero for an agent with no sales", async () => {
    const me = await agentIn();
    await createLead(me.agent.id);
    expect(await retentionSummary(me.actor)).toEqual({
      activeAccounts: 0,
      monthlyRevenue: 0,
      paymentsDue: 0,
      dueToday: 0,
      dueTomorrow: 0,
      overdue: 0,
    });
    expect((await listAgentRetention(me.actor, { page: 1, pageSize: 10 })).total).toBe(0);
  });
});

describe("the tracker's policies", () => {
  it("lists each sold policy, newest sale first, with the spec's fields and nine months, a page at a time", async () => {
    const me = await agentIn();
    const { carrier } = await giveCarrier(me.agent.id, "Aetna", "Final Expense", 100);
    const policies = [];
    for (let i = 0; i < 3; i++) {
      const policy = await soldPolicy(me, {
        firstDue: "2026-01-31",
        premiumCents: 4_250 + i,
        soldAt: new Date(Date.UTC(2026, 0, 10 + i)),
        lastName: `Policy${i}`,
      });
      await policy.lead.update({ carrierId: carrier.id });
      policies.push(policy);
    }
    const cancelled = await soldPolicy(me, {
      firstDue: "2026-01-31",
      soldAt: new Date(Date.UTC(2025, 11, 1)),
      commissionCancelled: true,
    });

    const first = await listAgentRetention(me.actor, { page: 1, pageSize: 2 });
    expect(first.total).toBe(4);
    expect(first.rows.map((row) => row.id)).toEqual([policies[2]!.lead.id, policies[1]!.lead.id]);
    expect(first.rows[0]).toMatchObject({
      customerName: "Lena Policy2",
      carrier: "Aetna",
      productName: "Final Expense",
      agentName: "Andy Agent",
      phone: "8135550000",
      monthlyPremium: 42.52,
      saleDate: "2026-01-12T00:00:00.000Z",
      policyStatus: "active",
    });
    expect(first.rows[0]!.payments.map((p) => [p.monthNumber, p.dueDate, p.amount, p.status])).toEqual(
      paymentScheduleDueDates("2026-01-31").map((dueDate, i) => [i + 1, dueDate, 42.52, "not_paid"]),
    );
    const second = await listAgentRetention(me.actor, { page: 2, pageSize: 2 });
    expect(second.rows.map((row) => [row.id, row.policyStatus])).toEqual([
      [policies[0]!.lead.id, "active"],
      [cancelled.lead.id, "commission_cancelled"],
    ]);
  });

  it("shows a sale recorded through the status service, with its nine unpaid months", async () => {
    const me = await agentIn();
    const { carrier, product } = await giveCarrier(me.agent.id, "Aetna", "Final Expense", 80);
    const lead = await createLead(me.agent.id, { monthlyPremiumCents: 6_000 });
    await lead.update({ carrierId: carrier.id, state: "FL", firstDraftDate: "2026-02-28" });
    await changeLeadStatus(me.actor, lead.id, { status: "sale", productId: product.id });
    const [policy] = (await listAgentRetention(me.actor, { page: 1, pageSize: 10 })).rows;
    expect(policy).toMatchObject({ id: lead.id, policyStatus: "active", monthlyPremium: 60 });
    expect(policy!.payments).toHaveLength(9);
    expect(policy!.payments.every((p) => p.status === "not_paid")).toBe(true);
    // Moved off sale: the policy stays on the tracker with its commission cancelled (decision 019).
    await changeLeadStatus(me.actor, lead.id, { status: "contacted" });
    const [after] = (await listAgentRetention(me.actor, { page: 1, pageSize: 10 })).rows;
    expect(after).toMatchObject({ id: lead.id, policyStatus: "commission_cancelled" });
  });

  it("marks a policy lapsed once a month is cancelled, and flags no month of it", async () => {
    const me = await agentIn("UTC");
    const now = new Date("2026-08-01T12:00:00Z");
    const policy = await soldPolicy(me, { firstDue: "2026-07-02" }); // month 2 due tomorrow
    let [row] = (await listAgentRetention(me.actor, { page: 1, pageSize: 10 }, now)).rows;
    expect(row!.payments[1]!.due).toBe("tomorrow");
    await updatePaymentTracking(me.actor, policy.payments[0]!.id, { status: "cancelled" });
    [row] = (await listAgentRetention(me.actor, { page: 1, pageSize: 10 }, now)).rows;
    expect(row!.policyStatus).toBe("lapsed");
    expect(row!.payments.map((p) => p.due)).toEqual(Array(9).fill(null));
  });

  it("is refused to an administrator (403)", async () => {
    const { actor } = await signedInAdmin();
    await expect(listAgentRetention(actor, { page: 1, pageSize: 10 })).rejects.toMatchObject({ status: 403 });
    await expect(retentionSummary(actor)).rejects.toMatchObject({ status: 403 });
  });
});

describe("past-due payments (audit item 21)", () => {
  it("flags an unpaid month whose due date has passed as overdue, counts it, and lists only policies with payments due", async () => {
    const me = await agentIn("America/New_York");
    const now = new Date("2026-06-15T16:00:00Z"); // June 15 in New York
    // Months 1-2 (April 20, May 20) have passed: month 1 paid, month 2 never.
    const late = await soldPolicy(me, { firstDue: "2026-04-20", soldAt: new Date("2026-04-01T12:00:00Z") });
    await late.payments[0]!.update({ status: "paid" });
    const dueSoon = await soldPolicy(me, { firstDue: "2026-06-16", soldAt: new Date("2026-06-01T12:00:00Z") });
    await soldPolicy(me, { firstDue: "2026-07-01", soldAt: new Date("2026-06-02T12:00:00Z") });
    // A lapsed policy's passed months are not chased.
    const lapsed = await soldPolicy(me, { firstDue: "2026-03-01", soldAt: new Date("2026-03-01T12:00:00Z") });
    await lapsed.payments[8]!.update({ status: "cancelled" });

    expect(await retentionSummary(me.actor, now)).toMatchObject({ overdue: 1, dueToday: 0, dueTomorrow: 1 });
    const all = await listAgentRetention(me.actor, { page: 1, pageSize: 10, status: "all" }, now);
    const flagsOf = (id: string) => all.rows.find((row) => row.id === id)!.payments.map((p) => p.due);
    expect(flagsOf(late.lead.id).slice(0, 3)).toEqual([null, "overdue", null]);
    expect(flagsOf(lapsed.lead.id)).toEqual(Array(9).fill(null));
    expect(all.total).toBe(4);

    // The Payments Due card's list: policies with a month overdue or due by tomorrow.
    const due = await listAgentRetention(me.actor, { page: 1, pageSize: 10, status: "due" }, now);
    expect(due.rows.map((row) => row.id)).toEqual([dueSoon.lead.id, late.lead.id]);
    expect(due.total).toBe(2);

    // Paying the overdue month takes the policy off the list and the count.
    await late.payments[1]!.update({ status: "paid" });
    expect(await retentionSummary(me.actor, now)).toMatchObject({ overdue: 0 });
    const after = await listAgentRetention(me.actor, { page: 1, pageSize: 10, status: "due" }, now);
    expect(after.rows.map((row) => row.id)).toEqual([dueSoon.lead.id]);
  });

  it("GET /api/agent/retention?status=due answers the policies with payments due and the overdue count; a bad filter is a 400", async () => {
    const me = await agentIn();
    const overdue = await soldPolicy(me, { firstDue: "2020-01-10" });
    await soldPolicy(me, { firstDue: "2099-01-10" });
    const res = await callRoute(retentionApiLoader, { path: "/api/agent/retention?status=due", cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    const body = await jsonOf<{
      policies: { id: string; payments: { due: string | null }[] }[];
      summary: Record<string, number>;
    }>(res);
    expect(body.policies.map((p) => p.id)).toEqual([overdue.lead.id]);
    expect(body.policies[0]!.payments.every((p) => p.due === "overdue")).toBe(true);
    expect(body.summary.overdue).toBe(9);
    const bad = await callRoute(retentionApiLoader, { path: "/api/agent/retention?status=late", cookie: me.cookie });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).error).toBe("Status must be one of: all, due");
  });

  it("the tracker page keeps the filter from the URL", async () => {
    const me = await agentIn();
    const overdue = await soldPolicy(me, { firstDue: "2020-01-10" });
    await soldPolicy(me, { firstDue: "2099-01-10" });
    const page = await jsonOf<{ list: { total: number; rows: { id: string }[] }; status: string }>(
      await callRoute(pageLoader, { path: "/agent/retention?status=due", cookie: me.cookie }),
    );
    expect(page.status).toBe("due");
    expect(page.list.rows.map((row) => row.id)).toEqual([overdue.lead.id]);
  });
});

describe("GET /api/agent/retention", () => {
  it("answers { policies, summary } with the total in X-Total-Count, page by page", async () => {
    const me = await agentIn();
    for (let i = 0; i < 3; i++)
      await soldPolicy(me, { firstDue: "2026-04-01", soldAt: new Date(Date.UTC(2026, 2, i + 1)) });
    const res = await callRoute(retentionApiLoader, {
      path: "/api/agent/retention?page=2&pageSize=2",
      cookie: me.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await jsonOf<{ policies: { payments: unknown[] }[]; summary: Record<string, number> }>(res);
    expect(body.policies).toHaveLength(1);
    expect(body.policies[0]!.payments).toHaveLength(9);
    expect(body.summary).toMatchObject({ activeAccounts: 3, monthlyRevenue: 150 });
  });

  it("refuses bad paging (400), an administrator (403) and no session (401)", async () => {
    const me = await agentIn();
    const bad = await callRoute(retentionApiLoader, { path: "/api/agent/retention?page=0", cookie: me.cookie });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).error).toBe("Page starts at 1");
    const { cookie } = await signedInAdmin();
    expect((await callRoute(retentionApiLoader, { path: "/api/agent/retention", cookie })).status).toBe(403);
    expect((await callRoute(retentionApiLoader, { path: "/api/agent/retention" })).status).toBe(401);
  });
});

describe("PATCH /api/payment-tracking/{paymentId}", () => {
  it("sets paid, cancelled, not_paid, and pending (stored as not_paid), in any case", async () => {
    const me = await agentIn();
    const { payments } = await soldPolicy(me, { firstDue: "2026-05-01" });
    const id = payments[0]!.id;
    for (const [sent, stored] of [
      ["paid", "paid"],
      ["cancelled", "cancelled"],
      ["not_paid", "not_paid"],
      ["paid", "paid"],
      ["pending", "not_paid"],
      [" PAID ", "paid"],
      ["Pending", "not_paid"],
    ] as const) {
      const res = await patchPayment(id, { json: { status: sent } }, me.cookie);
      expect(res.status).toBe(200);
      const body = await jsonOf<{ success: boolean; payment: { id: string; status: string; monthNumber: number } }>(
        res,
      );
      expect(body).toMatchObject({ success: true, payment: { id, status: stored, monthNumber: 1, month: 1 } });
      expect((await statusOf(id)).status).toBe(stored);
    }
    // Every change is in the activity log with who made it.
    const logged = await ActivityLog.count({
      where: { userId: me.user.id, action: "payment_status_changed", entityId: payments[0]!.applicationId },
    });
    expect(logged).toBe(7);
  });

  it("sets, keeps and clears notes: trimmed, blank clears, absent keeps", async () => {
    const me = await agentIn();
    const { payments } = await soldPolicy(me, { firstDue: "2026-05-01" });
    const id = payments[2]!.id;
    let res = await patchPayment(id, { json: { status: "paid", notes: "  Paid by phone.  " } }, me.cookie);
    expect((await jsonOf<{ payment: { notes: string } }>(res)).payment.notes).toBe("Paid by phone.");
    res = await patchPayment(id, { json: { notes: "Receipt 42" } }, me.cookie);
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: "paid", notes: "Receipt 42" });
    res = await patchPayment(id, { json: { status: "not_paid" } }, me.cookie);
    expect(await statusOf(id)).toMatchObject({ status: "not_paid", notes: "Receipt 42" });
    res = await patchPayment(id, { json: { notes: "   " } }, me.cookie);
    expect((await statusOf(id)).notes).toBeNull();
    res = await patchPayment(id, { json: { notes: null, status: "paid" } }, me.cookie);
    expect(await statusOf(id)).toMatchObject({ status: "paid", notes: null });
    // A plain HTML client's form body is read too.
    res = await patchPayment(id, { form: { status: "pending", notes: "Form note" } }, me.cookie);
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: "not_paid", notes: "Form note" });
  });

  it("answers 400 with a message for a bad status, bad notes, nothing to change or a malformed body, and changes nothing", async () => {
    const me = await agentIn();
    const { payments } = await soldPolicy(me, { firstDue: "2026-05-01" });
    const id = payments[0]!.id;
    for (const json of [{ status: "late" }, { status: 3 }, { status: "" }, { status: null }]) {
      const res = await patchPayment(id, { json }, me.cookie);
      expect(res.status).toBe(400);
      const body = await jsonOf<{ error: string; fieldErrors: Record<string, string[]> }>(res);
      expect(body.error).toBe(PAYMENT_TRACKING_MESSAGES.status);
      expect(body.fieldErrors.status).toEqual([PAYMENT_TRACKING_MESSAGES.status]);
    }
    const tooLong = await patchPayment(id, { json: { notes: "x".repeat(1001) } }, me.cookie);
    expect(tooLong.status).toBe(400);
    expect((await jsonOf(tooLong)).error).toBe(PAYMENT_TRACKING_MESSAGES.notesTooLong);
    const nothing = await patchPayment(id, { json: {} }, me.cookie);
    expect(nothing.status).toBe(400);
    expect((await jsonOf(nothing)).error).toBe(PAYMENT_TRACKING_MESSAGES.nothing);
    for (const rawBody of ["{", "[1,2]", '"paid"', "null"]) {
      const res = await patchPayment(id, { rawBody }, me.cookie);
      expect(res.status).toBe(400);
      expect(typeof (await jsonOf(res)).error).toBe("string");
    }
    expect(await statusOf(id)).toMatchObject({ status: "not_paid", notes: null });
  });

  it("is a 404 for another agent's payment and a malformed or missing id, and changes nothing", async () => {
    const me = await agentIn();
    const other = await agentIn();
    const { payments } = await soldPolicy(other, { firstDue: "2026-05-01" });
    const theirs = payments[0]!.id;
    const res = await patchPayment(theirs, { json: { status: "paid" } }, me.cookie);
    expect(res.status).toBe(404);
    expect((await jsonOf(res)).error).toBe(PAYMENT_NOT_FOUND);
    expect((await statusOf(theirs)).status).toBe("not_paid");
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await patchPayment(id, { json: { status: "paid" } }, me.cookie)).status).toBe(404);
    }
    await expect(updatePaymentTracking(me.actor, theirs, { status: "paid" })).rejects.toMatchObject({ status: 404 });
    expect((await patchPayment(theirs, { json: { status: "paid" } })).status).toBe(401);
  });

  it("lets an administrator set any agent's payment", async () => {
    const agent = await agentIn();
    const { payments } = await soldPolicy(agent, { firstDue: "2026-05-01" });
    const { cookie } = await signedInAdmin();
    const res = await patchPayment(payments[4]!.id, { json: { status: "cancelled" } }, cookie);
    expect(res.status).toBe(200);
    expect((await statusOf(payments[4]!.id)).status).toBe("cancelled");
  });
});

describe("the tracker page", () => {
  it("loads the agent's policies and cards", async () => {
    const me = await agentIn();
    await soldPolicy(me, { firstDue: "2026-05-01", premiumCents: 3_000 });
    const res = await callRoute(pageLoader, { path: "/agent/retention", cookie: me.cookie });
    expect(res.status).toBe(200);
    const data = await jsonOf<{ list: { total: number; pageSize: number }; summary: { activeAccounts: number } }>(res);
    expect(data.list).toMatchObject({ total: 1, pageSize: 10 });
    expect(data.summary.activeAccounts).toBe(1);
  });

  it("saves a cell's status (pending read as not_paid) with the spec's toast, back to the same page", async () => {
    const me = await agentIn();
    const { payments } = await soldPolicy(me, { firstDue: "2026-05-01" });
    const id = payments[1]!.id;
    const res = await postCell(me.cookie, { intent: "payment", id, status: "paid" }, "?page=1");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/agent/retention?page=1");
    expect(await toastOf(res)).toMatchObject({
      type: "success",
      title: "Payment Status Updated",
      description: "The payment status has been successfully updated",
    });
    expect((await statusOf(id)).status).toBe("paid");
    await postCell(me.cookie, { intent: "payment", id, status: "pending" });
    expect((await statusOf(id)).status).toBe("not_paid");
  });

  it("answers a bad status with the spec's error toast and changes nothing", async () => {
    const me = await agentIn();
    const { payments } = await soldPolicy(me, { firstDue: "2026-05-01" });
    const res = await postCell(me.cookie, { intent: "payment", id: payments[0]!.id, status: "late" });
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({
      type: "error",
      title: "Update failed",
      description: `Failed to update payment status: ${PAYMENT_TRACKING_MESSAGES.status}`,
    });
    expect((await statusOf(payments[0]!.id)).status).toBe("not_paid");
  });

  it("is a 404 for another agent's payment, and changes nothing", async () => {
    const me = await agentIn();
    const other = await agentIn();
    const { payments } = await soldPolicy(other, { firstDue: "2026-05-01" });
    const res = await postCell(me.cookie, { intent: "payment", id: payments[0]!.id, status: "paid" });
    expect(res.status).toBe(404);
    expect((await statusOf(payments[0]!.id)).status).toBe("not_paid");
  });
});

describe("retention reminders (housekeeping)", () => {
  it("tells the agent once, the day before an unpaid payment is due in their time zone", async () => {
    // 23:30 on Nov 1 in Los Angeles, 02:30 on Nov 2 in New York.
    const now = new Date("2030-11-02T06:30:00Z");
    const west = await agentIn("America/Los_Angeles");
    const east = await agentIn("America/New_York");
    const westPolicy = await soldPolicy(west, { firstDue: "2030-11-02", premiumCents: 4_550, lastName: "Westerly" });
    const eastPolicy = await soldPolicy(east, { firstDue: "2030-11-03", premiumCents: 6_000, lastName: "Easterly" });
    // Not reminded: due the day after tomorrow, already paid, a lapsed policy, a cancelled commission.
    await soldPolicy(west, { firstDue: "2030-11-03" });
    const paid = await soldPolicy(west, { firstDue: "2030-11-02" });
    await paid.payments[0]!.update({ status: "paid" });
    const lapsed = await soldPolicy(east, { firstDue: "2030-10-03" });
    await lapsed.payments[0]!.update({ status: "cancelled" });
    await soldPolicy(east, { firstDue: "2030-11-03", commissionCancelled: true });

    await sendPaymentReminders(now);

    const westReminders = await remindersOf(west.user.id);
    expect(westReminders).toHaveLength(1);
    expect(westReminders[0]).toMatchObject({
      applicationId: westPolicy.lead.id,
      title: "Payment due tomorrow",
      message: "Lena Westerly: month 1 payment of $45.50 is due tomorrow, Nov 2, 2030.",
    });
    expect(Boolean(westReminders[0]!.isRead)).toBe(false);
    const eastReminders = await remindersOf(east.user.id);
    expect(eastReminders.map((n) => n.applicationId)).toEqual([eastPolicy.lead.id]);
    expect((await statusOf(westPolicy.payments[0]!.id)).remindedAt).not.toBeNull();

    // Again, later the same day: nothing new.
    await sendPaymentReminders(new Date("2030-11-02T06:50:00Z"));
    expect(await remindersOf(west.user.id)).toHaveLength(1);
    expect(await remindersOf(east.user.id)).toHaveLength(1);
  });

  it("does not remind twice of a payment set paid and back to unpaid", async () => {
    const now = new Date("2031-02-09T15:00:00Z");
    const me = await agentIn("America/New_York");
    const { payments } = await soldPolicy(me, { firstDue: "2031-02-10" });
    expect(await sendPaymentReminders(now)).toBeGreaterThanOrEqual(1);
    await updatePaymentTracking(me.actor, payments[0]!.id, { status: "paid" });
    await updatePaymentTracking(me.actor, payments[0]!.id, { status: "pending" });
    await sendPaymentReminders(new Date("2031-02-09T20:00:00Z"));
    expect(await remindersOf(me.user.id)).toHaveLength(1);
  });

  it("sends one reminder per payment when two housekeeping runs go at once", async () => {
    const now = new Date("2031-05-19T15:00:00Z");
    const me = await agentIn("America/Chicago");
    const policies = [];
    for (let i = 0; i < 4; i++) policies.push(await soldPolicy(me, { firstDue: "2031-05-20" }));
    const counts = await Promise.all([sendPaymentReminders(now), sendPaymentReminders(now), sendPaymentReminders(now)]);
    const reminders = await remindersOf(me.user.id);
    expect(reminders).toHaveLength(4);
    expect(new Set(reminders.map((n) => n.applicationId))).toEqual(new Set(policies.map((p) => p.lead.id)));
    expect(counts[0] + counts[1] + counts[2]).toBeGreaterThanOrEqual(4);
    const claimed = await PaymentTracking.count({
      where: { applicationId: { [Op.in]: policies.map((p) => p.lead.id) }, remindedAt: { [Op.ne]: null } },
    });
    expect(claimed).toBe(4);
  });
});

describe("migration 008", () => {
  it("is applied and adds payment_trackings.reminded_at", async () => {
    expect(migrations.map((m) => m.name)).toContain("008-payment-reminders");
    const columns = await sequelize.getQueryInterface().describeTable("payment_trackings");
    expect(columns).toHaveProperty("reminded_at");
    expect(columns.reminded_at!.allowNull).toBe(true);
    const [row] = await sequelize.query<{ name: string }>(
      "SELECT name FROM schema_migrations WHERE name = '008-payment-reminders'",
      { type: QueryTypes.SELECT },
    );
    expect(row?.name).toBe("008-payment-reminders");
  });
});
