import { describe, expect, it } from "vitest";
import { ActivityLog, Application, Carrier, PaymentTracking } from "~db";
import { PERIOD_MESSAGES } from "~/domain/period-range";
import { firstYearCommissionCents } from "~/domain/commission";
import { ledgerTotals, saleLedger } from "~/domain/ledger";
import { action as cancelAction, loader as cancelLoader } from "~/routes/api+/agent.applications.$id.cancel";
import { loader as commissionsApi } from "~/routes/api+/agent.commissions";
import { action as pageAction, loader as pageLoader } from "~/routes/agent+/commissions";
import { COMMISSION_ERRORS, listCommissions } from "~/services/commissions.server";
import { changeLeadStatus } from "~/services/lead-status.server";
import { LEAD_NOT_FOUND } from "~/services/leads.server";
import { readToast } from "~/utils/toast.server";
import { createLead, giveCarrier, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 11, items 4 and 5: the commissions page and its API on both databases. The summary for
// All Time and a custom range of sale dates in the agent's time zone, the history's search, status
// filter and pages, Mark as Cancelled (one way; twice, never sold and another agent's sale are
// refused), and the advance and chargeback ledger through the API: paid months, a cancelled
// payment, a reinstated one, a cancelled commission, and the SQL totals against the pure rule.

type Agent = Awaited<ReturnType<typeof seller>>;

type Record_ = {
  id: string;
  applicationId: string;
  customerName: string;
  carrier: string | null;
  productName: string | null;
  commissionPercentage: number | null;
  saleDate: string;
  monthlyPremium: number | null;
  commission: number;
  isCancelled: boolean;
  cancelledAt: string | null;
};
type Line = {
  applicationId: string;
  advanced: number;
  earned: number;
  unearned: number;
  chargedBack: number;
  monthsPaid: number;
};
type ApiAnswer = {
  commissions: Record_[];
  summary: Record<string, number | string>;
  ledger: { totals: Record<string, number>; sales: Line[] };
};

/** An agent (in `timezone`) with Aetna's "Final Expense" at `comp` %, licensed in FL. */
async function seller(comp = 100, timezone = "America/New_York") {
  const me = await signedInAgent();
  await me.user.update({ timezone });
  const actor = { ...me.actor, timezone };
  const { product } = await giveCarrier(me.agent.id, "Aetna", "Final Expense", comp);
  return { ...me, actor, product };
}

/** A sale recorded through the status service (nine months not paid), then dated `soldAt` if given. */
async function sale(
  me: Agent,
  options: { premiumCents?: number; lastName?: string; firstName?: string; soldAt?: Date } = {},
) {
  const lead = await createLead(me.agent.id, {
    monthlyPremiumCents: options.premiumCents ?? 10_000,
    lastName: options.lastName ?? "Buyer",
    firstName: options.firstName ?? "Bea",
  });
  const aetna = (await Carrier.findOne({ where: { name: "Aetna" }, attributes: ["id"], raw: true }))!;
  await lead.update({ carrierId: aetna.id, state: "FL" });
  await changeLeadStatus(me.actor, lead.id, { status: "sale", productId: me.product.id });
  if (options.soldAt) await Application.update({ soldAt: options.soldAt }, { where: { id: lead.id } });
  return lead;
}

/** Sets a sale's months' statuses straight in the table, as the retention tracker would. */
async function setPayments(applicationId: string, statuses: string[]) {
  for (const [index, status] of statuses.entries()) {
    await PaymentTracking.update({ status }, { where: { applicationId, monthNumber: index + 1 } });
  }
}

const api = (query: string, cookie?: string) =>
  callRoute(commissionsApi, { path: `/api/agent/commissions${query}`, cookie });
const apiJson = async (query: string, cookie: string) => {
  const response = await api(query, cookie);
  expect(response.status, await response.clone().text()).toBe(200);
  return { body: await jsonOf<ApiAnswer>(response), total: response.headers.get("X-Total-Count") };
};
const putCancel = (id: string, cookie?: string, body?: { json?: unknown; rawBody?: string }) =>
  callRoute(cancelAction, {
    method: "PUT",
    path: `/api/agent/applications/${encodeURIComponent(id)}/cancel`,
    params: { id },
    cookie,
    ...body,
  });
const page = (query: string, cookie: string) => callRoute(pageLoader, { path: `/agent/commissions${query}`, cookie });
const postPage = (query: string, form: Record<string, string>, cookie: string) =>
  callRoute(pageAction, { method: "POST", path: `/agent/commissions${query}`, form, cookie });

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
  return (await readToast(request)).toast;
}

