import crypto from "node:crypto";
import type { Transaction } from "sequelize";
import { z } from "zod";
import { Webhook, WebhookDelivery, sequelize } from "~db";
import {
  WEBHOOK_DELIVERY_JOB,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES as M,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from "~/domain/webhooks";
import type { WebhookCreateInput, WebhookUpdateInput } from "~/domain/schemas/webhooks";
import { encrypt, randomToken } from "~/utils/crypto.server";
import type { Page } from "~/utils/list";
import { logger } from "~/utils/logger.server";
import { logActivity } from "./activity.server";
import { notFound } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, selectOne, selectRows, sql, sqlPage } from "./sql/reads.server";

// Outbound webhooks (issue 27 item 6, docs/decisions/083-webhooks.md): the endpoints admins
// register, the events the services emit, and the delivery log. An endpoint's secret is made
// here, answered once (by create) and kept encrypted, since every delivery is signed with it; it
// is never logged, listed or read back. Sending is app/services/webhook-delivery.server.ts.

export type WebhookView = {
  id: string;
  url: string;
  events: WebhookEvent[];
  description: string | null;
  active: boolean;
  createdAt: string;
  /** Deliveries waiting to be sent or retried, and those given up on. */
  pendingCount: number;
  failedCount: number;
};

const eventList = z.array(z.string()).transform((names) => WEBHOOK_EVENTS.filter((event) => names.includes(event)));

const WebhookRow = z.object({
  id: column.text,
  url: column.text,
  events: column.json(eventList),
  description: column.text.nullable(),
  active: column.boolean,
  createdAt: column.isoDate,
  pendingCount: column.sum,
  failedCount: column.sum,
}) satisfies z.ZodType<WebhookView, z.ZodTypeDef, unknown>;

const WEBHOOK_COLUMNS = sql`w.id, w.url, w.events, w.description, w.active, w.created_at AS "createdAt",
  (SELECT COUNT(*) FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.status = 'pending') AS "pendingCount",
  (SELECT COUNT(*) FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.status = 'failed') AS "failedCount"`;

/** Newest first, paged by the database. Admins only. */
export async function listWebhooks(
  actor: SessionUser,
  query: { page: number; pageSize: number },
): Promise<Page<WebhookView>> {
  assertAdmin(actor);
  return sqlPage(
    { select: WEBHOOK_COLUMNS, from: sql`webhooks w`, orderBy: sql`w.created_at DESC, w.id DESC` },
    query,
    WebhookRow,
  );
}

/** One endpoint. An unknown or malformed id is a 404. Admins only. */
export async function getWebhook(actor: SessionUser, id: string): Promise<WebhookView> {
  assertAdmin(actor);
  const found = isUuid(id)
    ? await selectOne(sql`SELECT ${WEBHOOK_COLUMNS} FROM webhooks w WHERE w.id = ${id}`, WebhookRow)
    : null;
  if (!found) throw notFound(M.notFound);
  return found;
}

/** A new signing secret: 32 random bytes, with a prefix that says what it is when pasted elsewhere. */
function newSigningSecret() {
  return `whsec_${randomToken(32)}`;
}

/**
 * Registers an endpoint, active, with a new signing secret. The secret is in this answer only:
 * what is kept is its encryption. Admins only.
 */
export async function createWebhook(
  actor: SessionUser,
  input: WebhookCreateInput,
): Promise<{ webhook: WebhookView; secret: string }> {
  assertAdmin(actor);
  const secret = newSigningSecret();
  const id = await sequelize.transaction(async (transaction) => {
    const row = await Webhook.create(
      {
        url: input.url,
        events: JSON.stringify(input.events),
        secretEncrypted: encrypt(secret),
        description: input.description,
        active: true,
        createdById: actor.id,
      },
      { transaction },
    );
    await logActivity(
      {
        userId: actor.id,
        action: "webhook_created",
        entityType: "webhook",
        entityId: row.id,
        summary: `Added webhook endpoint ${new URL(input.url).host} for ${input.events.join(", ")}`,
      },
      { transaction },
    );
    return row.id;
  });
  return { webhook: await getWebhook(actor, id), secret };
}

/**
 * Changes an endpoint: its URL, events or description, and `active` to pause or resume it (the
 * fields not given stay). A paused endpoint is sent nothing and gets no new deliveries; those
 * already waiting are sent when it is resumed, each while its 24 hours last, to the URL it has then.
 * Each change is in the activity log. An unknown id is a 404. Admins only.
 */
export async function updateWebhook(actor: SessionUser, id: string, changes: WebhookUpdateInput): Promise<WebhookView> {
  const before = await getWebhook(actor, id);
  const { active, url, events, description } = changes;
  // The columns given, as stored (the events as their JSON list).
  const columns = {
    ...(url === undefined ? {} : { url }),
    ...(events === undefined ? {} : { events: JSON.stringify(events) }),
    ...(description === undefined ? {} : { description }),
  };
  const edited = Object.keys(columns).length > 0;
  const switched = active !== undefined && active !== before.active;
  const host = new URL(url ?? before.url).host;
  await sequelize.transaction(async (transaction) => {
    if (edited || switched) {
      await Webhook.update({ ...columns, ...(switched ? { active } : {}) }, { where: { id }, transaction });
    }
    const entry = { userId: actor.id, entityType: "webhook", entityId: id };
    if (edited) {
      const summary = `Edited webhook endpoint ${host} for ${(events ?? before.events).join(", ")}`;
      await logActivity({ ...entry, action: "webhook_updated", summary }, { transaction });
    }
    if (switched) {
      const [action, verb] = active ? ["webhook_resumed", "Resumed"] : ["webhook_paused", "Paused"];
      await logActivity({ ...entry, action, summary: `${verb} webhook endpoint ${host}` }, { transaction });
      // What waited while it was paused is due now: its sending job is woken after the commit.
      if (active) wakeDeliveries([id], transaction);
    }
  });
  return getWebhook(actor, id);
}

