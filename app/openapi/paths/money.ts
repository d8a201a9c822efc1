import { adminPaymentStatusSchema, retentionAccountsQuerySchema } from "~/domain/schemas/admin-retention";
import { commissionList } from "~/domain/schemas/commissions";
import { orderCreateSchema, orderListQuery, orderPatchSchema } from "~/domain/schemas/orders";
import { retentionList } from "~/domain/schemas/payment-tracking";
import { premiumQuerySchema } from "~/domain/schemas/premiums";
import { POLICY_STATUSES } from "~/domain/statuses";
import type { orderJson } from "~/services/orders.server";
import type { agentCommissionsJson } from "~/utils/commissions-api.server";
import {
  ExposureBreakdown,
  ExposureTotal,
  Message,
  dollars,
  id,
  instant,
  objectWith,
  placementRate,
  usd,
} from "../answers";
import { z, type Operation } from "../kit";

const money = "Commissions and premiums";
const orders = "Orders";
const retention = "Retention";

/** Money as a decimal string ("1234.50"), as the spec's Commission summary has it. */
const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);

/** A sale's part of the advance and chargeback ledger (dollars) after the months paid. */
const ledgerLine = {
  advanced: usd,
  earned: usd,
  unearned: usd,
  chargedBack: usd,
};

/** The agent's commissions page: the spec's Commission records and summary, and the ledger. */
const AgentCommissions = z
  .object({
    commissions: z.array(
      z.object({
        id,
        applicationId: id,
        customerName: z.string(),
        carrier: z.string().nullable(),
        productName: z.string().nullable(),
        commissionPercentage: z.number().nullable(),
        saleDate: instant,
        monthlyPremium: dollars,
        commission: dollars.describe("Dollars; null for a sale recorded without a product (decision 043)."),
        isCancelled: z.boolean(),
        cancelledAt: instant.nullable(),
        policyStatus: z.enum(POLICY_STATUSES),
      }),
    ),
    summary: z.object({
      totalSales: z.number().int(),
      totalActiveSales: z.number().int(),
      totalCancelledSales: z.number().int(),
      totalCommissions: moneyString,
      activeCommissions: moneyString,
      cancelledCommissions: moneyString,
      issuedSales: z.number().int(),
      decidedSales: z.number().int(),
      placementRate,
      issuedCommissions: moneyString,
    }),
    ledger: z.object({
      totals: z.object({ ...ledgerLine, balance: usd.describe("Dollars: advanced less charged back.") }),
      sales: z.array(z.object({ applicationId: id, ...ledgerLine, monthsPaid: z.number().int() })),
    }),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    exposure: ExposureTotal,
  })
  .openapi("AgentCommissions") satisfies z.ZodType<ReturnType<typeof agentCommissionsJson>>;

/** An order of calls, money as decimal strings ("1250.00"). */
const Order = z
  .object({
    id,
    agentId: id.nullable(),
    agentName: z.string(),
    callsOrdered: z.number().int(),
    callsCompleted: z.number().int(),
    companySource: z.string(),
    platformSource: z.string(),
    referrer: z.string().nullable(),
    totalPayment: z.string(),
    costPerCall: z.string().nullable(),
    paymentGateway: z.string(),
    bdm: id.nullable().describe("The BDM's id."),
    bdmName: z.string().nullable(),
    status: z.string(),
    createdAt: instant,
  })
  .openapi("Order") satisfies z.ZodType<ReturnType<typeof orderJson>>;

/** A Premium row of the spec (part 2, section 3): money as currency strings ("$1,234.50"). */
const PremiumRow = z
  .object({
    id,
    leadName: z.string(),
    agentName: z.string(),
    carrier: z.string().nullable(),
    product: z.string().nullable(),
    premium: z.string(),
    compPercentage: z.number().nullable(),
    commission: z.string(),
    commissionCancelled: z.boolean(),
    saleDate: instant.nullable(),
    policyStatus: z.string().nullable(),
  })
  .openapi("PremiumRow");

const paymentAnswer = {
  description: "The payment.",
  body: z.object({ success: z.literal(true), message: z.string(), payment: objectWith({ id }) }),
};

export const moneyPaths: Operation[] = [
  {
    method: "get",
    path: "/api/agent/commissions",
    tag: money,
    summary: "The agent's commissions, summary and ledger",
    description: "Sales newest first; the filtered total in X-Total-Count.",
    access: "agent",
    query: commissionList.schema,
    answers: { description: "The page of commissions and the period's figures.", body: AgentCommissions },
  },
  {
    method: "get",
    path: "/api/admin/commissions",
    tag: money,
    summary: "The Premium rows of a period",
    description: "Newest sale first; the period is today when left out, in `timezone` (the admin's own when left out).",
    access: "admin",
    query: premiumQuerySchema,
    answers: { description: "One page of rows.", list: PremiumRow },
  },
  {
    method: "get",
    path: "/api/admin/premiums",
    tag: money,
    summary: "Premiums Management's figures and chargeback exposure",
    access: "admin",
    query: premiumQuerySchema,
    answers: {
      description: "The figures (dollars) and the exposure (decision 075).",
      body: objectWith({ figures: objectWith({ totalSales: z.number().int() }), exposure: ExposureBreakdown }),
    },
  },
  {
    method: "get",
    path: "/api/admin/orders",
    tag: orders,
    summary: "The orders of calls",
    access: "admin",
    query: orderListQuery,
    answers: { description: "One page of orders, newest first.", list: Order },
  },
  {
    method: "post",
    path: "/api/admin/orders",
    tag: orders,
    summary: "Add an order",
    access: "admin",
    body: orderCreateSchema,
    answers: { status: 201, description: "The order.", body: Order },
  },
  {
    method: "patch",
    path: "/api/admin/orders/{id}",
    tag: orders,
    summary: "Change an order",
    access: "admin",
    body: orderPatchSchema,
    answers: { description: "The order.", body: Order },
  },
  {
    method: "delete",
    path: "/api/admin/orders/{id}",
    tag: orders,
    summary: "Delete an order",
    access: "admin",
    answers: { description: "Deleted.", body: Message },
  },
  {
    method: "get",
    path: "/api/admin/order-stats",
    tag: orders,
    summary: "The orders' totals",
    access: "admin",
    query: orderListQuery,
    answers: {
      description: "Money as decimal strings.",
      body: z.object({
        totalOrders: z.number().int(),
        totalCallsOrdered: z.number().int(),
        totalCallsCompleted: z.number().int(),
        totalRevenue: z.string(),
        averageCostPerCall: z.string(),
      }),
    },
  },
  {
    method: "get",
    path: "/api/agent/retention",
    tag: retention,
    summary: "The agent's sold policies with their payments",
    access: "agent",
    query: retentionList.schema,
    answers: {
      description: "One page of policies (total in X-Total-Count) and the tracker's cards.",
      body: z.object({ policies: z.array(objectWith({ id })), summary: objectWith({}) }),
    },
  },
  {
    method: "get",
    path: "/api/admin/retention",
    tag: retention,
    summary: "Retention Management's accounts and cards",
    access: "admin",
    query: retentionAccountsQuerySchema,
    answers: {
      description: "One page of accounts (total in X-Total-Count) and the summary over every account the filters keep.",
      body: z.object({ accounts: z.array(objectWith({ id })), summary: objectWith({}) }),
    },
  },
  {
    method: "put",
    path: "/api/admin/payment-tracking/{id}",
    tag: retention,
    summary: "Set one month of a sale to pending, paid or cancelled",
    access: "admin",
    body: adminPaymentStatusSchema,
    answers: paymentAnswer,
  },
];
