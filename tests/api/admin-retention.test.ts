import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ActivityLog, Application, PaymentTracking, isPostgres, sequelize } from "~db";
import { RetentionFetchError } from "~/components/admin-retention/retention-fetch-error";
import { wholePercent } from "~/domain/commission";
import { ADMIN_PAYMENT_MESSAGES, PAYMENT_FILTER_MESSAGE } from "~/domain/schemas/admin-retention";
import { PAYMENT_TRACKING_MESSAGES } from "~/domain/schemas/payment-tracking";
import { loader as applicationsApi } from "~/routes/api+/admin.applications";
import { action as paymentApi } from "~/routes/api+/admin.payment-tracking.$id";
import { loader as retentionApi } from "~/routes/api+/admin.retention";
import { action as accountsAction, loader as accountsLoader } from "~/routes/admin+/retention";
import { action as bySaleAction, loader as bySaleLoader } from "~/routes/admin+/retention-detailed";
import { allLeadsWhere } from "~/services/admin-leads.server";
import {
  listRetentionAccounts,
  listSalesWithPayments,
  retentionManagementSummary,
  setPaymentStatusAsAdmin,
} from "~/services/admin-retention.server";
import { ServiceError } from "~/services/errors.server";
import { PAYMENT_NOT_FOUND } from "~/services/retention.server";
import { column, selectOne, sql } from "~/services/sql/reads.server";
import { readToast } from "~/utils/toast.server";
import { uniqueName } from "../support/application-factories";
import { createAdmin, createLead, signInAs, signedInAgent } from "../support/factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";
import { createSoldPolicy } from "../support/retention-factories";
import { postgresPlanSettingAside, sqlitePlan } from "../support/query-plans";

// Issue 13, item 3: Retention Management (/admin/retention, GET /api/admin/retention), retention
// by sale (/admin/retention-detailed, GET /api/admin/applications?status=sale with
// paymentTracking) and PUT /api/admin/payment-tracking/{id}; decision 037.

const NOW = new Date("2026-06-15T16:00:00Z"); // noon in New York, 06:00 in Honolulu
const NO_FILTERS = { page: 1, pageSize: 20, status: "all", sort: "newest" } as const;

async function adminIn(timezone = "America/New_York") {
  const admin = await createAdmin({ timezone });
  return { admin, ...(await signInAs(admin)) };
}

/** An agent with two sold policies: one whose first month is due `first`, one the day after. */
async function agentWithTwoSales(first = "2026-06-15", second = "2026-06-16") {
  const me = await signedInAgent();
  const older = await createSoldPolicy(me.agent.id, {
    firstDue: first,
    premiumCents: 8_550,
    lastName: uniqueName("Older"),
    soldAt: new Date("2026-05-01T12:00:00Z"),
  });
  const newer = await createSoldPolicy(me.agent.id, {
    firstDue: second,
    premiumCents: 4_000,
    lastName: uniqueName("Newer"),
    soldAt: new Date("2026-05-02T12:00:00Z"),
  });
  return { ...me, older, newer };
}

const setStatus = (id: string, status: string) => PaymentTracking.update({ status }, { where: { id } });

async function toastOf(res: Response) {
  const cookie = setCookieOf(res).split(";")[0]!;
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

describe("the payment success rate", () => {
  it("is paid / total as a whole percent, 0 without payments", () => {
    expect(wholePercent(0, 0)).toBe(0);
    expect(wholePercent(1, 18)).toBe(6);
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(2, 3)).toBe(67);
    expect(wholePercent(1, 200)).toBe(1); // 0.5 rounds up
    expect(wholePercent(9, 9)).toBe(100);
  });
});

