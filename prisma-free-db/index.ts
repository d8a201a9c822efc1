import path from "node:path";
import fs from "node:fs";
import { Sequelize } from "sequelize";
import { SequelizeStorage, Umzug } from "umzug";
import { initModels } from "./models";
import { migrations } from "./migrations";

export * from "./models";

const DEFAULT_URL = "sqlite:data/app.sqlite";

export function databaseUrl() {
  return process.env.DATABASE_URL || DEFAULT_URL;
}

export function isPostgresUrl(url: string) {
  return url.startsWith("postgres://") || url.startsWith("postgresql://");
}

function createSequelize(url: string) {
  if (isPostgresUrl(url)) {
    return new Sequelize(url, {
      dialect: "postgres",
      logging: false,
      pool: { max: 10, idle: 10_000 },
    });
  }
  const storage = url.replace(/^(sqlite|file):(\/\/)?/, "");
  if (storage !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(storage)), { recursive: true });
  const sequelize = new Sequelize({ dialect: "sqlite", storage, logging: false });
  // WAL lets readers proceed during a write; the busy timeout makes a second writer wait instead of
  // failing at once. Sequelize already turns foreign keys on for every SQLite connection.
  sequelize.addHook("afterConnect", async (connection: unknown) => {
    const db = connection as { exec: (sql: string, cb: (err: Error | null) => void) => void };
    await new Promise<void>((resolve, reject) =>
      db.exec("PRAGMA journal_mode=WAL; PRAGMA busy_timeout=5000; PRAGMA foreign_keys=ON;", (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  });
  return sequelize;
}

export const sequelize = createSequelize(databaseUrl());
initModels(sequelize);

export const isPostgres = sequelize.getDialect() === "postgres";

export function migrator() {
  return new Umzug({
    migrations,
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize, tableName: "schema_migrations" }),
    logger: undefined,
  });
}

export async function migrate() {
  return migrator().up();
}

export async function pingDatabase() {
  await sequelize.query("SELECT 1");
}

export async function closeDatabase() {
  await sequelize.close();
}
