import type { Transaction } from "sequelize";
import { z } from "zod";
import { isPostgres, sequelize } from "~db";
import { join, selectRows, sql } from "./sql/reads.server";

/** pg_advisory_xact_lock answers void: its one row says nothing but that the lock is held. */
const NOTHING = z.object({});

/**
 * Runs `work` in a transaction that never overlaps another one holding any of the same keys, on
 * either database and across app processes: a check and the write it allows (count, then record)
 * become one step.
 *
 * SQLite: every transaction is IMMEDIATE and this process's transactions take turns
 * (prisma-free-db/index.ts), so each holds the file's one write lock from BEGIN and they run one
 * at a time, whatever their keys. Postgres: a
 * transaction-scoped advisory lock per key, released at commit or rollback, taken in sorted order
 * so two transactions that share keys never wait for each other.
 */
export function serializedTransaction<T>(keys: string[], work: (transaction: Transaction) => Promise<T>) {
  if (!isPostgres) return sequelize.transaction(work);
  return sequelize.transaction(async (transaction) => {
    await holdKeys(keys, transaction);
    return work(transaction);
  });
}

/**
 * The same keys taken inside a transaction the caller already runs (one batch of an import that
 * receives many leads): held until it ends. Nothing to take on SQLite, whose transactions take turns.
 */
export async function holdKeys(keys: string[], transaction: Transaction) {
  if (!isPostgres || keys.length === 0) return;
  // One statement for all of them (an import's batch holds hundreds): Postgres evaluates a volatile
  // function of the select list after the ORDER BY, so the locks are still taken in the sorted
  // order (bytewise, as JavaScript sorts) that keeps two holders of shared keys from a circle.
  const values = join([...new Set(keys)].sort().map((key) => sql`(${key})`));
  await selectRows(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(v.column1, 0)) FROM (VALUES ${values}) AS v ORDER BY v.column1 COLLATE "C"`,
    NOTHING,
    { transaction },
  );
}