describe("Retention Management's cards", () => {
  it("count the agent's accounts, due-soon months and paid/total, and move as months are paid", async () => {
    const { actor } = await adminIn();
    const me = await agentWithTwoSales();
    const filters = { agentId: me.agent.id };
    expect(await retentionManagementSummary(actor, filters, NOW)).toEqual({
      totalAccounts: 2,
      paymentsDueSoon: 2,
      dueToday: 1,
      dueTomorrow: 1,
      overdue: 0,
      paidPayments: 0,
      totalPayments: 18,
      successRate: 0,
    });
    await setPaymentStatusAsAdmin(actor, me.older.payments[0]!.id, { status: "paid" });
    expect(await retentionManagementSummary(actor, filters, NOW)).toMatchObject({
      paymentsDueSoon: 1,
      dueToday: 0,
      paidPayments: 1,
      totalPayments: 18,
      successRate: 6,
    });
    for (const payment of me.newer.payments.slice(1, 4)) await setStatus(payment.id, "paid");
    expect(await retentionManagementSummary(actor, filters, NOW)).toMatchObject({ paidPayments: 4, successRate: 22 });
  });

  it("leave out the due months of a lapsed or commission-cancelled policy, but count its months", async () => {
    const { actor } = await adminIn();
    const me = await agentWithTwoSales("2026-06-15", "2026-06-15");
    await setStatus(me.older.payments[8]!.id, "cancelled");
    await Application.update(
      { commissionCancelledAt: new Date(), status: "contacted" },
      { where: { id: me.newer.id } },
    );
    expect(await retentionManagementSummary(actor, { agentId: me.agent.id }, NOW)).toMatchObject({
      totalAccounts: 2,
      paymentsDueSoon: 0,
      paidPayments: 0,
      totalPayments: 18,
    });
  });

  it("count today and tomorrow in the admin's time zone", async () => {
    // 16:00 UTC on June 15 is 06:00 on June 15 in Honolulu; 02:00 on June 16 in Sydney.
    const me = await agentWithTwoSales("2026-06-15", "2026-06-16");
    const honolulu = (await adminIn("Pacific/Honolulu")).actor;
    const sydney = (await adminIn("Australia/Sydney")).actor;
    const filters = { agentId: me.agent.id };
    expect(await retentionManagementSummary(honolulu, filters, NOW)).toMatchObject({ dueToday: 1, dueTomorrow: 1 });
    expect(await retentionManagementSummary(sydney, filters, NOW)).toMatchObject({ dueToday: 1, dueTomorrow: 0 });
  });

  it("over every account agree with plain counts of the tables", async () => {
    const { actor } = await adminIn();
    await agentWithTwoSales();
    const row = (await selectOne(
      sql`SELECT (SELECT COUNT(*) FROM applications WHERE sold_at IS NOT NULL) AS accounts,
         (SELECT COUNT(*) FROM payment_trackings WHERE status = 'paid') AS paid,
         (SELECT COUNT(*) FROM payment_trackings) AS total`,
      z.object({ accounts: column.integer, paid: column.integer, total: column.integer }),
    ))!;
    const summary = await retentionManagementSummary(actor, {}, NOW);
    expect(summary.totalAccounts).toBe(row.accounts);
    expect(summary.paidPayments).toBe(row.paid);
    expect(summary.totalPayments).toBe(row.total);
    expect(summary.successRate).toBe(wholePercent(row.paid, row.total));
  });

  it("are refused to an agent (403)", async () => {
    const me = await signedInAgent();
    await expect(retentionManagementSummary(me.actor, {})).rejects.toMatchObject({ status: 403 });
    await expect(listRetentionAccounts(me.actor, NO_FILTERS)).rejects.toMatchObject({ status: 403 });
    await expect(listSalesWithPayments(me.actor, { ...NO_FILTERS, unread: false })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe("Retention Management's accounts", () => {
  it("list every sold policy newest sale first, with agent, policy, months and Due Today / Due Tomorrow", async () => {
    const { actor } = await adminIn();
    const me = await agentWithTwoSales();
    const list = await listRetentionAccounts(actor, { ...NO_FILTERS, agentId: me.agent.id }, NOW);
    expect(list.total).toBe(2);
    expect(list.rows.map((row) => row.customerName)).toEqual([me.newer.name, me.older.name]);
    const [newer, older] = list.rows;
    expect(older).toMatchObject({
      agentName: `${me.user.firstName} ${me.user.lastName}`,
      monthlyPremium: 85.5,
      productName: "Final Expense",
      saleDate: "2026-05-01T12:00:00.000Z",
      policyStatus: "active",
      paymentDueSoon: true,
    });
    expect(older!.payments).toHaveLength(9);
    expect(older!.payments[0]).toMatchObject({
      monthNumber: 1,
      dueDate: "2026-06-15",
      status: "not_paid",
      due: "today",
    });
    expect(older!.payments[1]!.due).toBeNull();
    expect(newer!.payments[0]!.due).toBe("tomorrow");
    await setStatus(me.older.payments[0]!.id, "paid");
    const after = await listRetentionAccounts(actor, { ...NO_FILTERS, agentId: me.agent.id }, NOW);
    expect(after.rows[1]).toMatchObject({ paymentDueSoon: false });
  });

  it("are paged in SQL, searched by the customer's name and kept to the agent asked for", async () => {
    const { actor } = await adminIn();
    const me = await agentWithTwoSales();
    const other = await agentWithTwoSales();
    const second = await listRetentionAccounts(
      actor,
      { ...NO_FILTERS, agentId: me.agent.id, pageSize: 1, page: 2 },
      NOW,
    );
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.rows.map((row) => row.id)).toEqual([me.older.id]);
    const found = await listRetentionAccounts(actor, { ...NO_FILTERS, search: me.newer.name }, NOW);
    expect(found.rows.map((row) => row.id)).toEqual([me.newer.id]);
    const theirs = await listRetentionAccounts(actor, { ...NO_FILTERS, agentId: other.agent.id }, NOW);
    expect(theirs.rows.map((row) => row.id).sort()).toEqual([other.newer.id, other.older.id].sort());
  });

  it("show a lapsed policy (a month cancelled) without due flags, and leave unsold leads out", async () => {
    const { actor } = await adminIn();
    const me = await agentWithTwoSales();
    await createLead(me.agent.id, { status: "contacted" });
    await setStatus(me.older.payments[4]!.id, "cancelled");
    const list = await listRetentionAccounts(actor, { ...NO_FILTERS, agentId: me.agent.id }, NOW);
    expect(list.total).toBe(2);
    expect(list.rows[1]).toMatchObject({ policyStatus: "lapsed", paymentDueSoon: false });
  });
});

describe("retention by sale", () => {
  it("lists the leads in sale with their months, filtered by a month in the payment status asked for", async () => {
    const { actor } = await adminIn();
    const me = await agentWithTwoSales();
    await createLead(me.agent.id, { status: "contacted" });
    await setStatus(me.older.payments[2]!.id, "paid");
    await setStatus(me.newer.payments[3]!.id, "cancelled");
    const query = { ...NO_FILTERS, unread: false, agentId: me.agent.id };
    const all = await listSalesWithPayments(actor, { ...query, paymentStatus: "all" });
    expect(all.total).toBe(2);
    expect(all.rows[0]!.paymentTracking).toHaveLength(9);
    expect(all.rows.find((row) => row.id === me.older.id)).toMatchObject({ saleDate: "2026-05-01T12:00:00.000Z" });
    const ids = async (paymentStatus: "pending" | "paid" | "cancelled") =>
      (await listSalesWithPayments(actor, { ...query, paymentStatus })).rows.map((row) => row.id);
    expect(await ids("paid")).toEqual([me.older.id]);
    expect(await ids("cancelled")).toEqual([me.newer.id]);
    expect((await ids("pending")).sort()).toEqual([me.newer.id, me.older.id].sort());
    for (const payment of me.older.payments) await setStatus(payment.id, "paid");
    expect(await ids("pending")).toEqual([me.newer.id]);
  });
});

describe("an admin sets a month's status", () => {
  it("to paid, cancelled and pending (stored as not_paid), in the activity log", async () => {
    const { actor } = await adminIn();
    const me = await agentWithTwoSales();
    const id = me.older.payments[0]!.id;
    expect(await setPaymentStatusAsAdmin(actor, id, { status: "paid" })).toMatchObject({ id, status: "paid" });
    expect(await setPaymentStatusAsAdmin(actor, id, { status: "Cancelled" })).toMatchObject({ status: "cancelled" });
    expect(await setPaymentStatusAsAdmin(actor, id, { status: "pending" })).toMatchObject({ status: "not_paid" });
    expect((await PaymentTracking.findByPk(id))!.status).toBe("not_paid");
    const logged = await ActivityLog.findAll({
      where: { action: "payment_status_changed", userId: actor.id },
      raw: true,
    });
    // In words, not the stored codes (audit item 8).
    expect(logged.map((entry) => entry.summary.replace(/.* from /, "from ")).sort()).toEqual([
      "from Cancelled to Not Paid",
      "from Not Paid to Paid",
      "from Paid to Cancelled",
    ]);
  });

  it("refuses a missing or unknown status (400 at the field), an unknown id (404) and an agent (403)", async () => {
    const { actor } = await adminIn();
    const me = await agentWithTwoSales();
    const id = me.older.payments[0]!.id;
    const refusal = (input: unknown, target = id) =>
      setPaymentStatusAsAdmin(actor, target, input).then(
        () => null,
        (error: ServiceError) => ({ status: error.status, message: error.message, fieldErrors: error.fieldErrors }),
      );
    expect(await refusal({})).toMatchObject({
      status: 400,
      fieldErrors: { status: [ADMIN_PAYMENT_MESSAGES.statusRequired] },
    });
    expect(await refusal({ status: "late" })).toMatchObject({
      status: 400,
      fieldErrors: { status: [PAYMENT_TRACKING_MESSAGES.status] },
    });
    expect(await refusal({ status: "paid" }, "00000000-0000-4000-8000-000000000000")).toMatchObject({
      status: 404,
      message: PAYMENT_NOT_FOUND,
    });
    expect(await refusal({ status: "paid" }, "not-an-id")).toMatchObject({ status: 404 });
    await expect(setPaymentStatusAsAdmin(me.actor, id, { status: "paid" })).rejects.toMatchObject({ status: 403 });
    expect((await PaymentTracking.findByPk(id))!.status).toBe("not_paid");
  });
});

describe("GET /api/admin/retention", () => {
  it("answers { accounts, summary } with X-Total-Count, paged", async () => {
    const { cookie } = await adminIn();
    const me = await agentWithTwoSales();
    const res = await callRoute(retentionApi, {
      path: `/api/admin/retention?agentId=${me.agent.id}&pageSize=1`,
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await jsonOf<{ accounts: { id: string; payments: unknown[] }[]; summary: Record<string, number> }>(
      res,
    );
    expect(body.accounts.map((account) => account.id)).toEqual([me.newer.id]);
    expect(body.accounts[0]!.payments).toHaveLength(9);
    expect(body.summary).toMatchObject({ totalAccounts: 2, totalPayments: 18, paidPayments: 0, successRate: 0 });
  });

  it("refuses bad input (400 with the field), an agent (403) and a visitor (401)", async () => {
    const { cookie } = await adminIn();
    const bad = await callRoute(retentionApi, { path: "/api/admin/retention?agentId=nope", cookie });
    expect(bad.status).toBe(400);
    expect(await jsonOf(bad)).toMatchObject({ fieldErrors: { agentId: ["Agent must be an agent's id"] } });
    expect((await callRoute(retentionApi, { path: "/api/admin/retention?page=0", cookie })).status).toBe(400);
    const agent = await signedInAgent();
    expect((await callRoute(retentionApi, { path: "/api/admin/retention", cookie: agent.cookie })).status).toBe(403);
    expect((await callRoute(retentionApi, { path: "/api/admin/retention" })).status).toBe(401);
  });
});

describe("GET /api/admin/applications?status=sale", () => {
  it("gives each sale its saleDate and paymentTracking, filtered by paymentStatus", async () => {
    const { cookie } = await adminIn();
    const me = await agentWithTwoSales();
    await setStatus(me.older.payments[0]!.id, "paid");
    const res = await callRoute(applicationsApi, {
      path: `/api/admin/applications?status=sale&agentId=${me.agent.id}`,
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    const rows = await jsonOf<{ id: string; status: string; paymentTracking: { status: string }[] }[]>(res);
    expect(rows.every((row) => row.status === "sale" && row.paymentTracking.length === 9)).toBe(true);
    const paid = await callRoute(applicationsApi, {
      path: `/api/admin/applications?status=sale&agentId=${me.agent.id}&paymentStatus=paid`,
      cookie,
    });
    expect((await jsonOf<{ id: string }[]>(paid)).map((row) => row.id)).toEqual([me.older.id]);
    expect(paid.headers.get("X-Total-Count")).toBe("1");
  });

  it("keeps All Leads' answer for other statuses, and refuses a bad paymentStatus (400) and an agent (403)", async () => {
    const { cookie } = await adminIn();
    const me = await agentWithTwoSales();
    await createLead(me.agent.id, { status: "contacted" });
    const others = await callRoute(applicationsApi, {
      path: `/api/admin/applications?status=contacted&agentId=${me.agent.id}`,
      cookie,
    });
    const rows = await jsonOf<Record<string, unknown>[]>(others);
    expect(rows).toHaveLength(1);
    // Every row has part 1's paymentTracking (none for a lead never sold), only sales their sale date.
    expect(rows[0]!.paymentTracking).toEqual([]);
    expect(rows[0]).not.toHaveProperty("saleDate");
    const bad = await callRoute(applicationsApi, {
      path: "/api/admin/applications?status=sale&paymentStatus=late",
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(await jsonOf(bad)).toMatchObject({ fieldErrors: { paymentStatus: [PAYMENT_FILTER_MESSAGE] } });
    const agent = await signedInAgent();
    const refused = await callRoute(applicationsApi, {
      path: "/api/admin/applications?status=sale",
      cookie: agent.cookie,
    });
    expect(refused.status).toBe(403);
  });
});

describe("PUT /api/admin/payment-tracking/{id}", () => {
  const put = (id: string, cookie: string | undefined, json: unknown, method = "PUT") =>
    callRoute(paymentApi, { method, path: `/api/admin/payment-tracking/${id}`, params: { id }, cookie, json });

  it("sets the status and answers the payment", async () => {
    const { cookie } = await adminIn();
    const me = await agentWithTwoSales();
    const id = me.newer.payments[2]!.id;
    const res = await put(id, cookie, { status: "paid" });
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toMatchObject({ success: true, payment: { id, status: "paid", monthNumber: 3 } });
    expect(await jsonOf(await put(id, cookie, { status: "pending" }))).toMatchObject({
      payment: { status: "not_paid" },
    });
  });

  it("answers 400 for a missing or bad status, 404 for an unknown or malformed id, 403 to an agent, 405 to PATCH", async () => {
    const { cookie } = await adminIn();
    const me = await agentWithTwoSales();
    const id = me.newer.payments[2]!.id;
    const missing = await put(id, cookie, {});
    expect(missing.status).toBe(400);
    expect(await jsonOf(missing)).toMatchObject({ fieldErrors: { status: [ADMIN_PAYMENT_MESSAGES.statusRequired] } });
    const wrong = await put(id, cookie, { status: "late" });
    expect(wrong.status).toBe(400);
    expect(await jsonOf(wrong)).toMatchObject({ fieldErrors: { status: [PAYMENT_TRACKING_MESSAGES.status] } });
    expect((await put(id, cookie, [1, 2])).status).toBe(400);
    const unknown = await put("00000000-0000-4000-8000-000000000000", cookie, { status: "paid" });
    expect(unknown.status).toBe(404);
    expect(await jsonOf(unknown)).toMatchObject({ error: PAYMENT_NOT_FOUND });
    expect((await put("12345", cookie, { status: "paid" })).status).toBe(404);
    expect((await put(id, me.cookie, { status: "paid" })).status).toBe(403);
    expect((await put(id, undefined, { status: "paid" })).status).toBe(401);
    expect((await put(id, cookie, { status: "paid" }, "PATCH")).status).toBe(405);
    expect((await PaymentTracking.findByPk(id))!.status).toBe("not_paid");
  });
});

describe("past-due payments (audit item 21)", () => {
  it("Retention Management flags, counts and lists the accounts with a month overdue or due by tomorrow", async () => {
    const { actor } = await adminIn();
    // June 15: the older sale's months from April 20 have two passed (April 20, May 20), one paid.
    const me = await agentWithTwoSales("2026-04-20", "2026-07-01");
    await setStatus(me.older.payments[0]!.id, "paid");
    const filters = { agentId: me.agent.id };
    expect(await retentionManagementSummary(actor, filters, NOW)).toMatchObject({
      overdue: 1,
      paymentsDueSoon: 0,
    });
    const all = await listRetentionAccounts(actor, { ...NO_FILTERS, agentId: me.agent.id }, NOW);
    const older = all.rows.find((row) => row.id === me.older.id)!;
    expect(older).toMatchObject({ paymentOverdue: true, paymentDueSoon: false });
    expect(older.payments.slice(0, 3).map((p) => p.due)).toEqual([null, "overdue", null]);
    expect(all.rows.find((row) => row.id === me.newer.id)).toMatchObject({ paymentOverdue: false });

    // The Payments Due Soon card's list (?status=due): only the account to chase, and the cards follow it.
    const due = await listRetentionAccounts(actor, { ...NO_FILTERS, status: "due", agentId: me.agent.id }, NOW);
    expect(due.rows.map((row) => row.id)).toEqual([me.older.id]);
    expect(await retentionManagementSummary(actor, { ...filters, status: "due" }, NOW)).toMatchObject({
      totalAccounts: 1,
      overdue: 1,
    });
  });

  it("retention by sale flags overdue months, and a lapsed sale's passed months are not", async () => {
    const { actor } = await adminIn();
    const me = await agentWithTwoSales("2026-04-20", "2026-04-20");
    await setStatus(me.newer.payments[8]!.id, "cancelled");
    const page = await listSalesWithPayments(
      actor,
      { ...NO_FILTERS, unread: false, agentId: me.agent.id, paymentStatus: "all" },
      NOW,
    );
    const byId = new Map(page.rows.map((row) => [row.id, row]));
    expect(
      byId
        .get(me.older.id)!
        .paymentTracking.slice(0, 3)
        .map((p) => p.due),
    ).toEqual(["overdue", "overdue", null]);
    expect(byId.get(me.newer.id)!.policyStatus).toBe("lapsed");
    expect(byId.get(me.newer.id)!.paymentTracking.every((p) => p.due === null)).toBe(true);
  });

  it("GET /api/admin/retention?status=due lists the accounts to chase; a bad filter is a 400", async () => {
    const { cookie } = await adminIn();
    const me = await agentWithTwoSales("2020-01-10", "2099-01-10");
    const res = await callRoute(retentionApi, {
      path: `/api/admin/retention?status=due&agentId=${me.agent.id}`,
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    const body = await jsonOf<{ accounts: { id: string; paymentOverdue: boolean }[]; summary: { overdue: number } }>(
      res,
    );
    expect(body.accounts).toEqual([expect.objectContaining({ id: me.older.id, paymentOverdue: true })]);
    expect(body.summary.overdue).toBe(9);
    const bad = await callRoute(retentionApi, { path: "/api/admin/retention?status=late", cookie });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).error).toBe("Status must be one of: all, due");
  });
});

describe("the retention pages", () => {
  it("Retention Management loads its cards and accounts, and sends an agent to /", async () => {
    const { cookie } = await adminIn();
    const me = await agentWithTwoSales();
    const res = await callRoute(accountsLoader, { path: `/admin/retention?agentId=${me.agent.id}`, cookie });
    expect(res.status).toBe(200);
    const data = await jsonOf<{ list: { total: number; pageSize: number }; summary: { totalAccounts: number } }>(res);
    expect(data.list).toMatchObject({ total: 2, pageSize: 20 });
    expect(data.summary.totalAccounts).toBe(2);
    const refused = await callRoute(accountsLoader, { path: "/admin/retention", cookie: me.cookie });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
  });

  it("retention by sale filters by payment status, 10 sales a page, and says when none match", async () => {
    const { cookie } = await adminIn();
    const me = await agentWithTwoSales();
    const path = (paymentStatus: string) =>
      `/admin/retention-detailed?agentId=${me.agent.id}&paymentStatus=${paymentStatus}`;
    const pending = await jsonOf<{ list: { total: number; pageSize: number }; paymentStatus: string }>(
      await callRoute(bySaleLoader, { path: path("pending"), cookie }),
    );
    expect(pending).toMatchObject({ list: { total: 2, pageSize: 10 }, paymentStatus: "pending" });
    const paid = await jsonOf<{ list: { total: number } }>(
      await callRoute(bySaleLoader, { path: path("paid"), cookie }),
    );
    expect(paid.list.total).toBe(0);
    const junk = await jsonOf<{ paymentStatus: string }>(await callRoute(bySaleLoader, { path: path("junk"), cookie }));
    expect(junk.paymentStatus).toBe("all");
  });

  it("both set a month's status from a form post, with the spec's toasts", async () => {
    const { cookie } = await adminIn();
    const me = await agentWithTwoSales();
    const id = me.older.payments[0]!.id;
    for (const [action, path] of [
      [accountsAction, `/admin/retention?agentId=${me.agent.id}`],
      [bySaleAction, `/admin/retention-detailed?paymentStatus=pending`],
    ] as const) {
      const done = await callRoute(action, { path, cookie, form: { intent: "payment", id, status: "paid" } });
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe(path);
      expect(await toastOf(done)).toMatchObject({
        title: "Payment Status Updated",
        description: "The payment status has been successfully updated",
      });
      expect((await PaymentTracking.findByPk(id))!.status).toBe("paid");
      await setStatus(id, "not_paid");
      const failed = await callRoute(action, { path, cookie, form: { intent: "payment", id, status: "late" } });
      expect(failed.status).toBe(302);
      expect(await toastOf(failed)).toMatchObject({
        type: "error",
        title: "Error",
        description: "Failed to update payment status. Please try again.",
      });
      expect((await PaymentTracking.findByPk(id))!.status).toBe("not_paid");
    }
  });
});

describe("a failed read", () => {
  it("shows the spec's Failed to fetch retention data with a way to try again", () => {
    const html = renderToStaticMarkup(createElement(RetentionFetchError, { retryTo: "/admin/retention-detailed" }));
    expect(html).toContain("Failed to fetch retention data");
    expect(html).toContain('href="/admin/retention-detailed"');
  });
});

describe("the payment filter's query plan", () => {
  it("probes each sale's months for the status from migration 021's (application_id, status) alone", async () => {
    const { actor } = await adminIn();
    const where = allLeadsWhere(actor, {
      ...NO_FILTERS,
      status: "sale",
      unread: false,
      paymentStatus: "cancelled",
    });
    const statement = sql`SELECT COUNT(*) FROM applications a WHERE ${where}`;
    // The tiny test tables are planned by cost: with the (status, due_date) index set aside (for a
    // rare status such as cancelled a large table may rightly start from it), the plan shows that
    // the probe is answered by (application_id, status).
    if (!isPostgres) await sequelize.query("ANALYZE payment_trackings");
    const plan = isPostgres
      ? await postgresPlanSettingAside(statement, undefined, "indexname = 'payment_trackings_status_due_date'")
      : await sqlitePlan(statement);
    expect(plan).toContain("payment_trackings_application_status");
  });
});