describe("the summary (part 2, Commission summary)", () => {
  it("counts the agent's sales and sums their commissions, active and cancelled, as money strings", async () => {
    const me = await seller(87.5);
    // $123.45 a month at 87.5 %: $972.17 over nine months.
    const first = await sale(me, { premiumCents: 12_345 });
    await sale(me, { premiumCents: 10_000 });
    const cancelled = await sale(me, { premiumCents: 5_000 });
    await putCancel(cancelled.id, me.cookie);
    await createLead(me.agent.id, { status: "contacted" });
    const stranger = await seller();
    await sale(stranger);

    const { body, total } = await apiJson("", me.cookie);
    expect(total).toBe("3");
    expect(body.summary).toEqual({
      totalSales: 3,
      totalActiveSales: 2,
      totalCancelledSales: 1,
      totalCommissions: "2153.42",
      activeCommissions: "1759.67",
      cancelledCommissions: "393.75",
      // Every sale still submitted (issue 26): none issued, none decided.
      issuedSales: 0,
      decidedSales: 0,
      placementRate: null,
      issuedCommissions: "0.00",
    });
    expect(body.commissions.find((row) => row.id === first.id)).toMatchObject({
      applicationId: first.id,
      customerName: "Bea Buyer",
      carrier: "Aetna",
      productName: "Final Expense",
      commissionPercentage: 87.5,
      monthlyPremium: 123.45,
      commission: 972.17,
      isCancelled: false,
      cancelledAt: null,
    });
  });

  it("counts a custom range of sale dates by the agent's calendar, both ends included", async () => {
    const me = await seller(100, "America/Los_Angeles");
    // 23:30 on Feb 28 and on Mar 31 in Los Angeles, already the next day in UTC.
    const before = await sale(me, { soldAt: new Date("2026-03-01T07:30:00Z"), lastName: "Before" });
    const lastDay = await sale(me, { soldAt: new Date("2026-04-01T06:30:00Z"), lastName: "LastDay" });
    const firstDay = await sale(me, { soldAt: new Date("2026-03-01T08:00:00Z"), lastName: "FirstDay" });
    const range = "?period=custom&startDate=2026-03-01&endDate=2026-03-31";
    const { body } = await apiJson(range, me.cookie);
    expect(body.commissions.map((row) => row.id)).toEqual([lastDay.id, firstDay.id]);
    expect(body.summary).toMatchObject({ totalSales: 2, totalCommissions: "1800.00" });
    expect(body.ledger.totals.advanced).toBe(1800);

    const all = await apiJson("?period=all", me.cookie);
    expect(all.body.commissions.map((row) => row.id)).toEqual([lastDay.id, firstDay.id, before.id]);
    expect(all.body.summary.totalSales).toBe(3);

    const pageData = await jsonOf<{ list: { rows: { id: string }[] }; summary: { totalSales: number } }>(
      await page(range, me.cookie),
    );
    expect(pageData.list.rows.map((row) => row.id)).toEqual([lastDay.id, firstDay.id]);
    expect(pageData.summary.totalSales).toBe(2);
  });

  it("needs both dates of a custom range: the API answers 400 at the field, the page shows All Time and keeps the date", async () => {
    const me = await seller();
    await sale(me);
    const missing = await api("?period=custom&startDate=2026-03-01", me.cookie);
    expect(missing.status).toBe(400);
    expect(await jsonOf(missing)).toMatchObject({
      error: PERIOD_MESSAGES.bothDates,
      fieldErrors: { endDate: [PERIOD_MESSAGES.bothDates] },
    });
    const reversed = await api("?period=custom&startDate=2026-03-05&endDate=2026-03-01", me.cookie);
    expect((await jsonOf(reversed)).fieldErrors).toEqual({ endDate: [PERIOD_MESSAGES.reversed] });

    const pageData = await jsonOf<{
      selection: { period: string; refused?: { startDate: string; fieldErrors: unknown } };
      summary: { totalSales: number };
    }>(await page("?period=custom&startDate=2026-03-01", me.cookie));
    expect(pageData.selection).toMatchObject({
      period: "all",
      refused: { startDate: "2026-03-01", fieldErrors: { endDate: [PERIOD_MESSAGES.bothDates] } },
    });
    expect(pageData.summary.totalSales).toBe(1);
  });

  it("offers All Time and a custom range only: another period is a 400 from the API and All Time on the page", async () => {
    const me = await seller();
    const response = await api("?period=today", me.cookie);
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ fieldErrors: { period: ["Period must be one of: all, custom"] } });
    const pageData = await jsonOf<{ selection: { period: string } }>(await page("?period=today", me.cookie));
    expect(pageData.selection.period).toBe("all");
  });

  it("is an agent's: signed out is 401, an admin 403", async () => {
    expect((await api("")).status).toBe(401);
    const { cookie } = await signedInAdmin();
    expect((await api("", cookie)).status).toBe(403);
  });
});

