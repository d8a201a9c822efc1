import crypto from "node:crypto";
import { Op } from "sequelize";
import { z } from "zod";
import { Webhook, WebhookDelivery } from "~db";
import { SIGNATURE_HEADER } from "~/domain/webhooks";
import { decrypt } from "~/utils/crypto.server";
import { isUuid } from "./permissions.server";
import { column, selectRows, sql } from "./sql/reads.server";

// Sending webhook deliveries (docs/decisions/083-webhooks.md). One worker at a time sends to an
// endpoint (a lease on the endpoint's row), oldest delivery first, and the next is not sent until
// the one before it is delivered or given up: a receiver sees an endpoint's events in the order
// they were written. A failed attempt is retried after 1, 2, 4 ... minutes (at most 4 hours apart)
// for 24 hours from the first attempt, then the delivery is failed and the next one goes.

const TIMEOUT_MS = 10_000;
/** Longer than one attempt's timeout: renewed before each send. */
const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 4 * 60 * 60_000;
const RETRY_FOR_MS = 24 * 60 * 60_000;
/** How long the log keeps a delivery once it is delivered or failed. */
const KEPT_FOR_MS = 30 * 24 * 60 * 60_000;

/**
 * The signature of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
 * endpoint's secret. The timestamp is signed with the body, so a receiver that refuses an old
 * timestamp refuses a replayed delivery.
 */
function signatureHeader(secret: string, timestamp: number, body: string) {
  const mac = crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/**
 * @internal
 * When to try again after a failed attempt, or null to give up: 1 minute after the first, then
 * twice as long each time up to 4 hours, with a last attempt 24 hours after the first
 * (14 attempts in all).
 */
export function nextAttemptAt(attempts: number, firstAttemptAt: Date, now: Date): Date | null {
  const giveUpAt = firstAttemptAt.getTime() + RETRY_FOR_MS;
  if (now.getTime() >= giveUpAt) return null;
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.min(20, attempts - 1), LONGEST_RETRY_MS);
  return new Date(Math.min(now.getTime() + wait, giveUpAt));
}

type Outcome = { delivered: boolean; responseCode: number | null; error: string | null };

/** Why an attempt failed, in a few words: never the receiver's answer, which could echo anything. */
function failureOf(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `Timed out after ${TIMEOUT_MS / 1000} s`;
  }
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === "string" && /^[A-Z_]{2,32}$/.test(code) ? `Connection failed (${code})` : "Connection failed";
}

/** One attempt: a JSON POST, signed; a 2xx answer is delivered, anything else (a redirect too) is not. */
async function post(url: string, secret: string, delivery: WebhookDelivery, now: Date): Promise<Outcome> {
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "AgencyCRM-Webhooks/1",
        [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, delivery.body),
        "X-Agency-Event-Id": delivery.eventId,
        "X-Agency-Event-Type": delivery.eventType,
        "X-Agency-Delivery-Attempt": String(delivery.attempts + 1),
      },
      body: delivery.body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // The answer's body is not kept: only its status matters.
    await response.body?.cancel().catch(() => undefined);
    const delivered = response.status >= 200 && response.status < 300;
    return { delivered, responseCode: response.status, error: delivered ? null : `HTTP ${response.status}` };
  } catch (error) {
    return { delivered: false, responseCode: null, error: failureOf(error) };
  }
}

/** Takes the endpoint's lease, or answers null when another worker holds it. */
async function takeLease(webhookId: string, held: Date | null, now: Date): Promise<Date | null> {
  const until = new Date(now.getTime() + LEASE_MS);
  const free = held
    ? { sendingUntil: held }
    : { [Op.or]: [{ sendingUntil: null }, { sendingUntil: { [Op.lt]: now } }] };
  const [taken] = await Webhook.update({ sendingUntil: until }, { where: { id: webhookId, active: true, ...free } });
  return taken === 1 ? until : null;
}

const oldestPending = (webhookId: string) =>
  WebhookDelivery.findOne({ where: { webhookId, status: "pending" }, order: [["id", "ASC"]] });

