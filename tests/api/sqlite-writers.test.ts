import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryTypes, type Sequelize } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { Application, createSequelize, isPostgres, sequelize } from "~db";
import { action as applicationsAction } from "~/routes/api+/public.applications";
import { applicationPayload, carrierId } from "../support/application-factories";
import { createAgent } from "../support/factories";
import { callRoute } from "../support/http";

/**
 * SQLite under concurrent writers: every connection in WAL mode with a busy timeout, foreign keys,
 * synchronous=NORMAL, a 16 MB page cache and a checkpoint every 10,000 WAL pages (prisma-free-db/index.ts). A SQLite file of the test's own is checked on
 * every run, Postgres runs included; the run's own database is checked for what matters on it.
 */
const files: string[] = [];
const opened: Sequelize[] = [];

function scratchSqlite() {
  const file = path.join(os.tmpdir(), `crm-writers-${process.pid}-${crypto.randomBytes(3).toString("hex")}.sqlite`);
  files.push(file, `${file}-wal`, `${file}-shm`);
  const db = createSequelize(`sqlite:${file}`);
  opened.push(db);
  return db;
}

afterAll(async () => {
  for (const db of opened) await db.close();
  for (const file of files) fs.rmSync(file, { force: true });
});

async function pragma(db: Sequelize, name: string, options: { transaction?: never } = {}) {
  const [row] = await db.query<Record<string, unknown>>(`PRAGMA ${name}`, { type: QueryTypes.SELECT, ...options });
  return Object.values(row ?? {})[0];
}

async function sqliteSettings(db: Sequelize, transaction?: unknown) {
  const options = transaction ? { transaction: transaction as never } : {};
  return {
    journalMode: await pragma(db, "journal_mode", options),
    synchronous: await pragma(db, "synchronous", options),
    foreignKeys: await pragma(db, "foreign_keys", options),
    busyTimeout: await pragma(db, "busy_timeout", options),
    cacheSize: await pragma(db, "cache_size", options),
    walAutocheckpoint: await pragma(db, "wal_autocheckpoint", options),
  };
}

// A 16 MB page cache and a checkpoint every 10,000 WAL pages: an import's batch writes thousands of pages (decision 067).
const CONFIGURED = {
  journalMode: "wal",
  synchronous: 1,
  foreignKeys: 1,
  busyTimeout: 5000,
  cacheSize: -16384,
  walAutocheckpoint: 10000,
};

describe("SQLite connection settings", () => {
  it("a new SQLite file is in WAL mode, and every connection (a transaction opens its own) has its settings", async () => {
    const db = scratchSqlite();
    expect(await sqliteSettings(db)).toEqual(CONFIGURED);
    await db.transaction(async (transaction) => {
      expect(await sqliteSettings(db, transaction)).toEqual(CONFIGURED);
    });
  });

  it("the run's database: WAL and the settings on SQLite; durable commits on Postgres", async () => {
    if (isPostgres) {
      const [row] = await sequelize.query<{ synchronous_commit: string }>("SHOW synchronous_commit", {
        type: QueryTypes.SELECT,
      });
      expect(row?.synchronous_commit).toBe("on");
    } else {
      expect(await sqliteSettings(sequelize)).toEqual(CONFIGURED);
      await sequelize.transaction(async (transaction) => {
        expect(await sqliteSettings(sequelize, transaction)).toEqual(CONFIGURED);
      });
    }
  });

  it("the run's database refuses a row whose parent does not exist, on every connection", async () => {
    const orphan =
      "INSERT INTO phones (id, application_id, phone_number, phone_type, is_primary, created_at, updated_at) VALUES (:id, :parent, '8135550000', 'mobile', false, :now, :now)";
    const replacements = { id: crypto.randomUUID(), parent: crypto.randomUUID(), now: new Date() };
    await expect(sequelize.query(orphan, { replacements })).rejects.toThrow(/foreign key/i);
    await expect(
      sequelize.transaction((transaction) => sequelize.query(orphan, { replacements, transaction })),
    ).rejects.toThrow(/foreign key/i);
  });
});

describe("concurrent writers", () => {
  it("20 public applications posted at once are all saved: no SQLITE_BUSY, no 5xx", async () => {
    const { agent } = await createAgent({ status: "approved", licensedStates: ["FL"] });
    const carrier = await carrierId();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callRoute(applicationsAction, {
          path: "/api/public/applications",
          method: "POST",
          json: applicationPayload(agent.id, carrier),
          headers: { "X-Remote-Address": `10.77.${crypto.randomInt(0, 255)}.${i + 1}` },
        }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(201));
    expect(await Application.count({ where: { agentId: agent.id } })).toBe(20);
  });

  it("20 read-then-write transactions on one SQLite file all commit, each after the other's write", async () => {
    const db = scratchSqlite();
    await db.query("CREATE TABLE counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)");
    await db.query("INSERT INTO counter (id, value) VALUES (1, 0)");
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (transaction) => {
          const [row] = await db.query<{ value: number }>("SELECT value FROM counter WHERE id = 1", {
            type: QueryTypes.SELECT,
            transaction,
          });
          await db.query("UPDATE counter SET value = :value WHERE id = 1", {
            replacements: { value: row!.value + 1 },
            transaction,
          });
        }),
      ),
    );
    expect(await pragma(db, "journal_mode")).toBe("wal");
    const [row] = await db.query<{ value: number }>("SELECT value FROM counter WHERE id = 1", {
      type: QueryTypes.SELECT,
    });
    expect(row?.value).toBe(20);
  });
});
