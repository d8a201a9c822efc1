import { WEEKDAYS } from "~/domain/calling";
import { POLICY_STATUSES } from "~/domain/statuses";
import type { listLeadRecords } from "~/services/admin-lead-records.server";
import type { AgentLeadRow, LeadDetail } from "~/services/lead-reads.server";
import type { SessionUser } from "~/services/sessions.server";
import type { exposureBreakdownJson, exposureTotalJson } from "~/utils/exposure-api.server";
import { z } from "./kit";

// The answers' shapes that several areas share. Each says, with `satisfies`, the type the service
// answers, so a field added to or removed from the answer fails the typecheck until it is here too.

type AdminLeadRecordRow = Awaited<ReturnType<typeof listLeadRecords>>["rows"][number];

/** An instant as the API sends it: an ISO 8601 string. */
export const instant = z.string().datetime({ offset: true });

/** A day, YYYY-MM-DD. */
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A row's or an object's id. */
export const id = z.string().min(1);

/**
 * One of `values`, or null. zod-to-openapi writes `.nullable()` on an enum as the type
 * ["string", "null"] with the values alone as its `enum`, which then refuses null; the enum names
 * null too here.
 */
export function nullableEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .enum(values)
    .nullable()
    .openapi({ enum: [...values, null] });
}

/** A calling rule's days, in week order. */
export const weekdays = z.array(z.enum(WEEKDAYS)).describe("The days of the week calls are allowed, Monday first.");

export const User = z
  .object({
    id,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    role: z.enum(["admin", "agent"]),
    timezone: z.string(),
    mustChangePassword: z.boolean(),
    twoFactorEnabled: z.boolean(),
    agent: z
      .object({
        id,
        status: z.string(),
        setupComplete: z.boolean(),
        callsLeft: z.number().int(),
        licenseNumber: z.string(),
        companyName: z.string().nullable(),
      })
      .nullable(),
  })
  .openapi("User") satisfies z.ZodType<SessionUser>;

/** `{ message }`, the answer of an operation that only confirms. */
export const Message = z.object({ message: z.string() }).openapi("Message");

/** `{ success: true }`, the answer of an operation that only confirms. */
export const Success = z.object({ success: z.literal(true) }).openapi("Success");

const text = z.string().nullable();
/** An amount in dollars, and one that may be missing. */
export const usd = z.number().describe("Dollars.");
export const dollars = z.number().nullable().describe("Dollars.");

/** Of the converted (submitted) sales, issued over decided (decision 074). */
export const placementRate = z
  .number()
  .nullable()
  .describe("Percent of the decided that were issued; null when none is decided.");
const person = z.object({ id, firstName: z.string(), lastName: z.string() });
export const agentRef = z.object({ id, user: z.object({ firstName: z.string(), lastName: z.string() }) });
const carrierRef = z.object({ id, name: z.string() });

/** The fields of a lead list's row, the agent's and the admin's. */
const leadRowFields = {
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: text,
  primaryPhone: text,
  city: text,
  state: text,
  gender: text,
  weight: z.number().int().nullable(),
  status: z.string(),
  agent: agentRef,
  carrierId: id.nullable(),
  carrier: carrierRef.nullable(),
  productName: text,
  coverageAmount: dollars,
  monthlyPremium: dollars,
  calculatedCommission: dollars,
  commissionCancelledAt: instant.nullable(),
  payments: z.object({ paid: z.number().int(), total: z.number().int() }),
  callbackDate: instant.nullable(),
  isUnread: z.boolean(),
  dnc: z.boolean(),
  policyStatus: text,
  createdAt: instant,
  updatedAt: instant,
};

/** A row of an agent's lead list (GET /api/agent/applications): nothing sensitive. */
export const LeadRow = z.object(leadRowFields).openapi("LeadRow") satisfies z.ZodType<AgentLeadRow>;

/**
 * A row of All Leads (GET /api/admin/applications): a lead row whose agent may be none, with its
 * lead source, when a return took it back, and the rest of the Lead's fields (sensitive numbers
 * their last four digits, `revealed: false`). With `status=sale` each row also carries the sale's
 * date and its months' due flags (described loosely).
 */
export const AdminLeadRecord = z
  .object({
    ...leadRowFields,
    agent: agentRef.nullable(),
    leadSource: z.object({ id, name: z.string() }).nullable(),
    returnedAt: instant.nullable(),
    address: text,
    zipCode: text,
    dateOfBirth: day.nullable(),
    maritalStatus: text,
    height: text,
    smoker: z.boolean().nullable(),
    ssn: text.describe("The last four digits."),
    routingNumber: text.describe("The last four digits."),
    accountNumber: text.describe("The last four digits."),
    cardNumber: text.describe("The last four digits."),
    revealed: z.literal(false),
    paymentMethod: text,
    bankName: text,
    cardExpiry: text,
    firstDraftDate: day.nullable(),
    futureDraftDate: day.nullable(),
    notes: text,
    phones: z.array(z.object({ id, phoneNumber: z.string(), phoneType: z.string(), isPrimary: z.boolean() })),
    beneficiaries: z.array(
      z.object({ id, name: z.string(), relationship: z.string(), age: z.number().int().nullable() }),
    ),
    paymentTracking: z.array(z.object({ id, monthNumber: z.number().int(), status: z.string() }).passthrough()),
  })
  .passthrough()
  .openapi("AdminLeadRecord") satisfies z.ZodType<AdminLeadRecordRow>;

