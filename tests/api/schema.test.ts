import { describe, expect, it } from "vitest";
import type { ModelStatic, Model } from "sequelize";
import { Application, PaymentTracking, isPostgres, sequelize } from "~db";
import { firstYearCommissionCents } from "~/domain/commission";
import { publicApplicationSchema } from "~/domain/schemas/public-application";
import { COMMISSION_RATE_LIMITS } from "~/domain/commission-rate-limits";
import { createPublicApplication } from "~/services/applications.server";
import { applicationPayload, carrierId } from "../support/application-factories";
import { createAgent } from "../support/factories";

// The migrations make the schema and the models describe it; these tests fail as soon as the two
// disagree, on whichever database TEST_DATABASE_URL selects (the run's database is fresh from
// the migrations, see tests/support/global-setup.ts).

const MIGRATIONS_TABLE = "schema_migrations";
const qi = sequelize.getQueryInterface();
const models = Object.values(sequelize.models) as ModelStatic<Model>[];

/**
 * The comparable part of a column type, from either side (a model's `type.toSql()` or the
 * database's description): the family, a string's length, and on Postgres an integer's width.
 * SQLite stores every INTEGER in up to 8 bytes, so there INTEGER and BIGINT are one family.
 */
function typeFamily(sqlType: string) {
  const type = sqlType.toUpperCase().trim();
  const varchar = /^(?:CHARACTER VARYING|VARCHAR)\((\d+)\)$/.exec(type);
  if (varchar) return `string(${varchar[1]})`;
  if (type === "BOOLEAN" || type === "TINYINT(1)") return "boolean";
  if (type === "INTEGER" || type === "BIGINT") return isPostgres ? type.toLowerCase() : "integer";
  if (/^(DECIMAL|NUMERIC)\b/.test(type)) return "decimal";
  if (type === "DATETIME" || type === "TIMESTAMP WITH TIME ZONE") return "timestamp";
  return type.toLowerCase();
}

type ColumnShape = { type: string; nullable: boolean };

function modelColumns(model: ModelStatic<Model>): Record<string, ColumnShape> {
  return Object.fromEntries(
    Object.values(model.getAttributes()).map((attribute) => [
      attribute.field!,
      {
        type: typeFamily((attribute.type as { toSql(): string }).toSql()),
        nullable: !attribute.primaryKey && attribute.allowNull !== false,
      },
    ]),
  );
}

async function tableColumns(table: string): Promise<Record<string, ColumnShape>> {
  const described = await qi.describeTable(table);
  return Object.fromEntries(
    Object.entries(described).map(([name, column]) => [
      name,
      // A primary key is never NULL: SQLite's INTEGER PRIMARY KEY (the rowid, webhook_deliveries.id)
      // is described as nullable because Sequelize writes it without NOT NULL.
      { type: typeFamily(column.type), nullable: column.allowNull && !column.primaryKey },
    ]),
  );
}

const indexSignature = (columns: string[], unique: boolean) => `${unique ? "unique " : ""}(${columns.join(", ")})`;

/** The model's `indexes` option and its single-column `unique: true` attributes, as column names. */
function modelIndexes(model: ModelStatic<Model>): string[] {
  const attributes = model.getAttributes();
  const columnOf = (field: unknown) => {
    const name = typeof field === "string" ? field : (field as { name: string }).name;
    return attributes[name]?.field ?? name;
  };
  const declared = (model.options.indexes ?? []).map((index) =>
    indexSignature((index.fields ?? []).map(columnOf), Boolean(index.unique)),
  );
  const uniqueKeys = Object.values(
    (model as unknown as { uniqueKeys: Record<string, { fields: string[] }> }).uniqueKeys,
  );
  return [...new Set([...declared, ...uniqueKeys.map((key) => indexSignature(key.fields, true))])].sort();
}

type ShownIndex = { name: string; primary: boolean; unique: boolean; origin?: string; fields: { attribute: string }[] };

/** The table's indexes except the primary key's (SQLite names it as an index of origin "pk"). */
async function tableIndexes(table: string): Promise<string[]> {
  const shown = (await qi.showIndex(table)) as unknown as ShownIndex[];
  return shown
    .filter((index) => !index.primary && index.origin !== "pk")
    .map((index) =>
      indexSignature(
        index.fields.map((field) => field.attribute),
        index.unique,
      ),
    )
    .sort();
}

