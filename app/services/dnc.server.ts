import { z } from "zod";
import { DncNumber, DncRemoval, Phone, sequelize } from "~db";
import { phoneE164 } from "~db/phone-e164";
import {
  DNC_MESSAGES as M,
  DNC_REASON_LABELS,
  DNC_REASONS,
  dncAddSchema,
  dncRemoveSchema,
  type DncEntryView,
} from "~/domain/dnc";
import { fullName } from "~/domain/format";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { badRequest, conflict, notFound, validInput } from "./errors.server";
import { findAccessibleLead } from "./leads.server";
import { assertAdmin } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, identifier, selectOne, selectRows, sql, sqlPage, type Sql } from "./sql/reads.server";

// The agency's do-not-call list (issue 25 items 1 and 2, decision 069). A number is listed once,
// in E.164 (dnc_numbers' primary key); a lead is on the list when any of its phones' phone_e164 is
// (leadOnDncList: an EXISTS over two indexes, read with the lead's row, never kept on the lead, so
// a change of the list shows on every lead at once). Adding and removing are audited; a removal
// keeps the entry as it was in dnc_removals for the lead's evidence.

/** How far the list counts its matches: "1,000+" past it (decision 058's rule for big lists). */
const DNC_LIST_COUNT_LIMIT = 1000;

/**
 * Whether lead `alias` has a listed phone, as a 0/1 column of a list's row: the lead's phones by
 * the (application_id, phone_e164) index, each looked up in dnc_numbers' primary key.
 */
export function leadOnDncList(alias: string): Sql {
  return sql`CASE WHEN EXISTS (SELECT 1 FROM phones dp JOIN dnc_numbers dn ON dn.phone_e164 = dp.phone_e164
      WHERE dp.application_id = ${identifier(alias)}.id) THEN 1 ELSE 0 END`;
}

/**
 * Whether one lead has a listed phone (the lists and the lead read it as leadOnDncList).
 * @internal
 */
export async function isLeadOnDncList(leadId: string): Promise<boolean> {
  const row = await selectOne(
    sql`SELECT ${leadOnDncList("a")} AS dnc FROM applications a WHERE a.id = ${leadId}`,
    z.object({ dnc: column.boolean }),
  );
  return row?.dnc ?? false;
}

/** Which of `phones` (any format) are listed, in E.164: the call check's question (issue 25 item 4). */
export async function listedNumbers(phones: readonly string[]): Promise<string[]> {
  const numbers = [...new Set(phones.map((phone) => phoneE164(phone)).filter((e164) => e164 !== null))];
  if (numbers.length === 0) return [];
  const rows = await selectRows(
    sql`SELECT phone_e164 AS phone FROM dnc_numbers WHERE phone_e164 IN ${numbers}`,
    z.object({ phone: column.text }),
  );
  return rows.map((row) => row.phone);
}

// ---------------------------------------------------------------------------------------------
// The list

const EntryRow = z
  .object({
    phone: column.text,
    reason: z.enum(DNC_REASONS),
    addedById: column.text.nullable(),
    firstName: column.text.nullable(),
    lastName: column.text.nullable(),
    sourceApplicationId: column.text.nullable(),
    importId: column.text.nullable(),
    createdAt: column.isoDate,
  })
  .transform((row): DncEntryView => ({
    phone: row.phone,
    reason: row.reason,
    reasonLabel: DNC_REASON_LABELS[row.reason],
    addedById: row.addedById,
    addedByName:
      row.firstName !== null && row.lastName !== null ? fullName(row as { firstName: string; lastName: string }) : null,
    sourceApplicationId: row.sourceApplicationId,
    importId: row.importId,
    createdAt: row.createdAt,
  }));

const ENTRY_COLUMNS = sql`d.phone_e164 AS phone, d.reason, d.added_by_id AS "addedById", u.first_name AS "firstName",
  u.last_name AS "lastName", d.source_application_id AS "sourceApplicationId", d.import_id AS "importId",
  d.created_at AS "createdAt"`;

/**
 * What a search finds, read as a number is: a whole number is that number (the primary key); part
 * of one (its first digits, "305 555") is every number that begins so, as a range of the key, in
 * the US (+1) unless it begins with "+". Null when the search holds no digit: nothing matches.
 * @internal
 */
