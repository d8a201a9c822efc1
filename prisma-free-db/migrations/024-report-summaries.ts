import type { Sequelize, Transaction } from "sequelize";
import type { MigrationContext } from "./index";

// The reports' summaries (docs/decisions/055): what the admin's Reports & Analytics and the
// agent's Reports count about leads, added up per period of time, kept by the database itself as
// leads are inserted, changed and deleted, so a report reads a few rows per period it covers rather
// than every lead it counts.
//
// - A row holds, for one bucket of time and one combination of its cube's dimensions, the number of
//   leads created then (`leads`), how many of them are sold (`sales`, status sale), and the sales'
//   monthly premiums (`premium_cents`) and first-year commissions less the cancelled ones
//   (`commission_cents`). The reports count a lead on the day it was created and a sale by its
//   status now, so nothing but the lead row feeds them (payments do not: revenue is the sales'
//   monthly premiums, decision 028).
// - Buckets are 1, 4, 24, 192 and 1536 hours wide (`level` 0 to 4, WIDTHS; `bucket` the hours since
//   1970 at the bucket's start, a multiple of its width). Every time zone a user can choose
//   (app/domain/timezones.ts) is a whole number of hours from UTC, so a report's days, months and
//   periods begin on whole hours: a range is read as the narrow buckets at its edges and the wide
//   ones in between (at most nine ranges of buckets, app/services/sql/report-summaries.server.ts).
// - Cubes (`cube`) are the dimensions a report groups or filters by; each lead counts once in each,
//   at every level: 1 status (the overview's figures and the trend), 2 agent (the Agents tab, top
//   performers), 3 carrier and product, sales only (the Revenue tab), 4 agent, carrier, status and
//   product (any report filtered by what the others leave out, and the agent's own report). A
//   dimension a cube leaves out holds NONE (agent, carrier) or '' (status, product), as does a lead
//   with no agent or no carrier, or (product) one not sold or sold without a product recorded.
// - A change is one INSERT ... ON CONFLICT DO UPDATE adding the new row's contributions and taking
//   away the old one's, grouped by key (Postgres refuses to update a row twice in one statement) and
//   in key order, so two writers lock the rows they share in the same order. Rows that fall to zero
//   stay; the reads leave out groups without leads.
// - A SQLite migration that rebuilds `applications` drops these triggers with it and must make them
//   again; the agreement tests (tests/api/report-summaries.test.ts) would fail first.

const REPORT_SUMMARIES = "report_summaries";

/** The agent_id or carrier_id of a cube that leaves it out, or of a lead without one. */
const NONE = "00000000-0000-0000-0000-000000000000";

/** A lead's columns the summaries read; a change to any other leaves them as they are. */
const COLUMNS: readonly string[] = [
  "created_at",
  "agent_id",
  "carrier_id",
  "status",
  "sold_product_name",
  "monthly_premium_cents",
  "calculated_commission_cents",
  "commission_cancelled_at",
];

/**
 * The buckets' widths in hours, level by level: each divides the next, and a bucket of level L
 * starts at a multiple of its width since 1970 (so a day is a UTC day, the wider ones are not
 * calendar periods). A lead counts once at every level.
 */
const WIDTHS = [1, 4, 24, 192, 1536] as const;

/** The hours since 1970 of the instant `at` (whole hours, rounded down). */
function hourOf(at: string, postgres: boolean) {
  return postgres ? `CAST(FLOOR(EXTRACT(EPOCH FROM ${at}) / 3600) AS BIGINT)` : `(unixepoch(${at}) / 3600)`;
}

const CUBES = "SELECT 1 AS cube UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4";
const LEVELS = WIDTHS.map((width, level) => `SELECT ${level} AS level, ${width} AS width`).join(" UNION ALL ");

/** A summed lead's row (alias v) is a sale: its status is sale. */
const SALE = "v.status = 'sale'";

/**
 * What the summaries keep: the lead's columns they read, and each figure's column with the SUM
 * over the leads (alias v, `sign` +1 or -1) that adds up to it. Migration 043 adds the policy's.
 */
export type SummaryShape = { columns: readonly string[]; figures: readonly { name: string; sum: string }[] };

/** The summaries as this migration made them. */
export const SHAPE_024: SummaryShape = {
  columns: COLUMNS,
  figures: [
    { name: "leads", sum: "SUM(v.sign)" },
    { name: "sales", sum: `SUM(CASE WHEN ${SALE} THEN v.sign ELSE 0 END)` },
    {
      name: "premium_cents",
      sum: `SUM(CASE WHEN ${SALE} THEN v.sign * COALESCE(v.monthly_premium_cents, 0) ELSE 0 END)`,
    },
    {
      name: "commission_cents",
      sum: `SUM(CASE WHEN ${SALE} AND v.commission_cancelled_at IS NULL THEN v.sign * COALESCE(v.calculated_commission_cents, 0) ELSE 0 END)`,
    },
  ],
};

