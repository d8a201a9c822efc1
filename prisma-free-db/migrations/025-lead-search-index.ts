import type { Sequelize, Transaction } from "sequelize";
import type { MigrationContext } from "./index";

// The lead lists' search from an index (issue 23 item 5, docs/decisions/056). Replaced by the
// term table of migration 051 (decision 090); the list indexes below stay. A search's every
// word must appear, case-insensitively, in the lead's first name, last name or email, or, when the
// word is a piece of a phone number, its digits in one of the lead's phone numbers' digits
// (app/services/lead-search.server.ts). A `LIKE '%word%'` can use no btree, so at 100,000 leads a
// search read every lead. Both databases now find the words from a trigram index, kept in the
// same transaction as the write:
//
// - Postgres: GIN trigram indexes (pg_trgm) on the expressions the search compares, the names and
//   email in one text and a phone's digits. An index on an expression is kept by the database
//   itself, so nothing else changes.
// - SQLite: an FTS5 table with the trigram tokenizer (SQLite 3.34+), whose phrase query finds a
//   substring of three characters or more. Its rows are the leads': `words` the names and email,
//   `phones` the digits of each phone, kept by triggers on applications and phones. An FTS5 row is
//   addressed by an integer rowid, and a lead's is its lead_search_keys row's id (applications has
//   a UUID key, and its own rowid may change on VACUUM).
//
// The lists still answer words shorter than three characters (the trigram index cannot) with the
// LIKE on the leads the other words and filters left.
//
// All Leads' pages (every lead, or by status, newest first) end their order in the lead's id, which
// (created_at) and (status, created_at) did not hold, so each page's ids were read from the table
// and sorted again: (created_at, id) and (status, created_at, id) take their place and answer a
// page, unread only included, from the index alone.
const BY_CREATED = { name: "applications_created_id", fields: ["created_at", "id"], replaces: ["created_at"] };
const BY_STATUS = {
  name: "applications_status_created_id",
  fields: ["status", "created_at", "id"],
  replaces: ["status", "created_at"],
};

/** The characters a phone number may hold besides digits (the application's phone rule), dropped to compare digits. */
const PHONE_PUNCTUATION_SQLITE = [" ", "(", ")", "-", ".", "+", "char(9)", "char(10)", "char(13)"];

/** A phone number's digits in SQLite: its punctuation replaced away (SQLite has no translate()). */
export const sqliteDigits = (column: string) =>
  PHONE_PUNCTUATION_SQLITE.reduce((text, c) => `replace(${text}, ${c.startsWith("char(") ? c : `'${c}'`}, '')`, column);

const SQLITE_WORDS = (lead: string) =>
  `${lead}.first_name || ' ' || ${lead}.last_name || ' ' || COALESCE(${lead}.email, '')`;
const sqlitePhonesOf = (applicationId: string) =>
  `(SELECT group_concat(${sqliteDigits("p.phone_number")}, ' ') FROM phones p WHERE p.application_id = ${applicationId})`;
const sqliteKeyOf = (applicationId: string) =>
  `(SELECT k.id FROM lead_search_keys k WHERE k.application_id = ${applicationId})`;
const refreshPhones = (applicationId: string) =>
  `UPDATE lead_search SET phones = ${sqlitePhonesOf(applicationId)} WHERE rowid = ${sqliteKeyOf(applicationId)};`;

const SQLITE_TRIGGERS: Record<string, string> = {
  lead_search_lead_insert: `AFTER INSERT ON applications BEGIN
    INSERT INTO lead_search_keys (application_id) VALUES (NEW.id);
    INSERT INTO lead_search (rowid, words, phones)
      VALUES (${sqliteKeyOf("NEW.id")}, ${SQLITE_WORDS("NEW")}, ${sqlitePhonesOf("NEW.id")});
  END`,
  lead_search_lead_update: `AFTER UPDATE OF first_name, last_name, email ON applications
    WHEN OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name OR OLD.email IS NOT NEW.email
  BEGIN
    UPDATE lead_search SET words = ${SQLITE_WORDS("NEW")} WHERE rowid = ${sqliteKeyOf("NEW.id")};
  END`,
  lead_search_lead_delete: `AFTER DELETE ON applications BEGIN
    DELETE FROM lead_search WHERE rowid = ${sqliteKeyOf("OLD.id")};
    DELETE FROM lead_search_keys WHERE application_id = OLD.id;
  END`,
  lead_search_phone_insert: `AFTER INSERT ON phones BEGIN ${refreshPhones("NEW.application_id")} END`,
  lead_search_phone_update: `AFTER UPDATE OF phone_number, application_id ON phones BEGIN
    ${refreshPhones("OLD.application_id")}
    ${refreshPhones("NEW.application_id")}
  END`,
  lead_search_phone_delete: `AFTER DELETE ON phones BEGIN ${refreshPhones("OLD.application_id")} END`,
};

