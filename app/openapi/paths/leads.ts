import { CALLBACK_CATEGORIES } from "~/domain/callbacks";
import { POLICY_STATUSES } from "~/domain/statuses";
import { CALL_OUTCOMES, CALL_REFUSALS, type CallOutcome } from "~/domain/calling";
import type { AdminCallback } from "~/services/admin-callbacks.server";
import type { AgentCallback } from "~/services/callbacks.server";
import type { OptOutResult } from "~/services/dnc.server";
import type { LeadStatusView } from "~/services/lead-status.server";
import type { updatePolicy } from "~/services/policy.server";
import type { CallAttemptView, CallCheck as CallCheckView } from "~/services/calls.server";
import type { ConsentEvidence as ConsentEvidenceView } from "~/services/consent-evidence.server";
import type { AtRiskPolicy } from "~/services/at-risk.server";
import { adminAtRiskQuery, agentAtRiskQuery } from "~/domain/schemas/at-risk";
import { adminCallbackQuery } from "~/domain/schemas/admin-callbacks";
import { allLeadsQuerySchema } from "~/domain/schemas/admin-leads";
import { callbackListQuery, rescheduleSchema } from "~/domain/schemas/callbacks";
import { callCheckQuery, callOutcomeSchema, placeCallSchema } from "~/domain/schemas/calling";
import { leadEditSchema, leadReplaceSchema } from "~/domain/schemas/lead-edit";
import { reassignLeadsSchema, reassignOneSchema } from "~/domain/schemas/lead-reassign";
import { leadReturnRequestSchema } from "~/domain/schemas/lead-returns";
import { adminLeadStatusSchema, leadStatusSchema } from "~/domain/schemas/lead-status";
import { agentLeadList, leadDetailQuery, leadRevealBody } from "~/domain/schemas/leads";
import { paymentTrackingUpdateSchema } from "~/domain/schemas/payment-tracking";
import { policyUpdateSchema } from "~/domain/schemas/policy";
import {
  AdminLeadRecord,
  LeadDetailBody,
  LeadRow,
  Payment,
  Policy,
  Success,
  day,
  id,
  instant,
  nullableEnum,
  objectWith,
  usd,
  weekdays,
} from "../answers";
import { z, type Operation } from "../kit";

const tag = "Leads";
const calls = "Calls and callbacks";

/** A lead's status and sale fields after a status change (money in dollars). */
const StatusChange = z
  .object({
    id,
    status: z.string(),
    previousStatus: z.string(),
    callbackDate: instant.nullable(),
    productId: id.nullable(),
    soldProductName: z.string().nullable(),
    soldCompPercentage: z.number().nullable(),
    calculatedCommission: z.number().nullable(),
    soldAt: instant.nullable(),
    commissionCancelledAt: instant.nullable(),
    draftOnSocialSecurityDay: z.boolean(),
    paymentTracking: z.array(
      z.object({
        id,
        monthNumber: z.number().int(),
        dueDate: day,
        amount: z.number(),
        status: z.string(),
        notes: z.string().nullable(),
      }),
    ),
    statusChange: z.object({
      id,
      fromStatus: z.string().nullable(),
      toStatus: z.string(),
      notes: z.string().nullable(),
      createdAt: instant,
    }),
  })
  .openapi("StatusChange") satisfies z.ZodType<LeadStatusView>;

/** PUT .../status: the change, and a sale's commission at the top level too. */
const StatusAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  application: StatusChange,
  calculatedCommission: z
    .number()
    .nullable()
    .optional()
    .describe("A sale's commission (dollars), as in `application`."),
});

const refusals = z.array(z.enum(CALL_REFUSALS));
const CallingWindow = z.object({
  state: z.string().describe("The rule that applied: a state's code, or US."),
  start: z.string(),
  end: z.string(),
  maxCallsPer24h: z.number().int().nullable(),
  days: weekdays,
});

