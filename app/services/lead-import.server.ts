import crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { Op, type Transaction } from "sequelize";
import { z } from "zod";
import { LeadImport, LeadImportKey, LeadImportRejection, LeadImportRow, sequelize } from "~db";
import { csvLine } from "~/domain/csv";
import {
  LEAD_IMPORT_FIELD_KEYS,
  LEAD_IMPORT_JOB,
  LEAD_IMPORT_FIELD_LABELS,
  LEAD_IMPORT_FIELDS,
  LEAD_IMPORT_LIMITS,
  LEAD_IMPORT_MESSAGES as M,
  LEAD_IMPORT_PREVIEW_ROWS,
  guessLeadImportMapping,
  mappingProblem,
  type LeadImportDistribution,
  type LeadImportField,
  type LeadImportMapping,
  type LeadImportProgress,
} from "~/domain/lead-import";
import { LEAD_INTAKE_MESSAGES, leadIntakeSchema } from "~/domain/schemas/lead-intake";
import { enqueueJob } from "~/jobs/index.server";
import type { Page } from "~/utils/list";
import { logger } from "~/utils/logger.server";
import { ServiceError } from "./errors.server";
import { phoneE164 } from "./lead-identity.server";
import { receiveLeadBatch, type IntakeSource } from "./lead-intake.server";
import { assertAdmin, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, selectOne, selectRows, sql, sqlPage } from "./sql/reads.server";
import { emitWebhookEvent } from "./webhooks.server";

// The CSV lead import (issue 24 item 4, decision 062). An upload is read twice from the file the
// request wrote to disk, a record at a time (csv-parse): once to check it (CSV, at most 50,000
// rows) and once to keep its rows in lead_import_rows, so any app machine's job can read them.
// The admin maps columns to lead fields and starts the import; the job reads the rows a batch at
// a time and hands each to receiveLead, the intake's own function, so validation, duplicates and
// distribution are the API's. Each batch is one transaction with the import's counts.

/** Rows a job reads and imports in one transaction. On Postgres each row holds up to three advisory locks until its batch commits. */
const IMPORT_BATCH_ROWS = 250;
/** Rows written to lead_import_rows per INSERT while an upload is kept. */
const STAGE_BATCH_ROWS = 1000;
const MAX_COLUMNS = 100;
/** An upload nobody started is deleted after this long (with the next upload). */
const ABANDONED_AFTER_MS = 24 * 60 * 60_000;

const CSV_OPTIONS = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  trim: true,
  max_record_size: 64 * 1024,
} as const;

/** A file the request wrote to disk. */
export type UploadedFile = { path: string; name: string; bytes: number };

const fileError = (message: string) => new ServiceError(400, message, { file: [message] });

function csvRecords(path: string) {
  return fs.createReadStream(path).pipe(parse(CSV_OPTIONS)) as AsyncIterable<string[]>;
}

function headerNames(record: string[]) {
  return record.map((name, index) => name.slice(0, 100) || `Column ${index + 1}`);
}

/** The file's header and row count, or the 400 at `file` saying what is wrong with it. */
async function checkedCsv(path: string) {
  let headers: string[] | null = null;
  let rows = 0;
  try {
    for await (const record of csvRecords(path)) {
      if (!headers) {
        headers = headerNames(record);
        if (headers.length > MAX_COLUMNS) throw fileError(M.tooManyColumns);
        continue;
      }
      rows++;
      if (rows > LEAD_IMPORT_LIMITS.rows) throw fileError(M.tooManyRows);
    }
  } catch (error) {
    if (error instanceof CsvError) throw fileError(M.unreadable(error.message.split("\n", 1)[0]!.slice(0, 200)));
    throw error;
  }
  if (!headers) throw fileError(M.noHeader);
  if (rows === 0) throw fileError(M.noRows);
  return { headers, rows };
}

/**
 * Keeps an uploaded CSV as an import waiting to be mapped: checks it (a 400 at `file` for a file
 * that is not CSV, is empty, has no rows or more than 50,000), guesses the mapping from its
 * header, and writes its rows to lead_import_rows. The caller deletes the file.
 */