/**
 * The summary rows `leads` adds up to: `leads` is a SELECT of the shape's columns (and `sign`, +1
 * or -1) under their own names, from the rows or from a trigger's OLD and NEW. Only groups whose
 * figures change are written.
 */
function contributions(leads: string, postgres: boolean, shape: SummaryShape) {
  const id = (name: string) => (postgres ? `CAST(${name} AS UUID)` : name);
  const none = id(`'${NONE}'`);
  const sale = SALE;
  const figures = shape.figures.map((figure) => figure.sum);
  return `SELECT c.cube, l.level, v.hour - v.hour % l.width AS bucket,
      CASE WHEN c.cube IN (2, 4) AND v.agent_id IS NOT NULL THEN v.agent_id ELSE ${none} END AS agent_id,
      CASE WHEN c.cube IN (3, 4) AND v.carrier_id IS NOT NULL THEN v.carrier_id ELSE ${none} END AS carrier_id,
      CASE WHEN c.cube IN (1, 4) THEN v.status ELSE '' END AS status,
      CASE WHEN c.cube IN (3, 4) AND ${sale} THEN COALESCE(v.sold_product_name, '') ELSE '' END AS product,
      ${shape.figures.map((figure) => `${figure.sum} AS ${figure.name}`).join(", ")}
    FROM (SELECT u.*, ${hourOf("u.created_at", postgres)} AS hour FROM (${leads}) u) v
      CROSS JOIN (${CUBES}) c CROSS JOIN (${LEVELS}) l
    WHERE c.cube <> 3 OR ${sale}
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING ${figures.map((f) => `${f} <> 0`).join(" OR ")}`;
}

const KEY = "cube, level, bucket, agent_id, carrier_id, status, product";
const figureNames = (shape: SummaryShape) => shape.figures.map((figure) => figure.name).join(", ");

/** The trigger's statement: `rows` (OLD, NEW or both) added into the summaries. */
function upsert(rows: ("OLD" | "NEW")[], postgres: boolean, shape: SummaryShape) {
  const leads = rows
    .map(
      (row) =>
        `SELECT ${shape.columns.map((c) => `${row}.${c} AS ${c}`).join(", ")}, ${row === "OLD" ? -1 : 1} AS sign`,
    )
    .join(" UNION ALL ");
  return summariesUpsert(leads, postgres, shape);
}

/** Every lead of `table` (a trigger's transition table of inserted rows) added into the summaries. */
export function summariesUpsertOfInserted(table: string, shape = SHAPE_024) {
  return summariesUpsert(`SELECT ${shape.columns.join(", ")}, 1 AS sign FROM ${table}`, true, shape);
}

/** The leads `leads` selects (the shape's columns and `sign`) added into the summaries, in key order. */
function summariesUpsert(leads: string, postgres: boolean, shape: SummaryShape) {
  const added = shape.figures.map(({ name }) => `${name} = ${REPORT_SUMMARIES}.${name} + excluded.${name}`);
  return `INSERT INTO ${REPORT_SUMMARIES} (${KEY}, ${figureNames(shape)})
    SELECT * FROM (${contributions(leads, postgres, shape)}) d ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (${KEY}) DO UPDATE SET ${added.join(",\n      ")}`;
}

/**
 * On Postgres a lead's delete counts the summaries BEFORE the row goes (migration 033): every write
 * of a lead then locks the summary rows before the unread counts' rows, as an insert and an update
 * do (their AFTER triggers fire by name, report_summaries_ before unread_lead_counts_), where the
 * unread counts' BEFORE DELETE trigger had made a delete take them the other way round, and a
 * reassignment and a delete at once deadlocked. `on` is what migration 024 first made.
 */
const TRIGGERS = [
  { name: "report_summaries_lead_insert", on: "AFTER INSERT", rows: ["NEW"] as const },
  { name: "report_summaries_lead_update", on: "AFTER UPDATE OF", rows: ["OLD", "NEW"] as const },
  { name: "report_summaries_lead_delete", on: "AFTER DELETE", postgresOn: "BEFORE DELETE", rows: ["OLD"] as const },
];

/** A trigger's name; migration 043 makes them again with its shape. */
export type SummaryTrigger = (typeof TRIGGERS)[number]["name"];