/** Records an attempt's outcome: delivered, retried later, or given up. */
async function record(delivery: WebhookDelivery, outcome: Outcome, now: Date) {
  const attempts = delivery.attempts + 1;
  const firstAttemptAt = delivery.firstAttemptAt ?? now;
  const retryAt = outcome.delivered ? null : nextAttemptAt(attempts, firstAttemptAt, now);
  await delivery.update({
    attempts,
    firstAttemptAt,
    lastResponseCode: outcome.responseCode,
    lastError: outcome.error,
    status: outcome.delivered ? "delivered" : retryAt ? "pending" : "failed",
    deliveredAt: outcome.delivered ? now : null,
    nextAttemptAt: retryAt ?? now,
  });
}

/**
 * Sends an endpoint's due deliveries in order, while this worker holds its lease. Answers when to
 * try again after an attempt of its own failed; null when none is left, the oldest waits for a
 * retry another worker scheduled when it failed, or another worker sends.
 */
async function sendInOrder(webhookId: string, clock: () => Date): Promise<Date | null> {
  let lease = await takeLease(webhookId, null, clock());
  if (!lease) return null;
  try {
    for (;;) {
      const delivery = await oldestPending(webhookId);
      if (!delivery) return null;
      const now = clock();
      // Its retry was scheduled by the attempt that failed (and the sweep is the net under that):
      // scheduling one more for every event written meanwhile would run them all at once.
      if (delivery.nextAttemptAt > now) return null;
      lease = await takeLease(webhookId, lease, now);
      const webhook = lease ? await Webhook.findByPk(webhookId) : null;
      if (!lease || !webhook) return null;
      await record(delivery, await post(webhook.url, decrypt(webhook.secretEncrypted), delivery, now), now);
      if (delivery.status === "pending") return delivery.nextAttemptAt;
    }
  } finally {
    if (lease) await Webhook.update({ sendingUntil: null }, { where: { id: webhookId, sendingUntil: lease } });
  }
}

/**
 * The delivery job's work for one endpoint (idempotent: a delivery is sent again only if its
 * outcome was never recorded). Answers when to run again for a retry, or null.
 */
export async function deliverWebhook(webhookId: string, clock: () => Date = () => new Date()): Promise<Date | null> {
  if (!isUuid(webhookId)) return null;
  for (;;) {
    const retryAt = await sendInOrder(webhookId, clock);
    if (retryAt) return retryAt;
    // A delivery written while another worker held the lease was refused it; that worker may have
    // looked before the delivery was committed. Looking again after letting go closes the gap.
    const next = await oldestPending(webhookId);
    if (!next || next.nextAttemptAt > clock()) return null;
    const [held] = await selectRows(
      sql`SELECT w.sending_until AS "sendingUntil" FROM webhooks w WHERE w.id = ${webhookId} AND w.active = ${true}`,
      z.object({ sendingUntil: column.date.nullable() }),
    );
    // Another worker holds it now and sends it; or the endpoint was deleted.
    if (!held || (held.sendingUntil && held.sendingUntil > clock())) return null;
  }
}

/** The endpoints with a delivery due and no worker sending (the sweep wakes each). */
export async function webhooksWithDueDeliveries(now: Date): Promise<string[]> {
  const rows = await selectRows(
    sql`SELECT DISTINCT d.webhook_id AS "webhookId" FROM webhook_deliveries d
      JOIN webhooks w ON w.id = d.webhook_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND w.active = ${true}
        AND (w.sending_until IS NULL OR w.sending_until < ${now})`,
    z.object({ webhookId: column.text }),
  );
  return rows.map((row) => row.webhookId);
}

/**
 * Deletes the deliveries delivered or failed more than 30 days ago (the sweep, every 5 minutes):
 * the log is for seeing what an endpoint got lately, and would otherwise grow with every event.
 * Pending ones are never deleted. Answers how many went.
 */
export async function pruneWebhookDeliveries(now: Date): Promise<number> {
  return WebhookDelivery.destroy({
    where: { status: ["delivered", "failed"], createdAt: { [Op.lt]: new Date(now.getTime() - KEPT_FOR_MS) } },
  });
}
