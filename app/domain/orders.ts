import { dollarsFromCents } from "./format";

// The Order Sheet's fixed choices (part 2, section 9) and the one cost-per-call rule the table,
// the stat cards, the dialogs' preview and the API share. No schema code here, so the list's
// rows can use it without shipping zod.

/**
 * Where an order came from. The spec says "two options" without naming them; these are the names
 * the demo data has always used: the agency sold it itself, or a partner referred the agent
 * (docs/decisions/035).
 */
export const COMPANY_SOURCES = ["Direct", "Referral Partner"] as const;

/** The eight gateways, in the spec's order; Zelle is the default. */
export const PAYMENT_GATEWAYS = [
  "Zelle",
  "Venmo",
  "Wise",
  "Remitly",
  "Western Union",
  "ACH",
  "Stripe",
  "Cash App",
] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];
export const DEFAULT_PAYMENT_GATEWAY: PaymentGateway = "Zelle";

/** The agent select's choice that reveals the name field. */
export const MANUAL_AGENT = "manual";

export const ORDER_TOASTS = {
  created: "Order created successfully",
  updated: "Order updated successfully",
  deleted: "Order deleted successfully",
  createFailed: "Failed to create order",
  updateFailed: "Failed to update order",
  deleteFailed: "Failed to delete order",
} as const;

export const ORDER_MESSAGES = {
  agentName: "Agent name is required",
  agentId: "Choose an agent from the list, or Manual entry",
  callsOrdered: "Calls ordered is required",
  callsOrderedMin: "Calls ordered must be at least 1",
  callsWhole: "Calls must be a whole number",
  callsMax: "Calls must be at most 1,000,000",
  callsCompleted: "Calls completed must be 0 or more",
  companySource: `Company source must be one of: ${COMPANY_SOURCES.join(", ")}`,
  platformSource: "Platform source is required",
  totalPayment: "Total payment is required",
  totalPaymentMin: "Total payment must be 0 or more",
  totalPaymentShape: "Total payment must be an amount in dollars with at most two decimals",
  totalPaymentMax: "Total payment must be at most $100,000,000.00",
  paymentGateway: `Payment gateway must be one of: ${PAYMENT_GATEWAYS.join(", ")}`,
  bdm: "Choose one of the business development managers",
  status: "Status must be one of: Active, Completed, Refunded, Paused",
  notFound: "Order not found",
} as const;

/** The largest payment taken, so cents stay far inside a safe integer and a BIGINT. */
export const MAX_TOTAL_PAYMENT_CENTS = 10_000_000_000;
export const MAX_CALLS = 1_000_000;

/**
 * Per-call cost = total payment / calls ordered (part 2, section 3), in whole cents (half a cent
 * rounds up); none when no calls are ordered.
 */
export function costPerCallCents(totalPaymentCents: number, callsOrdered: number): number | null {
  if (!Number.isFinite(totalPaymentCents) || !Number.isFinite(callsOrdered) || callsOrdered <= 0) return null;
  return Math.round(totalPaymentCents / callsOrdered);
}

/** Cents as the API's decimal string ("1250.00"). */
export function decimalString(cents: number): string {
  return dollarsFromCents(cents);
}