describe("the history: search, Active / Cancelled / All, pages", () => {
  it("searches the customer's names, the carrier and the product, every word, % taken literally", async () => {
    const me = await seller();
    const smith = await sale(me, { firstName: "Ann", lastName: "Smith" });
    const jones = await sale(me, { firstName: "Bob", lastName: "Jones" });
    const ids = async (search: string) =>
      (await apiJson(`?search=${encodeURIComponent(search)}`, me.cookie)).body.commissions.map((row) => row.id);
    expect(await ids("smith")).toEqual([smith.id]);
    expect(await ids("BOB jones")).toEqual([jones.id]);
    expect(await ids("ann jones")).toEqual([]);
    expect((await ids("aetna")).sort()).toEqual([smith.id, jones.id].sort());
    expect((await ids("final expense")).sort()).toEqual([smith.id, jones.id].sort());
    expect(await ids("%")).toEqual([]);
    // The summary is the period's, whatever the search.
    expect((await apiJson("?search=smith", me.cookie)).body.summary.totalSales).toBe(2);
  });

  it("filters Active and Cancelled, newest sale first, one page at a time with the total", async () => {
    const me = await seller();
    const sales = [];
    for (let day = 1; day <= 5; day++) {
      sales.push(await sale(me, { soldAt: new Date(`2026-05-0${day}T15:00:00Z`), lastName: `Day${day}` }));
    }
    await putCancel(sales[1]!.id, me.cookie);
    await putCancel(sales[3]!.id, me.cookie);
    const newestFirst = [...sales].reverse().map((lead) => lead.id);

    const active = await apiJson("?status=active", me.cookie);
    expect(active.body.commissions.map((row) => row.id)).toEqual([sales[4]!.id, sales[2]!.id, sales[0]!.id]);
    expect(active.total).toBe("3");
    const cancelled = await apiJson("?status=cancelled", me.cookie);
    expect(cancelled.body.commissions.map((row) => row.id)).toEqual([sales[3]!.id, sales[1]!.id]);
    expect(cancelled.body.commissions.every((row) => row.isCancelled && row.cancelledAt)).toBe(true);

    const second = await apiJson("?status=all&page=2&pageSize=2", me.cookie);
    expect(second.body.commissions.map((row) => row.id)).toEqual(newestFirst.slice(2, 4));
    expect(second.total).toBe("5");
    expect((await api("?status=paid", me.cookie)).status).toBe(400);
    expect((await api("?pageSize=501", me.cookie)).status).toBe(400);

    const pageData = await jsonOf<{ list: { rows: { id: string }[]; total: number } }>(
      await page("?status=cancelled&search=day4", me.cookie),
    );
    expect(pageData.list.rows.map((row) => row.id)).toEqual([sales[3]!.id]);
  });
});