/** One line per disagreement, so a failure names every column and index at once. */
function compareSets(what: string, inModel: string[], inDatabase: string[]) {
  return [
    ...inModel.filter((x) => !inDatabase.includes(x)).map((x) => `${what} ${x}: in the model, not in the database`),
    ...inDatabase.filter((x) => !inModel.includes(x)).map((x) => `${what} ${x}: in the database, not in the model`),
  ];
}

const describeShape = (shape: ColumnShape) => `${shape.type} ${shape.nullable ? "NULL" : "NOT NULL"}`;

describe("models and migrations agree", () => {
  it("every table the migrations made belongs to a model, and every model has its table", async () => {
    const tables = (await qi.showAllTables()).map((t) =>
      typeof t === "string" ? t : (t as { tableName: string }).tableName,
    );
    const modelTables = models.map((model) => model.getTableName() as string);
    expect(
      compareSets(
        "table",
        modelTables,
        // sqlite_stat1 and friends are SQLite's own statistics, made by ANALYZE (the server runs it
        // at start, and plan tests run it on the shared test database). lead_search* is the
        // search terms (migration 051: the terms and SQLite's scratch table), kept by triggers and
        // read by no model; so is report_summaries (migration 024), read in SQL by the
        // reports and checked against the leads by tests/api/report-summaries.test.ts.
        tables.filter(
          (t) =>
            t !== MIGRATIONS_TABLE &&
            t !== "report_summaries" &&
            !t.startsWith("sqlite_") &&
            !t.startsWith("lead_search"),
        ),
      ),
    ).toEqual([]);
  });

  for (const model of models) {
    const table = model.getTableName() as string;

    it(`${model.name}: columns, types and nullability match the ${table} table`, async () => {
      const expected = modelColumns(model);
      const actual = await tableColumns(table);
      const problems = compareSets("column", Object.keys(expected), Object.keys(actual));
      for (const [column, shape] of Object.entries(expected)) {
        const found = actual[column];
        if (found && describeShape(found) !== describeShape(shape)) {
          problems.push(
            `column ${column}: the model says ${describeShape(shape)}, the database has ${describeShape(found)}`,
          );
        }
      }
      expect(problems).toEqual([]);
    });

    it(`${model.name}: the indexes it declares are the ${table} table's`, async () => {
      expect(compareSets("index", modelIndexes(model), await tableIndexes(table))).toEqual([]);
    });
  }
});

describe("money columns", () => {
  it("hold the largest premium and coverage the application schema accepts, and the largest commission", async () => {
    const { agent } = await createAgent({ licensedStates: ["FL"] });
    const carrier = await carrierId();
    const largest = 100_000_000;
    const tooLarge = publicApplicationSchema.safeParse(
      applicationPayload(agent.id, carrier, { monthlyPremium: largest + 0.01 }),
    );
    expect(tooLarge.success).toBe(false);
    const parsed = publicApplicationSchema.parse(
      applicationPayload(agent.id, carrier, { monthlyPremium: largest, coverageAmount: largest }),
    );

    const { id } = await createPublicApplication(parsed, { ip: "203.0.113.77" });
    const premiumCents = 10_000_000_000;
    // The highest comp % a setup accepts gives the largest commission a sale can record.
    const commissionCents = firstYearCommissionCents(premiumCents, COMMISSION_RATE_LIMITS.max);
    await Application.update({ calculatedCommissionCents: commissionCents }, { where: { id } });
    await PaymentTracking.create({
      applicationId: id,
      monthNumber: 1,
      dueDate: "2030-01-01",
      amountCents: premiumCents,
    });

    const stored = await Application.findByPk(id);
    expect(stored!.monthlyPremiumCents).toBe(premiumCents);
    expect(stored!.coverageAmountCents).toBe(premiumCents);
    expect(stored!.calculatedCommissionCents).toBe(commissionCents);
    // Plain rows (no model getters) come back as numbers too.
    const [raw] = await PaymentTracking.findAll({
      where: { applicationId: id },
      attributes: ["amountCents"],
      raw: true,
    });
    expect(raw!.amountCents).toBe(premiumCents);
  });
});
