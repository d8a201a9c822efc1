import { describe, expect, it } from "vitest";
import { ActivityLog, PasswordResetRequest } from "~db";
import { loader as pageLoader } from "~/routes/admin+/activity";
import { loader as apiLoader } from "~/routes/api+/admin.activity";
import { ACTIVITY_MESSAGES, activityActionLabel, type ActivityRow } from "~/domain/activity";
import { PERIOD_MESSAGES } from "~/domain/period-range";
import { logActivity } from "~/services/activity.server";
import { generateTemporaryPassword, getTemporaryPassword } from "~/services/agents.server";
import { LEAD_TRAIL_LIMIT, leadTrail, listActivity } from "~/services/audit.server";
import { updateLead } from "~/services/lead-edit.server";
import { getLeadDetail, recordLeadReveal } from "~/services/lead-reads.server";
import { changeLeadStatus } from "~/services/lead-status.server";
import { approveResetRequest } from "~/services/password-resets.server";
import { exportAgentReport } from "~/services/reports.server";
import { updatePaymentTracking } from "~/services/retention.server";
import { ServiceError } from "~/services/errors.server";
import { createLead, giveCarrier, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 12 item 7, the audit trail: every kind of event the services record lands in the log
// with who, what and when; the Activity page and GET /api/admin/activity filter it by user,
// action, lead and days on the admin's calendar, paged in SQL; a lead's trail is newest first
// and bounded; no entry ever holds a sensitive number; agents are turned away.

/** The lead's sensitive numbers in these tests: none of them may ever reach a summary. */
const SECRETS = {
  ssn: "123456789",
  routingNumber: "021000021",
  accountNumber: "55501234",
  cardNumber: "4111111111111111",
};
const SECRET_TEXTS = [...Object.values(SECRETS), "123-45-6789", "4111 1111 1111 1111"];

type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };

/** An agent who can sell (Aetna's Final Expense, licensed in FL) with a lead in FL holding every sensitive number. */
async function agentWithLead() {
  const me = await signedInAgent();
  const { carrier, product } = await giveCarrier(me.agent.id, "Aetna", "Final Expense", 100);
  const lead = await createLead(me.agent.id, { monthlyPremiumCents: 10_000 });
  await lead.update({ carrierId: carrier.id, state: "FL", firstDraftDate: "2026-01-31" });
  await updateLead(me.actor, lead.id, { ...SECRETS, paymentMethod: "checking" });
  return { ...me, product, lead };
}

const api = (query: string, cookie: string) => callRoute(apiLoader, { path: `/api/admin/activity${query}`, cookie });
const page = (query: string, cookie: string) => callRoute(pageLoader, { path: `/admin/activity${query}`, cookie });

async function entryAt(userId: string, createdAt: Date, overrides: Partial<{ action: string; entityId: string }> = {}) {
  return ActivityLog.create({
    userId,
    action: overrides.action ?? "lead_updated",
    entityType: overrides.entityId ? "application" : null,
    entityId: overrides.entityId ?? null,
    summary: `entry at ${createdAt.toISOString()}`,
    createdAt,
  });
}

function expectNoSecrets(rows: { details: string }[]) {
  for (const row of rows) for (const secret of SECRET_TEXTS) expect(row.details).not.toContain(secret);
}

