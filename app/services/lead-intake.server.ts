import type { Transaction } from "sequelize";
import { z } from "zod";
import { randomUUID } from "node:crypto";
import { ActivityLog, Application, LeadDuplicate, Notification, Phone, isPostgres, sequelize } from "~db";
import { centsFromDollars, fullName } from "~/domain/format";
import { LEAD_INTAKE_MESSAGES, leadIntakeSchema } from "~/domain/schemas/lead-intake";
import { ServiceError, validInput } from "./errors.server";
import { distributeLead } from "./lead-distribution.server";
import { normalizedEmail, phoneE164 } from "./lead-identity.server";
import { holdKeys, serializedTransaction } from "./locks.server";
import { isUuid } from "./permissions.server";
import { findSourceByPostingKey, type PostingSource } from "./lead-sources.server";
import { column, selectOne, sql } from "./sql/reads.server";

// Receiving one lead (issue 24 items 2, 3 and 5; decisions 061 and 063): the one function the
// intake API and the CSV import call for each lead. It validates and normalises the lead, answers
// a repost of an external id with what the first post made, keeps a duplicate apart (linked to
// the lead it repeats, never distributed or billed), or makes the lead and distributes it, all in
// one transaction.

/**
 * The intake's refusals, word for word.
 * @internal the tests compare the answers with them.
 */
export const INTAKE_MESSAGES = {
  keyMissing: "A posting key is required: send Authorization: Bearer <postingKey>.",
  keyUnknown: "This posting key is not valid. It may have been rotated: ask the agency for the current key.",
  sourcePaused: "This lead source is paused and does not accept leads.",
  agentNotApproved: "Choose an approved agent to receive the leads.",
  rateLimited: (perMinute: number) =>
    `This source sent more than ${perMinute} leads in the last minute. Please wait a minute and send again.`,
} as const;

/** What receiving a lead needs of its source. */
export type IntakeSource = Pick<
  PostingSource,
  "id" | "name" | "status" | "duplicateWindowDays" | "defaultCarrierId" | "rateLimitPerMinute"
>;

/**
 * The source a presented posting key belongs to, found by the key's hash (one unique-index read).
 * A missing key, or one that is unknown or was retired by a rotation, is a 401.
 */
export async function intakeSourceForKey(key: string | null | undefined): Promise<IntakeSource> {
  if (!key) throw new ServiceError(401, INTAKE_MESSAGES.keyMissing);
  const source = await findSourceByPostingKey(key);
  if (!source) throw new ServiceError(401, INTAKE_MESSAGES.keyUnknown);
  return source;
}

/** The lead as received: the schema's fields with its phone in E.164 (a 400 at phone otherwise). */
const receivedLeadSchema = leadIntakeSchema.extend({
  phone: leadIntakeSchema.shape.phone.transform((raw, ctx) => {
    const e164 = phoneE164(raw);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: LEAD_INTAKE_MESSAGES.phone });
      return z.NEVER;
    }
    return { raw, e164 };
  }),
});
type ReceivedLead = z.output<typeof receivedLeadSchema>;

/** Where a new lead goes: to the next eligible agent (the default), nowhere yet, or to one agent. */
type LeadDistributionChoice = { mode: "automatic" } | { mode: "unassigned" } | { mode: "agent"; agentId: string };

export type ReceiveLeadOptions = {
  /** The API's: refuse a post over the source's leads a minute (the import's rows are not posts). */
  rateLimited?: boolean;
  distribution?: LeadDistributionChoice;
  /** How the lead came (applications.source): a post or a file. */
  arrivedBy?: "intake" | "import";
  /** A transaction to work in (an import's batch); one of its own otherwise. */
  transaction?: Transaction;
  now?: Date;
};

/** What receiving one lead answers; `created` is false for a repost of an external id. */
export type ReceivedLeadResult =
  | { id: string; status: "assigned" | "unassigned"; agentId: string | null; created: boolean }
  | { id: string; status: "duplicate"; duplicateOf: string | null; billable: false; created: boolean };

/**
 * Receives one lead from `source` (`input` is anything: an API body, a mapped CSV row).
 * - a paused source is a 403; over its rate limit (`rateLimited`) a 429; bad input a 400 with
 *   every field's message (a phone that is not a phone at `phone`);
 * - the same externalId from the same source answers what its first post made, never a second lead;
 * - a phone (E.164) or email (lower-cased) matching a lead received within the source's duplicate
 *   window makes a duplicate: kept in lead_duplicates, linked to the earliest such lead, not
 *   distributed, not billable;
 * - otherwise the lead (billable, the source's default carrier) and its primary phone are made and
 *   distributed against orders; its agent gets a new_lead notification.
 * On Postgres the lead's phone, email and external id are held as advisory locks for the
 * transaction, so two posts of one person at once are one lead and one duplicate; SQLite's
 * transactions take turns.
 */
