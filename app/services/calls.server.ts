import { z } from "zod";
import { CallAttempt, DncNumber, LicensedState, sequelize, type Application } from "~db";
import {
  CALL_REFUSALS,
  callOutcomeLabel,
  formatLocalTime,
  insideWindow,
  nextInsideWindow,
  refusalMessages,
  type CallOutcome,
  type CallRefusal,
  type CallingWindow,
  refusalsIn,
  weekdaysIn,
} from "~/domain/calling";
import { callOutcomeSchema, placeCallSchema } from "~/domain/schemas/calling";
import { formatPhone, fullName } from "~/domain/format";
import { stateName } from "~/domain/states";
import { logActivity } from "./activity.server";
import { callingWindowFor } from "./calling-rules.server";
import { listedNumbers, optOutLead } from "./dnc.server";
import { badRequest, conflict, forbidden, notFound, validInput } from "./errors.server";
import { phoneE164 } from "./lead-identity.server";
import { leadTimeZone } from "./lead-time-zone.server";
import { findAccessibleLead } from "./leads.server";
import { serializedTransaction } from "./locks.server";
import { isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, selectRows, sql } from "./sql/reads.server";

// The check before a call and the call log (issue 25 items 4-5, decision 072). One function,
// checkCall, answers whether the actor may call a lead's number now and why not; placeCall runs
// it and records the attempt, allowed or refused; setCallOutcome records what happened. The pages'
// Call Now (a form post to /applications/{id}/call) and the API call the same functions.

const DAY_MS = 24 * 3_600_000;

/** The answer of the check, as GET .../call-check sends it (plus what the pages need to say it). */
export type CallCheck = {
  allowed: boolean;
  reasons: CallRefusal[];
  /** The refusals in plain words, one sentence each. */
  messages: string[];
  /** The lead's wall clock now: "7:42 PM EST". */
  leadLocalTime: string;
  timeZone: string;
  /** Where the zone came from: the lead's ZIP code, its state, or (neither known) the caller's own zone. */
  timeZoneFrom: "zip" | "state" | "caller";
  /** When calling is next allowed, if waiting is all it takes (ISO); null when allowed or never by waiting. */
  nextAllowedAt: string | null;
  rule: CallingWindow;
  /** The number the check is about, in E.164. */
  phone: string;
};

type CheckedLead = Pick<
  Application,
  | "id"
  | "agentId"
  | "firstName"
  | "lastName"
  | "city"
  | "state"
  | "zipCode"
  | "source"
  | "leadSourceId"
  | "consentAt"
  | "consentText"
  | "consentCertificateUrl"
>;

const LEAD_ATTRIBUTES = [
  "id",
  "agentId",
  "firstName",
  "lastName",
  "city",
  "state",
  "zipCode",
  "source",
  "leadSourceId",
  "consentAt",
  "consentText",
  "consentCertificateUrl",
] as const;

const PhoneRow = z.object({ e164: column.text.nullable(), phoneNumber: column.text });

/** The lead's phones in E.164, the primary first. */
async function leadPhones(leadId: string): Promise<{ e164: string; phoneNumber: string }[]> {
  const rows = await selectRows(
    sql`SELECT p.phone_e164 AS "e164", p.phone_number AS "phoneNumber" FROM phones p
        WHERE p.application_id = ${leadId} ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC`,
    PhoneRow,
  );
  return rows.flatMap((row) => {
    const e164 = row.e164 ?? phoneE164(row.phoneNumber);
    return e164 ? [{ e164, phoneNumber: row.phoneNumber }] : [];
  });
}

/** The number asked for, which must be one of the lead's; the primary when none is asked. */
function chosenPhone(phones: { e164: string }[], asked: string | undefined): string {
  if (asked) {
    const e164 = phoneE164(asked);
    const match = e164 ? phones.find((phone) => phone.e164 === e164) : undefined;
    if (!match)
      throw badRequest("That is not a phone number of this lead", {
        phone: ["That is not a phone number of this lead"],
      });
    return match.e164;
  }
  const first = phones[0];
  if (!first)
    throw badRequest("This lead has no phone number to call", { phone: ["This lead has no phone number to call"] });
  return first.e164;
}

const AttemptTime = z.object({ at: column.date });

/** A vendor's lead (intake or import) needs its consent's time and its text or certificate. */
function lacksConsent(lead: CheckedLead): boolean {
  const fromVendor = lead.leadSourceId !== null || lead.source === "intake" || lead.source === "import";
  if (!fromVendor) return false;
  return !(lead.consentAt && (lead.consentText?.trim() || lead.consentCertificateUrl?.trim()));
}

type Evaluation = CallCheck & { lead: CheckedLead; licensedStates: string[] | null; callsInWindow: number };