export function dncSearchRange(search: string): { from: string; to: string } | null {
  const whole = phoneE164(search);
  if (whole && search.replace(/\D/g, "").length >= 10) return { from: whole, to: whole };
  let digits = search.replace(/\D/g, "");
  if (!digits) return null;
  // US area codes never begin with 1: a leading 1 is the country code.
  if (!search.trim().startsWith("+")) digits = `1${digits.replace(/^1/, "")}`;
  const from = `+${digits}`;
  return { from, to: nextPrefix(from) };
}

/** The first string after every string that begins with `prefix` (digits after "+"). */
function nextPrefix(prefix: string): string {
  const kept = prefix.replace(/9+$/, "");
  if (kept === "+") return ",";
  return kept.slice(0, -1) + String(Number(kept.slice(-1)) + 1);
}

function searchWhere(search: string | undefined): Sql | undefined {
  if (!search?.trim()) return undefined;
  const range = dncSearchRange(search);
  if (!range) return sql`1 = 0`;
  return range.from === range.to
    ? sql`d.phone_e164 = ${range.from}`
    : sql`d.phone_e164 >= ${range.from} AND d.phone_e164 < ${range.to}`;
}

/**
 * GET /api/admin/dnc and /admin/dnc: the list newest first, or the numbers a search finds, one
 * page of them (the (created_at, phone_e164) index, or the key's range) with a total counted up to
 * DNC_LIST_COUNT_LIMIT. Administrators only.
 */
export async function listDncNumbers(
  actor: SessionUser,
  query: { search?: string; page: number; pageSize: number },
): Promise<Page<DncEntryView>> {
  assertAdmin(actor);
  return sqlPage(
    {
      select: ENTRY_COLUMNS,
      from: sql`dnc_numbers d`,
      join: sql`LEFT JOIN users u ON u.id = d.added_by_id`,
      where: searchWhere(query.search),
      orderBy: sql`d.created_at DESC, d.phone_e164 DESC`,
      key: sql`d.phone_e164`,
    },
    query,
    EntryRow,
    { countUpTo: DNC_LIST_COUNT_LIMIT },
  );
}

async function entryOf(e164: string): Promise<DncEntryView | null> {
  return selectOne(
    sql`SELECT ${ENTRY_COLUMNS} FROM dnc_numbers d LEFT JOIN users u ON u.id = d.added_by_id WHERE d.phone_e164 = ${e164}`,
    EntryRow,
  );
}

/** The number as the list keeps it, or the 400 at `phone` for one that cannot be a phone number. */
function listableNumber(raw: string): string {
  const e164 = phoneE164(raw);
  if (!e164) throw badRequest(M.phoneInvalid, { phone: [M.phoneInvalid] });
  return e164;
}

/** Where a number shows in an audit summary: its last four digits (the log's rule for long numbers). */
const numberEnding = (e164: string) => `a number ending ${e164.slice(-4)}`;

// ---------------------------------------------------------------------------------------------
// Changes

/**
 * POST /api/admin/dnc and the page's Add: lists one number (any format; US when it has no country
 * code) with its reason, for every agent at once. A number already listed is left as it is and
 * answered with `created: false`. Audited.
 */
export async function addDncNumber(
  actor: SessionUser,
  input: unknown,
): Promise<{ entry: DncEntryView; created: boolean }> {
  assertAdmin(actor);
  const { phone, reason } = validInput(dncAddSchema, input);
  const e164 = listableNumber(phone);
  const created = await sequelize.transaction(async (transaction) => {
    const [, made] = await DncNumber.findOrCreate({
      where: { phoneE164: e164 },
      defaults: { phoneE164: e164, reason, addedById: actor.id },
      transaction,
    });
    if (made) {
      await logActivity(
        {
          userId: actor.id,
          action: "dnc_number_added",
          entityType: "dnc_number",
          summary: `Added ${numberEnding(e164)} to the do-not-call list (${DNC_REASON_LABELS[reason]})`,
        },
        { transaction },
      );
    }
    return made;
  });
  const entry = await entryOf(e164);
  if (!entry) throw conflict(M.notListed);
  return { entry, created };
}

/**
 * DELETE /api/admin/dnc/{phone} and the page's Remove: takes one number off the list, with why.
 * The entry is kept as it was in dnc_removals with its removal, and the audit trail names the
 * number's last four digits and the reason. 404 when the number is not listed.
 */