function createTriggerSql(
  trigger: (typeof TRIGGERS)[number],
  postgres: boolean,
  { asFirstMade = false, shape = SHAPE_024 }: { asFirstMade?: boolean; shape?: SummaryShape } = {},
) {
  const { name, rows } = trigger;
  const firstOn = trigger.on === "AFTER UPDATE OF" ? `AFTER UPDATE OF ${shape.columns.join(", ")}` : trigger.on;
  const on = (postgres && !asFirstMade && "postgresOn" in trigger ? trigger.postgresOn : undefined) ?? firstOn;
  const differ = (a: string, b: string) => (postgres ? `${a} IS DISTINCT FROM ${b}` : `${a} IS NOT ${b}`);
  const when =
    rows.length === 2 ? ` WHEN (${shape.columns.map((c) => differ(`OLD.${c}`, `NEW.${c}`)).join(" OR ")})` : "";
  const statement = upsert([...rows], postgres, shape);
  if (!postgres) {
    return [`CREATE TRIGGER ${name} ${on} ON applications FOR EACH ROW${when} BEGIN ${statement}; END`];
  }
  // A BEFORE DELETE trigger's function returns OLD to let the delete go ahead.
  const result = on.startsWith("BEFORE") ? "OLD" : "NULL";
  return [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; RETURN ${result}; END $$`,
    `CREATE TRIGGER ${name} ${on} ON applications FOR EACH ROW${when} EXECUTE FUNCTION ${name}()`,
  ];
}

/**
 * The summaries counted again from every lead, in one set-based statement: this migration's
 * backfill and 043's (with its shape). The bulk load and the benchmark use 043's, the schema's now.
 */
export async function recountReportSummaries(sequelize: Sequelize, transaction?: Transaction, shape = SHAPE_024) {
  const postgres = sequelize.getDialect() === "postgres";
  const leads = `SELECT ${shape.columns.map((c) => `a.${c}`).join(", ")}, 1 AS sign FROM applications a`;
  await sequelize.query(`DELETE FROM ${REPORT_SUMMARIES}`, { transaction });
  await sequelize.query(
    `INSERT INTO ${REPORT_SUMMARIES} (${KEY}, ${figureNames(shape)}) ${contributions(leads, postgres, shape)}`,
    { transaction },
  );
}

/** @internal */
export async function createTriggers(sequelize: Sequelize, transaction?: Transaction) {
  for (const { name } of TRIGGERS) await createTrigger(sequelize, name, transaction);
}

/**
 * One trigger of this migration as 033 left it (migration 026's down, 033's up), or `asFirstMade`
 * (033's down); with 043's `shape` (its up, the figures of the policy too).
 */
export async function createTrigger(
  sequelize: Sequelize,
  name: SummaryTrigger,
  transaction?: Transaction,
  options: { asFirstMade?: boolean; shape?: SummaryShape } = {},
) {
  const postgres = sequelize.getDialect() === "postgres";
  const trigger = TRIGGERS.find((t) => t.name === name)!;
  for (const sql of createTriggerSql(trigger, postgres, options)) await sequelize.query(sql, { transaction });
}

/** One trigger of this migration and its function, dropped. */
export async function dropTrigger(sequelize: Sequelize, name: SummaryTrigger, transaction?: Transaction) {
  const postgres = sequelize.getDialect() === "postgres";
  await sequelize.query(`DROP TRIGGER IF EXISTS ${name}${postgres ? " ON applications" : ""}`, { transaction });
  if (postgres) await sequelize.query(`DROP FUNCTION IF EXISTS ${name}()`, { transaction });
}

/** @internal */
export async function dropTriggers(sequelize: Sequelize, transaction?: Transaction) {
  for (const { name } of TRIGGERS) await dropTrigger(sequelize, name, transaction);
}

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const postgres = qi.sequelize.getDialect() === "postgres";
  // SQLite keeps the rows in key order (WITHOUT ROWID), so a range of buckets is read in one pass.
  const uuid = postgres ? "UUID" : "CHAR(36)";
  await qi.sequelize.query(
    `CREATE TABLE ${REPORT_SUMMARIES} (
       cube SMALLINT NOT NULL, level SMALLINT NOT NULL, bucket INTEGER NOT NULL,
       agent_id ${uuid} NOT NULL, carrier_id ${uuid} NOT NULL, status VARCHAR(24) NOT NULL, product VARCHAR(120) NOT NULL,
       leads INTEGER NOT NULL, sales INTEGER NOT NULL, premium_cents BIGINT NOT NULL, commission_cents BIGINT NOT NULL,
       PRIMARY KEY (${KEY}))${postgres ? "" : " WITHOUT ROWID"}`,
    { transaction },
  );
  // The full cube filtered by an agent or a carrier; cubes 1-3 are read by the primary key.
  // Cube first: every row of cubes 1 and 3 has the agent NONE (and of 1 and 2 the carrier NONE),
  // which led SQLite's statistics, averaged over agent_id alone, to take the primary key instead.
  await qi.addIndex(REPORT_SUMMARIES, ["cube", "agent_id", "level", "bucket"], {
    name: "report_summaries_agent",
    transaction,
  });
  await qi.addIndex(REPORT_SUMMARIES, ["cube", "carrier_id", "level", "bucket"], {
    name: "report_summaries_carrier",
    transaction,
  });
  // Every lead there is now, counted once; the triggers keep it from here. On Postgres no lead
  // changes in between.
  if (postgres) await qi.sequelize.query("LOCK TABLE applications IN SHARE ROW EXCLUSIVE MODE", { transaction });
  await recountReportSummaries(qi.sequelize, transaction);
  await createTriggers(qi.sequelize, transaction);
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await dropTriggers(qi.sequelize, transaction);
  await qi.dropTable(REPORT_SUMMARIES, { transaction });
}