/** One month of a sale's nine-payment schedule. */
export const Payment = z
  .object({
    id,
    month: z.number().int(),
    monthNumber: z.number().int(),
    dueDate: day,
    amount: usd,
    status: z.string(),
    notes: text,
  })
  .openapi("Payment");

const policyChange = z.object({
  id,
  fromStatus: text,
  toStatus: z.string(),
  policyNumber: text,
  issueDate: day.nullable(),
  effectiveDate: day.nullable(),
  notes: text,
  createdAt: instant,
  user: person.nullable(),
});

/** A sold lead's policy (decision 074), with its history newest first. */
export const Policy = z
  .object({
    status: z.enum(POLICY_STATUSES),
    policyNumber: text,
    issueDate: day.nullable(),
    effectiveDate: day.nullable(),
    statusChangedAt: instant.nullable(),
    history: z.array(policyChange),
  })
  .openapi("Policy");

/**
 * One lead in full (GET /api/applications/{id}): the SSN and the banking numbers are their last
 * four digits and the health details masked unless revealed (`revealedParts`).
 */
export const LeadDetailBody = z
  .object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    hasEmail: z.boolean(),
    email: text,
    gender: text,
    dateOfBirth: day.nullable(),
    stateBornIn: text,
    address: text,
    city: text,
    state: text,
    zipCode: text,
    height: text,
    weight: z.number().int().nullable(),
    maritalStatus: text,
    ssn: text.describe("The last four digits unless the sensitive part is revealed."),
    smoker: z.boolean().nullable(),
    doctorName: text,
    doctorPhone: text,
    medications: text,
    medicalHistory: text,
    status: z.string(),
    agentId: id.nullable(),
    agent: agentRef.nullable(),
    carrierId: id.nullable(),
    carrier: carrierRef.nullable(),
    productId: id.nullable(),
    productName: text,
    compPercentage: z.number().nullable(),
    coverageAmount: dollars,
    monthlyPremium: dollars,
    calculatedCommission: dollars,
    commissionCancelledAt: instant.nullable(),
    soldAt: instant.nullable(),
    productType: text,
    policyTerm: text,
    riders: text,
    policyNotes: text,
    paymentMethod: text,
    bankName: text,
    routingNumber: text,
    accountNumber: text,
    cardNumber: text,
    cardExpiry: text,
    revealed: z.boolean(),
    revealedParts: z.object({ sensitive: z.boolean(), banking: z.boolean(), health: z.boolean() }),
    firstDraftDate: day.nullable(),
    futureDraftDate: day.nullable(),
    draftOnSocialSecurityDay: z.boolean(),
    paymentNotes: text,
    notes: text,
    callbackDate: instant.nullable(),
    source: z.string(),
    createdAt: instant,
    updatedAt: instant,
    dnc: z.boolean(),
    phones: z.array(z.object({ id, phoneNumber: z.string(), phoneType: z.string(), isPrimary: z.boolean() })),
    beneficiaries: z.array(
      z.object({
        id,
        name: z.string(),
        relationship: z.string(),
        otherRelationship: text,
        dateOfBirth: day.nullable(),
        age: z.number().int().nullable(),
        phone: text,
        percentage: z.number().nullable(),
      }),
    ),
    paymentTracking: z.array(Payment),
    statusHistory: z.array(
      z.object({
        id,
        fromStatus: text,
        toStatus: z.string(),
        notes: text,
        createdAt: instant,
        changedBy: person.nullable(),
      }),
    ),
    policy: Policy.nullable(),
  })
  .openapi("LeadDetail") satisfies z.ZodType<LeadDetail>;

/** The chargeback exposure now (decision 075): the advance not yet earned, in dollars. */
export const ExposureTotal = z
  .object({ total: usd, policies: z.number().int() })
  .openapi("ExposureTotal") satisfies z.ZodType<ReturnType<typeof exposureTotalJson>>;

/** One dimension's largest lines (at most ten), each named by `key`, and how many lines there are in all. */
function exposureLines<Key extends string>(key: Key) {
  const line = z.object({ name: z.string(), total: usd, policies: z.number().int() });
  return z.object({
    count: z.number().int(),
    rows: z.array(line.extend({ [key]: id.nullable() } as Record<Key, z.ZodNullable<typeof id>>)),
  });
}

/** The admin's exposure: the total, and per agent, carrier and lead source (null: none). */
export const ExposureBreakdown = ExposureTotal.extend({
  byAgent: exposureLines("agentId"),
  byCarrier: exposureLines("carrierId"),
  bySource: exposureLines("leadSourceId"),
}).openapi("ExposureBreakdown") satisfies z.ZodType<ReturnType<typeof exposureBreakdownJson>>;

/** A loosely described object: the named fields, and more the route's description tells. */
export function objectWith(shape: z.ZodRawShape) {
  return z.object(shape).passthrough();
}