export async function stageLeadImport(actor: SessionUser, file: UploadedFile, now = new Date()): Promise<LeadImport> {
  assertAdmin(actor);
  if (!/\.(csv|txt)$/i.test(file.name)) throw fileError(M.notCsv);
  if (file.bytes > LEAD_IMPORT_LIMITS.bytes) throw fileError(M.tooLarge);
  const { headers, rows } = await checkedCsv(file.path);
  await LeadImport.destroy({
    where: { status: "uploaded", createdAt: { [Op.lt]: new Date(now.getTime() - ABANDONED_AFTER_MS) } },
  });
  const created = await LeadImport.create({
    createdById: actor.id,
    leadSourceId: null,
    agentId: null,
    fileName: file.name.slice(0, 255),
    fileBytes: file.bytes,
    headers: JSON.stringify(headers),
    mapping: JSON.stringify(guessLeadImportMapping(headers)),
    distribution: null,
    status: "uploaded",
    total: rows,
    error: null,
    startedAt: null,
    finishedAt: null,
  });
  try {
    let header = true;
    let rowNumber = 0;
    let batch: { importId: string; rowNumber: number; cells: string }[] = [];
    for await (const record of csvRecords(file.path)) {
      if (header) {
        header = false;
        continue;
      }
      batch.push({
        importId: created.id,
        rowNumber: ++rowNumber,
        cells: JSON.stringify(record.slice(0, headers.length)),
      });
      if (batch.length === STAGE_BATCH_ROWS) {
        await LeadImportRow.bulkCreate(batch);
        batch = [];
      }
    }
    if (batch.length) await LeadImportRow.bulkCreate(batch);
  } catch (error) {
    await LeadImportRow.destroy({ where: { importId: created.id } });
    await created.destroy();
    throw error;
  }
  logger.info({ importId: created.id, rows, bytes: file.bytes }, "lead import uploaded");
  return created;
}