/** May this lead be called now (decision 072)? */
const CallCheck = z
  .object({
    allowed: z.boolean(),
    reasons: refusals,
    messages: z.array(z.string()),
    leadLocalTime: z.string(),
    timeZone: z.string(),
    timeZoneFrom: z.enum(["zip", "state", "caller"]),
    nextAllowedAt: instant.nullable(),
    rule: CallingWindow,
    phone: z.string(),
  })
  .openapi("CallCheck") satisfies z.ZodType<CallCheckView>;

/** One attempt of the lead's call log. */
const CallAttempt = z
  .object({
    id,
    phone: z.string(),
    phoneDisplay: z.string(),
    allowed: z.boolean(),
    reasons: refusals,
    overridden: refusals,
    overrideReason: z.string().nullable(),
    rule: CallingWindow,
    timeZone: z.string(),
    callerName: z.string().nullable(),
    outcome: nullableEnum(CALL_OUTCOMES.map((outcome) => outcome.value) as [CallOutcome, ...CallOutcome[]]),
    outcomeLabel: z.string().nullable(),
    outcomeAt: instant.nullable(),
    createdAt: instant,
  })
  .openapi("CallAttempt") satisfies z.ZodType<CallAttemptView>;

/** The lead's consent evidence pack (decision 073): what the agency shows if a call is disputed. */
const ConsentEvidence = z
  .object({
    lead: z.object({
      id,
      name: z.string(),
      state: z.string().nullable(),
      zipCode: z.string().nullable(),
      phones: z.array(z.string()).describe("The lead's numbers, E.164."),
      agentName: z.string().nullable(),
      receivedAt: instant,
    }),
    source: z.object({
      kind: z.string().describe("public_form, intake, import, or how else the lead came."),
      label: z.string(),
      vendor: z.string().nullable(),
      externalId: z.string().nullable(),
    }),
    consent: z.object({
      given: z.boolean(),
      text: z.string().nullable(),
      sha256: z.string().nullable().describe("Hex SHA-256 of the text's UTF-8 bytes."),
      at: instant.nullable(),
      ipAddress: z.string().nullable(),
      pageUrl: z.string().nullable(),
      certificateUrl: z.string().nullable(),
    }),
    dncListedNow: z.array(z.string()).describe("The lead's numbers on the do-not-call list as the pack is made."),
    dncChanges: z.array(
      z.object({
        at: instant,
        change: z.enum(["added", "removed"]),
        phone: z.string(),
        reason: z.string(),
        by: z.string().nullable(),
        importFile: z.string().nullable(),
      }),
    ),
    calls: z.array(
      z.object({
        id,
        at: instant,
        leadLocalTime: z.string().describe("The attempt's time on the lead's clock."),
        timeZone: z.string(),
        phone: z.string(),
        by: z.string().nullable(),
        allowed: z.boolean(),
        refusals: refusals,
        overridden: refusals,
        overrideReason: z.string().nullable(),
        rule: CallingWindow,
        agentLicensedStates: z.array(z.string()),
        outcome: z.string().nullable(),
        outcomeLabel: z.string().nullable(),
        outcomeAt: instant.nullable(),
      }),
    ),
    disclosures: z.array(
      z.object({ at: instant, action: z.string(), label: z.string(), by: z.string().nullable(), summary: z.string() }),
    ),
  })
  .openapi("ConsentEvidence") satisfies z.ZodType<ConsentEvidenceView>;