describe("Mark as Cancelled (one way)", () => {
  it("cancels once through the API, then answers 409; nothing else about the sale changes", async () => {
    const me = await seller();
    const lead = await sale(me);
    const first = await putCancel(lead.id, me.cookie);
    expect(first.status).toBe(200);
    const answer = await jsonOf<{ message: string; commission: Record_ }>(first);
    expect(answer.message).toBe("Commission Cancelled");
    expect(answer.commission).toMatchObject({ id: lead.id, isCancelled: true, commission: 900 });
    const stored = (await Application.findByPk(lead.id, { raw: true }))!;
    expect(stored.commissionCancelledAt).not.toBeNull();
    expect(stored.status).toBe("sale");
    expect(await PaymentTracking.count({ where: { applicationId: lead.id } })).toBe(9);
    expect(await ActivityLog.count({ where: { action: "commission_cancelled", entityId: lead.id } })).toBe(1);

    const again = await putCancel(lead.id, me.cookie);
    expect(again.status).toBe(409);
    expect(await jsonOf(again)).toEqual({ error: COMMISSION_ERRORS.alreadyCancelled });
    const after = (await Application.findByPk(lead.id, { raw: true }))!;
    expect(new Date(after.commissionCancelledAt!).getTime()).toBe(new Date(stored.commissionCancelledAt!).getTime());
  });

  it("refuses a lead never sold (409) and another agent's sale or a bad id (404), changing nothing", async () => {
    const me = await seller();
    const unsold = await createLead(me.agent.id, { status: "contacted" });
    const refused = await putCancel(unsold.id, me.cookie);
    expect(refused.status).toBe(409);
    expect(await jsonOf(refused)).toEqual({ error: COMMISSION_ERRORS.notSold });
    expect((await Application.findByPk(unsold.id, { raw: true }))!.commissionCancelledAt ?? null).toBeNull();

    const stranger = await seller();
    const theirs = await sale(stranger);
    for (const id of [theirs.id, "not-a-uuid", "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f"]) {
      const response = await putCancel(id, me.cookie);
      expect(response.status, id).toBe(404);
      expect(await jsonOf(response)).toEqual({ error: LEAD_NOT_FOUND });
    }
    expect((await Application.findByPk(theirs.id, { raw: true }))!.commissionCancelledAt ?? null).toBeNull();
    // Another agent's sale is not in the list or its dialog either.
    expect((await page(`?dialog=cancel&id=${theirs.id}`, me.cookie)).status).toBe(404);
    const post = await postPage("", { intent: "cancel", id: theirs.id }, me.cookie);
    expect(post.status).toBe(404);
    expect((await Application.findByPk(theirs.id, { raw: true }))!.commissionCancelledAt ?? null).toBeNull();
  });

  it("cancels once when two cancels arrive together", async () => {
    const me = await seller();
    const lead = await sale(me);
    const answers = await Promise.all([putCancel(lead.id, me.cookie), putCancel(lead.id, me.cookie)]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await ActivityLog.count({ where: { action: "commission_cancelled", entityId: lead.id } })).toBe(1);
  });

  it("shows a sold lead moved to another status as a cancelled commission (decision 019), which cannot be cancelled again", async () => {
    const me = await seller();
    const lead = await sale(me);
    await changeLeadStatus(me.actor, lead.id, { status: "declined" });
    const { body } = await apiJson("?status=cancelled", me.cookie);
    expect(body.commissions.map((row) => row.id)).toEqual([lead.id]);
    expect(body.summary).toMatchObject({ totalSales: 1, totalCancelledSales: 1, cancelledCommissions: "900.00" });
    expect((await putCancel(lead.id, me.cookie)).status).toBe(409);
  });

  it("ignores any body, answers 405 to other methods, 401 signed out and 403 to an admin", async () => {
    const me = await seller();
    const lead = await sale(me);
    expect((await putCancel(lead.id, me.cookie, { rawBody: "{not json" })).status).toBe(200);
    const get = await callRoute(cancelLoader, {
      path: `/api/agent/applications/${lead.id}/cancel`,
      params: { id: lead.id },
    });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("PUT");
    expect((await putCancel(lead.id)).status).toBe(401);
    const { cookie } = await signedInAdmin();
    expect((await putCancel(lead.id, cookie)).status).toBe(403);
  });

  it("through the page: the confirmation, then Commission Cancelled; a second time Cancel Failed with the reason", async () => {
    const me = await seller();
    const lead = await sale(me, { firstName: "Cara", lastName: "Cancel" });
    const dialog = await jsonOf<{ selected: { id: string; ledger: { advanced: number } } | null }>(
      await page(`?status=active&dialog=cancel&id=${lead.id}`, me.cookie),
    );
    expect(dialog.selected).toMatchObject({ id: lead.id, ledger: { advanced: 900 } });

    const done = await postPage(
      `?status=active&dialog=cancel&id=${lead.id}`,
      { intent: "cancel", id: lead.id },
      me.cookie,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/agent/commissions?status=active");
    expect(await toastOf(done)).toMatchObject({
      type: "success",
      title: "Commission Cancelled",
      description: "The commission on the sale to Cara Cancel is cancelled.",
    });
    // A cancelled commission has no confirmation to open again.
    const closed = await jsonOf<{ selected: unknown }>(await page(`?dialog=cancel&id=${lead.id}`, me.cookie));
    expect(closed.selected).toBeNull();

    const twice = await postPage("", { intent: "cancel", id: lead.id }, me.cookie);
    expect(await toastOf(twice)).toMatchObject({
      type: "error",
      title: "Cancel Failed",
      description: COMMISSION_ERRORS.alreadyCancelled,
    });
    const unsold = await createLead(me.agent.id);
    expect(await toastOf(await postPage("", { intent: "cancel", id: unsold.id }, me.cookie))).toMatchObject({
      title: "Cancel Failed",
      description: COMMISSION_ERRORS.notSold,
    });
  });
});

describe("the advance and chargeback ledger through the API (issue 11, item 5)", () => {
  const lineOf = (body: ApiAnswer, id: string) => body.ledger.sales.find((line) => line.applicationId === id);

  it("earns a ninth a month paid, charges back the unearned part of a lapsed sale, and lifts it when the payment is reinstated", async () => {
    const me = await seller();
    // $100 a month at 100 %: $900 advanced.
    const lead = await sale(me);
    expect(lineOf((await apiJson("", me.cookie)).body, lead.id)).toEqual({
      applicationId: lead.id,
      advanced: 900,
      earned: 0,
      unearned: 900,
      chargedBack: 0,
      monthsPaid: 0,
    });

    await setPayments(lead.id, ["paid", "paid", "paid", "paid"]);
    expect(lineOf((await apiJson("", me.cookie)).body, lead.id)).toMatchObject({
      earned: 400,
      unearned: 500,
      chargedBack: 0,
      monthsPaid: 4,
    });

    // The policy lapses in month 5.
    await setPayments(lead.id, ["paid", "paid", "paid", "paid", "cancelled"]);
    const lapsed = (await apiJson("", me.cookie)).body;
    expect(lineOf(lapsed, lead.id)).toMatchObject({ earned: 400, unearned: 0, chargedBack: 500, monthsPaid: 4 });
    expect(lapsed.ledger.totals).toEqual({ advanced: 900, earned: 400, unearned: 0, chargedBack: 500, balance: 400 });

    // Set back to not paid (a reinstated policy), then paid: the chargeback is lifted.
    await setPayments(lead.id, ["paid", "paid", "paid", "paid", "not_paid"]);
    expect(lineOf((await apiJson("", me.cookie)).body, lead.id)).toMatchObject({ unearned: 500, chargedBack: 0 });
    await setPayments(lead.id, ["paid", "paid", "paid", "paid", "paid"]);
    const reinstated = (await apiJson("", me.cookie)).body;
    expect(reinstated.ledger.totals).toEqual({
      advanced: 900,
      earned: 500,
      unearned: 400,
      chargedBack: 0,
      balance: 900,
    });
  });

  it("charges back what was not earned when the commission is cancelled, and nothing once all nine months are paid", async () => {
    const me = await seller();
    const early = await sale(me, { lastName: "Early" });
    const whole = await sale(me, { lastName: "Whole" });
    await setPayments(early.id, ["paid", "paid"]);
    await setPayments(whole.id, Array(9).fill("paid"));
    await putCancel(early.id, me.cookie);
    await putCancel(whole.id, me.cookie);
    const { body } = await apiJson("", me.cookie);
    expect(lineOf(body, early.id)).toMatchObject({
      advanced: 900,
      earned: 200,
      unearned: 0,
      chargedBack: 700,
      monthsPaid: 2,
    });
    expect(lineOf(body, whole.id)).toMatchObject({ earned: 900, unearned: 0, chargedBack: 0, monthsPaid: 9 });
    expect(body.ledger.totals).toEqual({ advanced: 1800, earned: 1100, unearned: 0, chargedBack: 700, balance: 1100 });
  });

  it("totals in SQL what the pure rule gives sale by sale, cents rounded alike, for the period's sales whatever the filters", async () => {
    const me = await seller(87.5);
    const cases: { premiumCents: number; statuses: string[]; cancel: boolean }[] = [
      { premiumCents: 12_345, statuses: ["paid"], cancel: false },
      { premiumCents: 9_999, statuses: ["paid", "paid", "cancelled", "paid"], cancel: false },
      { premiumCents: 3_333, statuses: ["paid", "not_paid", "paid", "paid", "paid"], cancel: true },
      { premiumCents: 7_777, statuses: Array(9).fill("paid"), cancel: false },
      { premiumCents: 101, statuses: ["paid", "paid", "paid", "paid", "paid"], cancel: false },
    ];
    for (const [i, sold] of cases.entries()) {
      const lead = await sale(me, { premiumCents: sold.premiumCents, lastName: `Case${i}` });
      await setPayments(lead.id, sold.statuses);
      if (sold.cancel) await putCancel(lead.id, me.cookie);
    }
    const { body } = await apiJson("?status=active&search=case", me.cookie);
    const expected = ledgerTotals(
      cases.map((sold) =>
        saleLedger({
          commissionCents: firstYearCommissionCents(sold.premiumCents, 87.5),
          commissionCancelled: sold.cancel,
          paymentStatuses: [...sold.statuses, ...Array(9 - sold.statuses.length).fill("not_paid")],
        }),
      ),
    );
    expect(body.ledger.totals).toEqual({
      advanced: expected.advancedCents / 100,
      earned: expected.earnedCents / 100,
      unearned: expected.unearnedCents / 100,
      chargedBack: expected.chargedBackCents / 100,
      balance: expected.balanceCents / 100,
    });
    // The history's filters narrow the lines, not the totals: the cancelled Case2 has no line here.
    expect(body.ledger.sales).toHaveLength(4);
    const all = await listCommissions(me.actor, { status: "all", page: 1, pageSize: 100, period: "all" });
    // $1.01 a month at 87.5 %: $7.95 advanced, five ninths earned is $4.42 (4.4166... rounds down).
    expect(lineOf(body, all.rows.find((row) => row.customerName.endsWith("Case4"))!.id)).toMatchObject({
      advanced: 7.95,
      earned: 4.42,
      unearned: 3.53,
    });
  });
});
