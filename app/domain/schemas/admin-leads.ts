import { z } from "zod";
import { PERIOD_MESSAGES, isoDayProblem } from "~/domain/period-range";
import { STATES_WITH_DC } from "~/domain/states";
import type { AdminPaymentFilter } from "~/domain/statuses";
import {
  ADMIN_LEAD_FILTERS,
  ADMIN_LEAD_SORTS,
  UNASSIGNED_AGENT,
  type AdminLeadFilter,
  type AdminLeadSort,
} from "~/domain/admin-leads";
import { listQuery, type ListParams } from "~/domain/list-query";
import { paymentFilterField } from "./admin-retention";

// All Leads' URL and GET /api/admin/applications' query: ?search=&status=&sort=&page=&pageSize=
// (the list kit) and the admin's own filters ?agentId= (an agent's id, or unassigned)&carrierId=&state=&dateFrom=&dateTo=&unread=1.
// Strict for the API (a bad value is a 400 naming the field), lenient for the page.

const allLeadList = listQuery({ statuses: ADMIN_LEAD_FILTERS, sorts: ADMIN_LEAD_SORTS, pageSize: 20 });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATE_CODES = new Set(STATES_WITH_DC.map((s) => s.code));

const day = (label: string) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      // A day of another shape, one the calendar lacks, or one out of range (year 0100 is a 500 on Postgres).
      const problem = isoDayProblem(v);
      if (problem) {
        const message = problem === PERIOD_MESSAGES.outOfRange ? problem : `${label} must be a date (YYYY-MM-DD)`;
        ctx.addIssue({ code: "custom", message });
      }
    })
    .optional();

const filterFields = {
  agentId: z
    .string()
    .trim()
    .refine((v) => v === UNASSIGNED_AGENT || UUID.test(v), "Agent must be an agent's id or unassigned")
    .optional(),
  carrierId: z.string().trim().regex(UUID, "Carrier must be a carrier's id").optional(),
  state: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => STATE_CODES.has(v), "State must be a two-letter US state code")
    .optional(),
  dateFrom: day("Date from"),
  dateTo: day("Date to"),
  unread: z
    .enum(["1", "0", "true", "false"], { errorMap: () => ({ message: "Unread must be 1 or 0" }) })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  // Retention by sale (?status=sale&paymentStatus=paid): the sales with a month in that status.
  paymentStatus: paymentFilterField.optional(),
};

export type AllLeadsQuery = ListParams<AdminLeadFilter, AdminLeadSort> & {
  agentId?: string;
  carrierId?: string;
  state?: string;
  dateFrom?: string;
  dateTo?: string;
  unread: boolean;
  paymentStatus?: AdminPaymentFilter;
};

const filters = z.object(filterFields).refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
  message: "Date from must be on or before date to",
  path: ["dateTo"],
});

/** GET /api/admin/applications' query (strict). */
export const allLeadsQuerySchema = allLeadList.schema.and(filters) as unknown as z.ZodType<AllLeadsQuery>;

/** All Leads' URL (lenient: an unreadable filter is left out, the rest still count). */
export function allLeadsFromSearch(search: URLSearchParams): AllLeadsQuery {
  const query: AllLeadsQuery = { ...allLeadList.fromSearch(search), unread: false };
  for (const key of Object.keys(filterFields) as (keyof typeof filterFields)[]) {
    const raw = search.get(key);
    if (raw === null || raw === "") continue;
    const parsed = filterFields[key].safeParse(raw);
    if (parsed.success) Object.assign(query, { [key]: parsed.data });
  }
  if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) query.dateTo = undefined;
  return query;
}
