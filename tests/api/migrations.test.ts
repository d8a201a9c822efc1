import crypto from "node:crypto";
import { execFile } from "node:child_process";
import { QueryTypes, type Sequelize } from "sequelize";
import { describe, expect, it } from "vitest";
import { createSequelize, isPostgres } from "~db";
import { migrations } from "../../prisma-free-db/migrations";
import { migrateDatabase, migratorFor } from "../../prisma-free-db/migrator";
import { freshDatabases } from "../support/fresh-databases";

/** An empty database of the run's kind, dropped when the file ends. */
const freshDatabaseUrl = freshDatabases("migrate");

/** Each migration's name and how many times schema_migrations records it. */
async function recordedOnce(db: Sequelize) {
  const recorded = await db.query<{ name: string; times: number }>(
    "SELECT name, COUNT(*) AS times FROM schema_migrations GROUP BY name ORDER BY name",
    { type: QueryTypes.SELECT },
  );
  return recorded.map((row) => [row.name, Number(row.times)]);
}

/** `npm run db:migrate` (Fly's release command, compiled) as a process of its own; its JSON log lines. */
function migrateProcess(url: string) {
  return new Promise<{ msg: string; migrations?: string[] }[]>((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "prisma-free-db/cli/migrate.ts"],
      { env: { ...process.env, DATABASE_URL: url, LOG_FILE: "", LOG_LEVEL: "info" } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else
          resolve(
            stdout
              .split("\n")
              .filter(Boolean)
              .map((line) => JSON.parse(line)),
          );
      },
    );
  });
}

describe("migrations", () => {
  it("two machines migrating one fresh database at once: no error, every migration applied and recorded once", async () => {
    const url = await freshDatabaseUrl();
    // Two connection pools, as two machines starting at once would have, racing from the first query.
    const machines = [createSequelize(url), createSequelize(url)];
    try {
      const applied = await Promise.all(machines.map((machine) => migrateDatabase(machine)));

      expect(await recordedOnce(machines[0]!)).toEqual(migrations.map((m) => [m.name, 1]));
      // The last migration's columns are there: every step ran to the end.
      expect(await machines[0]!.getQueryInterface().describeTable("products")).toHaveProperty("archived_at");
      if (isPostgres) {
        // The advisory lock made one machine wait for the other, then find nothing left to do.
        expect(applied.map((names) => names.length).sort()).toEqual([0, migrations.length]);
      }
    } finally {
      await Promise.all(machines.map((machine) => machine.close()));
    }
  });

  it("two migrate processes started at once (a release command and a machine's start): both exit 0, each migration applied once", async () => {
    const url = await freshDatabaseUrl();
    const logs = await Promise.all([migrateProcess(url), migrateProcess(url)]);
    const db = createSequelize(url);
    try {
      expect(await recordedOnce(db)).toEqual(migrations.map((m) => [m.name, 1]));
    } finally {
      await db.close();
    }
    const applied = logs.map((lines) => lines.flatMap((line) => line.migrations ?? []));
    // Between them every migration was applied, none twice.
    expect(applied.flat().sort()).toEqual(migrations.map((m) => m.name).sort());
    if (isPostgres) {
      // On Postgres the advisory lock serialised them: one did all, the other found nothing pending.
      expect(applied.map((names) => names.length).sort((a, b) => a - b)).toEqual([0, migrations.length]);
      expect(logs.flat().map((line) => line.msg)).toContain("database is up to date");
    }
  });
});

describe("migration 042 (a sold lead's policy, decision 074)", () => {
  it("gives every sale made before it a submitted policy from its sale, with one history row, and a lead never sold none", async () => {
    const db = createSequelize(await freshDatabaseUrl());
    try {
      await migratorFor(db).up({ to: "041-dnc-lead-references-indexed" });
      const soldAt = new Date("2026-03-04T15:00:00Z");
      const lead = (id: string, sold: Date | null) =>
        db.query(
          `INSERT INTO applications (id, status, first_name, last_name, has_email, source, consent_given, billable, sold_at, created_at, updated_at)
           VALUES (:id, :status, 'Pat', 'Before', :no, 'public_form', :no, :no, :sold, :at, :at)`,
          {
            replacements: {
              id,
              status: sold ? "sale" : "pending",
              no: false,
              sold,
              at: new Date("2026-03-01T00:00:00Z"),
            },
          },
        );
      const [sold, unsold] = [crypto.randomUUID(), crypto.randomUUID()];
      await lead(sold, soldAt);
      await lead(unsold, null);
      await migratorFor(db).up();
      const policies = await db.query<{ id: string; policy_status: string | null; policy_status_at: unknown }>(
        "SELECT id, policy_status, policy_status_at FROM applications ORDER BY sold_at",
        { type: QueryTypes.SELECT },
      );
      const byId = new Map(policies.map((row) => [row.id, row]));
      expect(byId.get(sold)?.policy_status).toBe("submitted");
      expect(new Date(String(byId.get(sold)?.policy_status_at)).getTime()).toBe(soldAt.getTime());
      expect(byId.get(unsold)?.policy_status).toBeNull();
      const history = await db.query<{ application_id: string; to_status: string; user_id: string | null; id: string }>(
        "SELECT id, application_id, to_status, user_id FROM policy_status_changes",
        { type: QueryTypes.SELECT },
      );
      expect(history).toEqual([
        { id: expect.stringMatching(/^[0-9a-f-]{36}$/), application_id: sold, to_status: "submitted", user_id: null },
      ]);
    } finally {
      await db.close();
    }
  });
});
