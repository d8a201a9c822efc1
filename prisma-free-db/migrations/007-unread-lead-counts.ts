import { DataTypes, type Sequelize, type Transaction } from "sequelize";
import type { MigrationContext } from "./index";

// Each user's number of unread leads, kept by the database itself (docs/decisions/024), so the
// 30 s poll reads one row by primary key instead of counting. The rule it keeps is the one
// app/services/leads.server.ts applies row by row: a lead is unread for a user until that user has
// a lead_reads row for it; an admin counts every lead, anyone else the leads of their own agent
// record (agents.user_id is unique, so at most one). Triggers on every table the rule reads keep
// the count exact whoever writes: the services, the seed, bulk loads, tests inserting rows.
//
// - A count row is made with its user (an admin's starts at the number of leads; anyone else has no
//   agent record yet and no reads, so 0), and goes with the user (ON DELETE CASCADE). Every other
//   trigger only changes rows that exist; the services count a missing row by the rule.
// - A new agent record changes nothing: no lead can name an agent before it exists. An agent record
//   given to another user, or deleted (its leads' agent_id becomes NULL), a role changed: those
//   users are counted again from scratch, as rare as they are.
// - Postgres runs writers side by side, so each trigger first takes the locks that make its reading
//   of the rule final until it commits: a read locks its lead (FOR SHARE, against a reassignment or
//   deletion of it changing who it counts for); several count rows are locked in user_id order, so
//   two writers never wait for each other in a circle; counting a user again (and a new admin's
//   first count) locks applications and lead_reads against every other writer (SHARE ROW
//   EXCLUSIVE, one such change at a time). SQLite has one writer at a time and needs none of it.
// - A SQLite migration that rebuilds one of these tables (as Sequelize's removeColumn does) drops
//   its triggers with it: it must make them again.

const TABLE = "unread_lead_counts";

/** Users a lead with this agent_id counts for: every admin, and its agent's user. */
const usersOfLead = (agentId: string) =>
  `SELECT u.id FROM users u WHERE u.role = 'admin' UNION SELECT g.user_id FROM agents g WHERE g.id = ${agentId}`;

/** True when the lead counts for the user: the lead exists, and the user is an admin or its agent's user. */
const leadCountsFor = (userId: string, leadId: string) =>
  `EXISTS (SELECT 1 FROM applications a JOIN users u ON u.id = ${userId} WHERE a.id = ${leadId}
     AND (u.role = 'admin' OR u.id = (SELECT g.user_id FROM agents g WHERE g.id = a.agent_id)))`;

/** The user of this agent unless they are an admin (an admin's count does not depend on agent_id). */
const agentUserNotAdmin = (agentId: string) =>
  `SELECT g.user_id FROM agents g JOIN users u ON u.id = g.user_id WHERE g.id = ${agentId} AND u.role <> 'admin'`;

/** The count row's user has no lead_reads row for the lead. */
const notReadBy = (leadId: string) =>
  `NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = ${TABLE}.user_id AND r.application_id = ${leadId})`;

/**
 * The user's unread leads counted from scratch. An admin's are the leads less their reads: every
 * lead_reads row names an existing lead (a foreign key) once per user (a unique index).
 */
const countedFromScratch = (userId: string) =>
  `CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.role = 'admin')
     THEN (SELECT COUNT(*) FROM applications) - (SELECT COUNT(*) FROM lead_reads r WHERE r.user_id = ${userId})
     ELSE (SELECT COUNT(*) FROM agents g JOIN applications a ON a.agent_id = g.id WHERE g.user_id = ${userId}
       AND NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = ${userId} AND r.application_id = a.id))
   END`;

/**
 * Every count row counted again from scratch, in one set-based statement: what the triggers keep,
 * for a load that ran with them off (prisma-free-db/bulk-load.ts). Only rows that exist, as the
 * triggers change only those.
 * @internal
 */
export async function recountUnreadLeadCounts(sequelize: Sequelize, transaction?: Transaction) {
  await sequelize.query(`UPDATE ${TABLE} SET count = ${countedFromScratch(`${TABLE}.user_id`)}`, { transaction });
}

