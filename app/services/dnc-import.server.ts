import fs from "node:fs";
import { CsvError, parse } from "csv-parse";
import { z } from "zod";
import type { Transaction } from "sequelize";
import { DncImport, DncImportChunk, isPostgres, sequelize } from "~db";
import { phoneE164 } from "~db/phone-e164";
import { DNC_IMPORT_JOB, DNC_MESSAGES as M, dncImportReasonSchema, type DncImportProgress } from "~/domain/dnc";
import { enqueueJob } from "~/jobs/index.server";
import type { Page } from "~/utils/list";
import { logger } from "~/utils/logger.server";
import { logActivity } from "./activity.server";
import { badRequest, notFound, validInput } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, join, selectOne, selectRows, sql, sqlPage } from "./sql/reads.server";
import { compile } from "./sql/statement";

// A file of numbers for the do-not-call list (issue 25 item 1, decision 069): a national or state
// registry's extract, up to millions of numbers. The upload is streamed to disk (the lead import's
// handler), then read one record at a time into chunks of CHUNK_VALUES values kept in the database,
// so the job runs on whichever machine takes it. The job reads each number into E.164 and lists
// them INSERT_ROWS at a time (one INSERT ... ON CONFLICT DO NOTHING, counting the rows it added);
// a chunk, its counts and its deletion are one transaction, so
// an attempt that fails goes on from the first chunk left.

const CHUNK_VALUES = 10_000;
const INSERT_ROWS = 1_000;

/** A file the request wrote to disk. */
export type UploadedNumbers = { path: string; name: string };

const CSV_OPTIONS = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  trim: true,
  max_record_size: 64 * 1024,
} as const;

/** Header names a file's number column goes by (letters only, case aside). */
const NUMBER_HEADER = /phone|number|tel|mobile|cell|e164|dnc/i;

/**
 * Reads the value of each record: with a header (a first record without a digit) the column it
 * names as the number (else the first); without one the first column, or a registry's area code
 * and number in two columns ("305","5550142") read together.
 */
async function* numbersOf(path: string): AsyncGenerator<string> {
  let column = 0;
  let first = true;
  for await (const record of fs.createReadStream(path).pipe(parse(CSV_OPTIONS)) as AsyncIterable<string[]>) {
    if (first) {
      first = false;
      if (!record.some((cell) => /\d/.test(cell))) {
        column = Math.max(
          0,
          record.findIndex((cell) => NUMBER_HEADER.test(cell)),
        );
        continue;
      }
    }
    const [areaCode, local] = record;
    if (record.length >= 2 && /^\d{3}$/.test(areaCode ?? "") && /^\d{7}$/.test(local ?? ""))
      yield `${areaCode}${local}`;
    else yield (record[column] ?? "").replace(/\n/g, " ");
  }
}

/**
 * POST /api/admin/dnc/import and the page's upload: keeps the file's values in chunks and queues
 * the job; the reason (national registry, state registry or internal) applies to every number
 * added. A file without a value, or not readable as CSV, is a 400 at `file` and keeps nothing.
 */
export async function startDncImport(
  actor: SessionUser,
  file: UploadedNumbers,
  reasonInput: unknown,
): Promise<DncImportProgress> {
  assertAdmin(actor);
  const reason = validInput(z.object({ reason: dncImportReasonSchema }), { reason: reasonInput }).reason;
  const row = await DncImport.create({
    createdById: actor.id,
    fileName: file.name.slice(0, 255) || "numbers.csv",
    reason,
    status: "queued",
  });
  let total = 0;
  try {
    let chunk: string[] = [];
    let seq = 0;
    const flush = async () => {
      if (chunk.length === 0) return;
      seq += 1;
      await DncImportChunk.create({ importId: row.id, seq, phones: chunk.join("\n"), count: chunk.length });
      total += chunk.length;
      chunk = [];
    };
    for await (const value of numbersOf(file.path)) {
      chunk.push(value);
      if (chunk.length >= CHUNK_VALUES) await flush();
    }
    await flush();
  } catch (error) {
    await row.destroy();
    if (error instanceof CsvError)
      throw badRequest(M.unreadable(error.message), { file: [M.unreadable(error.message)] });
    throw error;
  }
  if (total === 0) {
    await row.destroy();
    throw badRequest(M.noNumbers, { file: [M.noNumbers] });
  }
  await row.update({ total });
  await logActivity({
    userId: actor.id,
    action: "dnc_import_started",
    entityType: "dnc_import",
    entityId: row.id,
    summary: `Uploaded ${row.fileName} to the do-not-call list: ${total.toLocaleString("en-US")} values`,
  });
  await enqueueJob(DNC_IMPORT_JOB, { importId: row.id });
  return progressOf(row);
}

type Counts = { processed: number; added: number; alreadyListed: number; invalid: number };

/**
 * Lists `numbers` (not yet listed ones; the others are left as they are) and answers how many were
 * added: one multi-row INSERT ... ON CONFLICT DO NOTHING, counted by its RETURNING on Postgres and
 * by changes() on SQLite (whose driver runs an INSERT without answering rows). SQL, not models
 * (decision 069): a million model instances would take most of the time allowed.
 */
