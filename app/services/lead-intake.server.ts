import type { Transaction } from "sequelize";
import { z } from "zod";
import { ActivityLog, Application, LeadDuplicate, Notification, Phone, isPostgres, sequelize } from "~db";
import { centsFromDollars, fullName } from "~/domain/format";
import { timeOrderedId } from "~/utils/time-ordered-id.server";
import { LEAD_INTAKE_MESSAGES, leadIntakeSchema } from "~/domain/schemas/lead-intake";
import { ServiceError, readInput } from "./errors.server";
import { distributeLeads } from "./lead-distribution.server";
import { normalizedEmail, phoneE164 } from "./lead-identity.server";
import { holdKeys, serializedTransaction } from "./locks.server";
import { isUuid } from "./permissions.server";
import { findSourceByPostingKey, type PostingSource } from "./lead-sources.server";
import { column, join, raw, selectOne, selectRows, sql } from "./sql/reads.server";
import { emitWebhookEvents } from "./webhooks.server";

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

/** One input of a batch as received: what it made or answered, or the 400 that refused it. */
export type LeadBatchOutcome = { result: ReceivedLeadResult } | { refusal: ServiceError };

/** receiveLeadBatch's options: receiveLead's but the rate limit (a batch is a file's rows, not posts). */
export type ReceiveLeadBatchOptions = Omit<ReceiveLeadOptions, "rateLimited">;

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
 * It is receiveLeadBatch's batch of one, so a post and a file's row follow the same rules.
 */
export async function receiveLead(
  source: IntakeSource,
  input: unknown,
  options: ReceiveLeadOptions = {},
): Promise<ReceivedLeadResult> {
  if (source.status !== "active") throw new ServiceError(403, INTAKE_MESSAGES.sourcePaused);
  const now = options.now ?? new Date();
  if (options.rateLimited) await assertWithinRateLimit(source, now);
  const [outcome] = await receiveLeadBatch(source, [input], { ...options, now });
  if ("refusal" in outcome!) throw outcome.refusal;
  return outcome!.result;
}

/** A valid input of a batch: where it stands in the batch, the lead as read, and its instant. */
type BatchLead = { index: number; lead: ReceivedLead; email: string | null; at: Date };

/**
 * Receives many leads from `source` at once (an import's batch), in order, with receiveLead's rules
 * and outcomes as if each were received in turn: an input's 400 is its outcome (the batch goes on);
 * an external id, a phone or an email repeated inside the batch is answered or found a duplicate of
 * the earlier row as it would be in the database. Input `i` is received at `now + i` ms (the
 * instants order the leads and their agents' turns as one-by-one did). Set-based, in one
 * transaction (the caller's, `options.transaction`, or one of its own): the earlier posts of the
 * batch's external ids in one statement, the duplicates' originals in one (each value one index
 * range), distribution in a few (distributeLeads), and each table's rows in one INSERT. On
 * Postgres every valid input's phone, email and external id are held as advisory locks first, so
 * a post of the same person at the same moment waits for the batch (SQLite's transactions take turns).
 */
export async function receiveLeadBatch(
  source: IntakeSource,
  inputs: readonly unknown[],
  options: ReceiveLeadBatchOptions = {},
): Promise<LeadBatchOutcome[]> {
  if (source.status !== "active") throw new ServiceError(403, INTAKE_MESSAGES.sourcePaused);
  const now = options.now ?? new Date();
  const outcomes: (LeadBatchOutcome | null)[] = [];
  const leads: BatchLead[] = [];
  inputs.forEach((input, index) => {
    const read = readInput(receivedLeadSchema, input);
    if ("refusal" in read) {
      outcomes.push(read);
      return;
    }
    outcomes.push(null);
    const at = index === 0 ? now : new Date(now.getTime() + index);
    leads.push({ index, lead: read.data, email: normalizedEmail(read.data.email), at });
  });
  if (leads.length === 0) return outcomes as LeadBatchOutcome[];
  const keys = leads.flatMap(({ lead, email }) => [
    `lead-intake:phone:${lead.phone.e164}`,
    ...(email ? [`lead-intake:email:${email}`] : []),
    ...(lead.externalId ? [`lead-intake:external:${source.id}:${lead.externalId}`] : []),
  ]);
  const work = async (transaction: Transaction) => {
    const received = await receiveWithin(source, leads, options, now, transaction);
    received.forEach((outcome, i) => (outcomes[leads[i]!.index] = outcome));
    return outcomes as LeadBatchOutcome[];
  };
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
  externalId: column.text,
  id: column.text,
  agentId: column.text.nullable(),
  duplicateOf: column.text.nullable(),
});

/**
 * What the first posts of these external ids made, by external id: both unique indexes in one
 * statement (each statement of a post costs the server more than the index reads it makes).
 */
