import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActivityLog, Carrier, LeadSource, PaymentTracking, Webhook, WebhookDelivery, sequelize } from "~db";
import { WEBHOOK_DELIVERY_JOB, WEBHOOK_MESSAGES as M } from "~/domain/webhooks";
import { stopJobs } from "~/jobs/index.server";
import { WEBHOOK_JOBS } from "~/jobs/webhooks.server";
import { action as pageAction, loader as pageLoader } from "~/routes/admin+/webhooks";
import { loader as logPageLoader } from "~/routes/admin+/webhooks_.$id";
import { action as listAction, loader as listLoader } from "~/routes/api+/admin.webhooks";
import { action as itemAction } from "~/routes/api+/admin.webhooks.$id";
import { action as intakeAction } from "~/routes/api+/intake.leads";
import { loader as deliveriesLoader } from "~/routes/api+/admin.webhooks.$id.deliveries";
import { approveAgent } from "~/services/agents.server";
import { reassignLeads } from "~/services/lead-reassign.server";
import { changeLeadStatus } from "~/services/lead-status.server";
import { updatePolicy } from "~/services/policy.server";
import { updatePaymentTracking } from "~/services/retention.server";
import {
  deliverWebhook,
  nextAttemptAt,
  pruneWebhookDeliveries,
  webhooksWithDueDeliveries,
} from "~/services/webhook-delivery.server";
import { newPostingKey } from "~/services/posting-keys.server";
import { emitWebhookEvent } from "~/services/webhooks.server";
import { decrypt, encrypt } from "~/utils/crypto.server";
import { createAgent, createLead, giveCarrier, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { testEngine, uniqueJobName } from "../support/jobs";

// Issue 27 item 6: signed outbound webhooks, through the service, the job's work, the /api routes
// and the page, against a receiver on localhost, on the test database (SQLite or Postgres).

type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };
type Created = { id: string; url: string; events: string[]; description: string | null; secret: string };
type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on localhost: answers each request with the next status given (200 once they run out). */
class Receiver {
  received: Received[] = [];
  statuses: number[] = [];
  private server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.statusCode = this.statuses.shift() ?? 200;
      // A body that must never reach the log.
      response.end("stack trace with 123-45-6789");
    });
  });
  url = "";
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  events() {
    return this.received.map(
      (request) => JSON.parse(request.body) as { id: string; type: string; data: Record<string, unknown> },
    );
  }
}

const receiver = new Receiver();
const admin = await signedInAdmin();
const created: string[] = [];

beforeAll(() => receiver.start());

afterAll(async () => {
  // Endpoints left active would hear the events of the files this worker runs next.
  for (const id of created)
    await callRoute(itemAction, {
      method: "DELETE",
      path: `/api/admin/webhooks/${id}`,
      params: { id },
      cookie: admin.cookie,
    });
  await receiver.stop();
  // The wake-ups after each commit went through the app's engine (not started here): its pool is closed.
  await stopJobs();
});

const post = (json: unknown, cookie = admin.cookie) =>
  callRoute(listAction, { path: "/api/admin/webhooks", json, cookie });

async function endpoint(events: string[], url = receiver.url): Promise<Created> {
  const res = await post({ url, events, description: "Accounting sheet" });
  expect(res.status).toBe(201);
  const body = await jsonOf<Created>(res);
  created.push(body.id);
  return body;
}

/** The endpoint's row as the model reads it (booleans as booleans on both databases). */
async function storedEndpoint(id: string) {
  return (await Webhook.findByPk(id))!.get({ plain: true });
}

async function deliveriesOf(webhookId: string) {
  return WebhookDelivery.findAll({ where: { webhookId }, order: [["id", "ASC"]] });
}

function verify(secret: string, request: Received) {
  const header = String(request.headers["x-agency-signature"]);
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=") as [string, string]));
  const expected = crypto.createHmac("sha256", secret).update(`${parts.t}.${request.body}`).digest("hex");
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1 ?? ""));
}

