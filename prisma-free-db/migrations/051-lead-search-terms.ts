import type { Sequelize, Transaction } from "sequelize";
import type { MigrationContext } from "./index";
import { dropLeadSearchIndex, makeLeadSearchIndex, sqliteDigits } from "./025-lead-search-index";

// The lead lists' search from a word index read in date order (issue 23 item 5, docs/decisions/090).
// The trigram indexes of migration 025 find a piece of a name, but not in the lists' order, and
// their posting lists grow with the table: a word in many leads gathered every match before the
// page was sorted. A term table holds each lead's words with the lead's agent and creation time:
//
//   lead_search_terms (term, application_id, agent_id, created_at)
//
// - The terms of a lead: each word of its first name, last name and email, folded to lower case by
//   the database's lower() and split at every ASCII character that is not a letter or a digit, its
//   leading and trailing digits apart ("garcia123": "garcia", "123"); and for each of its phones,
//   the digits whole and their last 10, 7 and 4. A search word is a prefix
//   of a term ("gar" finds Garcia, "305" an area code, "0142" a number's last four).
// - (term, created_at, application_id) reads one term's leads newest (or oldest) first, so a page
//   of All Leads reads about as many entries as it shows; (agent_id, term, created_at,
//   application_id) the same for one agent's leads; the primary key (application_id, term) checks
//   a lead's other words.
// - Kept in the write's own transaction by triggers, as migration 025's index was: a lead's
//   terms are written again when its names, email or phones change, and follow its agent and
//   creation time. Postgres's term column compares bytes (COLLATE "C"), so a prefix is a range of
//   the index whatever the database's collation.

/** The ASCII characters that are not a letter or a digit (DEL and the controls included): where words split. */
const SEPARATOR_CODES = [
  ...Array.from({ length: 0x2f }, (_, i) => i + 1),
  ...range(0x3a, 0x40),
  ...range(0x5b, 0x60),
  ...range(0x7b, 0x7f),
];

function range(from: number, to: number) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const names = (lead: string) =>
  `lower(${lead}.first_name || ' ' || ${lead}.last_name || ' ' || COALESCE(${lead}.email, ''))`;

// ---------------------------------------------------------------------------------------------
// SQLite: no function of its own, no CTE inside a trigger, no regular expressions. The words come
// from json_each over the names made a JSON array: every separator replaced by a space (the quote,
// the backslash and the controls among them, so the array is always valid JSON; json_valid guards
// it all the same, since a failed check would fail the lead's write), then each space by `","`;
// the empty words between two separators are left out.

/**
 * SQLite's parser takes about 25 nested calls, and the separators are 66: the words are spaced in
 * steps, through a scratch row per lead (`lead_search_scratch`, empty between statements). The
 * leads `leadIs` keeps (a condition on `x.id`): their names and email folded to lower case, then
 * every separator made a space, this many at a step.
 */
const SQLITE_REPLACES_PER_STEP = 20;

function sqliteSpacing(leadIs: (column: string) => string) {
  const codes = SEPARATOR_CODES.filter((code) => code !== 0x20);
  const steps = [
    `INSERT INTO lead_search_scratch (id, words) SELECT x.id, ${names("x")} FROM applications x WHERE ${leadIs("x.id")};`,
  ];
  for (let at = 0; at < codes.length; at += SQLITE_REPLACES_PER_STEP) {
    const spaced = codes
      .slice(at, at + SQLITE_REPLACES_PER_STEP)
      .reduce((inner, code) => `replace(${inner}, char(${code}), ' ')`, "words");
    steps.push(`UPDATE lead_search_scratch SET words = ${spaced};`);
  }
  return steps.join("\n");
}

