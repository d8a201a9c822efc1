import { UniqueConstraintError, type Transaction } from "sequelize";
import { z } from "zod";
import { Carrier, LeadSource, sequelize } from "~db";
import { dollarsFromCents, formatMoney } from "~/domain/format";
import { LEAD_SOURCE_MESSAGES as M, type LeadSourceStatus } from "~/domain/lead-sources";
import type { LeadSourceCreateInput, LeadSourceUpdateInput } from "~/domain/schemas/lead-sources";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { badRequest, notFound } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import { newPostingKey, postingKeyHash } from "./posting-keys.server";
import type { SessionUser } from "./sessions.server";
import { and, column, selectOne, selectRows, sql, sqlPage } from "./sql/reads.server";

// Lead sources (issue 24 item 1, decision 061): the vendors and lists the agency buys leads from.
// Admins only. A source's posting key is made here, answered once (by create and rotate) and
// stored only as its SHA-256 with its last four characters; it is never logged, never read back.

/** A source as the admin page and the API show it: never its key nor the key's hash. */
export type LeadSourceView = {
  id: string;
  name: string;
  costPerLeadCents: number;
  returnWindowHours: number;
  duplicateWindowDays: number;
  defaultCarrierId: string | null;
  defaultCarrierName: string | null;
  status: LeadSourceStatus;
  /** The last four characters of the current key, to tell keys apart ("…abcd"). */
  keyLast4: string;
  keyRotatedAt: string | null;
  createdAt: string;
};

const SourceRow = z.object({
  id: column.text,
  name: column.text,
  costPerLeadCents: column.cents,
  returnWindowHours: column.integer,
  duplicateWindowDays: column.integer,
  defaultCarrierId: column.text.nullable(),
  defaultCarrierName: column.text.nullable(),
  status: z.enum(["active", "paused"]),
  keyLast4: column.text,
  keyRotatedAt: column.isoDate.nullable(),
  createdAt: column.isoDate,
}) satisfies z.ZodType<LeadSourceView, z.ZodTypeDef, unknown>;

const SOURCE_COLUMNS = sql`s.id, s.name, s.cost_per_lead_cents AS "costPerLeadCents",
  s.return_window_hours AS "returnWindowHours", s.duplicate_window_days AS "duplicateWindowDays",
  s.default_carrier_id AS "defaultCarrierId", c.name AS "defaultCarrierName", s.status,
  s.posting_key_last4 AS "keyLast4", s.key_rotated_at AS "keyRotatedAt", s.created_at AS "createdAt"`;

const SOURCE_FROM = sql`lead_sources s LEFT JOIN carriers c ON c.id = s.default_carrier_id`;

/** Newest first, paged by the database. Admins only. */
export async function listLeadSources(
  actor: SessionUser,
  query: { page: number; pageSize: number },
): Promise<Page<LeadSourceView>> {
  assertAdmin(actor);
  return sqlPage(
    { select: SOURCE_COLUMNS, from: SOURCE_FROM, orderBy: sql`s.created_at DESC, s.id DESC` },
    query,
    SourceRow,
  );
}

/** One source, read in the caller's transaction when there is one (it sees its own change). */
async function readSource(id: string, transaction?: Transaction): Promise<LeadSourceView | null> {
  if (!isUuid(id)) return null;
  return selectOne(sql`SELECT ${SOURCE_COLUMNS} FROM ${SOURCE_FROM} WHERE s.id = ${id}`, SourceRow, { transaction });
}

/** One source (its dialog, the API's answers). An unknown or malformed id is a 404. Admins only. */
export async function getLeadSource(actor: SessionUser, id: string): Promise<LeadSourceView> {
  assertAdmin(actor);
  const source = await readSource(id);
  if (!source) throw notFound(M.notFound);
  return source;
}

/** The carriers a source's default may be, by name, for the dialogs' select. Admins only. */
export async function leadSourceCarrierChoices(actor: SessionUser) {
  assertAdmin(actor);
  return selectRows(
    sql`SELECT c.id, c.name FROM carriers c WHERE c.preset = ${true} ORDER BY LOWER(c.name), c.id`,
    z.object({ id: column.text, name: column.text }),
  );
}