describe("each kind of event is recorded with who, what and when", () => {
  it("a lead's edit, status change, sale, payment change and reveal are in its trail, newest first, with no sensitive number", async () => {
    const { actor, lead, product } = await agentWithLead();
    const { actor: admin } = await signedInAdmin();
    await changeLeadStatus(actor, lead.id, { status: "contacted", notes: `SSN is ${SECRETS.ssn}` });
    await changeLeadStatus(actor, lead.id, { status: "sale", productId: product.id });
    const detail = await getLeadDetail(actor, lead.id);
    const [firstMonth] = detail.paymentTracking;
    await updatePaymentTracking(actor, firstMonth!.id, { status: "paid", notes: `card ${SECRETS.cardNumber}` });
    const revealed = await recordLeadReveal(admin, lead.id, ["sensitive"]);
    expect(revealed.ssn).toBe(SECRETS.ssn);

    const trail = await leadTrail(admin, lead.id);
    expect(trail.map((row) => row.action)).toEqual([
      "lead_sensitive_revealed",
      "payment_status_changed",
      "lead_sold",
      "lead_status_changed",
      "lead_updated",
    ]);
    expect(trail.every((row) => row.applicationId === lead.id)).toBe(true);
    expect(trail[0]!.userName).toBe("Ada Admin");
    expect(trail.slice(1).every((row) => row.userName === "Andy Agent")).toBe(true);
    expect(trail[3]!.details).toContain("from Pending to Contacted");
    const times = trail.map((row) => Date.parse(row.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expectNoSecrets(trail);
  });

  it("a report export, a temporary password's generation and viewing, and a reset approval are recorded against their subject", async () => {
    const me = await signedInAgent();
    const { actor: admin } = await signedInAdmin();
    await exportAgentReport(me.actor, { status: "all" });
    await generateTemporaryPassword(admin, me.agent.id);
    const { temporaryPassword } = await getTemporaryPassword(admin, me.agent.id);
    const reset = await PasswordResetRequest.create({
      userId: me.user.id,
      email: me.user.email,
      kind: "request",
      status: "pending",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await approveResetRequest(admin, reset.id);

    const byAgent = await listActivity(admin, { userId: me.user.id, page: 1, pageSize: 10 });
    expect(byAgent.rows.map((row) => row.action)).toEqual(["report_exported"]);
    const byAdmin = await listActivity(admin, { userId: admin.id, page: 1, pageSize: 10 });
    expect(byAdmin.rows.map((row) => row.action)).toEqual([
      "reset_approved",
      "temporary_password_viewed",
      "temporary_password_generated",
    ]);
    expect(byAdmin.rows.every((row) => row.applicationId === null)).toBe(true);
    for (const row of [...byAgent.rows, ...byAdmin.rows]) expect(row.details).not.toContain(temporaryPassword!);
  });
});

describe("a password action and its entry are one transaction", () => {
  it("two admins approving one reset request at once: one approval, one entry", async () => {
    const me = await signedInAgent();
    const admins = [(await signedInAdmin()).actor, (await signedInAdmin()).actor];
    const reset = await PasswordResetRequest.create({
      userId: me.user.id,
      email: me.user.email,
      kind: "request",
      status: "pending",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const results = await Promise.allSettled(admins.map((admin) => approveResetRequest(admin, reset.id)));
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await ActivityLog.count({ where: { action: "reset_approved", entityId: me.user.id } })).toBe(1);
  });
});

describe("no entry can hold a sensitive number", () => {
  it("logActivity and a bulk write keep only the last four digits of any long number", async () => {
    const { admin } = await signedInAdmin();
    await logActivity({
      userId: admin.id,
      action: "lead_copied",
      summary: `Copied SSN 123-45-6789 and 4111 1111 1111 1111`,
    });
    await ActivityLog.bulkCreate([
      { userId: admin.id, action: "lead_copied", summary: `routing ${SECRETS.routingNumber}` },
    ]);
    const stored = await ActivityLog.findAll({ where: { userId: admin.id }, order: [["summary", "ASC"]], raw: true });
    expect(stored.map((row) => row.summary)).toEqual([
      "Copied SSN •••-••-6789 and •••• •••• •••• 1111",
      "routing •••••0021",
    ]);
  });
});

describe("listActivity and GET /api/admin/activity", () => {
  it("filter by user, action, lead and days on the admin's calendar", async () => {
    const { admin, cookie } = await signedInAdmin();
    await admin.update({ timezone: "America/Los_Angeles" });
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    // 07:30 UTC on the 15th is still the 14th in Los Angeles.
    const lateOn14th = await entryAt(me.user.id, new Date("2026-01-15T07:30:00Z"), { entityId: lead.id });
    const on15th = await entryAt(me.user.id, new Date("2026-01-15T20:00:00Z"), { action: "lead_status_changed" });
    const on16th = await entryAt(me.user.id, new Date("2026-01-16T12:00:00Z"), { entityId: lead.id });

    const ids = async (query: string) => {
      const response = await api(query, cookie);
      expect(response.status, query).toBe(200);
      return (await jsonOf<ActivityRow[]>(response)).map((row) => row.id);
    };
    expect(await ids(`?userId=${me.user.id}`)).toEqual([on16th.id, on15th.id, lateOn14th.id]);
    expect(await ids(`?userId=${me.user.id}&action=lead_status_changed`)).toEqual([on15th.id]);
    expect(await ids(`?applicationId=${lead.id}`)).toEqual([on16th.id, lateOn14th.id]);
    expect(await ids(`?userId=${me.user.id}&dateFrom=2026-01-14&dateTo=2026-01-14`)).toEqual([lateOn14th.id]);
    expect(await ids(`?userId=${me.user.id}&dateFrom=2026-01-15&dateTo=2026-01-15`)).toEqual([on15th.id]);
    expect(await ids(`?userId=${me.user.id}&dateFrom=2026-01-15`)).toEqual([on16th.id, on15th.id]);
    expect(await ids(`?userId=${me.user.id}&dateTo=2026-01-15&action=all&applicationId=`)).toEqual([
      on15th.id,
      lateOn14th.id,
    ]);
    expect(await ids(`?userId=${me.user.id}&dateFrom=1970-01-01&dateTo=2999-12-31`)).toHaveLength(3);
  });

  it("answers the spec's fields, pages in SQL with X-Total-Count and never overlaps pages", async () => {
    const { cookie } = await signedInAdmin();
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await entryAt(me.user.id, new Date(Date.UTC(2026, 2, 1, 12, i)), { entityId: lead.id }));
    const newestFirst = made.reverse().map((row) => row.id);

    const first = await api(`?userId=${me.user.id}&pageSize=2`, cookie);
    expect(first.headers.get("X-Total-Count")).toBe("5");
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const rows = await jsonOf<ActivityRow[]>(first);
    expect(Object.keys(rows[0]!).sort()).toEqual([
      "action",
      "applicationId",
      "createdAt",
      "details",
      "id",
      "leadName",
      "userName",
    ]);
    expect(rows[0]).toMatchObject({
      id: newestFirst[0],
      action: "lead_updated",
      userName: "Andy Agent",
      applicationId: lead.id,
      createdAt: "2026-03-01T12:04:00.000Z",
    });
    const pages = [rows];
    for (const n of [2, 3])
      pages.push(await jsonOf<ActivityRow[]>(await api(`?userId=${me.user.id}&pageSize=2&page=${n}`, cookie)));
    expect(pages.flat().map((row) => row.id)).toEqual(newestFirst);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
  });

  it("refuses a bad filter with a 400 at its field", async () => {
    const { cookie } = await signedInAdmin();
    const cases: [string, string, string][] = [
      ["?userId=not-a-uuid", "userId", ACTIVITY_MESSAGES.unknownUser],
      ["?action=lead_deleted_forever", "action", ACTIVITY_MESSAGES.unknownAction],
      ["?applicationId=%27%20OR%201%3D1", "applicationId", ACTIVITY_MESSAGES.unknownLead],
      ["?dateFrom=2026-02-30", "dateFrom", ACTIVITY_MESSAGES.noSuchDate],
      ["?dateFrom=0100-01-01", "dateFrom", PERIOD_MESSAGES.outOfRange],
      ["?dateTo=yesterday", "dateTo", ACTIVITY_MESSAGES.dateFormat],
      ["?dateFrom=2026-02-10&dateTo=2026-02-01", "dateTo", ACTIVITY_MESSAGES.reversed],
      ["?pageSize=501", "pageSize", "Page size is at most 500"],
    ];
    for (const [query, field, message] of cases) {
      const response = await api(query, cookie);
      expect(response.status, query).toBe(400);
      const body = await jsonOf<ErrorBody>(response);
      expect(body.fieldErrors?.[field], query).toEqual([message]);
    }
  });

  it("turns away agents (403) and the signed-out (401), in the service too", async () => {
    const agent = await signedInAgent();
    expect((await api("", agent.cookie)).status).toBe(403);
    expect((await api("", "")).status).toBe(401);
    await expect(listActivity(agent.actor, { page: 1, pageSize: 10 })).rejects.toMatchObject({ status: 403 });
    await expect(leadTrail(agent.actor, "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f")).rejects.toMatchObject({ status: 403 });
    const asAgent = await page("", agent.cookie);
    expect(asAgent.status).toBe(302);
    expect(asAgent.headers.get("Location")).toBe("/");
  });
});

describe("leadTrail", () => {
  it(`is the lead's latest ${LEAD_TRAIL_LIMIT} entries, and another lead's are not in it`, async () => {
    const { actor: admin } = await signedInAdmin();
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const other = await createLead(me.agent.id);
    await ActivityLog.bulkCreate(
      Array.from({ length: LEAD_TRAIL_LIMIT + 2 }, (_, i) => ({
        userId: me.user.id,
        action: "lead_updated",
        entityType: "application",
        entityId: lead.id,
        summary: `edit ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    await entryAt(me.user.id, new Date("2026-06-01T00:00:00Z"), { entityId: other.id });
    const trail = await leadTrail(admin, lead.id);
    expect(trail).toHaveLength(LEAD_TRAIL_LIMIT);
    expect(trail[0]!.details).toBe(`edit ${LEAD_TRAIL_LIMIT + 1}`);
    expect(trail.at(-1)!.details).toBe("edit 2");
    await expect(leadTrail(admin, "not-a-uuid")).rejects.toBeInstanceOf(ServiceError);
  });
});

describe("the Activity page (/admin/activity)", () => {
  type PageData = {
    values: Record<string, string>;
    fieldErrors: Record<string, string[]> | null;
    list: { rows: ActivityRow[]; total: number } | null;
    users: { id: string }[];
    leadName: string | null;
  };

  it("shows the filtered trail, the lead it is narrowed to, and the users to choose from", async () => {
    const { cookie } = await signedInAdmin();
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id, { firstName: "Tess", lastName: "Trail" });
    const entry = await entryAt(me.user.id, new Date("2026-04-01T15:00:00Z"), { entityId: lead.id });
    const data = await jsonOf<PageData>(await page(`?applicationId=${lead.id}&userId=${me.user.id}`, cookie));
    expect(data.list!.rows.map((row) => row.id)).toEqual([entry.id]);
    expect(data.list!.total).toBe(1);
    expect(data.leadName).toBe("Tess Trail");
    // Each entry names its lead, not an id (audit item 23).
    expect(data.list!.rows[0]).toMatchObject({ applicationId: lead.id, leadName: "Tess Trail" });
    expect(data.users.some((user) => user.id === me.user.id)).toBe(true);
    expect(activityActionLabel(data.list!.rows[0]!.action)).toBe("Lead edited");
  });

  it("keeps a refused filter as typed with its message, and shows no list until it is corrected", async () => {
    const { cookie } = await signedInAdmin();
    const response = await page("?dateFrom=2026-02-10&dateTo=2026-02-01&action=lead_sold", cookie);
    expect(response.status).toBe(200);
    const data = await jsonOf<PageData>(response);
    expect(data.fieldErrors).toEqual({ dateTo: [ACTIVITY_MESSAGES.reversed] });
    expect(data.values).toMatchObject({ dateFrom: "2026-02-10", dateTo: "2026-02-01", action: "lead_sold" });
    expect(data.list).toBeNull();
  });

  it("sends a page past the end to the last page", async () => {
    const { cookie } = await signedInAdmin();
    const me = await signedInAgent();
    await entryAt(me.user.id, new Date("2026-04-02T15:00:00Z"));
    const response = await page(`?userId=${me.user.id}&page=9`, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/activity?userId=${me.user.id}&page=1`);
  });
});