/** (application_id, term) of every lead `leadIs` keeps (a condition on `x.id`, or on `p.application_id`), each pair once. */
function sqlitePairs(leadIs: (column: string) => string) {
  const digits = `SELECT p.application_id, ${sqliteDigits("p.phone_number")} AS d FROM phones p WHERE ${leadIs("p.application_id")}`;
  const tail = (length: number) =>
    `SELECT application_id, substr(d, max(1, length(d) - ${length - 1})) FROM (${digits}) WHERE d <> ''`;
  const words = `SELECT y.id AS application_id, j.value AS w
      FROM (SELECT id, '["' || replace(words, ' ', '","') || '"]' AS list FROM lead_search_scratch) y,
        json_each(CASE WHEN json_valid(y.list) THEN y.list ELSE '[]' END) j`;
  return `${digitRunsApart(words)}
    UNION SELECT application_id, d FROM (${digits}) WHERE d <> ''
    UNION ${tail(10)} UNION ${tail(7)} UNION ${tail(4)}`;
}

/**
 * The terms of `words` (application_id, w): a word's leading and trailing digits apart from the
 * rest ("garcia123" is "garcia" and "123", "2smith" "2" and "smith"), so that a name's prefix is
 * one term, not one per number an email appends; a word of digits alone stays whole. The same
 * functions on both databases, and searchTermWords splits a search's word alike.
 */
function digitRunsApart(words: string) {
  const digits = "'0123456789'";
  const parts = [
    `ltrim(rtrim(w, ${digits}), ${digits})`,
    `substr(w, length(rtrim(w, ${digits})) + 1)`,
    `substr(w, 1, length(w) - length(ltrim(w, ${digits})))`,
  ];
  return `SELECT application_id, term FROM (${parts
    .map((part) => `SELECT application_id, ${part} AS term FROM (${words}) words`)
    .join(" UNION ")}) parts WHERE term <> ''`;
}

// ---------------------------------------------------------------------------------------------
// Postgres: the same words by regexp_split_to_table, the digits by regexp_replace.

const POSTGRES_SEPARATORS = `[\\x01-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f]+`;

function postgresPairs(leadIs: (column: string) => string) {
  const words = `SELECT x.id AS application_id, w
      FROM applications x, regexp_split_to_table(${names("x")}, '${POSTGRES_SEPARATORS}') w
      WHERE ${leadIs("x.id")}`;
  return `${digitRunsApart(words)}
    UNION SELECT p.application_id, t FROM phones p,
      LATERAL (SELECT regexp_replace(p.phone_number, '[^0-9]', '', 'g') AS d) digits,
      LATERAL unnest(ARRAY[d, right(d, 10), right(d, 7), right(d, 4)]) t
      WHERE ${leadIs("p.application_id")} AND d <> ''`;
}

/**
 * What a term row holds of its lead besides the term: its agent and creation time, and from
 * migration 052 on whether it was returned to its source (`returned`, decision 092). This
 * migration writes the first; 052 writes all of them, through the same functions.
 */
export type TermColumns = { returned: boolean };

const RETURNED = (lead: string) => `CASE WHEN ${lead}.returned_at IS NULL THEN 0 ELSE 1 END`;

/** The terms of the leads `leadIs` keeps, written with their lead's agent and creation time: statements ending in ";". */
function insertTerms(dialect: string, leadIs: (column: string) => string, { returned }: TermColumns) {
  const insert = (
    pairs: string,
  ) => `INSERT INTO lead_search_terms (term, application_id, agent_id, created_at${returned ? ", returned" : ""})
    SELECT s.term, a.id, a.agent_id, a.created_at${returned ? `, ${RETURNED("a")}` : ""}
    FROM (${pairs}) s JOIN applications a ON a.id = s.application_id;`;
  if (dialect === "postgres") return insert(postgresPairs(leadIs));
  return `${sqliteSpacing(leadIs)}\n${insert(sqlitePairs(leadIs))}\nDELETE FROM lead_search_scratch;`;
}

/** One lead's terms written again (its names, email or phones changed). */
const refresh = (dialect: string, lead: string, columns: TermColumns) =>
  `DELETE FROM lead_search_terms WHERE application_id = ${lead};
   ${insertTerms(dialect, (column) => `${column} = ${lead}`, columns)}`;