async function evaluate(
  actor: SessionUser,
  lead: CheckedLead,
  askedPhone: string | undefined,
  now: Date,
): Promise<Evaluation> {
  const phones = await leadPhones(lead.id);
  const phone = chosenPhone(phones, askedPhone);
  const zone = leadTimeZone(lead);
  const timeZone = zone?.timeZone ?? actor.timezone;
  const [rule, listed, licensedStates, recent] = await Promise.all([
    callingWindowFor(lead.state),
    listedNumbers([phone]),
    lead.agentId
      ? LicensedState.findAll({ where: { agentId: lead.agentId }, attributes: ["state"], raw: true }).then((rows) =>
          rows.map((row) => row.state),
        )
      : Promise.resolve(null),
    // The allowed calls to this lead in the 24 hours before now, oldest first (index (application_id, created_at)).
    selectRows(
      sql`SELECT c.created_at AS "at" FROM call_attempts c
          WHERE c.application_id = ${lead.id} AND c.created_at > ${new Date(now.getTime() - DAY_MS)}
            AND c.created_at <= ${now} AND c.allowed = ${true}
          ORDER BY c.created_at ASC`,
      AttemptTime,
    ),
  ]);
  const reasons = new Set<CallRefusal>();
  if (listed.includes(phone)) reasons.add("dnc");
  if (licensedStates && lead.state && !licensedStates.includes(lead.state)) reasons.add("not_licensed");
  if (lacksConsent(lead)) reasons.add("no_consent");
  if (!insideWindow(now, timeZone, rule)) reasons.add("outside_hours");
  let limitClearsAt: Date | null = null;
  if (rule.maxCallsPer24h !== null && recent.length >= rule.maxCallsPer24h) {
    reasons.add("daily_limit");
    // Calling is allowed again when enough of the window's calls have turned 24 hours old.
    limitClearsAt = new Date(recent[recent.length - rule.maxCallsPer24h].at.getTime() + DAY_MS);
  }
  const ordered = CALL_REFUSALS.filter((reason) => reasons.has(reason));
  const waitingHelps = ordered.length > 0 && ordered.every((r) => r === "outside_hours" || r === "daily_limit");
  // A rule that allows no day never clears by waiting: nextInsideWindow answers null.
  const nextAllowedAt = waitingHelps
    ? nextInsideWindow(limitClearsAt && limitClearsAt > now ? limitClearsAt : now, timeZone, rule)
    : null;
  const place = lead.city?.trim() ? lead.city.trim() : lead.state ? stateName(lead.state) : "the lead's time zone";
  return {
    allowed: ordered.length === 0,
    reasons: ordered,
    messages: refusalMessages(
      {
        reasons: ordered,
        timeZone,
        place,
        window: rule,
        callsInWindow: recent.length,
        ruleName: rule.state === "US" ? "the federal rule" : stateName(rule.state),
        leadState: lead.state ? stateName(lead.state) : null,
      },
      now,
    ),
    leadLocalTime: formatLocalTime(now, timeZone),
    timeZone,
    timeZoneFrom: zone?.from ?? "caller",
    nextAllowedAt: nextAllowedAt?.toISOString() ?? null,
    rule,
    phone,
    lead,
    licensedStates,
    callsInWindow: recent.length,
  };
}

function publicCheck(evaluation: Evaluation): CallCheck {
  const { lead: _lead, licensedStates: _states, callsInWindow: _calls, ...check } = evaluation;
  return check;
}

/**
 * May `actor` call the lead (the number `phone`, one of the lead's; its primary when left out)
 * at `now`? An agent reaches only their own leads (404 otherwise), an admin any.
 */
export async function checkCall(
  actor: SessionUser,
  leadId: string,
  phone?: string,
  now = new Date(),
): Promise<CallCheck> {
  const lead = await findAccessibleLead(actor, leadId, { attributes: [...LEAD_ATTRIBUTES] });
  return publicCheck(await evaluate(actor, lead, phone, now));
}

/** What placeCall recorded: the attempt's id, the tel: URI to dial when it was allowed, and the check. */
export type PlacedCall = {
  callId: string;
  allowed: boolean;
  dial: string | null;
  check: CallCheck;
  overridden: CallRefusal[];
};

/**
 * Call Now: runs the check and records the attempt, allowed or refused, with the rule it applied.
 * An administrator may override a refusal other than `dnc` with a reason (recorded in the audit
 * trail); an agent's override is a 403, a do-not-call number's a 409. Attempts on one lead take
 * turns (a lock per lead), so two at once cannot both pass a daily limit of one left.
 */