export async function removeDncNumber(actor: SessionUser, phone: string, input: unknown): Promise<DncEntryView> {
  assertAdmin(actor);
  const { reason } = validInput(dncRemoveSchema, input);
  const e164 = phoneE164(phone);
  if (!e164) throw notFound(M.notListed);
  const entry = await entryOf(e164);
  const removed = await sequelize.transaction(async (transaction) => {
    const row = await DncNumber.findByPk(e164, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) return false;
    await DncRemoval.create(
      {
        phoneE164: row.phoneE164,
        reason: row.reason,
        addedById: row.addedById,
        addedAt: row.createdAt,
        sourceApplicationId: row.sourceApplicationId ?? null,
        importId: row.importId ?? null,
        removedById: actor.id,
        removedAt: new Date(),
        removalReason: reason,
      },
      { transaction },
    );
    await row.destroy({ transaction });
    await logActivity(
      {
        userId: actor.id,
        action: "dnc_number_removed",
        entityType: "dnc_number",
        summary: `Removed ${numberEnding(e164)} from the do-not-call list (${DNC_REASON_LABELS[row.reason]}): ${reason}`,
      },
      { transaction },
    );
    return true;
  });
  if (!removed || !entry) throw notFound(M.notListed);
  return entry;
}

/** What "Asked not to be called" did: the lead's numbers now listed, those it added, those listed before. */
export type OptOutResult = { leadId: string; listed: string[]; added: string[]; alreadyListed: string[] };

/**
 * "Asked not to be called" (the lead's page and dialog, POST /api/agent/applications/{id}/opt-out):
 * every phone of the lead joins the list with the reason customer request, for every agent at once
 * (another agent's lead with the same number is on the list from this moment). The lead's agent or
 * an admin; anyone else's lead is the 404 "Application Not Found". Audited on the lead. 409 when
 * none of its phones can be read as a number.
 */
export async function optOutLead(actor: SessionUser, leadId: string): Promise<OptOutResult> {
  return sequelize.transaction(async (transaction) => {
    const lead = await findAccessibleLead(actor, leadId, { attributes: ["id"], transaction });
    const phones = await Phone.findAll({ where: { applicationId: lead.id }, attributes: ["phoneNumber"], transaction });
    const listed = [...new Set(phones.map((phone) => phoneE164(phone.phoneNumber)).filter((e164) => e164 !== null))];
    if (listed.length === 0) throw conflict(M.noPhones);
    const before = new Set(
      (await DncNumber.findAll({ where: { phoneE164: listed }, attributes: ["phoneE164"], transaction })).map(
        (row) => row.phoneE164,
      ),
    );
    const added = listed.filter((e164) => !before.has(e164));
    await DncNumber.bulkCreate(
      added.map((e164) => ({
        phoneE164: e164,
        reason: "customer_request" as const,
        addedById: actor.id,
        sourceApplicationId: lead.id,
      })),
      { ignoreDuplicates: true, transaction },
    );
    await logActivity(
      {
        userId: actor.id,
        action: "lead_opted_out",
        entityType: "application",
        entityId: lead.id,
        summary:
          `Asked not to be called: ${listed.length === 1 ? "its number is" : `its ${listed.length} numbers are`} on the do-not-call list` +
          (added.length < listed.length ? ` (${listed.length - added.length} listed before)` : ""),
      },
      { transaction },
    );
    return { leadId: lead.id, listed, added, alreadyListed: listed.filter((e164) => before.has(e164)) };
  });
}

/** What "Asked not to be called" asks about: the lead's name and each of its phones, listed or not. */
export async function optOutPreview(actor: SessionUser, leadId: string) {
  const lead = await findAccessibleLead(actor, leadId, { attributes: ["id", "firstName", "lastName"] });
  const phones = await selectRows(
    sql`SELECT p.phone_number AS phone, CASE WHEN dn.phone_e164 IS NULL THEN 0 ELSE 1 END AS listed
        FROM phones p LEFT JOIN dnc_numbers dn ON dn.phone_e164 = p.phone_e164
        WHERE p.application_id = ${lead.id} ORDER BY p.is_primary DESC, p.created_at, p.id`,
    z.object({ phone: column.text, listed: column.boolean }),
  );
  return { id: lead.id, name: fullName(lead), phones };
}