/** The columns a term row copies from its lead (`moved`: whether they changed, `set`: the update). */
function follow(columns: TermColumns) {
  const changed = (op: string, old: string, lead: string) =>
    [
      `${old}.agent_id ${op} ${lead}.agent_id`,
      `${old}.created_at ${op} ${lead}.created_at`,
      ...(columns.returned ? [`(${old}.returned_at IS NULL) <> (${lead}.returned_at IS NULL)`] : []),
    ].join(" OR ");
  return {
    of: `agent_id, created_at${columns.returned ? ", returned_at" : ""}`,
    moved: (op: "IS NOT" | "IS DISTINCT FROM") => changed(op, "OLD", "NEW"),
    set: `UPDATE lead_search_terms SET agent_id = NEW.agent_id, created_at = NEW.created_at${
      columns.returned ? `, returned = ${RETURNED("NEW")}` : ""
    } WHERE application_id = NEW.id;`,
  };
}

/** SQLite's triggers, by name: a lead's terms written again when its words change, and following it. */
export function sqliteTriggers(columns: TermColumns): Record<string, string> {
  const moves = follow(columns);
  return {
    lead_search_terms_lead_insert: `AFTER INSERT ON applications BEGIN ${refresh("sqlite", "NEW.id", columns)} END`,
    lead_search_terms_lead_update: `AFTER UPDATE OF first_name, last_name, email ON applications
      WHEN OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name OR OLD.email IS NOT NEW.email
      BEGIN ${refresh("sqlite", "NEW.id", columns)} END`,
    lead_search_terms_lead_move: `AFTER UPDATE OF ${moves.of} ON applications
      WHEN ${moves.moved("IS NOT")}
      BEGIN ${moves.set} END`,
    lead_search_terms_lead_delete: `AFTER DELETE ON applications BEGIN
      DELETE FROM lead_search_terms WHERE application_id = OLD.id; END`,
    lead_search_terms_phone_insert: `AFTER INSERT ON phones BEGIN ${refresh("sqlite", "NEW.application_id", columns)} END`,
    lead_search_terms_phone_update: `AFTER UPDATE OF phone_number, application_id ON phones BEGIN
      ${refresh("sqlite", "OLD.application_id", columns)} ${refresh("sqlite", "NEW.application_id", columns)} END`,
    lead_search_terms_phone_delete: `AFTER DELETE ON phones BEGIN ${refresh("sqlite", "OLD.application_id", columns)} END`,
  };
}

/** Postgres's functions and triggers (CREATE OR REPLACE: migration 052 writes them again). */
export function postgresFunctions(columns: TermColumns) {
  const moves = follow(columns);
  return `
  CREATE OR REPLACE FUNCTION lead_search_terms_refresh(lead uuid) RETURNS void LANGUAGE sql AS $$
    ${refresh("postgres", "lead", columns)}
  $$;
  CREATE OR REPLACE FUNCTION lead_search_terms_lead() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      DELETE FROM lead_search_terms WHERE application_id = OLD.id;
    ELSIF TG_OP = 'INSERT' OR NEW.first_name IS DISTINCT FROM OLD.first_name
        OR NEW.last_name IS DISTINCT FROM OLD.last_name OR NEW.email IS DISTINCT FROM OLD.email THEN
      PERFORM lead_search_terms_refresh(NEW.id);
    ELSIF ${moves.moved("IS DISTINCT FROM")} THEN
      ${moves.set}
    END IF;
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION lead_search_terms_phone() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM lead_search_terms_refresh(OLD.application_id); END IF;
    IF TG_OP = 'INSERT' OR NEW.application_id IS DISTINCT FROM OLD.application_id THEN
      PERFORM lead_search_terms_refresh(NEW.application_id);
    END IF;
    RETURN NULL;
  END $$;
  DROP TRIGGER IF EXISTS lead_search_terms_lead ON applications;
  CREATE TRIGGER lead_search_terms_lead AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name, email, ${moves.of}
    ON applications FOR EACH ROW EXECUTE FUNCTION lead_search_terms_lead();
  DROP TRIGGER IF EXISTS lead_search_terms_phone ON phones;
  CREATE TRIGGER lead_search_terms_phone AFTER INSERT OR DELETE OR UPDATE OF phone_number, application_id
    ON phones FOR EACH ROW EXECUTE FUNCTION lead_search_terms_phone();`;
}