export async function placeCall(
  actor: SessionUser,
  leadId: string,
  input: unknown,
  now = new Date(),
): Promise<PlacedCall> {
  const body = validInput(placeCallSchema, input);
  const overrideReason = body.overrideReason || null;
  if (overrideReason !== null && actor.role !== "admin")
    throw forbidden("Only an administrator may override a refusal");
  const lead = await findAccessibleLead(actor, leadId, { attributes: [...LEAD_ATTRIBUTES] });
  return serializedTransaction([`call:${lead.id}`], async (transaction) => {
    const evaluation = await evaluate(actor, lead, body.phone, now);
    const overridden = overrideReason !== null && !evaluation.allowed ? evaluation.reasons : [];
    if (overridden.includes("dnc"))
      throw conflict("A number on the do-not-call list cannot be called, even with an override");
    const allowed = evaluation.allowed || overridden.length > 0;
    const attempt = await CallAttempt.create(
      {
        applicationId: lead.id,
        userId: actor.id,
        phoneE164: evaluation.phone,
        allowed,
        reasons: evaluation.reasons.join(","),
        overridden: overridden.length ? overridden.join(",") : null,
        overrideReason: overridden.length ? overrideReason : null,
        ruleState: evaluation.rule.state,
        windowStart: evaluation.rule.start,
        windowEnd: evaluation.rule.end,
        windowDays: evaluation.rule.days.join(","),
        maxCallsPer24h: evaluation.rule.maxCallsPer24h,
        timeZone: evaluation.timeZone,
        agentLicensedStates: evaluation.licensedStates?.join(",") ?? null,
        createdAt: now,
      },
      { transaction },
    );
    const who = fullName(actor);
    const whom = fullName(lead);
    await logActivity(
      overridden.length
        ? {
            userId: actor.id,
            action: "call_override",
            entityType: "application",
            entityId: lead.id,
            summary: `${who} overrode ${overridden.join(", ")} to call ${whom}: ${overrideReason}`,
          }
        : {
            userId: actor.id,
            action: allowed ? "call_placed" : "call_refused",
            entityType: "application",
            entityId: lead.id,
            summary: allowed
              ? `${who} called ${whom} at ${evaluation.leadLocalTime} lead time`
              : `${who}'s call to ${whom} was refused: ${evaluation.reasons.join(", ")}`,
          },
      { transaction },
    );
    return {
      callId: attempt.id,
      allowed,
      dial: allowed ? `tel:${evaluation.phone}` : null,
      check: publicCheck(evaluation),
      overridden,
    };
  });
}

/** One attempt as the lead's history, the call page and GET .../calls show it. */
export type CallAttemptView = {
  id: string;
  phone: string;
  phoneDisplay: string;
  allowed: boolean;
  reasons: CallRefusal[];
  overridden: CallRefusal[];
  overrideReason: string | null;
  rule: CallingWindow;
  timeZone: string;
  callerName: string | null;
  outcome: CallOutcome | null;
  outcomeLabel: string | null;
  outcomeAt: string | null;
  createdAt: string;
};

/**
 * The columns of call_attempts (as `c`) that keep the rule an attempt was checked against, their
 * fields in a row, and the rule read back from them: the call log's and the evidence pack's.
 */
export const ATTEMPT_RULE_COLUMNS = sql`c.rule_state AS "ruleState", c.window_start AS "windowStart",
  c.window_end AS "windowEnd", c.window_days AS "windowDays", c.max_calls_per_24h AS "maxCallsPer24h"`;
export const attemptRuleFields = {
  ruleState: column.text,
  windowStart: column.text,
  windowEnd: column.text,
  windowDays: column.text.nullable(),
  maxCallsPer24h: column.integer.nullable(),
};
export function attemptRule(row: z.infer<z.ZodObject<typeof attemptRuleFields>>): CallingWindow {
  return {
    state: row.ruleState,
    start: row.windowStart,
    end: row.windowEnd,
    maxCallsPer24h: row.maxCallsPer24h,
    days: weekdaysIn(row.windowDays),
  };
}

const AttemptRow = z
  .object({
    id: column.text,
    phone: column.text,
    allowed: column.boolean,
    reasons: column.text,
    overridden: column.text.nullable(),
    overrideReason: column.text.nullable(),
    ...attemptRuleFields,
    timeZone: column.text,
    firstName: column.text.nullable(),
    lastName: column.text.nullable(),
    outcome: column.text.nullable(),
    outcomeAt: column.isoDate.nullable(),
    createdAt: column.isoDate,
  })
  .transform((row): CallAttemptView => ({
    id: row.id,
    phone: row.phone,
    phoneDisplay: formatPhone(row.phone.replace(/^\+1/, "")),
    allowed: row.allowed,
    reasons: refusalsIn(row.reasons),
    overridden: refusalsIn(row.overridden),
    overrideReason: row.overrideReason,
    rule: attemptRule(row),
    timeZone: row.timeZone,
    callerName: row.firstName !== null ? fullName({ firstName: row.firstName, lastName: row.lastName ?? "" }) : null,
    outcome: (row.outcome as CallOutcome | null) ?? null,
    outcomeLabel: row.outcome ? callOutcomeLabel(row.outcome) : null,
    outcomeAt: row.outcomeAt,
    createdAt: row.createdAt,
  }));