/** An import as the page and the API show it. */
export type LeadImportView = LeadImportProgress & {
  fileName: string;
  fileBytes: number;
  headers: string[];
  mapping: LeadImportMapping;
  sourceId: string | null;
  sourceName: string | null;
  distribution: LeadImportDistribution | null;
  agentId: string | null;
  agentName: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

const fieldOrNull = z.enum(LEAD_IMPORT_FIELD_KEYS).nullable().catch(null);
const ImportRow = z.object({
  id: column.text,
  fileName: column.text,
  fileBytes: column.integer,
  headers: column.json(z.array(z.string())),
  mapping: column.json(z.array(fieldOrNull)).nullable(),
  sourceId: column.text.nullable(),
  sourceName: column.text.nullable(),
  distribution: column.text.nullable(),
  agentId: column.text.nullable(),
  agentName: column.text.nullable(),
  status: column.text,
  total: column.integer,
  processed: column.integer,
  imported: column.integer,
  duplicates: column.integer,
  alreadyImported: column.integer,
  rejected: column.integer,
  error: column.text.nullable(),
  createdAt: column.date,
  finishedAt: column.date.nullable(),
});

const IMPORT_COLUMNS = sql`i.id, i.file_name AS "fileName", i.file_bytes AS "fileBytes", i.headers, i.mapping,
  i.lead_source_id AS "sourceId", s.name AS "sourceName", i.distribution, i.agent_id AS "agentId",
  CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS "agentName",
  i.status, i.total, i.processed, i.imported, i.duplicates, i.already_imported AS "alreadyImported", i.rejected,
  i.error, i.created_at AS "createdAt", i.finished_at AS "finishedAt"`;
const IMPORT_JOINS = sql`LEFT JOIN lead_sources s ON s.id = i.lead_source_id
  LEFT JOIN agents g ON g.id = i.agent_id LEFT JOIN users u ON u.id = g.user_id`;

function importView(row: z.output<typeof ImportRow>): LeadImportView {
  return {
    ...row,
    mapping: row.mapping ?? guessLeadImportMapping(row.headers),
    distribution: row.distribution as LeadImportDistribution | null,
    status: row.status as LeadImportView["status"],
  };
}

/** One import, or a 404 "Import not found" (an agent is refused before that, 403). */
export async function getLeadImport(actor: SessionUser, id: string): Promise<LeadImportView> {
  assertAdmin(actor);
  const row = isUuid(id)
    ? await selectOne(sql`SELECT ${IMPORT_COLUMNS} FROM lead_imports i ${IMPORT_JOINS} WHERE i.id = ${id}`, ImportRow)
    : null;
  if (!row) throw new ServiceError(404, M.notFound);
  return importView(row);
}

/** Past imports, newest first, a page at a time from the (created_at, id) index. */
export async function listLeadImports(
  actor: SessionUser,
  query: { page: number; pageSize: number },
): Promise<Page<LeadImportView>> {
  assertAdmin(actor);
  const page = await sqlPage(
    {
      select: IMPORT_COLUMNS,
      from: sql`lead_imports i`,
      join: IMPORT_JOINS,
      orderBy: sql`i.created_at DESC, i.id DESC`,
      key: sql`i.id`,
    },
    query,
    ImportRow,
  );
  return { ...page, rows: page.rows.map(importView) };
}

/** The lead fields of one row under a mapping, each cell as written (blank ones left out). */
type MappedFields = Partial<Record<LeadImportField, string>>;

function mappedFields(cells: string[], mapping: LeadImportMapping): MappedFields {
  const fields: MappedFields = {};
  mapping.forEach((field, index) => {
    const value = cells[index];
    if (field && value) fields[field] = value;
  });
  return fields;
}

// Files carry dates and amounts the way spreadsheets write them; the intake takes ISO dates and
// plain numbers. Anything else is passed as written, and the intake's message names the field.
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const LOCAL_DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/;

function isoDay(value: string) {
  const us = US_DATE.exec(value);
  return us ? `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}` : value;
}

function isoInstant(value: string) {
  const local = LOCAL_DATETIME.exec(value);
  if (local) return `${local[1]}T${local[2]}Z`;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
}

const plainAmount = (value: string) => value.replace(/^\$/, "").replace(/,/g, "");

/** What receiveLead is given for a row: the intake's body, with the consent fields nested. */
function leadInput(fields: MappedFields) {
  const consent = {
    timestamp: fields.consentTimestamp && isoInstant(fields.consentTimestamp),
    ipAddress: fields.consentIpAddress,
    pageUrl: fields.consentPageUrl,
    text: fields.consentText,
    certificateUrl: fields.consentCertificateUrl,
  };
  return {
    firstName: fields.firstName,
    lastName: fields.lastName,
    phone: fields.phone,
    email: fields.email,
    address: fields.address,
    city: fields.city,
    state: fields.state,
    zipCode: fields.zipCode,
    dateOfBirth: fields.dateOfBirth && isoDay(fields.dateOfBirth),
    gender: fields.gender,
    coverageAmount: fields.coverageAmount && plainAmount(fields.coverageAmount),
    monthlyPremium: fields.monthlyPremium && plainAmount(fields.monthlyPremium),
    externalId: fields.externalId,
    consent: Object.values(consent).some(Boolean) ? consent : undefined,
  };
}

/**
 * A row's problems as the import would refuse it: the intake schema's messages, and the phone's
 * when it is not a possible phone number (receiveLead checks the same with the same words).
 */
function rowProblems(fields: MappedFields): string[] {
  const result = leadIntakeSchema.safeParse(leadInput(fields));
  const problems = result.success ? [] : result.error.issues.map((issue) => issue.message);
  const phoneFine = !result.success ? !result.error.issues.some((issue) => issue.path[0] === "phone") : true;
  if (phoneFine && fields.phone && !phoneE164(fields.phone)) problems.push(LEAD_INTAKE_MESSAGES.phone);
  return [...new Set(problems)];
}

export type PreviewRow = { rowNumber: number; cells: string[]; problems: string[] };

/** The first 10 rows with each one's problems under `mapping`. */
export async function previewLeadImport(
  actor: SessionUser,
  id: string,
  mapping: LeadImportMapping,
): Promise<PreviewRow[]> {
  assertAdmin(actor);
  const rows = await selectRows(
    sql`SELECT r.row_number AS "rowNumber", r.cells FROM lead_import_rows r
        WHERE r.import_id = ${id} ORDER BY r.row_number LIMIT ${LEAD_IMPORT_PREVIEW_ROWS}`,
    StagedRow,
  );
  return rows.map((row) => ({ ...row, problems: rowProblems(mappedFields(row.cells, mapping)) }));
}

const StagedRow = z.object({ rowNumber: column.integer, cells: column.json(z.array(z.string())) });

/** What the admin chooses for an import: the mapping, the source and the distribution. */
export type LeadImportChoices = {
  mapping: LeadImportMapping;
  sourceId: string | null;
  distribution: LeadImportDistribution | null;
  agentId: string | null;
};

/** The mapping as a form or the API sends it: a field (or nothing) per column, as many as the header has. */
function readMapping(value: unknown, columns: number): LeadImportMapping | null {
  if (!Array.isArray(value) || value.length !== columns) return null;
  const mapping: LeadImportMapping = [];
  for (const field of value) {
    if (field === null || field === "") mapping.push(null);
    else if (typeof field === "string" && (LEAD_IMPORT_FIELD_KEYS as readonly string[]).includes(field)) {
      mapping.push(field as LeadImportField);
    } else return null;
  }
  return mapping;
}

async function uploadedImport(id: string) {
  const found = isUuid(id) ? await LeadImport.findByPk(id) : null;
  if (!found) throw new ServiceError(404, M.notFound);
  if (found.status !== "uploaded") throw new ServiceError(409, M.notMapping);
  return found;
}

/** Keeps the choices made so far (the preview's Update), without checking them. */
export async function saveLeadImportChoices(actor: SessionUser, id: string, choices: LeadImportChoices) {
  assertAdmin(actor);
  const found = await uploadedImport(id);
  await found.update({
    mapping: JSON.stringify(choices.mapping),
    leadSourceId: choices.sourceId && isUuid(choices.sourceId) ? choices.sourceId : null,
    distribution: choices.distribution,
    agentId: choices.agentId && isUuid(choices.agentId) ? choices.agentId : null,
  });
}

const SourceRow = z.object({
  id: column.text,
  name: column.text,
  status: z.enum(["active", "paused"]),
  duplicateWindowDays: column.integer,
  defaultCarrierId: column.text.nullable(),
  rateLimitPerMinute: column.integer,
});

async function intakeSource(id: string | null): Promise<IntakeSource | null> {
  if (!id || !isUuid(id)) return null;
  return selectOne(
    sql`SELECT s.id, s.name, s.status, s.duplicate_window_days AS "duplicateWindowDays",
          s.default_carrier_id AS "defaultCarrierId", s.rate_limit_per_minute AS "rateLimitPerMinute"
        FROM lead_sources s WHERE s.id = ${id}`,
    SourceRow,
  );
}

/**
 * Checks the choices (every problem at its field: mapping, sourceId, distribution, agentId) and
 * queues the import's job. Answers the import's id.
 */
export async function startLeadImport(
  actor: SessionUser,
  id: string,
  choices: LeadImportChoices,
  mappingError: string | null = null,
) {
  assertAdmin(actor);
  const found = await uploadedImport(id);
  const fieldErrors: Record<string, string[]> = {};
  const problem = mappingError ?? mappingProblem(choices.mapping);
  if (problem) fieldErrors.mapping = [problem];
  const source = await intakeSource(choices.sourceId);
  if (!choices.sourceId) fieldErrors.sourceId = [M.sourceRequired];
  else if (!source) fieldErrors.sourceId = [M.sourceUnknown];
  else if (source.status !== "active") fieldErrors.sourceId = [M.sourcePaused];
  if (!choices.distribution) fieldErrors.distribution = [M.distributionRequired];
  if (choices.distribution === "agent") {
    const agent =
      choices.agentId && isUuid(choices.agentId)
        ? await selectOne(
            sql`SELECT g.id FROM agents g WHERE g.id = ${choices.agentId} AND g.status = 'approved'`,
            z.object({ id: column.text }),
          )
        : null;
    if (!agent) fieldErrors.agentId = [M.agentRequired];
  }
  const errors = Object.values(fieldErrors);
  if (errors.length) throw new ServiceError(400, errors[0]![0]!, fieldErrors);
  await found.update({
    mapping: JSON.stringify(choices.mapping),
    leadSourceId: source!.id,
    distribution: choices.distribution,
    agentId: choices.distribution === "agent" ? choices.agentId : null,
    status: "queued",
  });
  await enqueueJob(LEAD_IMPORT_JOB, { importId: found.id });
  logger.info({ importId: found.id, sourceId: source!.id }, "lead import queued");
  return found.id;
}

/** The key a source keeps a row by: its external id when mapped, else a hash of its lead fields. */
function rowKey(fields: MappedFields) {
  const identity = fields.externalId
    ? `external\u0000${fields.externalId}`
    : `row\u0000${JSON.stringify(LEAD_IMPORT_FIELD_KEYS.map((key) => fields[key] ?? ""))}`;
  return crypto.createHash("sha256").update(identity).digest("hex");
}

/** Why receiveLead refused a row: every field's message. */
function refusalReason(error: ServiceError) {
  const messages = error.fieldErrors ? Object.values(error.fieldErrors).flat() : [error.message];
  return [...new Set(messages)].join("; ").slice(0, 1000);
}

type Counts = { processed: number; imported: number; duplicates: number; alreadyImported: number; rejected: number };
const KnownKey = z.object({ rowKey: column.text, importId: column.text });

/** One batch in one transaction: its rows received, their keys and rejections kept, the counts moved on. */
async function importBatch(
  job: {
    importId: string;
    source: IntakeSource;
    mapping: LeadImportMapping;
    distribution: DistributionOption;
    /** When the batch's first row is received (its others a millisecond apart: receiveLeadBatch). */
    now: Date;
  },
  rows: { rowNumber: number; cells: string[] }[],
  counts: Counts,
  transaction: Transaction,
): Promise<Counts> {
  const next = { ...counts };
  const prepared = rows.map((row) => {
    const fields = mappedFields(row.cells, job.mapping);
    return { ...row, fields, key: rowKey(fields) };
  });
  const known = new Map(
    (
      await selectRows(
        sql`SELECT k.row_key AS "rowKey", k.import_id AS "importId" FROM lead_import_keys k
            WHERE k.lead_source_id = ${job.source.id} AND k.row_key IN ${[...new Set(prepared.map((row) => row.key))]}`,
        KnownKey,
        { transaction },
      )
    ).map((row) => [row.rowKey, row.importId]),
  );
  const keys: { leadSourceId: string; rowKey: string; importId: string }[] = [];
  const rejections: { importId: string; rowNumber: number; fields: string; reason: string }[] = [];
  // Rows an earlier import of the source took are not received again; the others in one batch.
  const received = prepared.filter((row) => {
    const earlierImport = known.get(row.key);
    return !(earlierImport && earlierImport !== job.importId);
  });
  const outcomes = await receiveLeadBatch(
    job.source,
    received.map((row) => leadInput(row.fields)),
    { transaction, distribution: job.distribution, arrivedBy: "import", now: job.now },
  );
  next.processed = rows.length ? rows[rows.length - 1]!.rowNumber : next.processed;
  next.alreadyImported += prepared.length - received.length;
  received.forEach((row, i) => {
    const outcome = outcomes[i]!;
    if ("refusal" in outcome) {
      next.rejected++;
      rejections.push({
        importId: job.importId,
        rowNumber: row.rowNumber,
        fields: JSON.stringify(row.fields),
        reason: refusalReason(outcome.refusal),
      });
      return;
    }
    // A row repeated in this file is received again (it is a duplicate of the first) but keyed once.
    if (!known.has(row.key)) {
      known.set(row.key, job.importId);
      keys.push({ leadSourceId: job.source.id, rowKey: row.key, importId: job.importId });
    }
    const { result } = outcome;
    if (!result.created) next.alreadyImported++;
    else if (result.status === "duplicate") next.duplicates++;
    else next.imported++;
  });
  if (keys.length) await LeadImportKey.bulkCreate(keys, { transaction });
  if (rejections.length) await LeadImportRejection.bulkCreate(rejections, { transaction });
  await LeadImport.update({ ...next }, { where: { id: job.importId }, transaction });
  return next;
}

type DistributionOption = { mode: "automatic" } | { mode: "unassigned" } | { mode: "agent"; agentId: string };

function distributionOf(found: LeadImport): DistributionOption {
  if (found.distribution === "agent" && found.agentId) return { mode: "agent", agentId: found.agentId };
  return found.distribution === "unassigned" ? { mode: "unassigned" } : { mode: "automatic" };
}

/**
 * The import job's work: the rows after `processed`, a batch at a time, each batch one
 * transaction; then the kept rows are deleted and the import completed. Run again (a retry, or
 * after a crash) it goes on from the first row not processed; run on a completed import it does
 * nothing.
 */
export async function runLeadImport(importId: string, options: { batchRows?: number } = {}) {
  const found = isUuid(importId) ? await LeadImport.findByPk(importId) : null;
  if (!found || found.status === "completed" || found.status === "uploaded") return;
  const source = await intakeSource(found.leadSourceId);
  if (!source || source.status !== "active") {
    await found.update({ status: "failed", error: M.sourcePaused, finishedAt: new Date() });
    return;
  }
  const mapping = readMapping(JSON.parse(found.mapping ?? "null"), (JSON.parse(found.headers) as string[]).length);
  if (!mapping) throw new Error("The import's mapping is not valid");
  await found.update({ status: "running", error: null, startedAt: found.startedAt ?? new Date() });
  const job = { importId, source, mapping, distribution: distributionOf(found) };
  let counts: Counts = {
    processed: found.processed,
    imported: found.imported,
    duplicates: found.duplicates,
    alreadyImported: found.alreadyImported,
    rejected: found.rejected,
  };
  const batchRows = options.batchRows ?? IMPORT_BATCH_ROWS;
  let nextInstant = 0;
  for (;;) {
    const rows = await selectRows(
      sql`SELECT r.row_number AS "rowNumber", r.cells FROM lead_import_rows r
          WHERE r.import_id = ${importId} AND r.row_number > ${counts.processed}
          ORDER BY r.row_number LIMIT ${batchRows}`,
      StagedRow,
    );
    if (rows.length === 0) break;
    const before = counts;
    // A batch's rows are received a millisecond apart from now; the next batch starts after them.
    const now = new Date(Math.max(Date.now(), nextInstant));
    nextInstant = now.getTime() + rows.length;
    counts = await sequelize.transaction((transaction) => importBatch({ ...job, now }, rows, before, transaction));
  }
  await sequelize.transaction(async (transaction) => {
    await LeadImportRow.destroy({ where: { importId }, transaction });
    await LeadImport.update(
      { status: "completed", finishedAt: new Date(), error: null },
      { where: { id: importId }, transaction },
    );
    await emitWebhookEvent(
      "lead_import.completed",
      {
        importId,
        leadSourceId: found.leadSourceId,
        imported: counts.imported,
        duplicates: counts.duplicates,
        alreadyImported: counts.alreadyImported,
        rejected: counts.rejected,
      },
      transaction,
    );
  });
  logger.info({ importId, ...counts }, "lead import completed");
}

/** A failed attempt: its message kept; the last one marks the import failed. */
export async function failLeadImport(importId: string, message: string, { final }: { final: boolean }) {
  if (!isUuid(importId)) return;
  await LeadImport.update(final ? { status: "failed", error: message, finishedAt: new Date() } : { error: message }, {
    where: { id: importId },
  });
}

/** The status the API answers: GET /api/admin/imports/{id}. */
export function leadImportStatusJson(view: LeadImportView) {
  return {
    id: view.id,
    status: view.status,
    total: view.total,
    processed: view.processed,
    imported: view.imported,
    duplicates: view.duplicates,
    alreadyImported: view.alreadyImported,
    rejected: view.rejected,
    error: view.error,
  };
}

const Rejection = z.object({
  rowNumber: column.integer,
  fields: column.json(z.record(z.string())),
  reason: column.text,
});
const REJECTIONS_PER_READ = 500;

/**
 * The rejected rows as CSV: the file's row number, the mapped lead fields (never the file's other
 * columns) and the reason, read 500 at a time by row number. A 409 until the import has finished.
 */
export async function rejectedRowsCsv(actor: SessionUser, id: string): Promise<ReadableStream<Uint8Array>> {
  const view = await getLeadImport(actor, id);
  if (view.status !== "completed" && view.status !== "failed") throw new ServiceError(409, M.notRejected);
  const fields = LEAD_IMPORT_FIELDS.map((field) => field.key).filter((key) => view.mapping.includes(key));
  async function* lines() {
    yield Buffer.from(csvLine(["Row", ...fields.map((key) => LEAD_IMPORT_FIELD_LABELS[key]), "Reason"]));
    let after = 0;
    for (;;) {
      const rows = await selectRows(
        sql`SELECT j.row_number AS "rowNumber", j.fields, j.reason FROM lead_import_rejections j
            WHERE j.import_id = ${id} AND j.row_number > ${after} ORDER BY j.row_number LIMIT ${REJECTIONS_PER_READ}`,
        Rejection,
      );
      const text = rows.map((row) =>
        csvLine([row.rowNumber, ...fields.map((key) => row.fields[key] ?? ""), row.reason]),
      );
      if (text.length) yield Buffer.from(text.join(""));
      if (rows.length < REJECTIONS_PER_READ) return;
      after = rows[rows.length - 1]!.rowNumber;
    }
  }
  return Readable.toWeb(Readable.from(lines())) as ReadableStream<Uint8Array>;
}

/** The rejected rows' file name: the upload's, with "-rejected". */
export function rejectedFileName(view: Pick<LeadImportView, "fileName">) {
  return `${view.fileName.replace(/\.(csv|txt)$/i, "").replace(/[^\w.-]+/g, "-") || "import"}-rejected.csv`;
}

/** The sources an import can name (active ones) and the approved agents it can give every lead to. */
export async function leadImportChoices(actor: SessionUser) {
  assertAdmin(actor);
  const [sources, agents] = await Promise.all([
    selectRows(
      sql`SELECT s.id, s.name FROM lead_sources s WHERE s.status = 'active' ORDER BY s.name, s.id`,
      z.object({ id: column.text, name: column.text }),
    ),
    selectRows(
      sql`SELECT g.id, u.first_name || ' ' || u.last_name AS name FROM agents g JOIN users u ON u.id = g.user_id
          WHERE g.status = 'approved' ORDER BY u.first_name, u.last_name, g.id`,
      z.object({ id: column.text, name: column.text }),
    ),
  ]);
  return { sources, agents };
}

/** Deletes an upload that was never started (the API's upload whose choices were refused). */
export async function discardLeadImport(actor: SessionUser, id: string) {
  assertAdmin(actor);
  await sequelize.transaction(async (transaction) => {
    await LeadImportRow.destroy({ where: { importId: id }, transaction });
    await LeadImport.destroy({ where: { id, status: "uploaded" }, transaction });
  });
}

const DISTRIBUTION_VALUES: readonly string[] = ["automatic", "agent", "unassigned"];

/**
 * The choices as a form or the API sends them. The mapping is either the page's one select per
 * column (`column.0`, `column.1`, ...) or the API's `mapping`: JSON, an array of a lead field (or
 * null) per column, or an object from header names to lead fields; without it, the mapping
 * guessed from the header. A mapping that cannot be read is reported at `mapping`.
 */
export function importChoicesFrom(
  fields: Record<string, string | undefined>,
  view: Pick<LeadImportView, "headers" | "mapping">,
) {
  let mapping: LeadImportMapping | null = view.mapping;
  if (fields["column.0"] !== undefined) {
    mapping = readMapping(
      view.headers.map((_, index) => fields[`column.${index}`] ?? ""),
      view.headers.length,
    );
  } else if (fields.mapping !== undefined && fields.mapping.trim() !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.mapping);
    } catch {
      parsed = undefined;
    }
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const byHeader = parsed as Record<string, unknown>;
      parsed = view.headers.map((header) => byHeader[header] ?? null);
    }
    mapping = readMapping(parsed, view.headers.length);
  }
  const distribution = DISTRIBUTION_VALUES.includes(fields.distribution ?? "")
    ? (fields.distribution as LeadImportDistribution)
    : null;
  const choices: LeadImportChoices = {
    mapping: mapping ?? view.mapping,
    sourceId: fields.sourceId?.trim() || null,
    distribution,
    agentId: fields.agentId?.trim() || null,
  };
  return { choices, mappingError: mapping ? null : M.mappingInvalid };
}
