import { describe, expect, it } from "vitest";
import { Notification, PaymentTracking, User, isPostgres, sequelize } from "~db";
import { addDaysIso, todayIn } from "~/domain/periods";
import { HOUSEKEEPING_JOBS } from "~/jobs/housekeeping.server";
import { AT_RISK_QUERY_MESSAGES } from "~/domain/schemas/at-risk";
import { action as adminPageAction, loader as adminPage } from "~/routes/admin+/at-risk";
import { action as agentPageAction, loader as agentPage } from "~/routes/agent+/at-risk";
import { loader as adminApi } from "~/routes/api+/admin.at-risk";
import { loader as agentApi } from "~/routes/api+/agent.at-risk";
import {
  AT_RISK_ERRORS,
  atRiskPageSql,
  listAdminAtRisk,
  listAgentAtRisk,
  sendMissedPaymentNotices,
  unnotifiedMonthsSql,
  type AtRiskPage,
  type AtRiskPolicy,
} from "~/services/at-risk.server";
import { cancelCommission } from "~/services/commissions.server";
import { updatePolicy } from "~/services/policy.server";
import { updatePaymentTracking } from "~/services/retention.server";
import { readToast } from "~/utils/toast.server";
import { signedInAdmin } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { postgresPlanSettingAside, sqlitePlan } from "../support/query-plans";
import {
  premiumSeller,
  recordPremiumSale,
  setPaymentStatuses,
  type PremiumSeller,
} from "../support/premiums-factories";

// Issue 26 item 5: the at-risk queue (decision 076). A policy is in it with a payment unpaid 3 days
// past its due date in the reader's calendar, or in lapse pending, largest unearned advance first;
// paying the month, or setting the policy's status after the agent was told of it, takes it out;
// housekeeping tells the agent of a missed payment once. Days are counted from a clock passed in
// (`now`), never from a faked global timer.

const NY = "America/New_York";
const DAY = 86_400_000;
let numbers = 0;
/** A policy number no other test uses (numbers are unique per carrier). */
const policyNumber = () => `AR-${process.pid}-${Date.now() % 1_000_000}-${++numbers}`;
/** A last name no other test uses, to find a policy among the worker's rows. */
const uniqueLast = (label: string) => `${label}${process.pid}x${++numbers}`;

const all = { page: 1, pageSize: 500 };

/**
 * A sale of `premiumCents` a month at the seller's 100% (an advance of 9 months' premium), sold 60
 * days before `now`, its months 30 days apart with month `paid + 1` due on `missedDue`, and the
 * first `paid` months paid.
 */
async function policy(
  seller: PremiumSeller,
  now: Date,
  options: { premiumCents?: number; missedDue: string; paid?: number; lastName?: string },
) {
  const paid = options.paid ?? 0;
  const lastName = options.lastName ?? uniqueLast("Risk");
  const lead = await recordPremiumSale(seller, {
    premiumCents: options.premiumCents ?? 5_000,
    soldAt: new Date(now.getTime() - 60 * DAY),
    lastName,
  });
  for (let month = 1; month <= 9; month++) {
    await PaymentTracking.update(
      { dueDate: addDaysIso(options.missedDue, 30 * (month - 1 - paid)) },
      { where: { applicationId: lead.id, monthNumber: month } },
    );
  }
  await setPaymentStatuses(lead.id, Array<string>(paid).fill("paid"));
  return { id: lead.id, name: `Pat ${lastName}`, lastName };
}

const monthOf = async (applicationId: string, monthNumber: number) =>
  (await PaymentTracking.findOne({ where: { applicationId, monthNumber }, raw: true }))!;

const ids = (rows: AtRiskPolicy[]) => rows.map((row) => row.id);

async function issue(seller: PremiumSeller, id: string) {
  await updatePolicy(seller.actor, id, { status: "issued", policyNumber: policyNumber(), issueDate: todayIn(NY) });
}

