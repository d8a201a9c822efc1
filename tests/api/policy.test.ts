import { describe, expect, it } from "vitest";
import { ActivityLog, Application, PaymentTracking, PolicyStatusChange } from "~db";
import { todayIn, addDaysIso } from "~/domain/periods";
import { POLICY_MESSAGES } from "~/domain/schemas/policy";
import { action as policyApi } from "~/routes/api+/applications.$id.policy";
import { loader as leadApi } from "~/routes/api+/applications.$id";
import { getCommission } from "~/services/commissions.server";
import { POLICY_ERRORS, updatePolicy, type PolicyView } from "~/services/policy.server";
import type { LeadPayment } from "~/services/lead-reads.server";
import { premiumSeller, recordPremiumSale, setPaymentStatuses } from "../support/premiums-factories";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 26 item 1-2: a sold lead's policy status (decision 074). The machine's moves, what an
// issued policy needs, the history and audit trail, the schedule a move ends or restores, and so
// the ledger's chargeback; an agent reaches only their own leads.

type PolicyAnswer = { id: string; policy: PolicyView; paymentTracking: LeadPayment[] };

const today = () => todayIn("America/New_York");
let numbers = 0;
/** A policy number no other test uses (numbers are unique per carrier). */
const policyNumber = () => `FE-${process.pid}-${Date.now() % 1_000_000}-${++numbers}`;

/** A seller and one sale of $50.00 a month at 100% (an advance of $450.00), made through the status service. */
async function soldLead() {
  const seller = await premiumSeller("Policy");
  const lead = await recordPremiumSale(seller, { premiumCents: 5_000, soldAt: new Date(Date.now() - 3 * 86_400_000) });
  return { seller, lead };
}

async function putPolicy(id: string, cookie: string, json: unknown) {
  return callRoute(policyApi, { path: `/api/applications/${id}/policy`, method: "PUT", params: { id }, json, cookie });
}

const statuses = async (applicationId: string) =>
  (await PaymentTracking.findAll({ where: { applicationId }, order: [["monthNumber", "ASC"]], raw: true })).map(
    (row) => row.status,
  );

