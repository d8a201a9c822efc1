// Outbound webhooks (issue 27 item 6, docs/decisions/083-webhooks.md): the events, words and
// numbers the page, the API and the service share. No schema code here, so the page's JavaScript
// stays small; app/domain/schemas/webhooks.ts reads the input with zod.

/** Every event an endpoint may hear, in the order the Add Endpoint dialog lists them. */
export const WEBHOOK_EVENTS = [
  "lead.created",
  "lead.assigned",
  "lead.status_changed",
  "sale.recorded",
  "payment.updated",
  "policy.status_changed",
  "lead.returned",
  "lead_import.completed",
  "agent.approved",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  "lead.created": "A lead arrives (application form, intake, import, admin)",
  "lead.assigned": "A lead is given to an agent or moved to another",
  "lead.status_changed": "A lead's status changes",
  "sale.recorded": "A lead is marked sold",
  "payment.updated": "A month's payment is marked paid, not paid or cancelled",
  "policy.status_changed": "A policy's carrier status changes",
  "lead.returned": "An agent's return of a bad lead is approved",
  "lead_import.completed": "A CSV lead import finishes",
  "agent.approved": "An agent's account is approved",
};

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const DELIVERY_STYLES: Record<WebhookDeliveryStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900 ring-amber-600/20" },
  delivered: { label: "Delivered", className: "bg-green-100 text-green-800 ring-green-600/20" },
  failed: { label: "Failed", className: "bg-red-100 text-red-800 ring-red-600/20" },
};

export function webhookDeliveryStyle(status: WebhookDeliveryStatus) {
  return DELIVERY_STYLES[status];
}

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe's. */
export const SIGNATURE_HEADER = "X-Agency-Signature";

export const WEBHOOK_MESSAGES = {
  url: "URL is required",
  urlShape: "URL must be a full http:// or https:// address",
  urlTooLong: `URL must be at most ${WEBHOOK_URL_MAX} characters`,
  urlCredentials: "URL must not hold a user name or password",
  events: "Choose at least one event",
  eventUnknown: `Events must be among: ${WEBHOOK_EVENTS.join(", ")}`,
  descriptionTooLong: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  notFound: "Webhook Not Found",
  active: "Active must be true or false",
};

export const WEBHOOK_TOASTS = {
  created: "Endpoint added successfully",
  createFailed: "Failed to add endpoint",
  deleted: "Endpoint deleted successfully",
  deleteFailed: "Failed to delete endpoint",
  updated: "Endpoint updated successfully",
  updateFailed: "Failed to update endpoint",
  paused: "Endpoint paused",
  resumed: "Endpoint resumed",
  activeFailed: "Failed to change the endpoint",
};

/** The job that sends one endpoint's due deliveries, in order (app/jobs/webhooks.server.ts). */
export const WEBHOOK_DELIVERY_JOB = "deliver-webhooks";

/** How a receiver checks a delivery (Node), shown on the page and in docs/api.md. */
export const WEBHOOK_VERIFY_SNIPPET = `import crypto from "node:crypto";

// header: the X-Agency-Signature header; body: the raw request body, as received.
export function verifyAgencySignature(secret, header, body, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  const expected = crypto.createHmac("sha256", secret).update(\`\${parts.t}.\${body}\`).digest("hex");
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) <= toleranceSeconds;
  return (
    fresh &&
    typeof parts.v1 === "string" &&
    parts.v1.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected))
  );
}`;