const ATTEMPT_SELECT = sql`SELECT c.id, c.phone_e164 AS "phone", c.allowed, c.reasons, c.overridden,
  c.override_reason AS "overrideReason", ${ATTEMPT_RULE_COLUMNS},
  c.time_zone AS "timeZone", u.first_name AS "firstName", u.last_name AS "lastName", c.outcome, c.outcome_at AS "outcomeAt",
  c.created_at AS "createdAt"
  FROM call_attempts c LEFT JOIN users u ON u.id = c.user_id`;

/** How many of a lead's attempts its history shows, newest first. */
const CALL_HISTORY_LIMIT = 100;

/** The lead's call log, newest first (its last 100 attempts). */
export async function listLeadCalls(actor: SessionUser, leadId: string): Promise<CallAttemptView[]> {
  const lead = await findAccessibleLead(actor, leadId, { attributes: ["id"] });
  return selectRows(
    sql`${ATTEMPT_SELECT} WHERE c.application_id = ${lead.id}
        ORDER BY c.created_at DESC, c.id DESC LIMIT ${CALL_HISTORY_LIMIT}`,
    AttemptRow,
  );
}

/** One attempt of the lead (404 for another lead's, or one the actor may not see). */
export async function getLeadCall(actor: SessionUser, leadId: string, callId: string): Promise<CallAttemptView> {
  const lead = await findAccessibleLead(actor, leadId, { attributes: ["id"] });
  if (!isUuid(callId)) throw notFound("Call not found");
  const [row] = await selectRows(
    sql`${ATTEMPT_SELECT} WHERE c.id = ${callId} AND c.application_id = ${lead.id}`,
    AttemptRow,
  );
  if (!row) throw notFound("Call not found");
  return row;
}

/**
 * What happened on an allowed call, set by the lead's agent or an admin afterwards (and changed
 * if need be; each setting is in the audit trail). A refused attempt dialled nothing: 409.
 */
export async function setCallOutcome(
  actor: SessionUser,
  leadId: string,
  callId: string,
  input: unknown,
  now = new Date(),
): Promise<CallAttemptView> {
  const { outcome } = validInput(callOutcomeSchema, input);
  const lead = await findAccessibleLead(actor, leadId, { attributes: ["id", "firstName", "lastName"] });
  if (!isUuid(callId)) throw notFound("Call not found");
  const attempt = await CallAttempt.findOne({ where: { id: callId, applicationId: lead.id } });
  if (!attempt) throw notFound("Call not found");
  if (!attempt.allowed) throw conflict("This call was refused and dialled nothing: it has no outcome");
  await sequelize.transaction(async (transaction) => {
    await attempt.update({ outcome, outcomeAt: now, outcomeById: actor.id }, { transaction });
    await logActivity(
      {
        userId: actor.id,
        action: "call_outcome",
        entityType: "application",
        entityId: lead.id,
        summary: `${fullName(actor)} set the outcome of a call to ${fullName(lead)}: ${callOutcomeLabel(outcome)}`,
      },
      { transaction },
    );
    // A wrong number belongs to someone who never agreed to be called: that one number joins the
    // list (reason internal) for every agent; the lead's other numbers stay callable (decision 072).
    if (outcome === "wrong_number") {
      const [, made] = await DncNumber.findOrCreate({
        where: { phoneE164: attempt.phoneE164 },
        defaults: {
          phoneE164: attempt.phoneE164,
          reason: "internal",
          addedById: actor.id,
          sourceApplicationId: lead.id,
        },
        transaction,
      });
      if (made) {
        await logActivity(
          {
            userId: actor.id,
            action: "dnc_number_added",
            entityType: "application",
            entityId: lead.id,
            summary: `Wrong number: the number ending ${attempt.phoneE164.slice(-4)} is on the do-not-call list (internal)`,
          },
          { transaction },
        );
      }
    }
  });
  // "Asked not to be called": every phone of the lead joins the list (customer request), as the lead's own button does.
  if (outcome === "do_not_call") await optOutLead(actor, lead.id);
  return getLeadCall(actor, lead.id, attempt.id);
}