describe("a sold lead's policy", () => {
  it("starts as submitted at the sale, with a first history row by the seller, and the lead's JSON carries it", async () => {
    const { seller, lead } = await soldLead();
    const response = await callRoute(leadApi, {
      path: `/api/applications/${lead.id}`,
      params: { id: lead.id },
      cookie: seller.cookie,
    });
    const detail = await jsonOf<{ policy: PolicyView }>(response);
    expect(detail.policy).toMatchObject({
      status: "submitted",
      policyNumber: null,
      issueDate: null,
      effectiveDate: null,
    });
    expect(detail.policy.history).toHaveLength(1);
    expect(detail.policy.history[0]).toMatchObject({
      fromStatus: null,
      toStatus: "submitted",
      user: { id: seller.user.id },
    });
  });

  it("a lead never sold has no policy: null in its JSON, and a change is a 409", async () => {
    const me = await signedInAgent({ firstName: "Unsold" });
    const lead = await createLead(me.agent.id);
    const detail = await jsonOf<{ policy: unknown }>(
      await callRoute(leadApi, { path: `/api/applications/${lead.id}`, params: { id: lead.id }, cookie: me.cookie }),
    );
    expect(detail.policy).toBeNull();
    const response = await putPolicy(lead.id, me.cookie, { status: "issued" });
    expect(response.status).toBe(409);
    expect(await jsonOf(response)).toMatchObject({ error: POLICY_ERRORS.noSale });
  });

  it("issued needs the policy number and issue date, at their fields, and nothing changes without them", async () => {
    const { seller, lead } = await soldLead();
    const response = await putPolicy(lead.id, seller.cookie, { status: "issued" });
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({
      fieldErrors: {
        policyNumber: [POLICY_MESSAGES.policyNumberRequired],
        issueDate: [POLICY_MESSAGES.issueDateRequired],
      },
    });
    expect((await Application.findByPk(lead.id))!.policyStatus).toBe("submitted");
  });

  it("moves to issued with its number and dates, recorded with who, when and the note, in the audit trail too", async () => {
    const { seller, lead } = await soldLead();
    const number = policyNumber();
    const response = await putPolicy(lead.id, seller.cookie, {
      status: "issued",
      policyNumber: number,
      issueDate: today(),
      effectiveDate: addDaysIso(today(), 10),
      notes: "Approved as applied",
    });
    expect(response.status).toBe(200);
    const answer = await jsonOf<PolicyAnswer>(response);
    expect(answer.policy).toMatchObject({
      status: "issued",
      policyNumber: number,
      issueDate: today(),
      effectiveDate: addDaysIso(today(), 10),
    });
    expect(answer.policy.history[0]).toMatchObject({
      fromStatus: "submitted",
      toStatus: "issued",
      policyNumber: number,
      notes: "Approved as applied",
      user: { id: seller.user.id },
    });
    expect(Date.now() - Date.parse(answer.policy.history[0]!.createdAt)).toBeLessThan(60_000);
    // Issued leaves the schedule as it was.
    expect(answer.paymentTracking.map((month) => month.status)).toEqual(Array(9).fill("not_paid"));
    const audit = await ActivityLog.findAll({
      where: { entityId: lead.id, action: "policy_status_changed" },
      raw: true,
    });
    expect(audit.map((entry) => entry.summary)).toEqual([expect.stringMatching(/from Submitted to Issued$/)]);
  });

  it("refuses a move the statuses do not allow, naming the ones they do, and a final status outright", async () => {
    const { seller, lead } = await soldLead();
    const back = await putPolicy(lead.id, seller.cookie, { status: "reinstated" });
    expect(back.status).toBe(400);
    expect(await jsonOf(back)).toMatchObject({
      fieldErrors: {
        status: [
          "A Submitted policy cannot become Reinstated. It can become Pending Underwriting, Issued, Declined, Not Taken, Cancelled.",
        ],
      },
    });
    expect((await putPolicy(lead.id, seller.cookie, { status: "declined", notes: "Health" })).status).toBe(200);
    const again = await putPolicy(lead.id, seller.cookie, { status: "pending_underwriting" });
    expect(await jsonOf(again)).toMatchObject({ error: "A Declined policy is final: its status cannot be changed." });
    expect(await PolicyStatusChange.count({ where: { applicationId: lead.id } })).toBe(2);
  });

  it("declined cancels every month not paid and charges the whole unearned advance back in the ledger", async () => {
    const { seller, lead } = await soldLead();
    const before = await getCommission(seller.actor, lead.id);
    expect(before.ledger).toMatchObject({ advanced: 450, unearned: 450, chargedBack: 0 });
    const answer = await jsonOf<PolicyAnswer>(await putPolicy(lead.id, seller.cookie, { status: "declined" }));
    expect(answer.paymentTracking.map((month) => month.status)).toEqual(Array(9).fill("cancelled"));
    expect((await getCommission(seller.actor, lead.id)).ledger).toMatchObject({
      advanced: 450,
      earned: 0,
      unearned: 0,
      chargedBack: 450,
    });
  });

  it("lapsed cancels from the first unpaid month (the advance not earned charged back); reinstated restores exactly those months", async () => {
    const { seller, lead } = await soldLead();
    const number = policyNumber();
    await updatePolicy(seller.actor, lead.id, { status: "issued", policyNumber: number, issueDate: today() });
    // Months 1-2 paid; month 9 cancelled by hand before the lapse (a correction of the tracker).
    await setPaymentStatuses(lead.id, ["paid", "paid"]);
    await PaymentTracking.update({ status: "cancelled" }, { where: { applicationId: lead.id, monthNumber: 9 } });
    await updatePolicy(seller.actor, lead.id, { status: "lapse_pending" });
    expect(await statuses(lead.id)).toEqual(["paid", "paid", ...Array(6).fill("not_paid"), "cancelled"]);

    await updatePolicy(seller.actor, lead.id, { status: "lapsed", notes: "Third draft returned" });
    expect(await statuses(lead.id)).toEqual(["paid", "paid", ...Array(7).fill("cancelled")]);
    expect((await getCommission(seller.actor, lead.id)).ledger).toMatchObject({
      earned: 100,
      chargedBack: 350,
      unearned: 0,
    });

    const answer = await updatePolicy(seller.actor, lead.id, { status: "reinstated" });
    expect(answer.paymentTracking.map((month) => month.status)).toEqual([
      "paid",
      "paid",
      ...Array(6).fill("not_paid"),
      "cancelled",
    ]);
    expect(answer.policy).toMatchObject({ status: "reinstated", policyNumber: number, issueDate: today() });
  });

  it("checks the issue date (not in the future, not before the sale) and the number's shape and uniqueness per carrier", async () => {
    const { seller, lead } = await soldLead();
    const number = policyNumber();
    const future = await putPolicy(lead.id, seller.cookie, {
      status: "issued",
      policyNumber: number,
      issueDate: addDaysIso(today(), 2),
    });
    expect(await jsonOf(future)).toMatchObject({ fieldErrors: { issueDate: [POLICY_MESSAGES.issueDateFuture] } });
    const early = await putPolicy(lead.id, seller.cookie, {
      status: "issued",
      policyNumber: number,
      issueDate: addDaysIso(today(), -30),
    });
    expect(await jsonOf(early)).toMatchObject({ fieldErrors: { issueDate: [POLICY_MESSAGES.issueBeforeSale] } });
    const shape = await putPolicy(lead.id, seller.cookie, { status: "issued", policyNumber: "#1", issueDate: today() });
    expect(await jsonOf(shape)).toMatchObject({ fieldErrors: { policyNumber: [POLICY_MESSAGES.policyNumber] } });
    const noDay = await putPolicy(lead.id, seller.cookie, {
      status: "issued",
      policyNumber: number,
      issueDate: "2026-02-30",
    });
    expect(noDay.status).toBe(400);

    expect(
      (await putPolicy(lead.id, seller.cookie, { status: "issued", policyNumber: number, issueDate: today() })).status,
    ).toBe(200);
    const other = await recordPremiumSale(seller, { premiumCents: 4_000, soldAt: new Date(Date.now() - 86_400_000) });
    const taken = await putPolicy(other.id, seller.cookie, {
      status: "issued",
      policyNumber: number,
      issueDate: today(),
    });
    expect(await jsonOf(taken)).toMatchObject({ fieldErrors: { policyNumber: [POLICY_ERRORS.numberTaken] } });
  });

  it("the same status is a correction of the number or dates, else refused as nothing changed", async () => {
    const { seller, lead } = await soldLead();
    await updatePolicy(seller.actor, lead.id, { status: "issued", policyNumber: policyNumber(), issueDate: today() });
    const same = await putPolicy(lead.id, seller.cookie, { status: "issued" });
    expect(await jsonOf(same)).toMatchObject({ fieldErrors: { status: [POLICY_ERRORS.nothingChanged] } });
    const corrected = policyNumber();
    const answer = await jsonOf<PolicyAnswer>(
      await putPolicy(lead.id, seller.cookie, { status: "issued", policyNumber: corrected }),
    );
    expect(answer.policy.policyNumber).toBe(corrected);
    expect(answer.policy.history[0]).toMatchObject({
      fromStatus: "issued",
      toStatus: "issued",
      policyNumber: corrected,
    });
  });

  it("answers 400 with a message for bad input: an unknown status, bad JSON, a form without fields", async () => {
    const { seller, lead } = await soldLead();
    const unknown = await putPolicy(lead.id, seller.cookie, { status: "in_force" });
    expect(await jsonOf(unknown)).toMatchObject({ fieldErrors: { status: [POLICY_MESSAGES.status] } });
    for (const json of [null, [], "issued", { status: 7 }, { status: "issued", notes: "x".repeat(2001) }]) {
      expect((await putPolicy(lead.id, seller.cookie, json)).status).toBe(400);
    }
  });

  it("another agent's lead is a 404 and nothing changes; an admin sets any lead's policy", async () => {
    const { lead } = await soldLead();
    const stranger = await signedInAgent({ firstName: "Stranger" });
    const refused = await putPolicy(lead.id, stranger.cookie, { status: "declined" });
    expect(refused.status).toBe(404);
    expect(await statuses(lead.id)).toEqual(Array(9).fill("not_paid"));
    expect((await Application.findByPk(lead.id))!.policyStatus).toBe("submitted");

    const admin = await signedInAdmin();
    const answer = await putPolicy(lead.id, admin.cookie, { status: "pending_underwriting", notes: "Sent for APS" });
    expect(answer.status).toBe(200);
    expect((await jsonOf<PolicyAnswer>(answer)).policy.history[0]).toMatchObject({ user: { id: admin.admin.id } });
  });
});