async function earlierPosts(sourceId: string, externalIds: string[], transaction: Transaction) {
  const answers = new Map<string, ReceivedLeadResult>();
  if (externalIds.length === 0) return answers;
  const rows = await selectRows(
    sql`SELECT 'lead' AS kind, a.external_id AS "externalId", a.id, a.agent_id AS "agentId", NULL AS "duplicateOf"
        FROM applications a WHERE a.lead_source_id = ${sourceId} AND a.external_id IN ${externalIds}
        UNION ALL
        SELECT 'duplicate', d.external_id, d.id, NULL, d.duplicate_of_id FROM lead_duplicates d
        WHERE d.lead_source_id = ${sourceId} AND d.external_id IN ${externalIds}`,
    EarlierPost,
    { transaction },
  );
  for (const earlier of rows) {
    if (answers.has(earlier.externalId)) continue;
    answers.set(
      earlier.externalId,
      earlier.kind === "lead"
        ? {
            id: earlier.id,
            status: earlier.agentId ? "assigned" : "unassigned",
            agentId: earlier.agentId,
            created: false,
          }
        : { id: earlier.id, status: "duplicate", duplicateOf: earlier.duplicateOf, billable: false, created: false },
    );
  }
  return answers;
}

const Original = z.object({ matchedOn: z.enum(["phone", "email"]), value: column.text, id: column.text.nullable() });

/**
 * For each phone and each email, the earliest lead received since `since` with it: each value one
 * range of its (phone_e164 | email_normalized, created_at) index, all in one statement.
 */
async function originalLeads(phones: string[], emails: string[], since: Date, transaction: Transaction) {
  const ranges = (columnName: "phone_e164" | "email_normalized", values: string[]) =>
    sql`SELECT ${columnName === "phone_e164" ? "phone" : "email"} AS "matchedOn", v.column1 AS value,
          (SELECT a.id FROM applications a WHERE a.${raw(columnName)} = v.column1 AND a.created_at >= ${since}
           ORDER BY a.created_at, a.id LIMIT 1) AS id
        FROM (VALUES ${join(values.map((value) => sql`(${value})`))}) AS v`;
  const phoneRanges = ranges("phone_e164", [...new Set(phones)]);
  const rows = await selectRows(
    emails.length ? sql`${phoneRanges} UNION ALL ${ranges("email_normalized", [...new Set(emails)])}` : phoneRanges,
    Original,
    { transaction },
  );
  const byPhone = new Map<string, string>();
  const byEmail = new Map<string, string>();
  for (const row of rows) if (row.id) (row.matchedOn === "phone" ? byPhone : byEmail).set(row.value, row.id);
  return { byPhone, byEmail };
}

/** The primary phone as lead lists show and dial it: a US number's ten digits, any other in E.164. */
function storedPhone(e164: string) {
  return e164.startsWith("+1") && e164.length === 12 ? e164.slice(2) : e164;
}

/** A lead the batch makes: its input, its id, and (once distributed) its agent and order. */
type MadeLead = BatchLead & {
  id: string;
  assignment: { agentId: string; userId: string; orderId: string | null } | null;
};

