import crypto from "node:crypto";
import { DataTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sequelize } from "~db";
import {
  bucketCase,
  column,
  countBy,
  listColumn,
  numbersInOneStatement,
  pageReads,
  raw,
  selectOne,
  selectRows,
  sql,
  sqlPage,
  withinRange,
} from "~/services/sql/reads.server";

// The kit on the test's database (SQLite, or Postgres with TEST_DATABASE_URL): rows written by a
// model, as the app writes them, and read back through the kit's codecs.
const table = `sql_kit_probe_${crypto.randomBytes(4).toString("hex")}`;
const probes = raw(table);
const Probe = sequelize.define(
  "SqlKitProbe",
  {
    id: { type: DataTypes.STRING, primaryKey: true },
    label: { type: DataTypes.STRING, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
    amountCents: { type: DataTypes.BIGINT, allowNull: true, field: "amount_cents" },
    active: { type: DataTypes.BOOLEAN, allowNull: false },
    at: { type: DataTypes.DATE, allowNull: false },
    day: { type: DataTypes.DATEONLY, allowNull: true },
    doc: { type: DataTypes.JSON, allowNull: true },
  },
  { tableName: table, timestamps: false },
);

const AT = new Date("2026-03-04T05:06:07.089Z");
const DAY = 86_400_000;
const LABEL = "O'Brien :name $1 ? --";
const probeRows = Array.from({ length: 7 }, (_, i) => ({
  id: `p${i}`,
  label: i === 0 ? LABEL : `row ${i}`,
  position: i,
  amountCents: i % 2 ? 100_000_000_000 + i : null,
  active: i % 2 === 0,
  at: new Date(AT.getTime() + i * DAY),
  day: i === 0 ? "2026-03-04" : null,
  doc: i === 0 ? { tags: ["a", "b"], n: 1 } : null,
}));

beforeAll(async () => {
  await Probe.sync();
  await Probe.bulkCreate(probeRows);
});
afterAll(async () => {
  await Probe.drop();
  // The worker's later files share this sequelize (isolate: false): the probe is no model of theirs.
  sequelize.modelManager.removeModel(Probe);
});

const Id = z.object({ id: column.text });

describe("the typed SQL kit on the database", () => {
  it("binds a value with quotes, :name, $1, ? and a comment as data", async () => {
    const found = await selectRows(
      sql`SELECT id, ${LABEL} AS echo FROM ${probes} WHERE label = ${LABEL}`,
      z.object({ id: column.text, echo: column.text }),
    );
    expect(found).toEqual([{ id: "p0", echo: LABEL }]);
    expect(await selectRows(sql`SELECT id FROM ${probes} WHERE label = ${"x' OR '1'='1"}`, Id)).toEqual([]);
  });

  it("nests fragments and reads IN lists, an empty one matching nothing", async () => {
    const wanted = sql`id IN ${["p1", "p3", "nope"]}`;
    const statement = sql`SELECT id FROM ${probes} WHERE ${wanted} AND ${sql`position > ${1}`} ORDER BY id`;
    expect(await selectRows(statement, Id)).toEqual([{ id: "p3" }]);
    expect(await selectRows(sql`SELECT id FROM ${probes} WHERE id IN ${[]}`, Id)).toEqual([]);
    // users.id is a uuid on Postgres: an empty list must compare with any type.
    expect(await selectRows(sql`SELECT id FROM users WHERE id IN ${[]}`, Id)).toEqual([]);
    // NOT IN an empty list is NOT IN (NULL): no row, as SQL has it; leave such a condition out.
    expect(await selectRows(sql`SELECT id FROM ${probes} WHERE id NOT IN ${[]}`, Id)).toEqual([]);
  });

  it("reads each column type as one shape on either database", async () => {
    const Row = z.object({
      id: column.text,
      position: column.integer,
      amountCents: column.cents.nullable(),
      active: column.boolean,
      at: column.date,
      atIso: column.isoDate,
      day: column.day.nullable(),
      doc: column.json(z.object({ tags: z.array(z.string()), n: z.number() })).nullable(),
      total: column.integer,
      sum: column.cents,
      average: column.number,
    });
    const row = await selectOne(
      sql`SELECT id, position, amount_cents AS "amountCents", active, at, at AS "atIso", day, doc,
            (SELECT COUNT(*) FROM ${probes}) AS total,
            (SELECT SUM(amount_cents) FROM ${probes}) AS sum,
            (SELECT AVG(position) FROM ${probes}) AS average
          FROM ${probes} WHERE id = ${"p0"}`,
      Row,
    );
    expect(row).toEqual({
      id: "p0",
      position: 0,
      amountCents: null,
      active: true,
      at: AT,
      atIso: AT.toISOString(),
      day: "2026-03-04",
      doc: { tags: ["a", "b"], n: 1 },
      total: 7,
      sum: 300_000_000_009,
      average: 3,
    });
    const odd = await selectOne(
      sql`SELECT amount_cents AS "amountCents", active FROM ${probes} WHERE id = ${"p1"}`,
      Row.pick({ amountCents: true, active: true }),
    );
    expect(odd).toEqual({ amountCents: 100_000_000_001, active: false });
    expect(await selectOne(sql`SELECT id FROM ${probes} WHERE id = ${"none"}`, Id)).toBeNull();
  });

  it("compares dates bound as values with the dates the models stored", async () => {
    const range = { start: new Date(AT.getTime() + DAY), end: new Date(AT.getTime() + 3 * DAY) };
    const inRange = await selectRows(
      sql`SELECT id FROM ${probes} WHERE ${withinRange(sql`at`, range)} ORDER BY id`,
      Id,
    );
    expect(inRange).toEqual([{ id: "p1" }, { id: "p2" }]);
    const bounds = [0, 2, 4, 7].map((days) => new Date(AT.getTime() + days * DAY));
    const buckets = await selectRows(
      sql`SELECT ${bucketCase(sql`at`, bounds)} AS bucket, COUNT(*) AS n FROM ${probes}
          WHERE at >= ${bounds[0]!} AND at < ${bounds[3]!} GROUP BY 1 ORDER BY 1`,
      z.object({ bucket: column.integer, n: column.integer }),
    );
    expect(buckets).toEqual([
      { bucket: 0, n: 2 },
      { bucket: 1, n: 2 },
      { bucket: 2, n: 3 },
    ]);
  });

  it("sqlPage answers a page in order and the filtered total, with or without a key-first read", async () => {
    const query = {
      select: sql`p.id, p.position`,
      from: sql`${probes} p`,
      where: sql`p.position >= ${1}`,
      orderBy: sql`p.position DESC, p.id DESC`,
    };
    const Row = z.object({ id: column.text, position: column.integer });
    const expected = {
      rows: [
        { id: "p4", position: 4 },
        { id: "p3", position: 3 },
      ],
      total: 6,
      page: 2,
      pageSize: 2,
    };
    expect(await sqlPage(query, { page: 2, pageSize: 2 }, Row)).toEqual(expected);
    expect(await sqlPage({ ...query, key: sql`p.id` }, { page: 2, pageSize: 2 }, Row)).toEqual(expected);
    const beyond = await sqlPage({ ...query, key: sql`p.id` }, { page: 9, pageSize: 2 }, Row);
    expect(beyond).toEqual({ rows: [], total: 6, page: 9, pageSize: 2 });
    const joined = await sqlPage(
      {
        ...query,
        select: sql`p.id, q.label AS "nextLabel"`,
        join: sql`LEFT JOIN ${probes} q ON q.position = p.position + 1`,
        where: undefined,
      },
      { page: 1, pageSize: 2 },
      z.object({ id: column.text, nextLabel: column.text.nullable() }),
    );
    expect(joined).toEqual({
      rows: [
        { id: "p6", nextLabel: null },
        { id: "p5", nextLabel: "row 6" },
      ],
      total: 7,
      page: 1,
      pageSize: 2,
    });
  });

  it("countBy counts each value in one GROUP BY, with zeros for keys that have no rows, and the total", async () => {
    const counts = await countBy({ column: sql`label`, from: probes, where: sql`position BETWEEN ${1} AND ${2}` }, [
      "row 1",
      "row 2",
      "row 9",
    ]);
    expect(counts).toEqual({ all: 2, "row 1": 1, "row 2": 1, "row 9": 0 });
  });

  it("pageReads answers figures, typed lists and groups in one statement", async () => {
    const Listed = z.object({
      id: column.text,
      active: column.boolean,
      at: column.date,
      amountCents: column.cents.nullable(),
    });
    const { numbers, lists, groups } = await pageReads({
      numbers: {
        count: sql`SELECT COUNT(*) FROM ${probes} WHERE active = ${true}`,
        emptySum: sql`SELECT SUM(amount_cents) FROM ${probes} WHERE id = ${"none"}`,
      },
      lists: {
        newest: listColumn(
          sql`SELECT id, active, at, amount_cents AS "amountCents" FROM ${probes} ORDER BY at DESC LIMIT ${2}`,
          Listed,
        ),
        none: listColumn(sql`SELECT id, active, at, amount_cents AS "amountCents" FROM ${probes} LIMIT ${0}`, Listed),
      },
      grouped: {
        query: sql`SELECT active AS "flag", COUNT(*) AS "n" FROM ${probes} GROUP BY active`,
        key: "flag",
        row: z.object({ flag: column.boolean, n: column.integer }),
      },
    });
    expect(numbers).toEqual({ count: 4, emptySum: 0 });
    expect(lists.newest).toEqual([
      { id: "p6", active: true, at: new Date(AT.getTime() + 6 * DAY), amountCents: null },
      { id: "p5", active: false, at: new Date(AT.getTime() + 5 * DAY), amountCents: 100_000_000_005 },
    ]);
    expect(lists.none).toEqual([]);
    expect(groups.sort((a, b) => Number(a.flag) - Number(b.flag))).toEqual([
      { flag: false, n: 3 },
      { flag: true, n: 4 },
    ]);
    const noGroups = await pageReads({
      numbers: { n: sql`SELECT COUNT(*) FROM ${probes}` },
      grouped: {
        query: sql`SELECT id AS "key" FROM ${probes} WHERE 1 = 0`,
        key: "key",
        row: z.object({ key: column.text }),
      },
    });
    expect(noGroups).toEqual({ numbers: { n: 7 }, lists: {}, groups: [] });
    expect(await numbersInOneStatement({ n: sql`SELECT COUNT(*) FROM ${probes} WHERE position < ${3}` })).toEqual({
      n: 3,
    });
  });

  it("says which column does not fit a row schema", async () => {
    await expect(
      selectRows(sql`SELECT label FROM ${probes} WHERE id = ${"p1"}`, z.object({ label: column.integer })),
    ).rejects.toThrow(/label: Expected a whole number, got row 1/);
  });
});