/** A name another source has, case aside ("Acme" and "ACME" would be the same vendor on screen). */
async function assertNameFree(name: string, exceptId: string | null, transaction: Transaction) {
  const taken = await selectOne(
    sql`SELECT s.id FROM lead_sources s WHERE ${and([sql`LOWER(s.name) = LOWER(${name})`, exceptId && sql`s.id <> ${exceptId}`])}`,
    z.object({ id: column.text }),
    { transaction },
  );
  if (taken) throw nameTaken(name);
}

function nameTaken(name: string) {
  return badRequest(M.nameTaken(name), { name: [M.nameTaken(name)] });
}

async function assertCarrier(carrierId: string | null | undefined, transaction: Transaction) {
  if (carrierId && !(await Carrier.findByPk(carrierId, { attributes: ["id"], transaction }))) {
    throw badRequest(M.defaultCarrier, { defaultCarrierId: [M.defaultCarrier] });
  }
}

/**
 * Two admins adding one name at once: the second insert meets the unique index on name and gets
 * the same message at the field as the check before it.
 */
async function namingOnce<T>(name: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UniqueConstraintError && name && error.fields && "name" in error.fields) {
      throw nameTaken(name);
    }
    throw error;
  }
}

/**
 * Adds a source, active, with a new posting key. The key is in this answer only: what is kept is
 * its hash and last four characters. Admins only.
 */
export async function createLeadSource(
  actor: SessionUser,
  input: LeadSourceCreateInput,
): Promise<{ source: LeadSourceView; postingKey: string }> {
  assertAdmin(actor);
  const key = newPostingKey();
  const source = await namingOnce(input.name, () =>
    sequelize.transaction(async (transaction) => {
      await assertNameFree(input.name, null, transaction);
      await assertCarrier(input.defaultCarrierId, transaction);
      const row = await LeadSource.create(
        {
          name: input.name,
          costPerLeadCents: input.costPerLead,
          returnWindowHours: input.returnWindowHours,
          duplicateWindowDays: input.duplicateWindowDays,
          defaultCarrierId: input.defaultCarrierId,
          status: "active",
          postingKeyHash: key.hash,
          postingKeyLast4: key.last4,
          keyRotatedAt: null,
        },
        { transaction },
      );
      await logActivity(
        {
          userId: actor.id,
          action: "lead_source_created",
          entityType: "lead_source",
          entityId: row.id,
          summary: `Added lead source ${input.name} at ${formatMoney(input.costPerLead)} per lead`,
        },
        { transaction },
      );
      return readSource(row.id, transaction);
    }),
  );
  return { source: source!, postingKey: key.key };
}

/** What changed, in words for the activity log (never the key). */
function changeSummary(before: LeadSourceView, change: LeadSourceUpdateInput) {
  const parts: string[] = [];
  if (change.name !== undefined && change.name !== before.name) parts.push(`renamed from ${before.name}`);
  if (change.costPerLead !== undefined && change.costPerLead !== before.costPerLeadCents) {
    parts.push(`cost per lead ${formatMoney(before.costPerLeadCents)} to ${formatMoney(change.costPerLead)}`);
  }
  if (change.returnWindowHours !== undefined && change.returnWindowHours !== before.returnWindowHours) {
    parts.push(`return window ${before.returnWindowHours} to ${change.returnWindowHours} hours`);
  }
  if (change.duplicateWindowDays !== undefined && change.duplicateWindowDays !== before.duplicateWindowDays) {
    parts.push(`duplicate window ${before.duplicateWindowDays} to ${change.duplicateWindowDays} days`);
  }
  if (change.defaultCarrierId !== undefined && change.defaultCarrierId !== before.defaultCarrierId) {
    parts.push("default carrier changed");
  }
  return parts;
}

/**
 * Changes the fields given (what is left out stays); `status` pauses or activates the source (a
 * paused source's posts are refused by the intake). Admins only; an unknown id is a 404.
 */