/** One policy of the at-risk queue (decision 076), money in dollars. */
const AtRiskRow = z
  .object({
    id: id.describe("The lead's id (its page is /applications/{id})."),
    firstName: z.string(),
    lastName: z.string(),
    customerName: z.string(),
    phone: z.string().nullable(),
    dnc: z.boolean().describe("A phone of the lead is on the do-not-call list."),
    agentId: id.nullable(),
    agentName: z.string().nullable(),
    carrier: z.string().nullable(),
    productName: z.string().nullable(),
    policyStatus: z.enum(POLICY_STATUSES),
    policyNumber: z.string().nullable(),
    reason: z.enum(["missed_payment", "lapse_pending"]),
    missedPayment: z
      .object({
        id,
        monthNumber: z.number().int(),
        dueDate: day,
        amount: usd,
        daysLate: z.number().int().describe("Whole days since the due date, in the reader's calendar."),
      })
      .nullable()
      .describe("The month to chase: the first missed, else (lapse pending) the first past due."),
    monthsPaid: z.number().int(),
    exposure: usd.describe("The advance not earned yet, charged back if the policy lapses."),
  })
  .openapi("AtRiskPolicy") satisfies z.ZodType<AtRiskPolicy>;

/** A callback of the agent's list, with its priority and category in the agent's time zone. */
const AgentCallbackRow = z
  .object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    status: z.string(),
    carrier: z.object({ id, name: z.string() }).nullable(),
    coverageAmount: z.number().nullable(),
    monthlyPremium: z.number().nullable(),
    callbackDate: instant.nullable(),
    daysUntil: z.number().int().nullable(),
    priority: z.enum(["overdue", "today", "soon", "upcoming", "low"]),
    category: z.enum(CALLBACK_CATEGORIES),
    createdAt: instant,
    dnc: z.boolean(),
  })
  .openapi("AgentCallback") satisfies z.ZodType<AgentCallback>;

/** A callback of the admin's list (the spec's Callback), with its agent. */
const AdminCallbackRow = z
  .object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    agentId: id.nullable(),
    agentName: z.string().nullable(),
    phone: z.string().nullable(),
    status: z.string(),
    coverageAmount: z.number().nullable(),
    monthlyPremium: z.number().nullable(),
    callbackDate: instant.nullable(),
    createdAt: instant,
    dnc: z.boolean(),
  })
  .openapi("AdminCallback") satisfies z.ZodType<AdminCallback>;

