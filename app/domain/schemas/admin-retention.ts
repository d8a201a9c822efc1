import { z } from "zod";
import { ADMIN_PAYMENT_FILTERS } from "~/domain/statuses";
import { listQuery, type ListParams } from "~/domain/list-query";
import { paymentStatusField, RETENTION_FILTERS, type RetentionFilter } from "./payment-tracking";

// The admin's two retention screens (issue 13, item 3) and their API: Retention Management's URL
// and GET /api/admin/retention's query (?search=&agentId=&page=&pageSize=), the retention-by-sale
// payment filter (?paymentStatus=all|pending|paid|cancelled, also taken by
// GET /api/admin/applications?status=sale), and PUT /api/admin/payment-tracking/{id}'s body.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const agentIdField = z.string().trim().regex(UUID, "Agent must be an agent's id").optional();

/** Retention accounts: 20 a page on the page (each row carries two selects), 100 by default on the API. */
const accountList = listQuery({ statuses: RETENTION_FILTERS, pageSize: 20 });

export type RetentionAccountsQuery = ListParams<RetentionFilter> & { agentId?: string };

/** GET /api/admin/retention's query (strict: a bad value is a 400 naming the field). */
export const retentionAccountsQuerySchema = accountList.schema.and(
  z.object({ agentId: agentIdField }),
) as unknown as z.ZodType<RetentionAccountsQuery>;

/** Retention Management's URL (lenient: an unreadable agent is left out). */
export function retentionAccountsFromSearch(search: URLSearchParams): RetentionAccountsQuery {
  const agentId = agentIdField.safeParse(search.get("agentId") || undefined);
  return { ...accountList.fromSearch(search), agentId: agentId.success ? agentId.data : undefined };
}

/** @internal Exported for tests. */
export const PAYMENT_FILTER_MESSAGE = `Payment status must be one of: ${ADMIN_PAYMENT_FILTERS.join(", ")}`;

/**
 * ?paymentStatus=: all (every sale) or the sales with at least one month in that status; pending
 * is the admin's word for a stored not_paid (decision 026), and not_paid is read as pending.
 */
export const paymentFilterField = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const value = v.trim().toLowerCase();
    return value === "not_paid" ? "pending" : value;
  },
  z.enum(ADMIN_PAYMENT_FILTERS, { errorMap: () => ({ message: PAYMENT_FILTER_MESSAGE }) }),
);

/** @internal Exported for tests. */
export const ADMIN_PAYMENT_MESSAGES = {
  statusRequired: "Status is required: pending, paid or cancelled.",
} as const;

/**
 * PUT /api/admin/payment-tracking/{id} and both screens' selects: { status } only, required;
 * pending (or not_paid), paid or cancelled, any case.
 */
export const adminPaymentStatusSchema = z.object({
  status: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? undefined : v),
    z
      .any()
      .refine((v) => v !== undefined, ADMIN_PAYMENT_MESSAGES.statusRequired)
      .pipe(paymentStatusField),
  ),
});