async function insertNumbers(found: DncImport, numbers: string[], now: Date, transaction: Transaction) {
  // The numbers are the only values a row does not share: one bound value a row, the rest once.
  const values = join(numbers.map((e164) => sql`(${e164})`));
  // Postgres types a SELECT's bare literals as text: the shared values are cast to their columns'.
  const shared = isPostgres
    ? sql`CAST(${found.reason} AS varchar), CAST(${found.createdById} AS uuid), CAST(${found.id} AS uuid), CAST(${now} AS timestamptz)
        FROM (VALUES ${values}) AS v(column1)`
    : sql`${found.reason}, ${found.createdById}, ${found.id}, ${now} FROM (VALUES ${values}) AS v`;
  const insert = sql`INSERT INTO dnc_numbers (phone_e164, reason, added_by_id, import_id, created_at)
    SELECT v.column1, ${shared} WHERE true ON CONFLICT (phone_e164) DO NOTHING`;
  if (isPostgres) {
    const rows = await selectRows(sql`${insert} RETURNING 1 AS one`, z.object({ one: column.integer }), {
      transaction,
    });
    return rows.length;
  }
  const { text, values: bound } = compile(insert);
  await sequelize.query(text, { replacements: bound, transaction });
  const changed = await selectOne(sql`SELECT changes() AS n`, z.object({ n: column.integer }), { transaction });
  return changed?.n ?? 0;
}

/** One chunk: its numbers listed, its counts added to the import's, and the chunk deleted, in one transaction. */
async function importChunk(found: DncImport, chunk: DncImportChunk, counts: Counts): Promise<Counts> {
  const numbers = new Set<string>();
  let invalid = 0;
  for (const value of chunk.phones.split("\n")) {
    const e164 = phoneE164(value);
    if (e164) numbers.add(e164);
    else invalid++;
  }
  const valid = chunk.count - invalid;
  const now = new Date();
  const all = [...numbers];
  return sequelize.transaction(async (transaction) => {
    let added = 0;
    for (let start = 0; start < all.length; start += INSERT_ROWS) {
      added += await insertNumbers(found, all.slice(start, start + INSERT_ROWS), now, transaction);
    }
    const next = {
      processed: counts.processed + chunk.count,
      added: counts.added + added,
      alreadyListed: counts.alreadyListed + valid - added,
      invalid: counts.invalid + invalid,
    };
    await DncImportChunk.destroy({ where: { importId: found.id, seq: chunk.seq }, transaction });
    await DncImport.update(next, { where: { id: found.id }, transaction });
    return next;
  });
}

/**
 * The job's work: the chunks left, in order, each one transaction; then the import completed. Run
 * again (a retry, or after a crash) it goes on from the first chunk left; on a completed import it
 * does nothing.
 */
export async function runDncImport(importId: string) {
  const found = isUuid(importId) ? await DncImport.findByPk(importId) : null;
  if (!found || found.status === "completed") return;
  await found.update({ status: "running", error: null, startedAt: found.startedAt ?? new Date() });
  let counts: Counts = {
    processed: found.processed,
    added: found.added,
    alreadyListed: found.alreadyListed,
    invalid: found.invalid,
  };
  for (;;) {
    const chunk = await DncImportChunk.findOne({ where: { importId }, order: [["seq", "ASC"]] });
    if (!chunk) break;
    counts = await importChunk(found, chunk, counts);
  }
  await found.update({ status: "completed", finishedAt: new Date(), error: null });
  logger.info({ importId, ...counts }, "do-not-call import completed");
}

/** A failed attempt: its message kept; the last one marks the import failed. */
export async function failDncImport(importId: string, message: string, { final }: { final: boolean }) {
  if (!isUuid(importId)) return;
  await DncImport.update(final ? { status: "failed", error: message, finishedAt: new Date() } : { error: message }, {
    where: { id: importId },
  });
}

function progressOf(row: DncImport): DncImportProgress {
  return {
    id: row.id,
    fileName: row.fileName,
    reason: row.reason,
    status: row.status,
    total: row.total,
    processed: row.processed,
    added: row.added,
    alreadyListed: row.alreadyListed,
    invalid: row.invalid,
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const ImportRow = z.object({
  id: column.text,
  fileName: column.text,
  reason: z.enum(["customer_request", "internal", "national_registry", "state_registry"]),
  status: z.enum(["queued", "running", "completed", "failed"]),
  total: column.integer,
  processed: column.integer,
  added: column.integer,
  alreadyListed: column.integer,
  invalid: column.integer,
  error: column.text.nullable(),
  createdAt: column.isoDate,
  finishedAt: column.isoDate.nullable(),
}) satisfies z.ZodType<DncImportProgress, z.ZodTypeDef, unknown>;

const IMPORT_COLUMNS = sql`i.id, i.file_name AS "fileName", i.reason, i.status, i.total, i.processed, i.added,
  i.already_listed AS "alreadyListed", i.invalid, i.error, i.created_at AS "createdAt", i.finished_at AS "finishedAt"`;

/** GET /api/admin/dnc/import/{id} and the page's progress: one upload. Administrators only; 404 for an unknown id. */
export async function getDncImport(actor: SessionUser, id: string): Promise<DncImportProgress> {
  assertAdmin(actor);
  const found = isUuid(id)
    ? await selectOne(sql`SELECT ${IMPORT_COLUMNS} FROM dnc_imports i WHERE i.id = ${id}`, ImportRow)
    : null;
  if (!found) throw notFound(M.importNotFound);
  return found;
}

/** The uploads, newest first (the (created_at, id) index). */
export async function listDncImports(
  actor: SessionUser,
  query: { page: number; pageSize: number },
): Promise<Page<DncImportProgress>> {
  assertAdmin(actor);
  return sqlPage(
    { select: IMPORT_COLUMNS, from: sql`dnc_imports i`, orderBy: sql`i.created_at DESC, i.id DESC` },
    query,
    ImportRow,
  );
}
