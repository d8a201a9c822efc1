import { createHash } from "node:crypto";
import { z } from "zod";
import { activityActionLabel } from "~/domain/activity";
import { fullName } from "~/domain/format";
import { logActivity } from "./activity.server";
import { notFound } from "./errors.server";
import { LEAD_NOT_FOUND, accessibleLeadWhere } from "./leads.server";
import type { SessionUser } from "./sessions.server";
import { column, selectOne, selectRows, sql } from "./sql/reads.server";

// A lead's consent evidence pack (issue 25 item 6, decision 073): what an agency hands its lawyer
// when a call is disputed. The consent exactly as it was shown or posted with its SHA-256, where
// the lead came from, and who looked at or copied the record. Admins any lead, an agent only their
// own (404 otherwise, before anything is recorded); opening it is itself recorded.

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

export function consentTextSha256(text: string) {
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
  const [phones, disclosures] = await Promise.all([
    selectRows(
      sql`SELECT phone_number AS phone FROM phones WHERE application_id = ${lead.id}
            ORDER BY is_primary DESC, created_at, id`,
      z.object({ phone: column.text }),
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
    disclosures: disclosures.map((row) => ({
      at: row.at,
      action: row.action,
      label: activityActionLabel(row.action),
      by: row.firstName ? fullName({ firstName: row.firstName, lastName: row.lastName ?? "" }) : null,
      summary: row.summary,
    })),
  };
}