/** An agent with a product for Aetna and a lead ready to sell. */
async function sellableLead() {
  const me = await signedInAgent();
  const { product } = await giveCarrier(me.agent.id);
  const aetna = (await Carrier.findOne({ where: { name: "Aetna" } }))!;
  const lead = await createLead(me.agent.id, {
    monthlyPremiumCents: 4_567,
    ssnEncrypted: encrypt("123-45-6789"),
    dateOfBirth: "1950-04-03",
  });
  await lead.update({ carrierId: aetna.id, state: "FL" });
  return { me, product, lead };
}

describe("registering endpoints", () => {
  it("answers the secret once, keeps it encrypted, and lists endpoints without it", async () => {
    const hook = await endpoint(["sale.recorded", "lead.created"]);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(hook.events).toEqual(["lead.created", "sale.recorded"]);
    const [stored] = await sequelize.query<{ secret_encrypted: string }>(
      "SELECT secret_encrypted FROM webhooks WHERE id = ?",
      { replacements: [hook.id], type: QueryTypes.SELECT },
    );
    expect(stored!.secret_encrypted).not.toContain(hook.secret);
    expect(decrypt(stored!.secret_encrypted)).toBe(hook.secret);

    const res = await callRoute(listLoader, { path: "/api/admin/webhooks?pageSize=500", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(1);
    const text = await res.text();
    expect(text).toContain(hook.id);
    expect(text).not.toContain(hook.secret);
    expect(text).not.toContain("secret");
  });

  it("refuses bad input with a 400 at the field", async () => {
    const cases: [unknown, string, string][] = [
      [{ events: ["sale.recorded"] }, "url", M.url],
      [{ url: "ftp://example.test/x", events: ["sale.recorded"] }, "url", M.urlShape],
      [{ url: "not a url", events: ["sale.recorded"] }, "url", M.urlShape],
      [{ url: "https://user:pw@example.test/", events: ["sale.recorded"] }, "url", M.urlCredentials],
      [{ url: `https://example.test/${"a".repeat(2100)}`, events: ["sale.recorded"] }, "url", M.urlTooLong],
      [{ url: "https://example.test/", events: [] }, "events", M.events],
      [{ url: "https://example.test/", events: ["lead.deleted"] }, "events", M.eventUnknown],
      [{ url: "https://example.test/", events: "sale.recorded,lead.created" }, "events", M.eventUnknown],
      [
        { url: "https://example.test/", events: ["sale.recorded"], description: "x".repeat(201) },
        "description",
        M.descriptionTooLong,
      ],
    ];
    for (const [json, field, message] of cases) {
      const res = await post(json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect((await jsonOf<ErrorBody>(res)).fieldErrors?.[field]).toEqual([message]);
    }
  });

  it("answers 401 signed out, 403 to an agent on every route, and 404 for an unknown endpoint", async () => {
    const hook = await endpoint(["sale.recorded"]);
    const agent = await signedInAgent();
    for (const cookie of [undefined, agent.cookie]) {
      const status = cookie ? 403 : 401;
      expect((await callRoute(listLoader, { path: "/api/admin/webhooks", cookie })).status).toBe(status);
      const json = { url: receiver.url, events: ["sale.recorded"] };
      expect((await callRoute(listAction, { path: "/api/admin/webhooks", json, cookie })).status).toBe(status);
      const params = { id: hook.id };
      expect(
        (await callRoute(itemAction, { method: "DELETE", path: `/api/admin/webhooks/${hook.id}`, params, cookie }))
          .status,
      ).toBe(status);
      const pause = {
        method: "PATCH",
        path: `/api/admin/webhooks/${hook.id}`,
        params,
        cookie,
        json: { active: false },
      };
      expect((await callRoute(itemAction, pause)).status).toBe(status);
      expect(
        (await callRoute(deliveriesLoader, { path: `/api/admin/webhooks/${hook.id}/deliveries`, params, cookie }))
          .status,
      ).toBe(status);
    }
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      const params = { id };
      const gone = await callRoute(itemAction, {
        method: "DELETE",
        path: `/api/admin/webhooks/${id}`,
        params,
        cookie: admin.cookie,
      });
      expect(gone.status).toBe(404);
      expect((await jsonOf<ErrorBody>(gone)).error).toBe(M.notFound);
      const edit = { method: "PATCH", path: `/api/admin/webhooks/${id}`, params, cookie: admin.cookie };
      expect((await callRoute(itemAction, { ...edit, json: { description: "Other" } })).status).toBe(404);
      expect(
        (
          await callRoute(deliveriesLoader, {
            path: `/api/admin/webhooks/${id}/deliveries`,
            params,
            cookie: admin.cookie,
          })
        ).status,
      ).toBe(404);
    }
    // Still there, unchanged and active, after the refusals.
    expect(await storedEndpoint(hook.id)).toMatchObject({
      active: true,
      description: "Accounting sheet",
    });
    const log = await callRoute(deliveriesLoader, {
      path: `/api/admin/webhooks/${hook.id}/deliveries`,
      params: { id: hook.id },
      cookie: admin.cookie,
    });
    expect(log.status).toBe(200);
  });
});

describe("delivering events", () => {
  it("sends a recorded sale, signed with the endpoint's secret, with ids and no personal numbers", async () => {
    const hook = await endpoint(["sale.recorded"]);
    const { me, product, lead } = await sellableLead();
    receiver.received = [];
    await changeLeadStatus(me.actor, lead.id, { status: "sale", productId: product.id });
    const [pending] = await deliveriesOf(hook.id);
    expect(pending!.status).toBe("pending");

    expect(await deliverWebhook(hook.id)).toBeNull();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(verify(hook.secret, request!)).toBe(true);
    expect(verify(`${hook.secret}x`, request!)).toBe(false);
    const timestamp = Number(/t=(\d+)/.exec(String(request!.headers["x-agency-signature"]))![1]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["x-agency-event-type"]).toBe("sale.recorded");
    const [event] = receiver.events();
    expect(request!.headers["x-agency-event-id"]).toBe(event!.id);
    expect(event!.type).toBe("sale.recorded");
    expect(event!.data).toEqual({
      leadId: lead.id,
      agentId: me.agent.id,
      carrierId: lead.carrierId,
      productId: product.id,
      productName: "Final Expense",
      monthlyPremiumCents: 4_567,
      soldAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // Nothing that identifies the person beyond ids: no SSN, birth date, phone, name or email.
    for (const secret of ["123-45-6789", "123456789", "1950-04-03", lead.firstName, lead.lastName]) {
      expect(request!.body).not.toContain(secret);
    }
    const [delivered] = await deliveriesOf(hook.id);
    expect(delivered!.status).toBe("delivered");
    expect(delivered!.attempts).toBe(1);
    expect(delivered!.lastResponseCode).toBe(200);
  });

  it("retries a delivery the receiver answered with a 500 and delivers it on the next attempt", async () => {
    const hook = await endpoint(["lead.created"]);
    receiver.received = [];
    receiver.statuses = [500];
    await emitWebhookEvent("lead.created", { leadId: crypto.randomUUID(), source: "intake" });
    const started = new Date();
    const retryAt = await deliverWebhook(hook.id, () => started);
    expect(retryAt!.getTime() - started.getTime()).toBe(60_000);
    const [failedOnce] = await deliveriesOf(hook.id);
    expect(failedOnce).toMatchObject({ status: "pending", attempts: 1, lastResponseCode: 500, lastError: "HTTP 500" });
    // The receiver's answer ("stack trace with 123-45-6789") is never kept.
    expect(JSON.stringify(failedOnce!.toJSON())).not.toContain("123-45-6789");

    // Not due yet: nothing is sent, and no second retry is scheduled.
    expect(await deliverWebhook(hook.id, () => new Date(started.getTime() + 30_000))).toBeNull();
    expect(receiver.received).toHaveLength(1);

    expect(await deliverWebhook(hook.id, () => new Date(started.getTime() + 61_000))).toBeNull();
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.events();
    expect(second!.id).toBe(first!.id);
    expect(receiver.received[1]!.headers["x-agency-delivery-attempt"]).toBe("2");
    const [delivered] = await deliveriesOf(hook.id);
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2, lastResponseCode: 200, lastError: null });

    const res = await callRoute(deliveriesLoader, {
      path: `/api/admin/webhooks/${hook.id}/deliveries?status=delivered`,
      params: { id: hook.id },
      cookie: admin.cookie,
    });
    expect(res.headers.get("X-Total-Count")).toBe("1");
    const [row] = await jsonOf<Record<string, unknown>[]>(res);
    expect(row).toMatchObject({ eventType: "lead.created", status: "delivered", attempts: 2, lastResponseCode: 200 });
    expect(row).not.toHaveProperty("body");
    const bad = await callRoute(deliveriesLoader, {
      path: `/api/admin/webhooks/${hook.id}/deliveries?status=lost`,
      params: { id: hook.id },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
  });

  it("sends an endpoint's events in order: a later one waits until the one before is delivered", async () => {
    const hook = await endpoint(["lead.status_changed"]);
    const { me, lead } = await sellableLead();
    receiver.received = [];
    receiver.statuses = [503];
    // The last sets the status it already has (a note): no change to tell.
    for (const status of ["contacted", "declined", "pending", "pending"]) {
      await changeLeadStatus(me.actor, lead.id, { status, notes: "Called" });
    }
    const started = new Date();
    await deliverWebhook(hook.id, () => started);
    // The first failed: the two after it were not sent.
    expect(receiver.received).toHaveLength(1);
    // Two workers at once after the retry's wait: each event still arrives once, in order.
    const later = () => new Date(started.getTime() + 61_000);
    await Promise.all([deliverWebhook(hook.id, later), deliverWebhook(hook.id, later)]);
    const changes = receiver.events().map((event) => `${event.data.fromStatus}>${event.data.toStatus}`);
    expect(changes).toEqual(["pending>contacted", "pending>contacted", "contacted>declined", "declined>pending"]);
    expect((await deliveriesOf(hook.id)).map((delivery) => delivery.status)).toEqual([
      "delivered",
      "delivered",
      "delivered",
    ]);
  });

  it("gives a delivery up 24 hours after its first attempt, then sends the next", async () => {
    const hook = await endpoint(["payment.updated"]);
    receiver.received = [];
    receiver.statuses = [500, 500];
    await emitWebhookEvent("payment.updated", { paymentId: crypto.randomUUID(), status: "paid" });
    await emitWebhookEvent("payment.updated", { paymentId: crypto.randomUUID(), status: "not_paid" });
    const started = new Date();
    await deliverWebhook(hook.id, () => started);
    const dayLater = new Date(started.getTime() + 24 * 3_600_000);
    expect(await deliverWebhook(hook.id, () => dayLater)).toBeNull();
    const [given, next] = await deliveriesOf(hook.id);
    expect(given).toMatchObject({ status: "failed", attempts: 2, lastResponseCode: 500 });
    expect(next).toMatchObject({ status: "delivered", attempts: 1 });
    expect(receiver.events().map((event) => event.data.status)).toEqual(["paid", "paid", "not_paid"]);
  });

  it("is sent by the job engine, and the sweep finds an endpoint whose wake-up was lost", async () => {
    const hook = await endpoint(["agent.approved"]);
    await emitWebhookEvent("agent.approved", {
      agentId: crypto.randomUUID(),
      userId: null,
      firstName: "Pat",
      lastName: "Lee",
    });
    expect(await webhooksWithDueDeliveries(new Date())).toContain(hook.id);
    receiver.received = [];
    // The delivery job's handler under a name of its own, so no other file's engine takes it.
    const name = uniqueJobName("deliver-webhooks");
    const engine = testEngine({ jobs: { [name]: WEBHOOK_JOBS[WEBHOOK_DELIVERY_JOB] } });
    await engine.enqueue(name, { webhookId: hook.id });
    await engine.start();
    try {
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      await expect.poll(async () => (await deliveriesOf(hook.id))[0]!.status, { timeout: 5_000 }).toBe("delivered");
    } finally {
      await engine.stop();
    }
    expect(await webhooksWithDueDeliveries(new Date())).not.toContain(hook.id);
  });

  it("retries 14 times over 24 hours: after 1, 2, 4 ... minutes, at most 4 hours apart", () => {
    const first = new Date("2026-11-27T00:00:00Z");
    const times: number[] = [0];
    let now = first;
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(attempts, first, now);
      if (!next) break;
      now = next;
      times.push((now.getTime() - first.getTime()) / 60_000);
    }
    expect(times).toEqual([0, 1, 3, 7, 15, 31, 63, 127, 255, 495, 735, 975, 1215, 1440]);
  });

  it("sends nothing for a change rolled back, and nothing to an endpoint not listening", async () => {
    const hook = await endpoint(["lead.assigned"]);
    const deaf = await endpoint(["agent.approved"]);
    await sequelize
      .transaction(async (transaction) => {
        await emitWebhookEvent("lead.assigned", { leadId: crypto.randomUUID(), agentId: null }, transaction);
        expect(await WebhookDelivery.count({ where: { webhookId: hook.id }, transaction })).toBe(1);
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    expect(await deliveriesOf(hook.id)).toHaveLength(0);
    await sequelize.transaction((transaction) =>
      emitWebhookEvent("lead.assigned", { leadId: crypto.randomUUID(), agentId: null }, transaction),
    );
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    expect(await deliveriesOf(deaf.id)).toHaveLength(0);
  });

  it("the log keeps a finished delivery for 30 days, and a pending one until it is finished", async () => {
    const hook = await endpoint(["lead.created"]);
    for (let n = 0; n < 3; n++) {
      await emitWebhookEvent("lead.created", { leadId: crypto.randomUUID(), source: "admin" });
    }
    const [old, oldPending, recent] = await deliveriesOf(hook.id);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const age = (id: number, status: string, createdAt: Date) =>
      sequelize.query("UPDATE webhook_deliveries SET status = :status, created_at = :createdAt WHERE id = :id", {
        replacements: { id, status, createdAt },
      });
    await age(old!.id, "delivered", daysAgo(31));
    await age(oldPending!.id, "pending", daysAgo(31));
    await age(recent!.id, "failed", daysAgo(29));
    expect(await pruneWebhookDeliveries(now)).toBeGreaterThanOrEqual(1);
    expect((await deliveriesOf(hook.id)).map((delivery) => delivery.id)).toEqual([oldPending!.id, recent!.id]);
  });

  it("deleting an endpoint drops its log, and what was pending is never sent", async () => {
    const hook = await endpoint(["lead.created"]);
    await emitWebhookEvent("lead.created", { leadId: crypto.randomUUID(), source: "admin" });
    const res = await callRoute(itemAction, {
      method: "DELETE",
      path: `/api/admin/webhooks/${hook.id}`,
      params: { id: hook.id },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    receiver.received = [];
    expect(await deliverWebhook(hook.id)).toBeNull();
    expect(receiver.received).toHaveLength(0);
    expect(await deliveriesOf(hook.id)).toHaveLength(0);
  });
});

describe("editing, pausing and resuming an endpoint", () => {
  const patch = (id: string, json: unknown) =>
    callRoute(itemAction, {
      method: "PATCH",
      path: `/api/admin/webhooks/${id}`,
      params: { id },
      json,
      cookie: admin.cookie,
    });

  it("changes only the fields given, keeps the secret, and logs the edit", async () => {
    const hook = await endpoint(["sale.recorded"]);
    const secretBefore = (await storedEndpoint(hook.id)).secretEncrypted;
    const res = await patch(hook.id, { events: ["lead.created", "sale.recorded"], description: null });
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toMatchObject({
      id: hook.id,
      url: receiver.url,
      events: ["lead.created", "sale.recorded"],
      description: null,
      active: true,
    });
    const row = await storedEndpoint(hook.id);
    expect(row.secretEncrypted).toBe(secretBefore);
    const logged = await ActivityLog.findOne({ where: { entityId: hook.id, action: "webhook_updated" }, raw: true });
    expect(logged!.summary).toBe(
      `Edited webhook endpoint ${new URL(receiver.url).host} for lead.created, sale.recorded`,
    );
    // The new events are heard: a lead.created now makes a delivery for it.
    await emitWebhookEvent("lead.created", { leadId: crypto.randomUUID(), source: "admin" });
    expect((await deliveriesOf(hook.id)).map((delivery) => delivery.eventType)).toEqual(["lead.created"]);
  });

  it("refuses bad input with a 400 at the field, changing nothing", async () => {
    const hook = await endpoint(["sale.recorded"]);
    for (const [json, field, message] of [
      [{ active: "no" }, "active", M.active],
      [{ url: "ftp://example.test/x" }, "url", M.urlShape],
      [{ events: [] }, "events", M.events],
      [{ events: ["lead.sold"] }, "events", M.eventUnknown],
    ] as const) {
      const res = await patch(hook.id, json);
      expect(res.status).toBe(400);
      expect((await jsonOf<ErrorBody>(res)).fieldErrors?.[field]).toEqual([message]);
    }
    expect(await storedEndpoint(hook.id)).toMatchObject({ active: true, url: receiver.url });
  });

  it("a paused endpoint gets no new events and sends nothing; resumed, it sends what waited, in order", async () => {
    const hook = await endpoint(["lead.created"]);
    const waiting = crypto.randomUUID();
    await emitWebhookEvent("lead.created", { leadId: waiting, source: "admin" });
    const paused = await patch(hook.id, { active: false });
    expect(paused.status).toBe(200);
    expect((await jsonOf<{ active: boolean }>(paused)).active).toBe(false);
    // While paused: a new event makes no delivery for it, and the waiting one is not sent.
    await emitWebhookEvent("lead.created", { leadId: crypto.randomUUID(), source: "admin" });
    receiver.received = [];
    expect(await deliverWebhook(hook.id)).toBeNull();
    expect(receiver.received).toHaveLength(0);
    expect(await webhooksWithDueDeliveries(new Date())).not.toContain(hook.id);
    expect((await deliveriesOf(hook.id)).map((delivery) => delivery.status)).toEqual(["pending"]);

    const resumed = await patch(hook.id, { active: true });
    expect((await jsonOf<{ active: boolean }>(resumed)).active).toBe(true);
    expect(await webhooksWithDueDeliveries(new Date())).toContain(hook.id);
    expect(await deliverWebhook(hook.id)).toBeNull();
    expect(receiver.events().map((event) => event.data.leadId)).toEqual([waiting]);
    expect(verify(hook.secret, receiver.received[0]!)).toBe(true);
    const actions = await ActivityLog.findAll({
      where: { entityId: hook.id },
      order: [["createdAt", "ASC"]],
      raw: true,
    });
    expect(actions.map((entry) => entry.action)).toEqual(["webhook_created", "webhook_paused", "webhook_resumed"]);
    // Pausing a paused endpoint again changes and logs nothing.
    await patch(hook.id, { active: true });
    expect(await ActivityLog.count({ where: { entityId: hook.id } })).toBe(3);
  });
});

describe("the events the services emit", () => {
  /** The events written for the endpoint, in order: type and data. */
  async function eventsOf(webhookId: string) {
    return (await deliveriesOf(webhookId)).map((delivery) => {
      const event = JSON.parse(delivery.body) as { type: string; data: Record<string, unknown> };
      return { type: event.type, data: event.data };
    });
  }

  it("a lead posted to the intake tells lead.created with ids, never its phone, email or birth date", async () => {
    const hook = await endpoint(["lead.created"]);
    const { key, hash, last4 } = newPostingKey();
    const source = await LeadSource.create({
      name: `Webhook Vendor ${crypto.randomBytes(4).toString("hex")}`,
      costPerLeadCents: 1_000,
      defaultCarrierId: null,
      postingKeyHash: hash,
      postingKeyLast4: last4,
      keyRotatedAt: null,
      status: "active",
      rateLimitPerMinute: 10_000,
    });
    const phone = `213${crypto.randomInt(2_000_000, 9_999_999)}`;
    const email = `${crypto.randomBytes(4).toString("hex")}@example.test`;
    const res = await callRoute(intakeAction, {
      method: "POST",
      path: "/api/intake/leads",
      json: { firstName: "Lena", lastName: "Intake", phone, email, dateOfBirth: "1951-02-03", state: "FL" },
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(201);
    const answer = await jsonOf<{ id: string; agentId?: string | null }>(res);
    const [delivery] = await deliveriesOf(hook.id);
    const event = JSON.parse(delivery!.body) as { type: string; data: Record<string, unknown> };
    expect(event.type).toBe("lead.created");
    expect(event.data).toEqual({
      leadId: answer.id,
      agentId: answer.agentId ?? null,
      leadSourceId: source.id,
      source: "intake",
      state: "FL",
    });
    for (const secret of [phone, phone.slice(-7), email, "1951-02-03", "Lena", "Intake"]) {
      expect(delivery!.body).not.toContain(secret);
    }
  });

  it("a reassignment, a payment, a policy status and an approval each tell their endpoint, with ids and statuses", async () => {
    const hook = await endpoint(["lead.assigned", "payment.updated", "policy.status_changed", "agent.approved"]);
    const { me, product, lead } = await sellableLead();
    await changeLeadStatus(me.actor, lead.id, { status: "sale", productId: product.id });
    const payment = (await PaymentTracking.findOne({ where: { applicationId: lead.id, monthNumber: 1 } }))!;
    await updatePaymentTracking(me.actor, payment.id, { status: "paid" });
    // Notes alone are not a payment's change.
    await updatePaymentTracking(me.actor, payment.id, { notes: "Paid by check" });
    await updatePolicy(me.actor, lead.id, { status: "declined" });
    const other = await createAgent({ licensedStates: ["FL"] });
    await reassignLeads(admin.actor, { ids: [lead.id], agentId: other.agent.id, confirmUnlicensed: true });
    const pending = await createAgent({ status: "pending", firstName: "Pat", lastName: "Pending" });
    await approveAgent(admin.actor, pending.agent.id);

    expect(await eventsOf(hook.id)).toEqual([
      {
        type: "payment.updated",
        data: { paymentId: payment.id, leadId: lead.id, monthNumber: 1, fromStatus: "not_paid", toStatus: "paid" },
      },
      {
        type: "policy.status_changed",
        data: {
          leadId: lead.id,
          agentId: me.agent.id,
          carrierId: lead.carrierId,
          fromStatus: "submitted",
          toStatus: "declined",
        },
      },
      { type: "lead.assigned", data: { leadId: lead.id, agentId: other.agent.id, previousAgentId: me.agent.id } },
      {
        type: "agent.approved",
        data: { agentId: pending.agent.id, userId: pending.user.id, firstName: "Pat", lastName: "Pending" },
      },
    ]);
  });
});

describe("the /admin/webhooks page", () => {
  it("adds an endpoint and shows its secret on the next load only", async () => {
    const add = await callRoute(pageAction, {
      path: "/admin/webhooks?dialog=add",
      form: { intent: "create", url: receiver.url, events: ["sale.recorded", "lead.created"], description: "Zapier" },
      cookie: admin.cookie,
    });
    expect(add.status).toBe(302);
    expect(add.headers.get("Location")).toBe("/admin/webhooks");
    const flash = add.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__webhook_secret="))
      ?.split(";")[0];
    expect(flash).toBeTruthy();
    const cookie = `${admin.cookie}; ${flash}`;
    const shown = await jsonOf<{ shownSecret: { secret: string } | null; list: { rows: { id: string }[] } }>(
      await callRoute(pageLoader, { path: "/admin/webhooks", cookie }),
    );
    expect(shown.shownSecret!.secret).toMatch(/^whsec_/);
    created.push(...shown.list.rows.map((row) => row.id));
    const again = await jsonOf<{ shownSecret: unknown }>(
      await callRoute(pageLoader, { path: "/admin/webhooks", cookie: admin.cookie }),
    );
    expect(again.shownSecret).toBeNull();
  });

  it("keeps what was typed with the message at the field", async () => {
    const res = await callRoute(pageAction, {
      path: "/admin/webhooks?dialog=add",
      form: { intent: "create", url: "mailto:x@example.test", description: "Dialer" },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    const body = await jsonOf<{ result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }>(
      res,
    );
    expect(body.result.error.url).toEqual([M.urlShape]);
    expect(body.result.error.events).toEqual([M.events]);
    expect(body.result.initialValue.description).toBe("Dialer");
  });

  it("edits an endpoint from its dialog, keeping what was typed on a bad URL, and pauses and resumes it", async () => {
    const hook = await endpoint(["sale.recorded"]);
    const opened = await jsonOf<{ selected: { id: string; url: string } }>(
      await callRoute(pageLoader, { path: `/admin/webhooks?dialog=edit&id=${hook.id}`, cookie: admin.cookie }),
    );
    expect(opened.selected).toMatchObject({ id: hook.id, url: receiver.url });
    const path = `/admin/webhooks?dialog=edit&id=${hook.id}`;
    const bad = await callRoute(pageAction, {
      path,
      form: { intent: "update", id: hook.id, url: "not a url", events: ["sale.recorded"], description: "Ledger" },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    const refused = await jsonOf<{
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    }>(bad);
    expect(refused.result.error.url).toEqual([M.urlShape]);
    expect(refused.result.initialValue.description).toBe("Ledger");
    const saved = await callRoute(pageAction, {
      path,
      form: { intent: "update", id: hook.id, url: `${receiver.url}/v2`, events: ["sale.recorded"], description: "" },
      cookie: admin.cookie,
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/webhooks");
    expect(await storedEndpoint(hook.id)).toMatchObject({
      url: `${receiver.url}/v2`,
      description: null,
    });
    for (const [intent, active] of [
      ["pause", false],
      ["resume", true],
    ] as const) {
      const res = await callRoute(pageAction, {
        path: "/admin/webhooks",
        form: { intent, id: hook.id },
        cookie: admin.cookie,
      });
      expect(res.status).toBe(302);
      expect((await storedEndpoint(hook.id)).active).toBe(active);
    }
    // An unknown id is refused (the service's 404, as the page's error toast), and nothing changes.
    const missing = await callRoute(pageAction, {
      path: "/admin/webhooks",
      form: { intent: "pause", id: crypto.randomUUID() },
      cookie: admin.cookie,
    });
    expect(missing.status).toBe(302);
    expect(missing.headers.get("Location")).toBe("/admin/webhooks");
    expect((await storedEndpoint(hook.id)).active).toBe(true);
  });

  it("shows an endpoint's log, and an unknown endpoint is a 404", async () => {
    const hook = await endpoint(["lead.created"]);
    await emitWebhookEvent("lead.created", { leadId: crypto.randomUUID(), source: "admin" });
    const page = await jsonOf<{ webhook: { id: string }; deliveries: { rows: unknown[]; total: number } }>(
      await callRoute(logPageLoader, {
        path: `/admin/webhooks/${hook.id}`,
        params: { id: hook.id },
        cookie: admin.cookie,
      }),
    );
    expect(page.webhook.id).toBe(hook.id);
    expect(page.deliveries.total).toBe(1);
    const missing = crypto.randomUUID();
    const gone = await callRoute(logPageLoader, {
      path: `/admin/webhooks/${missing}`,
      params: { id: missing },
      cookie: admin.cookie,
    });
    expect(gone.status).toBe(404);
  });
});
