import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { isPostgres } from "~db";

/**
 * For tests that run migrations from scratch: call at a test file's top level; it answers a
 * function that creates an empty database of the run's kind (a Postgres database beside the run's
 * own, or a SQLite file under data/), named with `prefix`, every one dropped when the file ends.
 */
export function freshDatabases(prefix: string): () => Promise<string> {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  return async () => {
    const suffix = crypto.randomBytes(4).toString("hex");
    if (isPostgres) {
      const runDatabaseUrl = process.env.DATABASE_URL!;
      const name = `crm_${prefix}_${suffix}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: runDatabaseUrl });
        await client.connect();
        await client.query(statement);
        await client.end();
      };
      await admin(`CREATE DATABASE ${name}`);
      cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const url = new URL(runDatabaseUrl);
      url.pathname = `/${name}`;
      return url.toString();
    }
    const file = path.resolve("data", `test-${prefix}-${suffix}.sqlite`);
    cleanups.push(async () => {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    });
    return `sqlite:${file}`;
  };
}