const countAgain = (userId: string) =>
  `INSERT INTO ${TABLE} (user_id, count) VALUES (${userId}, ${countedFromScratch(userId)})
   ON CONFLICT (user_id) DO UPDATE SET count = excluded.count`;

// Postgres only: see the header.
const lockLead = (leadId: string) => `PERFORM 1 FROM applications WHERE id = ${leadId} FOR SHARE`;
const lockCountsOf = (users: string) =>
  `PERFORM 1 FROM ${TABLE} WHERE user_id IN (${users}) ORDER BY user_id FOR UPDATE`;
const LOCK_WRITERS = "LOCK TABLE applications, lead_reads IN SHARE ROW EXCLUSIVE MODE";

type Trigger = {
  name: string;
  table: string;
  /** When and on what: "AFTER INSERT", "BEFORE DELETE", "AFTER UPDATE OF role" ... */
  on: string;
  /** The WHEN condition on OLD and NEW, given how the dialect says "differ, NULL included". */
  when?: (differ: (a: string, b: string) => string) => string;
  /** Statements run first on Postgres (plpgsql). */
  postgresLocks?: string[];
  statements: string[];
};

const TRIGGERS: Trigger[] = [
  {
    name: "unread_lead_counts_user_insert",
    table: "users",
    on: "AFTER INSERT",
    postgresLocks: [`IF NEW.role = 'admin' THEN ${LOCK_WRITERS}; END IF`],
    statements: [countAgain("NEW.id")],
  },
  {
    name: "unread_lead_counts_user_role",
    table: "users",
    on: "AFTER UPDATE OF role",
    when: (differ) => differ("OLD.role", "NEW.role"),
    postgresLocks: [LOCK_WRITERS],
    statements: [countAgain("NEW.id")],
  },
  {
    name: "unread_lead_counts_agent_user",
    table: "agents",
    on: "AFTER UPDATE OF user_id",
    when: (differ) => differ("OLD.user_id", "NEW.user_id"),
    postgresLocks: [LOCK_WRITERS],
    statements: [countAgain("OLD.user_id"), countAgain("NEW.user_id")],
  },
  {
    // The agent's leads lose their agent_id (SET NULL) around this; whichever runs first, the
    // user no longer has an agent record, so they are counted as a user without one.
    name: "unread_lead_counts_agent_delete",
    table: "agents",
    on: "AFTER DELETE",
    postgresLocks: [LOCK_WRITERS],
    // An update, never an insert: the user may be being deleted (their agent record goes with them).
    statements: [`UPDATE ${TABLE} SET count = ${countedFromScratch("OLD.user_id")} WHERE user_id = OLD.user_id`],
  },
  {
    name: "unread_lead_counts_lead_insert",
    table: "applications",
    on: "AFTER INSERT",
    postgresLocks: [lockCountsOf(usersOfLead("NEW.agent_id"))],
    statements: [`UPDATE ${TABLE} SET count = count + 1 WHERE user_id IN (${usersOfLead("NEW.agent_id")})`],
  },
  {
    name: "unread_lead_counts_lead_agent",
    table: "applications",
    on: "AFTER UPDATE OF agent_id",
    when: (differ) => differ("OLD.agent_id", "NEW.agent_id"),
    postgresLocks: [lockCountsOf(`SELECT g.user_id FROM agents g WHERE g.id = OLD.agent_id OR g.id = NEW.agent_id`)],
    statements: [
      `UPDATE ${TABLE} SET count = count - 1
       WHERE user_id = (${agentUserNotAdmin("OLD.agent_id")}) AND ${notReadBy("NEW.id")}`,
      `UPDATE ${TABLE} SET count = count + 1
       WHERE user_id = (${agentUserNotAdmin("NEW.agent_id")}) AND ${notReadBy("NEW.id")}`,
    ],
  },
  {
    // BEFORE: the lead's reads are still there (ON DELETE CASCADE removes them after the row).
    name: "unread_lead_counts_lead_delete",
    table: "applications",
    on: "BEFORE DELETE",
    postgresLocks: [lockCountsOf(usersOfLead("OLD.agent_id"))],
    statements: [
      `UPDATE ${TABLE} SET count = count - 1
       WHERE user_id IN (${usersOfLead("OLD.agent_id")}) AND ${notReadBy("OLD.id")}`,
    ],
  },
  {
    // Fires only for a row actually inserted: a duplicate that INSERT OR IGNORE / ON CONFLICT DO
    // NOTHING skips counts nothing.
    name: "unread_lead_counts_read_insert",
    table: "lead_reads",
    on: "AFTER INSERT",
    postgresLocks: [lockLead("NEW.application_id")],
    statements: [
      `UPDATE ${TABLE} SET count = count - 1
       WHERE user_id = NEW.user_id AND ${leadCountsFor("NEW.user_id", "NEW.application_id")}`,
    ],
  },
  {
    // A read removed with its lead finds no lead and changes nothing (the lead's trigger counted it).
    name: "unread_lead_counts_read_delete",
    table: "lead_reads",
    on: "AFTER DELETE",
    postgresLocks: [lockLead("OLD.application_id")],
    statements: [
      `UPDATE ${TABLE} SET count = count + 1
       WHERE user_id = OLD.user_id AND ${leadCountsFor("OLD.user_id", "OLD.application_id")}`,
    ],
  },
];

