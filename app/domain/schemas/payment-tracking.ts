import { z } from "zod";
import { listQuery, type ListParams } from "~/domain/list-query";
import { PAYMENT_STATUSES, type PaymentStatus } from "../statuses";

// One month of a sale's payment schedule, as the retention tracker's cells and
// PATCH /api/payment-tracking/{paymentId} change it, and the tracker's list parameters.

const PAYMENT_NOTES_MAX = 1000;

/**
 * The agent tracker of the original product calls an unpaid month not_paid, its admin and lead
 * views pending. We store not_paid and read either (docs/decisions/026).
 */
const UNPAID_ALIASES: Record<string, PaymentStatus> = { pending: "not_paid" };

/** @internal Exported for tests. */
export const PAYMENT_TRACKING_MESSAGES = {
  status: `Status must be one of: ${PAYMENT_STATUSES.join(", ")} (pending is read as not_paid).`,
  notesTooLong: `Notes are at most ${PAYMENT_NOTES_MAX.toLocaleString("en-US")} characters.`,
  nothing: "Send a status or notes to update.",
} as const;

/** A payment status as typed by a page or a client: any case, pending for not_paid. */
export const paymentStatusField = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const value = v.trim().toLowerCase();
    return UNPAID_ALIASES[value] ?? value;
  },
  z.enum(PAYMENT_STATUSES, { errorMap: () => ({ message: PAYMENT_TRACKING_MESSAGES.status }) }),
);

/**
 * PATCH /api/payment-tracking/{paymentId} and the tracker's cells: `status` and `notes`, each
 * left as it is when absent. Notes are trimmed; null or blank clears them.
 */
export const paymentTrackingUpdateSchema = z
  .object({
    status: paymentStatusField.optional(),
    notes: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? null : v),
      z
        .string({ invalid_type_error: PAYMENT_TRACKING_MESSAGES.notesTooLong })
        .trim()
        .max(PAYMENT_NOTES_MAX, PAYMENT_TRACKING_MESSAGES.notesTooLong)
        .nullable()
        .optional(),
    ),
  })
  .refine((change) => change.status !== undefined || change.notes !== undefined, {
    message: PAYMENT_TRACKING_MESSAGES.nothing,
    path: ["status"],
  });

/**
 * Which policies a retention list shows (?status=): all of them, or those with a payment due, an
 * unpaid month of an active policy overdue or due by tomorrow (where the Payments Due card leads).
 */
export const RETENTION_FILTERS = ["all", "due"] as const;
export type RetentionFilter = (typeof RETENTION_FILTERS)[number];

/** ?status=&page=&pageSize= for the tracker (10 policies a page: each shows nine months) and GET /api/agent/retention. */
export const retentionList = listQuery({ statuses: RETENTION_FILTERS, pageSize: 10 });

export type RetentionListQuery = ListParams<RetentionFilter>;
