import path from "node:path";
import fs from "node:fs";
import pg from "pg";
import { Sequelize, Transaction } from "sequelize";
import sqlite3 from "sqlite3";
import { initModels } from "./models";
import { migrateDatabase } from "./migrator";
import { createLimiter } from "./concurrency";
import { databaseUrlFromEnvironment } from "./database-url";

export * from "./models";

export function isPostgresUrl(url: string) {
  return url.startsWith("postgres://") || url.startsWith("postgresql://");
}

// pg returns int8 (the BIGINT money columns, COUNT(*)) as strings because not every int8 fits a
// JS number. Ours are cents far below 2^53, so they are read as numbers; one that is not fails
// loudly instead of losing digits.
function parseSafeInteger(text: string) {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${text} is too large to read as an exact number`);
  return value;
}

/**
 * The settings every SQLite connection gets as it opens, before any query on it (an `exec` runs
 * alone, in order, once the file is open). Sequelize opens a new connection for every transaction
 * and runs no afterConnect hook on SQLite, so they are applied here, and per connection:
 * - busy_timeout: a second writer waits up to 5 s for the first instead of failing with SQLITE_BUSY;
 * - foreign_keys: SQLite enforces them only when each connection asks; Sequelize asks once the
 *   connection is handed over, this holds from its first statement whatever Sequelize's options;
 * - synchronous=NORMAL: with WAL, a commit no longer waits for a disk sync of its own. A crash of the
 *   process loses nothing; a power cut can lose the last commits, never the file (decision 012).
 * - cache_size=-16384 (16 MB of pages, from 2 MB) and wal_autocheckpoint=10000 (a checkpoint once
 *   the WAL holds 10,000 pages, 40 MB, from 1,000): an import's batch of 250 leads writes 1,500-
 *   3,800 pages (its rows' places in every index of every table it writes), so the default cache
 *   read pages again within the batch and the commit of nearly every batch ran a checkpoint,
 *   copying every page it wrote into the file with two fsyncs (decision 067, amended).
 */
const SQLITE_CONNECTION_PRAGMAS =
  "PRAGMA busy_timeout=5000; PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL; " +
  "PRAGMA cache_size=-16384; PRAGMA wal_autocheckpoint=10000";

/**
 * WAL lets readers go on during a write and writers commit without a rollback journal. It is a
 * property of the file, set apart from the rest: it needs the file to itself for a moment, and if
 * another connection holds it then, a later connection sets it.
 */
class ConfiguredSqliteDatabase extends sqlite3.Database {
  constructor(filename: string, mode: number, callback?: (err: Error | null) => void) {
    super(filename, mode, callback);
    // One statement at a time per connection, so a connection never holds more than one of libuv's
    // four pool threads (the queries outside transactions all share one connection; a statement
    // waiting for the write lock would otherwise take a thread for each one queued behind it).
    this.serialize();
    this.exec(SQLITE_CONNECTION_PRAGMAS, () => {});
    this.exec("PRAGMA journal_mode=WAL", () => {});
  }
}

type SqliteConnectionManager = {
  getConnection(options?: { uuid?: string }): Promise<object>;
  releaseConnection(connection: object, force?: boolean): unknown;
  destroyConnection(connection: object): Promise<unknown>;
};

/**
 * Resolves when it is the caller's turn, with the function that ends the turn; first come, first
 * served.
 */
function turns() {
  const oneAtATime = createLimiter(1);
  return () =>
    new Promise<() => void>((granted) => {
      void oneAtATime(() => new Promise<void>((ended) => granted(ended)));
    });
}

/** The key of the one connection this process's SQLite transactions take turns on. */
const TRANSACTIONS_CONNECTION = "transactions";

// Far longer than any transaction here takes. A transaction started inside another one (without
// passing it) would wait for its own turn forever; this makes that mistake an error.
const TURN_TIMEOUT_MS = 30_000;

/** A turn, or an error after TURN_TIMEOUT_MS; a turn granted after that is ended at once. */
async function turnWithin(takeTurn: () => Promise<() => void>) {
  const turn = takeTurn();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error("Waited 30 s for a SQLite transaction's turn: is a transaction opened inside another?")),
      TURN_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([turn, timedOut]);
  } catch (error) {
    void turn.then((end) => end());
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * This process's SQLite transactions run one at a time, queued in memory. Each is IMMEDIATE, so
 * only one holds the file's write lock anyway; started together, the others would each hold a
 * thread of libuv's pool (4 threads) while waiting out the busy timeout inside BEGIN, until the one
 * holding the lock had no thread left to commit with: 20 concurrent writers took 114 s and half of
 * them failed with SQLITE_BUSY. A transaction's turn starts when its connection is asked for and
 * ends when the connection is given back (commit, rollback, or a failed rollback's destroy), so it
 * covers managed and unmanaged transactions alike. Other processes on the same file still wait
 * through the busy timeout. A transaction must not start another while it is open (it would wait
 * for itself); on SQLite that never worked, as the second BEGIN IMMEDIATE waited for the first.
 *
 * The turns share one connection, kept open between them (decision 066). Sequelize opens a new
 * connection for every transaction and closes it after: the open, the pragmas and SQLite reading
 * the whole schema again on the first statement made an empty transaction cost 3.3-4.4 ms, inside
 * the turn, so every other writer waited for it. A turn that ends in doubt (the connection
 * destroyed after a failed rollback) closes it; the next turn opens another.
 */
function oneTransactionAtATime(db: Sequelize) {
  const manager = db.connectionManager as unknown as SqliteConnectionManager;
  const takeTurn = turns();
  const turnEnds = new Map<object, () => void>();
  const endTurn = (connection: object) => {
    turnEnds.get(connection)?.();
    turnEnds.delete(connection);
  };
  const open = manager.getConnection.bind(manager);
  const cached = manager as unknown as { connections: Record<string, object> };
  manager.getConnection = async (options) => {
    // Queries outside a transaction share the one "default" connection.
    if (!options?.uuid || options.uuid === "default") return open(options);
    const ended = await turnWithin(takeTurn);
    try {
      // Sequelize keeps its connections by uuid: the turns' one is kept under its own.
      const connection = await open({ ...options, uuid: TRANSACTIONS_CONNECTION });
      turnEnds.set(connection, ended);
      return connection;
    } catch (error) {
      ended();
      throw error;
    }
  };
  manager.releaseConnection = (connection, force) => {
    // Kept open for the next turn: the transaction committed or rolled back on it.
    if (!force) return endTurn(connection);
    try {
      return closeTransactionsConnection(connection);
    } finally {
      endTurn(connection);
    }
  };
  manager.destroyConnection = async (connection) => {
    try {
      closeTransactionsConnection(connection);
    } finally {
      endTurn(connection);
    }
  };
  // Sequelize's own release closes a connection it finds by the transaction's uuid; the kept one
  // is found by its key.
  const closeTransactionsConnection = (connection: object) => {
    if (cached.connections[TRANSACTIONS_CONNECTION] === connection) delete cached.connections[TRANSACTIONS_CONNECTION];
    (connection as sqlite3.Database).close();
  };
}

/** @internal */
export function createSequelize(url: string) {
  if (isPostgresUrl(url)) {
    pg.types.setTypeParser(pg.types.builtins.INT8, parseSafeInteger);
    return new Sequelize(url, {
      dialect: "postgres",
      dialectModule: pg,
      logging: false,
      pool: { max: 10, idle: 10_000 },
      // No just-in-time compilation: this app's statements are many short index reads, which the
      // planner prices high enough to compile (the chargeback exposure spent 0.8 s of 1.1 s
      // compiling at 100,000 sales, decision 075), never a long scan that compiling would pay for.
      dialectOptions: { options: "-c jit=off" },
    });
  }
  const storage = url.replace(/^(sqlite|file):(\/\/)?/, "");
  if (storage !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(storage)), { recursive: true });
  const db = new Sequelize({
    dialect: "sqlite",
    dialectModule: { ...sqlite3, Database: ConfiguredSqliteDatabase },
    storage,
    logging: false,
    // A deferred transaction that reads, then writes after another connection has written, fails
    // at once with SQLITE_BUSY whatever the busy timeout; IMMEDIATE takes the write lock at BEGIN,
    // so it waits its turn instead.
    transactionType: Transaction.TYPES.IMMEDIATE,
  });
  // An in-memory database is one connection that every transaction shares: nothing to take turns on.
  if (storage !== ":memory:") oneTransactionAtATime(db);
  return db;
}

export const sequelize = createSequelize(databaseUrlFromEnvironment());
initModels(sequelize);

// The server (BUILD_DIR/server.js) and the Remix build each bundle this module, so a process can
// hold two copies of `sequelize`: the server's (migrations at start) and the app's. They are kept
// in one list per process so that closing the database at shutdown closes every one of them.
const OPEN_DATABASES = Symbol.for("agency-crm.open-databases");
const processGlobals = globalThis as typeof globalThis & { [OPEN_DATABASES]?: Set<Sequelize> };
const openDatabases = (processGlobals[OPEN_DATABASES] ??= new Set());
openDatabases.add(sequelize);

export const isPostgres = sequelize.getDialect() === "postgres";

export async function migrate() {
  return migrateDatabase(sequelize);
}

/**
 * Fresh planner statistics after a bulk load, on either database: without them a commission sum
 * walks every sale (29.7 ms against 1.0 ms at 100,000 leads).
 */
export async function analyzeDatabase() {
  await sequelize.query("ANALYZE");
}

/**
 * Run at start on SQLite (Postgres's autovacuum keeps its own statistics): `PRAGMA optimize`
 * refreshes statistics that have gone stale. The sqlite3 package bundles SQLite 3.44, whose
 * optimize only looks at tables this connection has queried, so a file never analyzed gets its
 * first statistics from ANALYZE, bounded by analysis_limit to stay quick on a large file.
 */
export async function optimizeDatabase() {
  if (isPostgres) return;
  await sequelize.query("PRAGMA analysis_limit=1000");
  const [analyzed] = await sequelize.query("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'");
  await sequelize.query(analyzed.length ? "PRAGMA optimize=0x10002" : "ANALYZE");
}

export async function pingDatabase() {
  await sequelize.query("SELECT 1");
}

/** Closes this process's database: every copy of `sequelize` (see OPEN_DATABASES), each once. */
export async function closeDatabase() {
  const open = [...openDatabases];
  openDatabases.clear();
  await Promise.all(open.map((db) => db.close()));
}