describe("the at-risk queue", () => {
  it("takes a payment 3 days late, not 2, in the reader's calendar, with its phone, month, days late and exposure", async () => {
    const seller = await premiumSeller("Edge");
    const now = new Date();
    const today = todayIn(NY, now);
    const twoDays = await policy(seller, now, { missedDue: addDaysIso(today, -2) });
    const threeDays = await policy(seller, now, { missedDue: addDaysIso(today, -3), paid: 0 });

    const queue = await listAgentAtRisk(seller.actor, all, now);
    expect(ids(queue.rows)).toEqual([threeDays.id]);
    expect(queue.total).toBe(1);
    const month1 = await monthOf(threeDays.id, 1);
    expect(queue.rows[0]).toMatchObject({
      customerName: threeDays.name,
      phone: expect.any(String),
      carrier: "Aetna",
      productName: "Final Expense",
      policyStatus: "submitted",
      reason: "missed_payment",
      missedPayment: { id: month1.id, monthNumber: 1, dueDate: addDaysIso(today, -3), amount: 50, daysLate: 3 },
      monthsPaid: 0,
      // $50.00 a month at 100%: an advance of $450.00, none of it earned.
      exposure: 450,
    });
    expect(queue.totalExposure).toBe(450);
    expect(ids(queue.rows)).not.toContain(twoDays.id);
  });

  it("counts the days in the reader's time zone: 3 days late in New York is 2 in Honolulu at the same moment", async () => {
    const seller = await premiumSeller("Zone");
    // 08:00 UTC on Nov 23: 3 AM Nov 23 in New York, 10 PM Nov 22 in Honolulu.
    const now = new Date("2026-11-23T08:00:00Z");
    const due = await policy(seller, now, { missedDue: "2026-11-20" });
    expect(ids((await listAgentAtRisk(seller.actor, all, now)).rows)).toEqual([due.id]);
    const { actor } = await signedInAdmin();
    const honolulu = { ...actor, timezone: "Pacific/Honolulu" };
    const newYork = { ...actor, timezone: NY };
    expect(ids((await listAdminAtRisk(honolulu, { ...all, agentId: seller.agent.id }, now)).rows)).toEqual([]);
    const inNewYork = await listAdminAtRisk(newYork, { ...all, agentId: seller.agent.id }, now);
    expect(inNewYork.rows[0]).toMatchObject({ id: due.id, missedPayment: { daysLate: 3 } });
  });

  it("orders by exposure, largest first, as the ledger's unearned advance counts it", async () => {
    const seller = await premiumSeller("Order");
    const now = new Date();
    const missedDue = addDaysIso(todayIn(NY, now), -5);
    // Unearned = advance - advance x paid / 9 = premium x (9 - paid) at 100%.
    const fifty = await policy(seller, now, { premiumCents: 5_000, paid: 2, missedDue }); // $50 x 7 = $350.00
    const eighty = await policy(seller, now, { premiumCents: 8_000, paid: 0, missedDue }); // $80 x 9 = $720.00
    const forty = await policy(seller, now, { premiumCents: 4_000, paid: 4, missedDue }); // $40 x 5 = $200.00
    const queue = await listAgentAtRisk(seller.actor, all, now);
    expect(queue.rows.map((row) => [row.id, row.exposure, row.monthsPaid])).toEqual([
      [eighty.id, 720, 0],
      [fifty.id, 350, 2],
      [forty.id, 200, 4],
    ]);
    expect(queue.rows.map((row) => row.missedPayment?.monthNumber)).toEqual([1, 3, 5]);
    expect(queue.totalExposure).toBe(1270);
  });

  it("holds a policy in lapse pending without a missed payment, with no month to show", async () => {
    const seller = await premiumSeller("Lapse");
    const now = new Date();
    const pending = await policy(seller, now, { missedDue: addDaysIso(todayIn(NY, now), 10) });
    expect(ids((await listAgentAtRisk(seller.actor, all, now)).rows)).toEqual([]);
    await issue(seller, pending.id);
    await updatePolicy(seller.actor, pending.id, { status: "lapse_pending", notes: "Carrier's lapse notice" });
    const queue = await listAgentAtRisk(seller.actor, all, now);
    expect(queue.rows).toEqual([
      expect.objectContaining({
        id: pending.id,
        policyStatus: "lapse_pending",
        reason: "lapse_pending",
        missedPayment: null,
      }),
    ]);
  });

  it("lets a paid month out: the next missed month keeps the policy in until it is paid too", async () => {
    const seller = await premiumSeller("Paid");
    const now = new Date();
    const today = todayIn(NY, now);
    const late = await policy(seller, now, { missedDue: addDaysIso(today, -40) });
    const [month1, month2] = [await monthOf(late.id, 1), await monthOf(late.id, 2)];
    expect((await listAgentAtRisk(seller.actor, all, now)).rows[0]).toMatchObject({
      missedPayment: { id: month1.id, daysLate: 40 },
    });
    await updatePaymentTracking(seller.actor, month1.id, { status: "paid" });
    expect((await listAgentAtRisk(seller.actor, all, now)).rows[0]).toMatchObject({
      missedPayment: { id: month2.id, monthNumber: 2, daysLate: 10 },
      monthsPaid: 1,
      exposure: 400,
    });
    await updatePaymentTracking(seller.actor, month2.id, { status: "paid" });
    expect((await listAgentAtRisk(seller.actor, all, now)).rows).toEqual([]);
  });

  it("resolves a missed month by a status set after the agent was told: lapse pending stays, back to issued leaves, lapsed leaves", async () => {
    const seller = await premiumSeller("Status");
    const now = new Date();
    const missedDue = addDaysIso(todayIn(NY, now), -4);
    const madeGood = await policy(seller, now, { missedDue });
    const lapsing = await policy(seller, now, { missedDue });
    await issue(seller, madeGood.id);
    await issue(seller, lapsing.id);
    // Issued before the payment was missed and told of: the status does not resolve it.
    expect(ids((await listAgentAtRisk(seller.actor, all, now)).rows).sort()).toEqual([madeGood.id, lapsing.id].sort());

    await sendMissedPaymentNotices(now);
    await updatePolicy(seller.actor, madeGood.id, { status: "lapse_pending" });
    expect((await listAgentAtRisk(seller.actor, all, now)).rows.find((row) => row.id === madeGood.id)).toMatchObject({
      reason: "lapse_pending",
      missedPayment: { monthNumber: 1, daysLate: 4 },
    });
    // The carrier reports the premium made good: back to issued, out of the queue, month 1 still unpaid.
    await updatePolicy(seller.actor, madeGood.id, { status: "issued" });
    expect((await monthOf(madeGood.id, 1)).status).toBe("not_paid");
    // Lapsed cancels the unpaid months: nothing left to chase.
    await updatePolicy(seller.actor, lapsing.id, { status: "lapsed" });
    expect((await listAgentAtRisk(seller.actor, all, now)).rows).toEqual([]);
  });

  it("keeps a missed month not told yet: a status set before the notice does not resolve it", async () => {
    const seller = await premiumSeller("Untold");
    const now = new Date();
    const late = await policy(seller, now, { missedDue: addDaysIso(todayIn(NY, now), -6) });
    await updatePolicy(seller.actor, late.id, { status: "pending_underwriting" });
    expect(ids((await listAgentAtRisk(seller.actor, all, now)).rows)).toEqual([late.id]);
  });

  it("leaves out a policy whose commission is cancelled (already charged back) and a declined one", async () => {
    const seller = await premiumSeller("Gone");
    const now = new Date();
    const missedDue = addDaysIso(todayIn(NY, now), -8);
    const cancelled = await policy(seller, now, { missedDue });
    const declined = await policy(seller, now, { missedDue });
    const kept = await policy(seller, now, { missedDue });
    await cancelCommission(seller.actor, cancelled.id);
    await updatePolicy(seller.actor, declined.id, { status: "declined" });
    expect(ids((await listAgentAtRisk(seller.actor, all, now)).rows)).toEqual([kept.id]);
  });

  it("never shows another agent's policy; the admin sees every agent's, or one agent's, with the agent", async () => {
    const mine = await premiumSeller("Mine");
    const theirs = await premiumSeller("Theirs");
    const now = new Date();
    const missedDue = addDaysIso(todayIn(NY, now), -3);
    const own = await policy(mine, now, { missedDue });
    const other = await policy(theirs, now, { missedDue, premiumCents: 9_000 });
    expect(ids((await listAgentAtRisk(mine.actor, all, now)).rows)).toEqual([own.id]);
    expect(ids((await listAgentAtRisk(theirs.actor, all, now)).rows)).toEqual([other.id]);

    const { actor: admin } = await signedInAdmin();
    const everyone = ids((await listAdminAtRisk(admin, all, now)).rows);
    expect(everyone).toEqual(expect.arrayContaining([own.id, other.id]));
    // The larger exposure first: $90 x 9 before $50 x 9.
    expect(everyone.indexOf(other.id)).toBeLessThan(everyone.indexOf(own.id));
    const one = await listAdminAtRisk(admin, { ...all, agentId: theirs.agent.id }, now);
    expect(one.rows).toEqual([
      expect.objectContaining({ id: other.id, agentId: theirs.agent.id, agentName: "Theirs Seller" }),
    ]);
  });

  it("tells the agent of a missed payment once, at 3 days late in the agent's calendar and not before", async () => {
    const seller = await premiumSeller("Notice");
    const now = new Date();
    const today = todayIn(NY, now);
    const twoDays = await policy(seller, now, { missedDue: addDaysIso(today, -2), premiumCents: 4_250 });
    const threeDays = await policy(seller, now, { missedDue: addDaysIso(today, -3), premiumCents: 4_250 });
    await sendMissedPaymentNotices(now);
    await sendMissedPaymentNotices(now);
    const notices = await Notification.findAll({
      where: { userId: seller.user.id, type: "retention_reminder" },
      raw: true,
    });
    const due = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${addDaysIso(today, -3)}T00:00:00Z`));
    expect(notices).toEqual([
      expect.objectContaining({
        applicationId: threeDays.id,
        title: "Payment missed",
        message: `${threeDays.name}: month 1 payment of $42.50 was due ${due} and is 3 days late.`,
      }),
    ]);
    expect((await monthOf(threeDays.id, 1)).missedNotifiedAt).not.toBeNull();
    expect((await monthOf(twoDays.id, 1)).missedNotifiedAt).toBeNull();

    // A day later the other is missed too: told once, and the first not again.
    const tomorrow = new Date(now.getTime() + DAY);
    await sendMissedPaymentNotices(tomorrow);
    await sendMissedPaymentNotices(tomorrow);
    const after = await Notification.findAll({
      where: { userId: seller.user.id, type: "retention_reminder" },
      raw: true,
    });
    expect(after.map((notice) => notice.applicationId).sort()).toEqual([twoDays.id, threeDays.id].sort());
  });

  it("tells once when two runs claim at the same time, through the housekeeping job's name too", async () => {
    const seller = await premiumSeller("Twice");
    const now = new Date();
    const late = await policy(seller, now, { missedDue: addDaysIso(todayIn(NY, now), -3) });
    const job = HOUSEKEEPING_JOBS["send-missed-payment-notices"];
    await Promise.all([
      sendMissedPaymentNotices(now),
      sendMissedPaymentNotices(now),
      job.handler({ id: "at-risk-test", name: "send-missed-payment-notices", data: {}, attempt: 1 }),
    ]);
    const notices = await Notification.findAll({
      where: { userId: seller.user.id, type: "retention_reminder" },
      raw: true,
    });
    expect(notices.map((notice) => notice.applicationId)).toEqual([late.id]);
  });

  it("tells the agent in their own calendar, and not of a month paid and set back, nor of a policy no longer chased", async () => {
    const seller = await premiumSeller("Calendar");
    await User.update({ timezone: "Pacific/Honolulu" }, { where: { id: seller.user.id } });
    // 08:00 UTC on Nov 23: Nov 22 in Honolulu, so a payment due Nov 20 is 2 days late there.
    const now = new Date("2026-11-23T08:00:00Z");
    const hawaii = await policy(seller, now, { missedDue: "2026-11-20" });
    const cancelled = await policy(seller, now, { missedDue: "2026-11-01" });
    await cancelCommission(seller.actor, cancelled.id);
    await sendMissedPaymentNotices(now);
    const notices = () => Notification.count({ where: { userId: seller.user.id, type: "retention_reminder" } });
    expect(await notices()).toBe(0);
    // The cancelled commission's month is marked, so the job does not read it again.
    expect((await monthOf(cancelled.id, 1)).missedNotifiedAt).not.toBeNull();
    await sendMissedPaymentNotices(new Date("2026-11-23T11:00:00Z"));
    expect(await notices()).toBe(1);
    const month1 = await monthOf(hawaii.id, 1);
    await updatePaymentTracking(seller.actor, month1.id, { status: "paid" });
    await updatePaymentTracking(seller.actor, month1.id, { status: "not_paid" });
    await sendMissedPaymentNotices(new Date("2026-11-24T11:00:00Z"));
    expect(await notices()).toBe(1);
  });
});

describe("GET /api/agent/at-risk and GET /api/admin/at-risk", () => {
  const get = (loader: typeof agentApi, path: string, cookie: string) => callRoute(loader, { path, cookie });

  it("pages the queue in exposure order with X-Total-Count", async () => {
    const seller = await premiumSeller("Pages");
    const now = new Date();
    const missedDue = addDaysIso(todayIn(NY, now), -4);
    const small = await policy(seller, now, { premiumCents: 3_000, missedDue });
    const large = await policy(seller, now, { premiumCents: 7_000, missedDue });
    const middle = await policy(seller, now, { premiumCents: 5_000, missedDue });
    const first = await get(agentApi, "/api/agent/at-risk?page=1&pageSize=2", seller.cookie);
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Total-Count")).toBe("3");
    expect((await jsonOf<AtRiskPolicy[]>(first)).map((row) => [row.id, row.exposure])).toEqual([
      [large.id, 630],
      [middle.id, 450],
    ]);
    const second = await get(agentApi, "/api/agent/at-risk?page=2&pageSize=2", seller.cookie);
    expect(second.headers.get("X-Total-Count")).toBe("3");
    expect((await jsonOf<AtRiskPolicy[]>(second)).map((row) => row.id)).toEqual([small.id]);
    // Past the end: no rows, the total still counted.
    const past = await get(agentApi, "/api/agent/at-risk?page=5&pageSize=2", seller.cookie);
    expect(past.headers.get("X-Total-Count")).toBe("3");
    expect(await jsonOf(past)).toEqual([]);

    const { cookie: adminCookie } = await signedInAdmin();
    const admin = await get(adminApi, `/api/admin/at-risk?agentId=${seller.agent.id}&pageSize=1`, adminCookie);
    expect(admin.headers.get("X-Total-Count")).toBe("3");
    expect(await jsonOf<AtRiskPolicy[]>(admin)).toEqual([
      expect.objectContaining({
        id: large.id,
        agentId: seller.agent.id,
        missedPayment: expect.objectContaining({ daysLate: 4 }),
      }),
    ]);
  });

  it("answers 400 for a bad query, naming the field; an agent cannot filter to another agent", async () => {
    const seller = await premiumSeller("Query");
    const other = await premiumSeller("Other");
    const { cookie: adminCookie } = await signedInAdmin();
    for (const query of ["page=0", "page=abc", "pageSize=0", "pageSize=501"]) {
      const response = await get(agentApi, `/api/agent/at-risk?${query}`, seller.cookie);
      expect(response.status, query).toBe(400);
      expect(await jsonOf(response)).toMatchObject({ error: expect.any(String), fieldErrors: expect.any(Object) });
    }
    const filtered = await get(agentApi, `/api/agent/at-risk?agentId=${other.agent.id}`, seller.cookie);
    expect(filtered.status).toBe(400);
    expect(await jsonOf(filtered)).toMatchObject({
      fieldErrors: { agentId: [AT_RISK_QUERY_MESSAGES.agentFilterAdminOnly] },
    });
    const badAgent = await get(adminApi, "/api/admin/at-risk?agentId=nope", adminCookie);
    expect(badAgent.status).toBe(400);
    expect(await jsonOf(badAgent)).toMatchObject({ fieldErrors: { agentId: [AT_RISK_QUERY_MESSAGES.agentId] } });
    const unknown = await get(adminApi, `/api/admin/at-risk?agentId=${crypto.randomUUID()}`, adminCookie);
    expect(unknown.status).toBe(404);
    expect(await jsonOf(unknown)).toMatchObject({ error: AT_RISK_ERRORS.agentNotFound });
  });

  it("is the agent's or the admin's: the other role is refused, and signed out is a 401", async () => {
    const seller = await premiumSeller("Roles");
    const { cookie: adminCookie } = await signedInAdmin();
    expect((await get(agentApi, "/api/agent/at-risk", adminCookie)).status).toBe(403);
    expect((await get(adminApi, "/api/admin/at-risk", seller.cookie)).status).toBe(403);
    expect((await callRoute(agentApi, { path: "/api/agent/at-risk" })).status).toBe(401);
    expect((await callRoute(adminApi, { path: "/api/admin/at-risk" })).status).toBe(401);
  });
});

describe("the /agent/at-risk and /admin/at-risk pages", () => {
  async function toastOf(response: Response) {
    const cookie = response.headers.get("Set-Cookie") ?? "";
    const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
    return (await readToast(request)).toast;
  }

  it("Mark paid takes the policy out, back to the same page with the tracker's toast; another agent's month is a 404", async () => {
    const seller = await premiumSeller("Page");
    const stranger = await premiumSeller("Stranger");
    const now = new Date();
    const late = await policy(seller, now, { missedDue: addDaysIso(todayIn(NY, now), -5) });
    const month1 = await monthOf(late.id, 1);
    const shown = await jsonOf<{ queue: AtRiskPage }>(
      await callRoute(agentPage, { path: "/agent/at-risk", cookie: seller.cookie }),
    );
    expect(shown.queue.rows.map((row) => [row.id, row.missedPayment?.id])).toEqual([[late.id, month1.id]]);

    const refused = await callRoute(agentPageAction, {
      path: "/agent/at-risk",
      form: { intent: "paid", id: month1.id },
      cookie: stranger.cookie,
    });
    expect(refused.status).toBe(404);
    expect((await monthOf(late.id, 1)).status).toBe("not_paid");

    const paid = await callRoute(agentPageAction, {
      path: "/agent/at-risk?page=1",
      form: { intent: "paid", id: month1.id },
      cookie: seller.cookie,
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe("/agent/at-risk?page=1");
    expect(await toastOf(paid)).toMatchObject({
      title: "Payment Status Updated",
      description: "Month 1 is marked paid.",
    });
    const after = await jsonOf<{ queue: AtRiskPage }>(
      await callRoute(agentPage, { path: "/agent/at-risk", cookie: seller.cookie }),
    );
    expect(after.queue.total).toBe(0);
  });

  it("the admin's page filters by agent, marks any agent's month paid, and answers 404 for an agent that is not one", async () => {
    const seller = await premiumSeller("Admin");
    const now = new Date();
    const late = await policy(seller, now, { missedDue: addDaysIso(todayIn(NY, now), -3) });
    const { cookie } = await signedInAdmin();
    const path = `/admin/at-risk?agentId=${seller.agent.id}`;
    const shown = await jsonOf<{ queue: AtRiskPage; agentId: string }>(await callRoute(adminPage, { path, cookie }));
    expect(shown.agentId).toBe(seller.agent.id);
    expect(shown.queue.rows).toEqual([expect.objectContaining({ id: late.id, agentName: "Admin Seller" })]);
    const paid = await callRoute(adminPageAction, {
      path,
      form: { intent: "paid", id: shown.queue.rows[0]!.missedPayment!.id },
      cookie,
    });
    expect(paid.headers.get("Location")).toBe(path);
    expect((await monthOf(late.id, 1)).status).toBe("paid");
    const unknown = await callRoute(adminPage, { path: `/admin/at-risk?agentId=${crypto.randomUUID()}`, cookie });
    expect(unknown.status).toBe(404);
  });
});

describe("the queue's and the job's query plans", () => {
  it("read the unpaid months from migration 044's partial indexes, and lapse pending from its own", async () => {
    const today = todayIn(NY);
    const page = atRiskPageSql(undefined, today, { limit: 20, offset: 0 });
    const job = unnotifiedMonthsSql(new Date());
    // The tiny test tables are planned by cost: with the older (status, due_date) and
    // (policy_status, policy_issue_date) indexes set aside, the plans show that 044's answer.
    if (isPostgres) {
      const aside = "indexname IN ('payment_trackings_status_due_date', 'applications_policy_status_issue')";
      const pagePlan = await postgresPlanSettingAside(page, undefined, aside);
      expect(pagePlan).toContain("payment_trackings_unpaid_due");
      expect(pagePlan).toContain("applications_lapse_pending");
      const jobAside = "indexname IN ('payment_trackings_status_due_date', 'payment_trackings_unpaid_due')";
      expect(await postgresPlanSettingAside(job, undefined, jobAside)).toContain("payment_trackings_missed_unnotified");
    } else {
      // SQLite plans these tiny tables by statistics that say little (at 100,000 leads, analyzed
      // as the app does at start, it reads 044's indexes: decision 076); every table is at least
      // searched by an index, never scanned, and the job names its partial index.
      await sequelize.query("ANALYZE payment_trackings");
      expect(await sqlitePlan(page)).not.toMatch(/^SCAN (a|l|t|m|p|c|pm|h)$/m);
      expect(await sqlitePlan(job)).toContain("payment_trackings_missed_unnotified");
    }
  });
});
