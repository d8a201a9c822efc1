import { z } from "zod";
import { pagingSchema } from "~/domain/list-query";
import { centsFromDollars } from "../format";
import {
  COMPANY_SOURCES,
  DEFAULT_PAYMENT_GATEWAY,
  MANUAL_AGENT,
  MAX_CALLS,
  MAX_TOTAL_PAYMENT_CENTS,
  ORDER_MESSAGES as M,
  PAYMENT_GATEWAYS,
} from "../orders";
import { ORDER_STATUSES } from "../statuses";
import { TIMEZONES, isTimezone } from "../timezones";
import { optionalText, requiredText } from "./fields";
import { periodFields, withCustomRangeRules } from "./period";

// One schema per operation: the Add and Edit dialogs (page actions) and POST / PATCH
// /api/admin/orders parse with these (part 2, section 5), and the list's query.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A form's empty field and a JSON null both mean "not given". */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** A whole number of calls typed in a form ("25") or sent as JSON (25). */
const calls = (required: string, min: number, below: string) =>
  z.preprocess(
    (v) => {
      const given = blankToUndefined(v);
      // Typed digits become a number; anything else is left for zod to refuse as not a number.
      return typeof given === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(given) ? Number(given) : given;
    },
    z
      .number({ required_error: required, invalid_type_error: M.callsWhole })
      .int(M.callsWhole)
      .min(min, below)
      .max(MAX_CALLS, M.callsMax),
  );

/**
 * Dollars as typed ("1,250.5", "$900") or sent ("900.00" or 900), read to integer cents without
 * floating point; at least 0, at most two decimals (the input's step of 0.01).
 */
const totalPayment = z.preprocess(
  blankToUndefined,
  z
    .union([z.string(), z.number()], { required_error: M.totalPayment, invalid_type_error: M.totalPaymentShape })
    .transform((value, ctx) => {
      const cents = centsFromDollars(value);
      if (cents === null) ctx.addIssue({ code: "custom", message: M.totalPaymentShape });
      else if (cents < 0) ctx.addIssue({ code: "custom", message: M.totalPaymentMin });
      else if (cents > MAX_TOTAL_PAYMENT_CENTS) ctx.addIssue({ code: "custom", message: M.totalPaymentMax });
      return cents ?? 0;
    }),
);

const companySource = z.preprocess(
  (v) => (v == null ? "" : v),
  z.enum(COMPANY_SOURCES, { errorMap: () => ({ message: M.companySource }) }),
);

const paymentGateway = z.preprocess(
  (v) => blankToUndefined(v) ?? DEFAULT_PAYMENT_GATEWAY,
  z.enum(PAYMENT_GATEWAYS, { errorMap: () => ({ message: M.paymentGateway }) }),
);

/** A BDM's id, or none ("" from the form's "Not assigned"). Whether it exists is the service's check. */
const bdm = z.preprocess(
  blankToUndefined,
  z
    .string({ invalid_type_error: M.bdm })
    .regex(UUID, M.bdm)
    .optional()
    .transform((v) => v ?? null),
);

/** An approved or pending agent's id, "manual" (the name is typed), or nothing chosen. */
const agentId = z.preprocess(
  blankToUndefined,
  z
    .string({ invalid_type_error: M.agentId })
    .refine((v) => v === MANUAL_AGENT || UUID.test(v), M.agentId)
    .optional()
    .transform((v) => (v && v !== MANUAL_AGENT ? v : null)),
);

const status = z.preprocess(
  (v) => (v == null ? "" : v),
  z.enum(ORDER_STATUSES, { errorMap: () => ({ message: M.status }) }),
);

const agentFields = {
  agentId,
  agentName: optionalText("Agent name", 200, { notGiven: null }),
};

const addFields = {
  callsOrdered: calls(M.callsOrdered, 1, M.callsOrderedMin),
  companySource,
  platformSource: requiredText("Platform source", 120, { required: M.platformSource }),
  referrer: optionalText("Referrer", 200, { notGiven: null }),
  totalPayment,
  paymentGateway,
  bdm,
};

const editFields = {
  ...addFields,
  callsCompleted: calls(M.callsCompleted, 0, M.callsCompleted),
  status,
};

/**
 * Without a chosen agent the typed name is the order's (Agent name is required); with one, the
 * service takes the name from the agent's record and the typed one is ignored.
 */
function needsAgentName(value: { agentId?: string | null; agentName?: string | null }, ctx: z.RefinementCtx) {
  if (!value.agentId && !value.agentName) ctx.addIssue({ code: "custom", message: M.agentName, path: ["agentName"] });
}

/**
 * The agent's two fields, checked apart from the others: zod skips an object's refinement once a
 * field has failed, and "Agent name is required" must show alongside the other messages.
 */
const agentRule = z.object(agentFields).superRefine(needsAgentName);

/** Add New Order and POST /api/admin/orders. */
export const orderCreateSchema = z.object(addFields).and(agentRule);
export type OrderCreateInput = z.output<typeof orderCreateSchema>;

/** Edit Order: every field, as the dialog posts them. */
export const orderEditSchema = z.object(editFields).and(agentRule);

/**
 * PATCH /api/admin/orders/{id}: any of the fields; what is left out stays as it is. A name is
 * needed only when the agent is being set to none (agentId "" or "manual").
 */
export const orderPatchSchema = z
  .object({ ...agentFields, ...editFields })
  .partial()
  .superRefine((value, ctx) => {
    if ("agentId" in value && value.agentId === null && !value.agentName) {
      ctx.addIssue({ code: "custom", message: M.agentName, path: ["agentName"] });
    }
  });
export type OrderUpdateInput = z.output<typeof orderPatchSchema>;

const ORDER_LIST_MESSAGES = {
  bdm: "BDM must be a BDM's id",
  timezone: `Timezone must be one of ${TIMEZONES.map((tz) => tz.value).join(", ")}.`,
} as const;

/**
 * GET /api/admin/orders and /api/admin/order-stats: ?period= (left out: all time), startDate and
 * endDate (custom only), bdm (a BDM's id), timezone (the admin's own when left out), page and
 * pageSize (default 100, at most 500).
 */
export const orderListQuery = withCustomRangeRules(
  pagingSchema.extend({
    ...periodFields,
    bdm: z.string().regex(UUID, ORDER_LIST_MESSAGES.bdm).optional(),
    timezone: z
      .string()
      .refine((value) => isTimezone(value), ORDER_LIST_MESSAGES.timezone)
      .optional(),
  }),
);

/** The page reads ?bdm= leniently: anything that is not an id shows every BDM's orders. */
export function bdmFromSearch(params: URLSearchParams): string | undefined {
  const value = params.get("bdm") ?? "";
  return UUID.test(value) ? value : undefined;
}
