import { z } from "zod";
import { listQuery } from "~/domain/list-query";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES as M,
  WEBHOOK_URL_MAX,
  type WebhookEvent,
} from "../webhooks";
import { blank, optionalText } from "./fields";

// One schema for Add Endpoint (the page's dialog) and POST /api/admin/webhooks (issue 27 item 6).
// The form sends the events as repeated checkboxes (one value, several, or none); JSON sends an array.

/** An absolute http(s) URL without credentials: the secret signs the request, never a URL's password. */
const url = z.preprocess(
  blank,
  z
    .string({ required_error: M.url, invalid_type_error: M.url })
    .max(WEBHOOK_URL_MAX, M.urlTooLong)
    .superRefine((value, ctx) => {
      let parsed: URL;
      try {
        parsed = new URL(value);
      } catch {
        ctx.addIssue({ code: "custom", message: M.urlShape });
        return;
      }
      if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || !parsed.hostname) {
        ctx.addIssue({ code: "custom", message: M.urlShape });
      } else if (parsed.username || parsed.password) {
        ctx.addIssue({ code: "custom", message: M.urlCredentials });
      }
    }),
);

const isEvent = (value: unknown): value is WebhookEvent =>
  typeof value === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(value);

const events = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.unknown(), { invalid_type_error: M.events }).transform((values, ctx) => {
    if (values.length === 0) ctx.addIssue({ code: "custom", message: M.events });
    else if (!values.every(isEvent)) ctx.addIssue({ code: "custom", message: M.eventUnknown });
    // Listed once each, in the dialog's order.
    return WEBHOOK_EVENTS.filter((event) => values.includes(event));
  }),
);

export const webhookCreateSchema = z.object({
  url,
  events,
  description: optionalText("Description", WEBHOOK_DESCRIPTION_MAX, { notGiven: null }),
});
export type WebhookCreateInput = z.output<typeof webhookCreateSchema>;

/**
 * PATCH /api/admin/webhooks/{id}: any of the fields to change, and `active` to pause (false) or
 * resume (true) the endpoint. The page's Edit dialog sends all three fields (webhookCreateSchema).
 */
export const webhookUpdateSchema = webhookCreateSchema
  .partial()
  .extend({ active: z.boolean({ invalid_type_error: M.active }).optional() });
export type WebhookUpdateInput = z.output<typeof webhookUpdateSchema>;

/** The endpoints (newest first) and the API's list. */
export const webhookList = listQuery({ pageSize: 20 });

/** One endpoint's deliveries, newest first, filtered by status. */
export const webhookDeliveryList = listQuery({ statuses: ["all", ...WEBHOOK_DELIVERY_STATUSES], pageSize: 20 });
