import { createHash } from "node:crypto";
import { z } from "zod";
import { activityActionLabel } from "~/domain/activity";
import {
  callOutcomeLabel,
  formatLocalDateTime,
  refusalsIn,
  type CallRefusal,
  type CallingWindow,
} from "~/domain/calling";
import { DNC_REASON_LABELS, type DncReasonName } from "~/domain/dnc";
import { fullName } from "~/domain/format";
import { logActivity } from "./activity.server";
import { ATTEMPT_RULE_COLUMNS, attemptRule, attemptRuleFields } from "./calls.server";
import { notFound } from "./errors.server";
import { LEAD_NOT_FOUND, accessibleLeadWhere } from "./leads.server";
import type { SessionUser } from "./sessions.server";
import { column, selectOne, selectRows, sql } from "./sql/reads.server";

// A lead's consent evidence pack (issue 25 item 6, decision 073): what an agency hands its lawyer
// when a call is disputed. The consent exactly as it was shown or posted with its SHA-256, where
// the lead came from, and who looked at or copied the record. Admins any lead, an agent only their
// own (404 otherwise, before anything is recorded); opening it is itself recorded. The do-not-call
// list's changes touching the lead's numbers (decision 069) and every call attempt with the check
// that allowed or refused it (decision 072) are read from their own tables.

/** @internal The activity entry of an opening (the tests read it). */
export const EVIDENCE_OPENED = "lead_evidence_opened";

/**
 * The activity entries that show the record leaving the database: a reveal of its numbers, a copy
 * of the whole record, an earlier opening of this pack. Other entries (edits, dispositions) are the
 * lead's history, not its disclosure.
 */
const DISCLOSURE_ACTIONS = [
  "lead_sensitive_revealed",
  "lead_banking_revealed",
  "lead_health_revealed",
  "lead_copied",
  EVIDENCE_OPENED,
] as const;

const SOURCE_LABELS: Record<string, string> = {
  public_form: "Public application form",
  intake: "Vendor post (intake API)",
  import: "CSV import",
};

export type ConsentEvidence = {
  lead: {
    id: string;
    name: string;
    state: string | null;
    zipCode: string | null;
    phones: string[];
    agentName: string | null;
    receivedAt: string;
  };
  source: { kind: string; label: string; vendor: string | null; externalId: string | null };
  consent: {
    given: boolean;
    text: string | null;
    /** Hex SHA-256 of the text's UTF-8 bytes, so a copy kept elsewhere can be matched to it. */
    sha256: string | null;
    at: string | null;
    ipAddress: string | null;
    pageUrl: string | null;
    certificateUrl: string | null;
  };
  /** Whether a phone of the lead is on the do-not-call list as the pack is made. */
  dncListedNow: string[];
  /** Every addition to and removal from the list of one of the lead's numbers, oldest first. */
  dncChanges: {
    at: string;
    change: "added" | "removed";
    phone: string;
    reason: string;
    by: string | null;
    /** The file a registry import came from, for an addition by import. */
    importFile: string | null;
  }[];
  /** Every Call Now on the lead, oldest first, with the check's answer and the rule it applied. */
  calls: {
    id: string;
    at: string;
    /** The attempt's time on the lead's clock, in the zone the check used. */
    leadLocalTime: string;
    timeZone: string;
    phone: string;
    by: string | null;
    allowed: boolean;
    refusals: CallRefusal[];
    overridden: CallRefusal[];
    overrideReason: string | null;
    rule: CallingWindow;
    /** The caller's licensed states when the call was checked. */
    agentLicensedStates: string[];
    outcome: string | null;
    outcomeLabel: string | null;
    outcomeAt: string | null;
  }[];
  disclosures: { at: string; action: string; label: string; by: string | null; summary: string }[];
};

const EvidenceLeadRow = z.object({
  id: column.text,
  firstName: column.text,
  lastName: column.text,
  state: column.text.nullable(),
  zipCode: column.text.nullable(),
  createdAt: column.isoDate,
  source: column.text,
  externalId: column.text.nullable(),
  vendor: column.text.nullable(),
  agentFirstName: column.text.nullable(),
  agentLastName: column.text.nullable(),
  consentGiven: column.boolean,
  consentText: column.text.nullable(),
  consentAt: column.isoDate.nullable(),
  consentIp: column.text.nullable(),
  consentPageUrl: column.text.nullable(),
  consentCertificateUrl: column.text.nullable(),
});

