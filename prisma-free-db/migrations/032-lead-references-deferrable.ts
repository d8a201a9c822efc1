import type { MigrationContext } from "./index";

// Postgres: a phone's and a notification's reference to their lead may be checked at the commit
// (DEFERRABLE INITIALLY IMMEDIATE: checked at each statement as before, unless a transaction asks
// with SET CONSTRAINTS). The lead intake writes a new lead's phone and its agent's notification
// before the lead itself, so the lead's insert, whose triggers lock the counter rows every lead
// shares until the commit, is its transaction's last statement (docs/decisions/066). SQLite defers
// its foreign keys per transaction with a pragma and needs nothing here.

const REFERENCES = [
  { table: "phones", column: "application_id" },
  { table: "notifications", column: "application_id" },
];

async function setDeferrable({ queryInterface: qi, transaction }: MigrationContext, deferrable: boolean) {
  if (qi.sequelize.getDialect() !== "postgres") return;
  for (const { table, column } of REFERENCES) {
    // The constraint's name is Sequelize's choice at 001: found by what it references.
    const [rows] = await qi.sequelize.query(
      `SELECT c.conname AS name FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
       WHERE c.contype = 'f' AND c.conrelid = '${table}'::regclass AND c.confrelid = 'applications'::regclass
         AND a.attname = '${column}'`,
      { transaction },
    );
    const names = (rows as { name: string }[]).map((row) => row.name);
    if (names.length !== 1) throw new Error(`Expected one foreign key ${table}.${column}, found ${names.length}`);
    await qi.sequelize.query(
      `ALTER TABLE ${table} ALTER CONSTRAINT "${names[0]}" ${deferrable ? "DEFERRABLE INITIALLY IMMEDIATE" : "NOT DEFERRABLE"}`,
      { transaction },
    );
  }
}

export async function up({ context }: { context: MigrationContext }) {
  await setDeferrable(context, true);
}

export async function down({ context }: { context: MigrationContext }) {
  await setDeferrable(context, false);
}