export async function receiveLead(
  source: IntakeSource,
  input: unknown,
  options: ReceiveLeadOptions = {},
): Promise<ReceivedLeadResult> {
  if (source.status !== "active") throw new ServiceError(403, INTAKE_MESSAGES.sourcePaused);
  const now = options.now ?? new Date();
  if (options.rateLimited) await assertWithinRateLimit(source, now);
  const lead = validInput(receivedLeadSchema, input);
  const email = normalizedEmail(lead.email);
  const keys = [
    `lead-intake:phone:${lead.phone.e164}`,
    ...(email ? [`lead-intake:email:${email}`] : []),
    ...(lead.externalId ? [`lead-intake:external:${source.id}:${lead.externalId}`] : []),
  ];
  const work = (transaction: Transaction) => receiveWithin(source, lead, email, options, now, transaction);
  if (options.transaction) {
    await holdKeys(keys, options.transaction);
    return work(options.transaction);
  }
  return serializedTransaction(keys, work);
}

/**
 * A 429 when the source's leads and duplicates received in the last minute reach its limit,
 * counted from the (lead_source_id, created_at) indexes of both tables. Posts in flight at the
 * same moment are not counted yet, so a burst may pass the limit by the posts it has in flight.
 */
async function assertWithinRateLimit(source: IntakeSource, now: Date) {
  const since = new Date(now.getTime() - 60_000);
  const row = await selectOne(
    sql`SELECT
          (SELECT COUNT(*) FROM applications a WHERE a.lead_source_id = ${source.id} AND a.created_at > ${since})
        + (SELECT COUNT(*) FROM lead_duplicates d WHERE d.lead_source_id = ${source.id} AND d.created_at > ${since})
        AS "received"`,
    z.object({ received: column.integer }),
  );
  if ((row?.received ?? 0) >= source.rateLimitPerMinute) {
    throw new ServiceError(429, INTAKE_MESSAGES.rateLimited(source.rateLimitPerMinute));
  }
}

const EarlierPost = z.object({
  kind: z.enum(["lead", "duplicate"]),
  id: column.text,
  agentId: column.text.nullable(),
  duplicateOf: column.text.nullable(),
});

/**
 * The lead or duplicate a first post of this external id made, if any: both unique indexes in one
 * statement (each statement of a post costs the server more than the index reads it makes).
 */
async function earlierPost(sourceId: string, externalId: string, transaction: Transaction) {
  const earlier = await selectOne(
    sql`SELECT 'lead' AS kind, a.id, a.agent_id AS "agentId", NULL AS "duplicateOf" FROM applications a
        WHERE a.lead_source_id = ${sourceId} AND a.external_id = ${externalId}
        UNION ALL
        SELECT 'duplicate', d.id, NULL, d.duplicate_of_id FROM lead_duplicates d
        WHERE d.lead_source_id = ${sourceId} AND d.external_id = ${externalId}`,
    EarlierPost,
    { transaction },
  );
  if (!earlier) return null;
  if (earlier.kind === "lead") {
    return {
      id: earlier.id,
      status: earlier.agentId ? "assigned" : "unassigned",
      agentId: earlier.agentId,
      created: false,
    } as const;
  }
  return {
    id: earlier.id,
    status: "duplicate",
    duplicateOf: earlier.duplicateOf,
    billable: false,
    created: false,
  } as const;
}

const Original = z.object({ id: column.text, matchedOn: z.enum(["phone", "email"]) });

/**
 * The earliest lead received since `since` with this phone, else with this email: each one range
 * of its (phone_e164 | email_normalized, created_at) index, both in one statement.
 */
async function originalLead(phone: string, email: string | null, since: Date, transaction: Transaction) {
  const byPhone = sql`SELECT p.id, 'phone' AS "matchedOn", 0 AS rank FROM (SELECT a.id FROM applications a
      WHERE a.phone_e164 = ${phone} AND a.created_at >= ${since} ORDER BY a.created_at, a.id LIMIT 1) p`;
  const byEmail = sql`SELECT e.id, 'email', 1 FROM (SELECT a.id FROM applications a
      WHERE a.email_normalized = ${email} AND a.created_at >= ${since} ORDER BY a.created_at, a.id LIMIT 1) e`;
  return selectOne(email ? sql`${byPhone} UNION ALL ${byEmail} ORDER BY 3 LIMIT 1` : byPhone, Original, {
    transaction,
  });
}

/** The primary phone as lead lists show and dial it: a US number's ten digits, any other in E.164. */
function storedPhone(e164: string) {
  return e164.startsWith("+1") && e164.length === 12 ? e164.slice(2) : e164;
}