const DisclosureRow = z.object({
  at: column.isoDate,
  action: column.text,
  firstName: column.text.nullable(),
  lastName: column.text.nullable(),
  summary: column.text,
});

const DncChangeRow = z.object({
  at: column.isoDate,
  change: z.enum(["added", "removed"]),
  phone: column.text,
  reason: column.text,
  firstName: column.text.nullable(),
  lastName: column.text.nullable(),
  importFile: column.text.nullable(),
});

const CallRow = z.object({
  id: column.text,
  at: column.isoDate,
  timeZone: column.text,
  phone: column.text,
  firstName: column.text.nullable(),
  lastName: column.text.nullable(),
  allowed: column.boolean,
  reasons: column.text,
  overridden: column.text.nullable(),
  overrideReason: column.text.nullable(),
  ...attemptRuleFields,
  licensedStates: column.text.nullable(),
  outcome: column.text.nullable(),
  outcomeAt: column.isoDate.nullable(),
});

const nameOrNull = (row: { firstName: string | null; lastName: string | null }) =>
  row.firstName === null ? null : fullName({ firstName: row.firstName, lastName: row.lastName ?? "" });

/**
 * The list's changes touching `numbers` (E.164): each standing entry's addition, and each removed
 * entry's addition and removal (dnc_removals keeps the entry as it was).
 */
function dncChangesOf(numbers: string[]) {
  if (numbers.length === 0) return Promise.resolve([]);
  return selectRows(
    sql`SELECT n.created_at AS at, 'added' AS change, n.phone_e164 AS phone, n.reason,
          u.first_name AS "firstName", u.last_name AS "lastName", i.file_name AS "importFile"
          FROM dnc_numbers n LEFT JOIN users u ON u.id = n.added_by_id LEFT JOIN dnc_imports i ON i.id = n.import_id
          WHERE n.phone_e164 IN ${numbers}
        UNION ALL
        SELECT r.added_at, 'added', r.phone_e164, r.reason, u.first_name, u.last_name, i.file_name
          FROM dnc_removals r LEFT JOIN users u ON u.id = r.added_by_id LEFT JOIN dnc_imports i ON i.id = r.import_id
          WHERE r.phone_e164 IN ${numbers}
        UNION ALL
        SELECT r.removed_at, 'removed', r.phone_e164, r.removal_reason, u.first_name, u.last_name, NULL
          FROM dnc_removals r LEFT JOIN users u ON u.id = r.removed_by_id
          WHERE r.phone_e164 IN ${numbers}
        ORDER BY 1, 2`,
    DncChangeRow,
  );
}