/** Postgres: the names and email as one lower-case text, and a phone's digits (the service compares the same expressions). */
const POSTGRES_INDEXES = {
  applications_search_trgm: `applications USING gin ((lower(first_name || ' ' || last_name || ' ' || COALESCE(email, ''))) gin_trgm_ops)`,
  phones_digits_trgm: `phones USING gin ((translate(phone_number, E' ()-.+\\t\\n\\r', '')) gin_trgm_ops)`,
};

/** SQLite: the search index made again from every lead and phone, in set-based statements. */
async function rebuildSqliteLeadSearch(sequelize: Sequelize, transaction?: Transaction) {
  const run = (statement: string) => sequelize.query(statement, { transaction });
  await run("DELETE FROM lead_search");
  await run("DELETE FROM lead_search_keys");
  await run("INSERT INTO lead_search_keys (application_id) SELECT id FROM applications ORDER BY created_at, id");
  await run(
    `INSERT INTO lead_search (rowid, words, phones)
     SELECT k.id, ${SQLITE_WORDS("a")}, ${sqlitePhonesOf("a.id")}
     FROM lead_search_keys k JOIN applications a ON a.id = k.application_id`,
  );
}

/** The search index alone (not the list indexes): made, with every lead there is now; migration 051's down makes it again. */
export async function makeLeadSearchIndex(sequelize: Sequelize, transaction?: Transaction) {
  const run = (statement: string) => sequelize.query(statement, { transaction });
  if (sequelize.getDialect() === "postgres") {
    // pg_trgm is a trusted extension: the database's owner may create it.
    await run("CREATE EXTENSION IF NOT EXISTS pg_trgm");
    for (const [name, on] of Object.entries(POSTGRES_INDEXES)) await run(`CREATE INDEX ${name} ON ${on}`);
    return;
  }
  await run("CREATE TABLE lead_search_keys (id INTEGER PRIMARY KEY, application_id UUID NOT NULL UNIQUE)");
  await run("CREATE VIRTUAL TABLE lead_search USING fts5(words, phones, tokenize = 'trigram')");
  // Every lead there is now; the triggers keep them from here.
  await rebuildSqliteLeadSearch(sequelize, transaction);
  for (const [name, body] of Object.entries(SQLITE_TRIGGERS)) await run(`CREATE TRIGGER ${name} ${body}`);
}

/** The search index alone dropped: this migration's down, and migration 051's up, which replaces it. */
export async function dropLeadSearchIndex(sequelize: Sequelize, transaction?: Transaction) {
  const run = (statement: string) => sequelize.query(statement, { transaction });
  if (sequelize.getDialect() === "postgres") {
    // The extension stays: dropping it would take any other use of it along.
    for (const name of Object.keys(POSTGRES_INDEXES)) await run(`DROP INDEX IF EXISTS ${name}`);
    return;
  }
  for (const name of Object.keys(SQLITE_TRIGGERS)) await run(`DROP TRIGGER IF EXISTS ${name}`);
  await run("DROP TABLE IF EXISTS lead_search");
  await run("DROP TABLE IF EXISTS lead_search_keys");
}

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  for (const index of [BY_CREATED, BY_STATUS]) {
    await qi.addIndex("applications", index.fields, { name: index.name, transaction });
    await qi.removeIndex("applications", index.replaces, { transaction });
  }
  await makeLeadSearchIndex(qi.sequelize, transaction);
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  for (const index of [BY_STATUS, BY_CREATED]) {
    await qi.addIndex("applications", index.replaces, { transaction });
    await qi.removeIndex("applications", index.name, { transaction });
  }
  await dropLeadSearchIndex(qi.sequelize, transaction);
}