/**
 * The read indexes, by name. From migration 052 one agent's index ends in the returned flag, so
 * that My Leads checks it on the index entry rather than on the lead's row.
 */
export const termIndexes = ({ returned }: TermColumns) => ({
  lead_search_terms_in_order: "lead_search_terms (term, created_at, application_id)",
  lead_search_terms_by_agent: `lead_search_terms (agent_id, term, created_at, application_id${returned ? ", returned" : ""})`,
});

/**
 * Every lead's terms written afresh, set-based, into the table without its two read indexes, which
 * are built after, with the columns `columns` says: the migration's first fill, and (through
 * migration 052's) a load that ran with the triggers off (prisma-free-db/bulk-load.ts).
 */
export async function rebuildLeadSearchTerms(sequelize: Sequelize, columns: TermColumns, transaction?: Transaction) {
  const run = (statement: string) => sequelize.query(statement, { transaction });
  const dialect = sequelize.getDialect();
  const indexes = termIndexes(columns);
  for (const name of Object.keys(indexes)) await run(`DROP INDEX IF EXISTS ${name}`);
  await run(dialect === "postgres" ? "TRUNCATE lead_search_terms" : "DELETE FROM lead_search_terms");
  // One statement at a time: SQLite's driver runs only the first of several.
  for (const statement of insertTerms(dialect, () => "1 = 1", columns).split(";\n")) await run(statement);
  for (const [name, on] of Object.entries(indexes)) await run(`CREATE INDEX ${name} ON ${on}`);
}

/** What this migration writes: the terms without the returned flag of migration 052. */
const FIRST_COLUMNS: TermColumns = { returned: false };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const run = (statement: string) => qi.sequelize.query(statement, { transaction });
  const postgres = qi.sequelize.getDialect() === "postgres";
  await dropLeadSearchIndex(qi.sequelize, transaction);
  await run(
    postgres
      ? `CREATE TABLE lead_search_terms (term text COLLATE "C" NOT NULL, application_id uuid NOT NULL,
           agent_id uuid, created_at timestamptz NOT NULL, PRIMARY KEY (application_id, term))`
      : `CREATE TABLE lead_search_terms (term TEXT NOT NULL, application_id UUID NOT NULL,
           agent_id UUID, created_at DATETIME NOT NULL, PRIMARY KEY (application_id, term)) WITHOUT ROWID`,
  );
  if (!postgres) await run("CREATE TABLE lead_search_scratch (id UUID NOT NULL, words TEXT NOT NULL)");
  await rebuildLeadSearchTerms(qi.sequelize, FIRST_COLUMNS, transaction);
  if (postgres) {
    await run(postgresFunctions(FIRST_COLUMNS));
    return;
  }
  for (const [name, body] of Object.entries(sqliteTriggers(FIRST_COLUMNS))) await run(`CREATE TRIGGER ${name} ${body}`);
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const run = (statement: string) => qi.sequelize.query(statement, { transaction });
  if (qi.sequelize.getDialect() === "postgres") {
    await run("DROP TRIGGER IF EXISTS lead_search_terms_lead ON applications");
    await run("DROP TRIGGER IF EXISTS lead_search_terms_phone ON phones");
    for (const name of ["lead_search_terms_lead()", "lead_search_terms_phone()", "lead_search_terms_refresh(uuid)"]) {
      await run(`DROP FUNCTION IF EXISTS ${name}`);
    }
  } else {
    for (const name of Object.keys(sqliteTriggers(FIRST_COLUMNS))) await run(`DROP TRIGGER IF EXISTS ${name}`);
  }
  await run("DROP TABLE IF EXISTS lead_search_terms");
  await run("DROP TABLE IF EXISTS lead_search_scratch");
  await makeLeadSearchIndex(qi.sequelize, transaction);
}
