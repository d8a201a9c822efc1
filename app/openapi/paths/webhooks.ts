import { webhookCreateSchema, webhookDeliveryList, webhookList, webhookUpdateSchema } from "~/domain/schemas/webhooks";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from "~/domain/webhooks";
import type { WebhookDeliveryView, WebhookView } from "~/services/webhooks.server";
import { Message } from "../answers";
import { z, type Operation } from "../kit";

// Outbound webhooks (issue 27 item 6, decision 083): app/routes/api+/admin.webhooks.ts,
// admin.webhooks.$id.ts and admin.webhooks.$id.deliveries.ts.

const tag = "Webhooks";

const Webhook = z
  .object({
    id: z.string().uuid(),
    url: z.string().url(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    description: z.string().nullable(),
    active: z.boolean(),
    createdAt: z.string().datetime(),
    pendingCount: z.number().int().describe("Deliveries waiting to be sent or retried."),
    failedCount: z.number().int().describe("Deliveries given up on after 24 hours of retries."),
  })
  .openapi("Webhook") satisfies z.ZodType<WebhookView>;

const WebhookDelivery = z
  .object({
    id: z.number().int(),
    eventId: z.string().uuid().describe("The event's id, the same for every endpoint and every attempt."),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastResponseCode: z.number().int().nullable(),
    lastError: z
      .string()
      .nullable()
      .describe('A few words ("HTTP 500", "Timed out after 10 s"); never the answer\'s body.'),
    nextAttemptAt: z.string().datetime().nullable().describe("When a pending delivery is tried next."),
    deliveredAt: z.string().datetime().nullable(),
    createdAt: z.string().datetime(),
  })
  .openapi("WebhookDelivery") satisfies z.ZodType<WebhookDeliveryView>;

export const webhookPaths: Operation[] = [
  {
    method: "get",
    path: "/api/admin/webhooks",
    tag,
    summary: "The webhook endpoints",
    description: "Newest first; never a secret.",
    access: "admin",
    query: webhookList.schema,
    answers: { description: "One page of endpoints.", list: Webhook },
  },
  {
    method: "post",
    path: "/api/admin/webhooks",
    tag,
    summary: "Register a webhook endpoint",
    description:
      'Each event it listens to is sent as a signed JSON POST: `X-Agency-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the secret answered here, once. A 2xx answer within 10 s is delivered; anything else is retried for 24 hours; an endpoint\'s events arrive in order.',
    access: "admin",
    body: webhookCreateSchema,
    answers: {
      status: 201,
      description: "The endpoint, and the only answer that ever holds its secret.",
      body: Webhook.extend({ secret: z.string().regex(/^whsec_[A-Za-z0-9_-]{43}$/) }),
    },
  },
  {
    method: "patch",
    path: "/api/admin/webhooks/{id}",
    tag,
    summary: "Edit, pause or resume a webhook endpoint",
    description:
      "Absent fields stay. `active: false` pauses the endpoint: it is sent nothing and gets no new deliveries; `true` resumes it, and what waited is sent, each delivery while its 24 hours last. The secret stays.",
    access: "admin",
    body: webhookUpdateSchema,
    answers: { description: "The endpoint.", body: Webhook },
  },
  {
    method: "delete",
    path: "/api/admin/webhooks/{id}",
    tag,
    summary: "Delete a webhook endpoint",
    description: "With its delivery log; deliveries still pending are never sent.",
    access: "admin",
    answers: { description: "Deleted.", body: Message },
  },
  {
    method: "get",
    path: "/api/admin/webhooks/{id}/deliveries",
    tag,
    summary: "An endpoint's delivery log",
    description: "Newest first; never the body sent.",
    access: "admin",
    query: webhookDeliveryList.schema,
    answers: { description: "One page of deliveries.", list: WebhookDelivery },
  },
];