function consentTextSha256(text: string) {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * The evidence pack of one lead, and an activity entry saying who opened it. The entry is written
 * before the pack is read, so the pack lists its own opening.
 */
export async function openConsentEvidence(actor: SessionUser, leadId: string): Promise<ConsentEvidence> {
  const lead = await selectOne(
    sql`SELECT a.id, a.first_name AS "firstName", a.last_name AS "lastName", a.state, a.zip_code AS "zipCode",
          a.created_at AS "createdAt", a.source, a.external_id AS "externalId", s.name AS vendor,
          u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
          a.consent_given AS "consentGiven", a.consent_text AS "consentText", a.consent_at AS "consentAt",
          a.consent_ip AS "consentIp", a.consent_page_url AS "consentPageUrl",
          a.consent_certificate_url AS "consentCertificateUrl"
        FROM applications a LEFT JOIN lead_sources s ON s.id = a.lead_source_id
          LEFT JOIN agents g ON g.id = a.agent_id LEFT JOIN users u ON u.id = g.user_id
        WHERE ${accessibleLeadWhere(actor, leadId)}`,
    EvidenceLeadRow,
  );
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  await logActivity({
    userId: actor.id,
    action: EVIDENCE_OPENED,
    entityType: "application",
    entityId: lead.id,
    summary: `Opened the consent evidence of ${fullName(lead)}`,
  });
  const phones = await selectRows(
    sql`SELECT p.phone_number AS phone, p.phone_e164 AS e164,
          CASE WHEN n.phone_e164 IS NULL THEN 0 ELSE 1 END AS listed
          FROM phones p LEFT JOIN dnc_numbers n ON n.phone_e164 = p.phone_e164
          WHERE p.application_id = ${lead.id} ORDER BY p.is_primary DESC, p.created_at, p.id`,
    z.object({ phone: column.text, e164: column.text.nullable(), listed: column.boolean }),
  );
  const numbers = [...new Set(phones.flatMap((row) => (row.e164 ? [row.e164] : [])))];
  const [dncChanges, calls, disclosures] = await Promise.all([
    dncChangesOf(numbers),
    selectRows(
      sql`SELECT c.id, c.created_at AS at, c.time_zone AS "timeZone", c.phone_e164 AS phone,
            u.first_name AS "firstName", u.last_name AS "lastName", c.allowed, c.reasons, c.overridden,
            c.override_reason AS "overrideReason", ${ATTEMPT_RULE_COLUMNS},
            c.agent_licensed_states AS "licensedStates", c.outcome, c.outcome_at AS "outcomeAt"
            FROM call_attempts c LEFT JOIN users u ON u.id = c.user_id
            WHERE c.application_id = ${lead.id} ORDER BY c.created_at, c.id`,
      CallRow,
    ),
    selectRows(
      sql`SELECT l.created_at AS at, l.action, u.first_name AS "firstName", u.last_name AS "lastName", l.summary
            FROM activity_logs l LEFT JOIN users u ON u.id = l.user_id
            WHERE l.entity_type = 'application' AND l.entity_id = ${lead.id} AND l.action IN ${[...DISCLOSURE_ACTIONS]}
            ORDER BY l.created_at, l.id`,
      DisclosureRow,
    ),
  ]);
  return {
    lead: {
      id: lead.id,
      name: fullName(lead),
      state: lead.state,
      zipCode: lead.zipCode,
      phones: phones.map((row) => row.phone),
      agentName: lead.agentFirstName
        ? fullName({ firstName: lead.agentFirstName, lastName: lead.agentLastName ?? "" })
        : null,
      receivedAt: lead.createdAt,
    },
    source: {
      kind: lead.source,
      label: SOURCE_LABELS[lead.source] ?? activityActionLabel(lead.source),
      vendor: lead.vendor,
      externalId: lead.externalId,
    },
    consent: {
      given: lead.consentGiven,
      text: lead.consentText,
      sha256: lead.consentText ? consentTextSha256(lead.consentText) : null,
      at: lead.consentAt,
      ipAddress: lead.consentIp,
      pageUrl: lead.consentPageUrl,
      certificateUrl: lead.consentCertificateUrl,
    },
    dncListedNow: [...new Set(phones.flatMap((row) => (row.listed && row.e164 ? [row.e164] : [])))],
    dncChanges: dncChanges.map((row) => ({
      at: row.at,
      change: row.change,
      phone: row.phone,
      reason: row.change === "added" ? (DNC_REASON_LABELS[row.reason as DncReasonName] ?? row.reason) : row.reason,
      by: nameOrNull(row),
      importFile: row.importFile,
    })),
    calls: calls.map((row) => ({
      id: row.id,
      at: row.at,
      leadLocalTime: formatLocalDateTime(new Date(row.at), row.timeZone),
      timeZone: row.timeZone,
      phone: row.phone,
      by: nameOrNull(row),
      allowed: row.allowed,
      refusals: refusalsIn(row.reasons),
      overridden: refusalsIn(row.overridden),
      overrideReason: row.overrideReason,
      rule: attemptRule(row),
      agentLicensedStates: (row.licensedStates ?? "").split(",").filter(Boolean),
      outcome: row.outcome,
      outcomeLabel: row.outcome ? callOutcomeLabel(row.outcome) : null,
      outcomeAt: row.outcomeAt,
    })),
    disclosures: disclosures.map((row) => ({
      at: row.at,
      action: row.action,
      label: activityActionLabel(row.action),
      by: nameOrNull(row),
      summary: row.summary,
    })),
  };
}