async function receiveWithin(
  source: IntakeSource,
  leads: BatchLead[],
  options: ReceiveLeadBatchOptions,
  now: Date,
  transaction: Transaction,
): Promise<LeadBatchOutcome[]> {
  const externalIds = [...new Set(leads.flatMap(({ lead }) => (lead.externalId ? [lead.externalId] : [])))];
  const earlier = await earlierPosts(source.id, externalIds, transaction);
  const fresh = leads.filter(({ lead }) => !(lead.externalId && earlier.has(lead.externalId)));
  const since = new Date(now.getTime() - source.duplicateWindowDays * 24 * 60 * 60_000);
  const originals = fresh.length
    ? await originalLeads(
        fresh.map(({ lead }) => lead.phone.e164),
        fresh.flatMap(({ email }) => (email ? [email] : [])),
        since,
        transaction,
      )
    : { byPhone: new Map<string, string>(), byEmail: new Map<string, string>() };

  // "All to one agent": an agent no longer approved refuses every lead the batch would make (each
  // such input's 400, as receiveLead answers it), never a duplicate.
  const choice = options.distribution ?? { mode: "automatic" };
  let chosen: { agentId: string; userId: string } | null = null;
  let agentRefusal: ServiceError | null = null;
  if (choice.mode === "agent" && fresh.length) {
    chosen = await chosenAgent(choice.agentId, transaction).catch((error: unknown) => {
      if (!(error instanceof ServiceError)) throw error;
      agentRefusal = error;
      return null;
    });
  }

  // Each input in turn, as if those before it were already in the database: an external id, a
  // phone or an email of an earlier input of the batch is found there (a phone match first).
  const made: MadeLead[] = [];
  const duplicates: { input: BatchLead; id: string; duplicateOfId: string; matchedOn: "phone" | "email" }[] = [];
  const leadByPhone = new Map<string, string>();
  const leadByEmail = new Map<string, string>();
  const firstOfExternal = new Map<string, () => ReceivedLeadResult>();
  const answers = leads.map((input): (() => LeadBatchOutcome) => {
    const { lead, email } = input;
    const externalId = lead.externalId;
    const first = externalId ? (earlier.get(externalId) ?? firstOfExternal.get(externalId)?.()) : undefined;
    if (first) return () => ({ result: { ...first, created: false } });
    const byPhone = originals.byPhone.get(lead.phone.e164) ?? leadByPhone.get(lead.phone.e164);
    const byEmail = email ? (originals.byEmail.get(email) ?? leadByEmail.get(email)) : undefined;
    let result: () => ReceivedLeadResult;
    const original = byPhone ?? byEmail;
    if (original) {
      const id = timeOrderedId();
      duplicates.push({ input, id, duplicateOfId: original, matchedOn: byPhone ? "phone" : "email" });
      const duplicate = { id, status: "duplicate", duplicateOf: original, billable: false, created: true } as const;
      result = () => duplicate;
    } else if (agentRefusal) {
      const refusal = agentRefusal;
      return () => ({ refusal });
    } else {
      const entry: MadeLead = { ...input, id: timeOrderedId(), assignment: null };
      made.push(entry);
      leadByPhone.set(lead.phone.e164, entry.id);
      if (email) leadByEmail.set(email, entry.id);
      result = () => ({
        id: entry.id,
        status: entry.assignment ? "assigned" : "unassigned",
        agentId: entry.assignment?.agentId ?? null,
        created: true,
      });
    }
    if (externalId) firstOfExternal.set(externalId, result);
    return () => ({ result: result() });
  });

  // The orders' calls and the agents first, then the leads: every lead takes its locks in that
  // order (order, agent, then the counters the lead's insert triggers update), so none waits in a circle.
  if (choice.mode === "automatic") {
    const assignments = await distributeLeads(
      made.map(({ lead }) => lead.state),
      transaction,
      made.map(({ at }) => at),
    );
    made.forEach((entry, i) => (entry.assignment = assignments[i] ?? null));
  } else if (chosen) {
    const agent = chosen;
    for (const entry of made) entry.assignment = { ...agent, orderId: null };
  }
  if (made.length) await insertLeads(source, made, options, transaction);
  if (duplicates.length) {
    await LeadDuplicate.bulkCreate(
      duplicates.map(({ input: { lead, email, at }, id, duplicateOfId, matchedOn }) => ({
        id,
        leadSourceId: source.id,
        duplicateOfId,
        externalId: lead.externalId ?? null,
        firstName: lead.firstName,
        lastName: lead.lastName,
        phoneE164: lead.phone.e164,
        emailNormalized: email,
        state: lead.state,
        matchedOn,
        createdAt: at,
        updatedAt: at,
      })),
      { transaction },
    );
  }
  return answers.map((answer) => answer());
}

/**
 * The leads' rows, each table's in one INSERT. The leads' INSERT is the transaction's last for them
 * (decision 066): its triggers update rows every lead shares (each admin's unread count, the report
 * summaries of the hour), locked until the commit, so what else a lead needs (its phone, the
 * agent's bell, the activity entry) is written before it, their references to it checked at the
 * commit.
 */
async function insertLeads(
  source: IntakeSource,
  made: MadeLead[],
  options: ReceiveLeadBatchOptions,
  transaction: Transaction,
) {
  await deferLeadReferences(transaction);
  await Phone.bulkCreate(
    made.map(({ id, lead }) => ({
      id: timeOrderedId(),
      applicationId: id,
      phoneNumber: storedPhone(lead.phone.e164),
      phoneType: "mobile",
      isPrimary: true,
    })),
    { transaction },
  );
  // One row for each agent's bell: an insert in this transaction costs less than a job's enqueue,
  // and the agent's bell and the lead stand or fall together (decision 063).
  const assigned = made.filter((entry) => entry.assignment);
  if (assigned.length) {
    await Notification.bulkCreate(
      assigned.map(({ id, lead, assignment }) => ({
        id: timeOrderedId(),
        userId: assignment!.userId,
        applicationId: id,
        type: "new_lead",
        title: "New lead",
        message: `${fullName(lead)} was assigned to you from ${source.name}.`,
      })),
      { transaction },
    );
  }
  // The name is the only personal detail the log keeps.
  await ActivityLog.bulkCreate(
    made.map(({ id, lead, assignment }) => ({
      id: timeOrderedId(),
      userId: null,
      action: "lead_received",
      entityType: "application",
      entityId: id,
      leadAgentId: assignment?.agentId ?? null,
      summary: `${fullName(lead)} received from ${source.name}${assignment ? "" : ", waiting unassigned"}`.slice(
        0,
        500,
      ),
    })),
    { transaction },
  );
  // Before the leads' INSERT, which stays the transaction's last (decision 066); rolled back with them.
  await emitWebhookEvents(
    made.map(({ id, lead, assignment }) => ({
      type: "lead.created",
      data: {
        leadId: id,
        agentId: assignment?.agentId ?? null,
        leadSourceId: source.id,
        source: options.arrivedBy ?? "intake",
        state: lead.state,
      },
    })),
    transaction,
  );
  await Application.bulkCreate(
    made.map(({ id, lead, email, at, assignment }) => {
      const consent = lead.consent;
      return {
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
        createdAt: at,
        updatedAt: at,
      };
    }),
    { transaction },
  );
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