async function receiveWithin(
  source: IntakeSource,
  lead: ReceivedLead,
  email: string | null,
  options: ReceiveLeadOptions,
  now: Date,
  transaction: Transaction,
): Promise<ReceivedLeadResult> {
  if (lead.externalId) {
    const earlier = await earlierPost(source.id, lead.externalId, transaction);
    if (earlier) return earlier;
  }

  const since = new Date(now.getTime() - source.duplicateWindowDays * 24 * 60 * 60_000);
  const original = await originalLead(lead.phone.e164, email, since, transaction);
  if (original) {
    const duplicate = await LeadDuplicate.create(
      {
        leadSourceId: source.id,
        duplicateOfId: original.id,
        externalId: lead.externalId ?? null,
        firstName: lead.firstName,
        lastName: lead.lastName,
        phoneE164: lead.phone.e164,
        emailNormalized: email,
        state: lead.state,
        matchedOn: original.matchedOn,
        createdAt: now,
        updatedAt: now,
      },
      { transaction },
    );
    return { id: duplicate.id, status: "duplicate", duplicateOf: original.id, billable: false, created: true };
  }

  // The order's call and the agent first, then the lead: every lead takes its locks in that order
  // (order, agent, then the counters the lead's insert triggers update), so none waits in a circle.
  const choice = options.distribution ?? { mode: "automatic" };
  const assignment =
    choice.mode === "automatic"
      ? await distributeLead(lead.state, transaction, now)
      : choice.mode === "agent"
        ? { ...(await chosenAgent(choice.agentId, transaction)), orderId: null }
        : null;
  // The lead's insert is the transaction's last statement (decision 066): its triggers update rows
  // every lead shares (each admin's unread count, the report summaries of the hour), locked until
  // the commit, so what else the lead needs (its phone, the agent's bell, the activity entry) is
  // written before it, the phone's and the notification's references to it checked at the commit.
  await deferLeadReferences(transaction);
  const id = randomUUID();
  const name = fullName(lead);
  await Phone.create(
    { applicationId: id, phoneNumber: storedPhone(lead.phone.e164), phoneType: "mobile", isPrimary: true },
    { transaction },
  );
  if (assignment) {
    // One row for the agent: an insert in this transaction costs less than a job's enqueue, and
    // the agent's bell and the lead stand or fall together (decision 063).
    await Notification.create(
      {
        userId: assignment.userId,
        applicationId: id,
        type: "new_lead",
        title: "New lead",
        message: `${name} was assigned to you from ${source.name}.`,
      },
      { transaction },
    );
  }
  // The name is the only personal detail the log keeps.
  await ActivityLog.create(
    {
      userId: null,
      action: "lead_received",
      entityType: "application",
      entityId: id,
      leadAgentId: assignment?.agentId ?? null,
      summary: `${name} received from ${source.name}${assignment ? "" : ", waiting unassigned"}`.slice(0, 500),
    },
    { transaction },
  );
  const consent = lead.consent;
  await Application.create(
    {
      id,
      agentId: assignment?.agentId ?? null,
      orderId: assignment?.orderId ?? null,
      carrierId: source.defaultCarrierId,
      status: "pending",
      source: options.arrivedBy ?? "intake",
      leadSourceId: source.id,
      externalId: lead.externalId ?? null,
      billable: true,
      firstName: lead.firstName,
      lastName: lead.lastName,
      hasEmail: Boolean(lead.email),
      email: lead.email ?? null,
      emailNormalized: email,
      phoneE164: lead.phone.e164,
      address: lead.address ?? null,
      city: lead.city ?? null,
      state: lead.state,
      zipCode: lead.zipCode ?? null,
      dateOfBirth: lead.dateOfBirth ?? null,
      gender: lead.gender ?? null,
      coverageAmountCents: lead.coverageAmount === undefined ? null : centsFromDollars(lead.coverageAmount),
      monthlyPremiumCents: lead.monthlyPremium === undefined ? null : centsFromDollars(lead.monthlyPremium),
      consentGiven: Boolean(consent),
      consentText: consent?.text ?? null,
      consentAt: consent?.timestamp ? new Date(consent.timestamp) : null,
      consentIp: consent?.ipAddress ?? null,
      consentPageUrl: consent?.pageUrl ?? null,
      consentCertificateUrl: consent?.certificateUrl ?? null,
      createdAt: now,
      updatedAt: now,
    },
    { transaction },
  );
  return {
    id,
    status: assignment ? "assigned" : "unassigned",
    agentId: assignment?.agentId ?? null,
    created: true,
  };
}

/**
 * The phone's and the notification's references to the lead, checked at the commit rather than at
 * each insert, so they can be written before it: on Postgres the two foreign keys migration 032
 * made deferrable (for this transaction; an import's batch keeps them deferred to its end), on
 * SQLite every foreign key until the commit (the pragma ends with the transaction).
 */
async function deferLeadReferences(transaction: Transaction) {
  await sequelize.query(isPostgres ? "SET CONSTRAINTS ALL DEFERRED" : "PRAGMA defer_foreign_keys = ON", {
    transaction,
  });
}

/** An agent an import gives all its leads to: approved (paused and pending agents receive none), else a 400. */
async function chosenAgent(agentId: string, transaction: Transaction) {
  const row = !isUuid(agentId)
    ? null
    : await selectOne(
        sql`SELECT g.id AS "agentId", g.user_id AS "userId" FROM agents g WHERE g.id = ${agentId} AND g.status = 'approved'`,
        z.object({ agentId: column.text, userId: column.text }),
        { transaction },
      );
  if (!row)
    throw new ServiceError(400, INTAKE_MESSAGES.agentNotApproved, { agentId: [INTAKE_MESSAGES.agentNotApproved] });
  return row;
}