function createTriggerSql(trigger: Trigger, postgres: boolean): string[] {
  const { name, table, on, when, postgresLocks = [], statements } = trigger;
  if (!postgres) {
    const condition = when ? ` WHEN ${when((a, b) => `${a} IS NOT ${b}`)}` : "";
    return [
      `CREATE TRIGGER ${name} ${on} ON ${table} FOR EACH ROW${condition}
       BEGIN ${statements.map((sql) => `${sql};`).join("\n")} END`,
    ];
  }
  const condition = when ? ` WHEN (${when((a, b) => `${a} IS DISTINCT FROM ${b}`)})` : "";
  // A BEFORE DELETE trigger's function returns OLD to let the delete go ahead.
  const result = on.startsWith("BEFORE") ? "OLD" : "NULL";
  return [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${[...postgresLocks, ...statements].map((sql) => `${sql};`).join("\n")}
       RETURN ${result};
     END $$`,
    `CREATE TRIGGER ${name} ${on} ON ${table} FOR EACH ROW${condition} EXECUTE FUNCTION ${name}()`,
  ];
}

/** One trigger of this migration, as it made it (migration 026's down). */
export async function createTrigger(sequelize: Sequelize, name: string, transaction?: Transaction) {
  const trigger = TRIGGERS.find((t) => t.name === name)!;
  for (const sql of createTriggerSql(trigger, sequelize.getDialect() === "postgres")) {
    await sequelize.query(sql, { transaction });
  }
}

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const postgres = qi.sequelize.getDialect() === "postgres";
  await qi.createTable(
    TABLE,
    {
      user_id: {
        type: DataTypes.UUID,
        primaryKey: true,
        allowNull: false,
        references: { model: "users", key: "id" },
        onDelete: "CASCADE",
      },
      count: { type: DataTypes.INTEGER, allowNull: false },
    },
    { transaction },
  );
  // Everyone there is now, counted by the rule; the triggers keep it from here. On Postgres nothing
  // the rule reads changes in between (CREATE TRIGGER takes this lock on its table anyway).
  if (postgres) {
    await qi.sequelize.query("LOCK TABLE users, agents, applications, lead_reads IN SHARE ROW EXCLUSIVE MODE", {
      transaction,
    });
  }
  // An alias of its own: the counting subqueries name theirs u, g, a and r.
  const everyone = `SELECT everyone.id, ${countedFromScratch("everyone.id")} FROM users everyone`;
  await qi.sequelize.query(`INSERT INTO ${TABLE} (user_id, count) ${everyone}`, { transaction });
  for (const trigger of TRIGGERS) {
    for (const sql of createTriggerSql(trigger, postgres)) await qi.sequelize.query(sql, { transaction });
  }
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const postgres = qi.sequelize.getDialect() === "postgres";
  for (const { name, table } of [...TRIGGERS].reverse()) {
    await qi.sequelize.query(`DROP TRIGGER IF EXISTS ${name}${postgres ? ` ON ${table}` : ""}`, { transaction });
    if (postgres) await qi.sequelize.query(`DROP FUNCTION IF EXISTS ${name}()`, { transaction });
  }
  await qi.dropTable(TABLE, { transaction });
}
