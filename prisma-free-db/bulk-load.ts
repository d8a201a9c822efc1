import { QueryTypes, type Sequelize, type Transaction } from "sequelize";
import { recountUnreadLeadCounts } from "./migrations/007-unread-lead-counts";
import { recountReportSummaries } from "./migrations/043-report-summaries-issued";
import { rebuildLeadSearchTerms } from "./migrations/052-search-terms-returned";

// A load of many leads at once (the leads benchmark's 1,000,000, issue 23 item 4) with the
// per-row upkeep off, and what that upkeep keeps made again after, set-based. Row by row, each
// lead's triggers update the same few rows again (every admin's unread count, the report
// summaries' buckets): on Postgres each update inside one statement walks the row versions the
// ones before it left, so a statement's cost grows with the square of its rows, and the search
// terms (migration 051) are faster written at once, their indexes built after.
//
// Only for a database nobody else writes to at the time (a benchmark's, a test's): on Postgres the
// triggers are disabled for the table, not the session, and the indexes are gone until the end.

/** The tables a load writes whose triggers and indexes are set aside. */
const TABLES = ["applications", "phones", "lead_reads"] as const;

/**
 * The upkeep the triggers on TABLES do, by trigger name prefix: each is made again after a load
 * from every row. A trigger of another kind stops the load before it starts, so a later migration's
 * trigger is never skipped without being recounted.
 */
const UPKEEP = ["unread_lead_counts_", "report_summaries_", "lead_search_terms_"] as const;

function assertKnown(triggers: readonly string[]) {
  const unknown = triggers.filter((name) => !UPKEEP.some((prefix) => name.startsWith(prefix)));
  if (unknown.length) throw new Error(`bulkLoad does not know how to redo the triggers ${unknown.join(", ")}`);
}

/**
 * Runs `load` (inserts, and any change, to applications, phones and lead_reads) with their
 * triggers off and, on Postgres, their secondary indexes dropped; then puts back the triggers and
 * the indexes exactly as they were and counts again, set-based, what the triggers keep: every
 * user's unread count (migration 007), the report summaries (024, with 043's figures) and the
 * search terms (051). Users and agents keep their triggers: add them before.
 */
export async function bulkLoad(sequelize: Sequelize, load: () => Promise<void>): Promise<Rebuilt> {
  return sequelize.getDialect() === "postgres" ? bulkLoadPostgres(sequelize, load) : bulkLoadSqlite(sequelize, load);
}

/** The seconds a bulk load spent after `load`: building the indexes it dropped, and counting again. */
export type Rebuilt = { indexSeconds: number; recountSeconds: number };

const since = (started: number) => (performance.now() - started) / 1000;

/** `load`, then `restore` whether it succeeded or not. */
async function loadThenRestore(load: () => Promise<void>, restore: () => Promise<Rebuilt>) {
  try {
    await load();
  } catch (error) {
    // The database is left whole (triggers, indexes, counts) for whoever looks at it after.
    await restore();
    throw error;
  }
  return restore();
}

type Index = { name: string; definition: string };

/**
 * Postgres: the indexes of `tables` a load can drop and build again, as they were made: every one
 * but those behind a constraint (the primary keys, which the foreign keys and the summaries'
 * ON CONFLICT need) and the partial ones (pg_get_indexdef writes a predicate `IN (...)` as another
 * expression than the one it was made from, which the planner could no longer match to a query's).
 */
async function secondaryIndexes(sequelize: Sequelize, tables: readonly string[]) {
  return sequelize.query<Index>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relname IN (${tables.map((t) => `'${t}'`).join(", ")}) AND t.relnamespace = 'public'::regnamespace
       AND i.indpred IS NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
     ORDER BY 1`,
    { type: QueryTypes.SELECT },
  );
}

async function bulkLoadPostgres(sequelize: Sequelize, load: () => Promise<void>) {
  const tables = TABLES.map((t) => `'${t}'`).join(", ");
  const triggers = await sequelize.query<{ name: string }>(
    `SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgrelid IN (SELECT oid FROM pg_class WHERE relname IN (${tables}) AND relnamespace = 'public'::regnamespace)`,
    { type: QueryTypes.SELECT },
  );
  assertKnown(triggers.map((t) => t.name));
  const indexes = await secondaryIndexes(sequelize, TABLES);
  const summaryIndexes = await secondaryIndexes(sequelize, ["report_summaries"]);
  for (const table of TABLES) await sequelize.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  for (const { name } of indexes) await sequelize.query(`DROP INDEX ${name}`);
  // Room to sort and group in memory: a GIN build of 1,000,000 leads, or the summaries' 17 million
  // contributions, otherwise spill to disk in pieces.
  const roomy = async (transaction: Transaction) => {
    await sequelize.query("SET LOCAL work_mem = '512MB'", { transaction });
    await sequelize.query("SET LOCAL maintenance_work_mem = '512MB'", { transaction });
  };
  return loadThenRestore(load, async () => {
    let started = performance.now();
    await sequelize.transaction(async (transaction) => {
      await roomy(transaction);
      for (const { definition } of indexes) await sequelize.query(definition, { transaction });
    });
    for (const table of TABLES) await sequelize.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    const indexSeconds = since(started);
    started = performance.now();
    await sequelize.transaction(async (transaction) => {
      await roomy(transaction);
      await recountUnreadLeadCounts(sequelize, transaction);
      // The summaries written afresh into an empty table with only its primary key (the recount's
      // rows come in its order), then the other indexes built: 3 million rows at 1,000,000 leads,
      // which kept in their two indexes' order one at a time took twice as long.
      for (const { name } of summaryIndexes) await sequelize.query(`DROP INDEX ${name}`, { transaction });
      await sequelize.query("TRUNCATE report_summaries", { transaction });
      await recountReportSummaries(sequelize, transaction);
      for (const { definition } of summaryIndexes) await sequelize.query(definition, { transaction });
    });
    const recountSeconds = since(started);
    started = performance.now();
    await sequelize.transaction(async (transaction) => {
      await roomy(transaction);
      await rebuildLeadSearchTerms(sequelize, transaction);
    });
    return { indexSeconds: indexSeconds + since(started), recountSeconds };
  });
}

async function bulkLoadSqlite(sequelize: Sequelize, load: () => Promise<void>) {
  const tables = TABLES.map((t) => `'${t}'`).join(", ");
  const triggers = await sequelize.query<{ name: string; definition: string }>(
    `SELECT name, sql AS definition FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (${tables}) ORDER BY name`,
    { type: QueryTypes.SELECT },
  );
  assertKnown(triggers.map((t) => t.name));
  for (const { name } of triggers) await sequelize.query(`DROP TRIGGER ${name}`);
  return loadThenRestore(load, async () => {
    for (const { definition } of triggers) await sequelize.query(definition);
    let started = performance.now();
    await sequelize.transaction(async (transaction) => {
      await recountUnreadLeadCounts(sequelize, transaction);
      await recountReportSummaries(sequelize, transaction);
    });
    const recountSeconds = since(started);
    // The search terms are the triggers' upkeep, written again with their indexes (an index, in time).
    started = performance.now();
    await rebuildLeadSearchTerms(sequelize);
    return { indexSeconds: since(started), recountSeconds };
  });
}