/** Deletes an endpoint with its delivery log; what was still pending is never sent. Admins only. */
export async function deleteWebhook(actor: SessionUser, id: string): Promise<void> {
  const webhook = await getWebhook(actor, id);
  await sequelize.transaction(async (transaction) => {
    await WebhookDelivery.destroy({ where: { webhookId: id }, transaction });
    await Webhook.destroy({ where: { id }, transaction });
    await logActivity(
      {
        userId: actor.id,
        action: "webhook_deleted",
        entityType: "webhook",
        entityId: id,
        summary: `Deleted webhook endpoint ${new URL(webhook.url).host}`,
      },
      { transaction },
    );
  });
}

export type WebhookDeliveryView = {
  id: number;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastResponseCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
};

const DeliveryRow = z.object({
  id: column.integer,
  eventId: column.text,
  eventType: column.text,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: column.integer,
  lastResponseCode: column.integer.nullable(),
  lastError: column.text.nullable(),
  nextAttemptAt: column.isoDate.nullable(),
  deliveredAt: column.isoDate.nullable(),
  createdAt: column.isoDate,
}) satisfies z.ZodType<WebhookDeliveryView, z.ZodTypeDef, unknown>;

/** An endpoint's deliveries, newest first, by status; never the body. An unknown endpoint is a 404. Admins only. */
export async function listWebhookDeliveries(
  actor: SessionUser,
  webhookId: string,
  query: { status: "all" | WebhookDeliveryStatus; page: number; pageSize: number },
): Promise<Page<WebhookDeliveryView>> {
  await getWebhook(actor, webhookId);
  return sqlPage(
    {
      select: sql`d.id, d.event_id AS "eventId", d.event_type AS "eventType", d.status, d.attempts,
        d.last_response_code AS "lastResponseCode", d.last_error AS "lastError",
        CASE WHEN d.status = 'pending' THEN d.next_attempt_at END AS "nextAttemptAt",
        d.delivered_at AS "deliveredAt", d.created_at AS "createdAt"`,
      from: sql`webhook_deliveries d`,
      where:
        query.status === "all"
          ? sql`d.webhook_id = ${webhookId}`
          : sql`d.webhook_id = ${webhookId} AND d.status = ${query.status}`,
      orderBy: sql`d.id DESC`,
    },
    query,
    DeliveryRow,
  );
}

/**
 * What an event tells: ids, statuses, amounts and names at most. Never a Social Security, bank,
 * card or phone number, a date of birth or health answers: a receiver that needs more asks the API
 * with a token, which checks who may see it.
 */
export type WebhookEventData = Record<string, string | number | boolean | null>;

/**
 * Tells the endpoints that hear `type` of a change (the outbox): one delivery per active endpoint,
 * written in the change's transaction when there is one, so a change rolled back sends nothing and
 * one committed is never lost; the sending job is woken after the commit. Every endpoint gets the
 * same event id, which a receiver uses to ignore a delivery it has already handled.
 */
export async function emitWebhookEvent(type: WebhookEvent, data: WebhookEventData, transaction?: Transaction) {
  await emitWebhookEvents([{ type, data }], transaction);
}

/** Several events of one change (a batch of leads) in one read of the endpoints and one insert, in the order given. */
export async function emitWebhookEvents(
  events: { type: WebhookEvent; data: WebhookEventData }[],
  transaction?: Transaction,
) {
  if (events.length === 0) return;
  const endpoints = await selectRows(
    sql`SELECT w.id, w.events FROM webhooks w WHERE w.active = ${true}`,
    z.object({ id: column.text, events: column.json(z.array(z.string())) }),
    { transaction },
  );
  const createdAt = new Date();
  const rows = events.flatMap(({ type, data }) => {
    const listening = endpoints.filter((endpoint) => endpoint.events.includes(type));
    if (listening.length === 0) return [];
    const eventId = crypto.randomUUID();
    const body = JSON.stringify({ id: eventId, type, createdAt: createdAt.toISOString(), data });
    return listening.map((endpoint) => ({
      webhookId: endpoint.id,
      eventId,
      eventType: type,
      body,
      nextAttemptAt: createdAt,
    }));
  });
  if (rows.length === 0) return;
  await WebhookDelivery.bulkCreate(rows, { transaction });
  wakeDeliveries([...new Set(rows.map((row) => row.webhookId))], transaction);
}

/** Wakes the endpoints' sending jobs, after `transaction` commits when there is one. */
function wakeDeliveries(webhookIds: string[], transaction?: Transaction) {
  const wake = () => {
    // Imported when used: the job engine's modules import the services that emit (retention,
    // housekeeping), and a static import here would make a cycle that leaves one of them half-loaded.
    import("~/jobs/index.server")
      .then(async ({ enqueueJob }) => {
        for (const webhookId of webhookIds) await enqueueJob(WEBHOOK_DELIVERY_JOB, { webhookId });
      })
      // A lost wake-up only delays a delivery: the sweep finds it (app/jobs/webhooks.server.ts).
      .catch((error: unknown) =>
        logger.warn({ error: error instanceof Error ? error.name : "error" }, "webhook wake-up failed"),
      );
  };
  if (transaction) transaction.afterCommit(wake);
  else wake();
}