export async function updateLeadSource(
  actor: SessionUser,
  id: string,
  change: LeadSourceUpdateInput,
): Promise<LeadSourceView> {
  assertAdmin(actor);
  const before = await readSource(id);
  if (!before) throw notFound(M.notFound);
  const updated = await namingOnce(change.name, () =>
    sequelize.transaction(async (transaction) => {
      const row = await LeadSource.findByPk(id, { transaction });
      if (!row) throw notFound(M.notFound);
      if (change.name !== undefined) await assertNameFree(change.name, id, transaction);
      if (change.defaultCarrierId !== undefined) await assertCarrier(change.defaultCarrierId, transaction);
      await row.update(
        {
          name: change.name,
          costPerLeadCents: change.costPerLead,
          returnWindowHours: change.returnWindowHours,
          duplicateWindowDays: change.duplicateWindowDays,
          defaultCarrierId: change.defaultCarrierId,
          status: change.status,
        },
        { transaction },
      );
      const name = row.name;
      const fields = changeSummary(before, change);
      if (fields.length) {
        await logActivity(
          {
            userId: actor.id,
            action: "lead_source_updated",
            entityType: "lead_source",
            entityId: id,
            summary: `Updated lead source ${name}: ${fields.join("; ")}`,
          },
          { transaction },
        );
      }
      if (change.status !== undefined && change.status !== before.status) {
        await logActivity(
          {
            userId: actor.id,
            action: change.status === "paused" ? "lead_source_paused" : "lead_source_activated",
            entityType: "lead_source",
            entityId: id,
            summary: `${change.status === "paused" ? "Paused" : "Activated"} lead source ${name}`,
          },
          { transaction },
        );
      }
      return readSource(id, transaction);
    }),
  );
  return updated!;
}

/**
 * A new posting key for the source, answered once; the old key is retired at once (its hash is
 * replaced, so it finds nothing). Admins only; an unknown id is a 404.
 */
export async function rotateLeadSourceKey(
  actor: SessionUser,
  id: string,
): Promise<{ source: LeadSourceView; postingKey: string }> {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound(M.notFound);
  const key = newPostingKey();
  const source = await sequelize.transaction(async (transaction) => {
    const row = await LeadSource.findByPk(id, { transaction });
    if (!row) throw notFound(M.notFound);
    await row.update(
      { postingKeyHash: key.hash, postingKeyLast4: key.last4, keyRotatedAt: new Date() },
      { transaction },
    );
    await logActivity(
      {
        userId: actor.id,
        action: "lead_source_key_rotated",
        entityType: "lead_source",
        entityId: id,
        summary: `Rotated the posting key of lead source ${row.name}`,
      },
      { transaction },
    );
    return readSource(id, transaction);
  });
  return { source: source!, postingKey: key.key };
}

/** What the intake needs of the source a posting key belongs to. */
export type PostingSource = {
  id: string;
  name: string;
  status: LeadSourceStatus;
  costPerLeadCents: number;
  returnWindowHours: number;
  duplicateWindowDays: number;
  defaultCarrierId: string | null;
  rateLimitPerMinute: number;
};

const PostingSourceRow = z.object({
  id: column.text,
  name: column.text,
  status: z.enum(["active", "paused"]),
  costPerLeadCents: column.cents,
  returnWindowHours: column.integer,
  duplicateWindowDays: column.integer,
  defaultCarrierId: column.text.nullable(),
  rateLimitPerMinute: column.integer,
}) satisfies z.ZodType<PostingSource, z.ZodTypeDef, unknown>;

/**
 * The source a presented posting key belongs to, found by the key's SHA-256 in one unique-index
 * read; null for anything else (an unknown or retired key, an empty string). A paused source is
 * still found, with `status: "paused"`: the caller (the intake API, issue 24 item 2) tells a
 * paused source (403) from a missing or retired key (401). No actor: the key is the caller's
 * credential. Pass the raw key as presented (`Authorization: Bearer <key>`, trimmed).
 */
export async function findSourceByPostingKey(key: string): Promise<PostingSource | null> {
  if (typeof key !== "string" || key.length === 0 || key.length > 200) return null;
  return selectOne(
    sql`SELECT s.id, s.name, s.status, s.cost_per_lead_cents AS "costPerLeadCents",
      s.return_window_hours AS "returnWindowHours", s.duplicate_window_days AS "duplicateWindowDays",
      s.default_carrier_id AS "defaultCarrierId", s.rate_limit_per_minute AS "rateLimitPerMinute"
      FROM lead_sources s WHERE s.posting_key_hash = ${postingKeyHash(key)}`,
    PostingSourceRow,
  );
}

/**
 * A source as the API answers it: money as a decimal string ("160.00", as the orders' API), the
 * key's last four characters and never the key nor its hash.
 */
export function leadSourceJson(source: LeadSourceView) {
  const { costPerLeadCents, ...rest } = source;
  return { ...rest, costPerLead: dollarsFromCents(costPerLeadCents) };
}