export const leadPaths: Operation[] = [
  {
    method: "get",
    path: "/api/agent/applications",
    tag,
    summary: "The agent's own leads",
    description: "Newest first; the filtered total in X-Total-Count (counted up to 1,000, decision 058).",
    access: "agent",
    query: agentLeadList.schema,
    answers: { description: "One page of the agent's leads.", list: LeadRow },
  },
  {
    method: "put",
    path: "/api/agent/applications/{id}",
    tag,
    summary: "Replace the agent's own lead's application",
    description:
      "Every field of the Lead, phones and beneficiaries included; sensitive numbers left empty keep their values.",
    access: "agent",
    body: leadReplaceSchema,
    answers: {
      description: "The lead as GET /api/applications/{id} answers it.",
      body: z.object({ success: z.literal(true), message: z.string(), application: LeadDetailBody }),
    },
  },
  {
    method: "put",
    path: "/api/agent/applications/{id}/status",
    tag,
    summary: "Change the agent's own lead's status",
    access: "agent",
    body: leadStatusSchema,
    answers: { description: "The lead's status and sale fields (money in dollars).", body: StatusAnswer },
    errors: [409],
  },
  {
    method: "put",
    path: "/api/agent/applications/{id}/cancel",
    tag,
    summary: "Cancel the commission of the agent's own sale",
    description: "No body. One way; a lead never sold or a commission already cancelled is a 409.",
    access: "agent",
    answers: {
      description: "The commission as it now is.",
      body: objectWith({ success: z.literal(true), message: z.string(), commission: objectWith({}) }),
    },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/agent/applications/{id}/return",
    tag,
    summary: "Ask to return the agent's own lead",
    access: "agent",
    body: leadReturnRequestSchema,
    answers: { status: 201, description: "The return request.", body: objectWith({ id, status: z.string() }) },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/agent/applications/{id}/opt-out",
    tag,
    summary: "The lead asked not to be called",
    description:
      "Every phone of the lead joins the do-not-call list (decision 069). The lead's agent, or an admin for any lead.",
    access: "user",
    answers: {
      description: "What was listed (numbers in E.164).",
      body: z.object({
        leadId: id,
        listed: z.array(z.string()),
        added: z.array(z.string()),
        alreadyListed: z.array(z.string()),
      }) satisfies z.ZodType<OptOutResult>,
    },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/agent/applications/{id}/call-check",
    tag: calls,
    summary: "May the agent call their lead now?",
    access: "agent",
    query: callCheckQuery,
    answers: { description: "The check; nothing is recorded.", body: CallCheck },
  },
  {
    method: "get",
    path: "/api/admin/applications/{id}/call-check",
    tag: calls,
    summary: "May the admin call a lead now?",
    access: "admin",
    query: callCheckQuery,
    answers: { description: "The check; nothing is recorded.", body: CallCheck },
  },
  {
    method: "get",
    path: "/api/applications/{id}",
    tag,
    summary: "One lead in full",
    description:
      "With phones, beneficiaries, paymentTracking and statusHistory. Sensitive numbers are their last four; `?reveal=` shows them again only within minutes of POST .../reveal.",
    access: "user",
    query: leadDetailQuery,
    answers: { description: "The lead.", body: LeadDetailBody },
  },
  {
    method: "patch",
    path: "/api/applications/{id}",
    tag,
    summary: "Edit some of a lead's fields",
    description: "Absent fields stay; blank ones are cleared; sensitive numbers left empty stay.",
    access: "user",
    body: leadEditSchema,
    answers: { description: "The lead as GET answers it.", body: LeadDetailBody },
  },
  {
    method: "post",
    path: "/api/applications/{id}/reveal",
    tag,
    summary: "Reveal a lead's sensitive, banking or health details",
    description: "Records who revealed which part (never a value) and answers the lead with those parts in full.",
    access: "user",
    body: leadRevealBody,
    answers: { description: "The lead with the parts revealed.", body: LeadDetailBody },
  },
  {
    method: "get",
    path: "/api/applications/{id}/evidence",
    tag,
    summary: "The lead's consent evidence pack",
    description: "Reading it is audited (`lead_evidence_opened`, decision 073).",
    access: "user",
    answers: { description: "The evidence pack.", body: ConsentEvidence },
  },
  {
    method: "put",
    path: "/api/applications/{id}/policy",
    tag,
    summary: "Set a sold lead's policy status",
    access: "user",
    body: policyUpdateSchema,
    answers: {
      description: "The policy with its history, and the schedule as the move left it.",
      body: z.object({ id, policy: Policy, paymentTracking: z.array(Payment) }) satisfies z.ZodType<
        Awaited<ReturnType<typeof updatePolicy>>
      >,
    },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/applications/{id}/calls",
    tag: calls,
    summary: "The lead's call log",
    access: "user",
    answers: { description: "Newest first.", body: z.array(CallAttempt) },
  },
  {
    method: "post",
    path: "/api/applications/{id}/calls",
    tag: calls,
    summary: "Place a call: check it and record the attempt",
    description: "A refused call is a 409 with `reasons`, `messages`, `nextAllowedAt` and `callId` beside `error`.",
    access: "user",
    body: placeCallSchema,
    answers: {
      status: 201,
      description: "Allowed: the attempt and the tel: URI to dial.",
      body: z.object({ callId: id, dial: z.string(), overridden: z.boolean() }),
    },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/applications/{id}/calls/{callId}/outcome",
    tag: calls,
    summary: "What happened on a call",
    access: "user",
    body: callOutcomeSchema,
    answers: { description: "The attempt.", body: CallAttempt },
  },
  {
    method: "post",
    path: "/api/leads/{id}/mark-read",
    tag,
    summary: "Mark a lead read for the signed-in user",
    access: "user",
    answers: { description: "Marked.", body: Success },
  },
  {
    method: "get",
    path: "/api/leads/unread-count",
    tag,
    summary: "How many leads the user has not opened",
    access: "user",
    answers: { description: "The count.", body: z.object({ count: z.number().int() }) },
  },
  {
    method: "get",
    path: "/api/leads/unread-ids",
    tag,
    summary: "The ids of the leads the user has not opened",
    access: "user",
    answers: { description: "Newest first, capped.", body: z.array(id) },
  },
  {
    method: "get",
    path: "/api/leads/version",
    tag,
    summary: "The version of the user's lead list",
    description: "The lists' refresh re-reads the page only when it changed.",
    access: "user",
    answers: { description: "The version.", body: z.object({ version: z.string() }) },
  },
  {
    method: "get",
    path: "/api/admin/applications",
    tag,
    summary: "Every lead (All Leads)",
    description:
      "Each row has every Lead field (phones, beneficiaries, paymentTracking); sensitive numbers are their last four. The filtered total in X-Total-Count (counted up to 1,000).",
    access: "admin",
    query: allLeadsQuerySchema,
    answers: { description: "One page of leads.", list: AdminLeadRecord },
  },
  {
    method: "put",
    path: "/api/admin/applications/{id}/status",
    tag,
    summary: "Change any lead's status",
    access: "admin",
    body: adminLeadStatusSchema,
    answers: { description: "The lead's status and sale fields.", body: StatusAnswer },
    errors: [409],
  },
  {
    method: "put",
    path: "/api/admin/applications/{id}/reassign",
    tag,
    summary: "Reassign one lead to another agent",
    access: "admin",
    body: reassignOneSchema,
    answers: {
      description: "The lead's new and previous agent.",
      body: objectWith({
        success: z.literal(true),
        message: z.string(),
        application: z.object({ id, agentId: id, agentName: z.string() }),
        previousAgent: z.object({ id, name: z.string().nullable() }).nullable(),
      }),
    },
    errors: [409],
  },
  {
    method: "put",
    path: "/api/admin/applications/reassign",
    tag,
    summary: "Reassign up to 100 leads to one agent",
    description: "All or nothing (decision 031).",
    access: "admin",
    body: reassignLeadsSchema,
    answers: {
      description: "What was reassigned.",
      body: objectWith({ success: z.literal(true), message: z.string(), reassigned: z.array(objectWith({ id })) }),
    },
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/agent/callbacks",
    tag: calls,
    summary: "The agent's callbacks",
    description: "Soonest first, those without a date last.",
    access: "agent",
    query: callbackListQuery,
    answers: { description: "One page of callbacks.", list: AgentCallbackRow },
  },
  {
    method: "put",
    path: "/api/agent/callbacks/{id}/reschedule",
    tag: calls,
    summary: "Reschedule a callback",
    access: "agent",
    body: rescheduleSchema,
    answers: { description: "The status change.", body: StatusChange },
  },
  {
    method: "get",
    path: "/api/admin/callbacks",
    tag: calls,
    summary: "Every agent's callbacks, or one agent's",
    access: "admin",
    query: adminCallbackQuery,
    answers: { description: "One page of callbacks.", list: AdminCallbackRow },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/agent/at-risk",
    tag: "Retention",
    summary: "The agent's policies at risk",
    description: "Largest exposure first (decision 076).",
    access: "agent",
    query: agentAtRiskQuery,
    answers: { description: "One page of policies at risk.", list: AtRiskRow },
  },
  {
    method: "get",
    path: "/api/admin/at-risk",
    tag: "Retention",
    summary: "Every agent's policies at risk, or one agent's",
    access: "admin",
    query: adminAtRiskQuery,
    answers: { description: "One page of policies at risk.", list: AtRiskRow },
    errors: [404],
  },
  {
    method: "patch",
    path: "/api/payment-tracking/{paymentId}",
    tag: "Retention",
    summary: "Change one month of a sale's schedule",
    access: "user",
    body: paymentTrackingUpdateSchema,
    answers: {
      description: "The payment.",
      body: z.object({ success: z.literal(true), message: z.string(), payment: objectWith({ id }) }),
    },
  },
];
