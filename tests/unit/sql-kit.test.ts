import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { column } from "~/services/sql/columns";
import { decodeRow } from "~/services/sql/decode";
import { and, compile, contains, identifier, join, or, raw, searchPatterns, sql } from "~/services/sql/statement";

describe("the sql tag", () => {
  it("binds every value as a placeholder, never as SQL text", () => {
    const name = "O'Brien'; DROP TABLE users; -- :name $1 ?";
    expect(compile(sql`SELECT id FROM users WHERE last_name = ${name} AND age > ${30}`)).toEqual({
      text: "SELECT id FROM users WHERE last_name = ? AND age > ?",
      values: [name, 30],
    });
  });

  it("nests fragments, keeping their values in order", () => {
    const agent = sql`a.agent_id = ${"agent-1"}`;
    const status = sql`a.status = ${"sale"}`;
    const statement = sql`SELECT a.id FROM applications a WHERE ${and([agent, null, status])} LIMIT ${20}`;
    expect(compile(statement)).toEqual({
      text: "SELECT a.id FROM applications a WHERE a.agent_id = ? AND a.status = ? LIMIT ?",
      values: ["agent-1", "sale", 20],
    });
    expect(compile(sql`SELECT 1 WHERE ${and([])}`).text).toBe("SELECT 1 WHERE 1 = 1");
  });

  it("puts alternatives in parentheses, and a search's words in bound LIKE patterns", () => {
    const patterns = searchPatterns("  50%_off  o\\'neil ");
    expect(patterns).toEqual(["%50\\%\\_off%", "%o\\\\'neil%"]);
    const where = and(
      patterns.map((pattern) => or([contains(sql`a.first_name`, pattern), contains(sql`a.email`, pattern)])),
    );
    expect(compile(where).text).toBe(
      "(lower(a.first_name) LIKE lower(?) ESCAPE '\\' OR lower(a.email) LIKE lower(?) ESCAPE '\\') AND " +
        "(lower(a.first_name) LIKE lower(?) ESCAPE '\\' OR lower(a.email) LIKE lower(?) ESCAPE '\\')",
    );
    expect(compile(or([])).text).toBe("1 = 0");
  });

  it("joins fragments with a separator", () => {
    const columns = join([sql`a.id`, sql`${"x"} AS label`, raw("a.status")]);
    expect(compile(sql`SELECT ${columns} FROM applications a`)).toEqual({
      text: "SELECT a.id, ? AS label, a.status FROM applications a",
      values: ["x"],
    });
    expect(compile(join([])).text).toBe("");
  });

  it("turns an array into an IN list, and an empty one into (NULL), which matches nothing", () => {
    expect(compile(sql`status IN ${["sale", "pending"]}`)).toEqual({
      text: "status IN (?, ?)",
      values: ["sale", "pending"],
    });
    expect(compile(sql`status IN ${[]}`)).toEqual({ text: "status IN (NULL)", values: [] });
  });

  it("gives a placeholder the space Sequelize needs to see it", () => {
    expect(compile(sql`a<${1} AND b||${"x"}||c`).text).toBe("a< ? AND b|| ? ||c");
  });

  it("refuses a value inside quotes, a stray ? in the text and an undefined value", () => {
    expect(() => compile(sql`name LIKE '%${"x"}%'`)).toThrow(/inside quotes/);
    expect(() => compile(raw("data ? 'key'"))).toThrow(/placeholder/);
    expect(compile(raw("note = '?'")).text).toBe("note = '?'");
    expect(() => sql`id = ${undefined as unknown as null}`).toThrow(/undefined/);
  });

  it("quotes plain names only", () => {
    expect(compile(identifier("firstName")).text).toBe('"firstName"');
    expect(compile(identifier("r.firstName")).text).toBe('"r"."firstName"');
    expect(() => identifier('x" OR 1=1 --')).toThrow(/plain SQL name/);
  });
});

describe("column codecs", () => {
  it("read numbers from numbers, strings and bigints", () => {
    expect([5, "5", 5n].map((value) => column.integer.parse(value))).toEqual([5, 5, 5]);
    expect(column.cents.parse("123456")).toBe(123456);
    expect(column.number.parse("2.5")).toBe(2.5);
    expect(() => column.integer.parse("2.5")).toThrow(/whole number/);
    expect(() => column.number.parse("")).toThrow(/number/);
    expect(column.integer.nullable().parse(null)).toBeNull();
  });

  it("read booleans from true/false and 1/0", () => {
    expect([true, 1, "1", false, 0, "0"].map((value) => column.boolean.parse(value))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(() => column.boolean.parse(2)).toThrow(/boolean/);
  });

  it("read dates from Dates and SQLite's or JSON's text", () => {
    const at = new Date("2026-03-04T05:06:07.089Z");
    expect(column.date.parse(at)).toEqual(at);
    expect(column.date.parse("2026-03-04 05:06:07.089 +00:00")).toEqual(at);
    expect(column.isoDate.parse("2026-03-04T05:06:07.089+00:00")).toBe(at.toISOString());
    expect(column.day.parse("2026-03-04")).toBe("2026-03-04");
    expect(() => column.date.parse("not a date")).toThrow(/date/);
  });

  it("read JSON from text or an object, and a list column's rows", () => {
    const doc = column.json(z.object({ a: z.number() }));
    expect(doc.parse('{"a":1}')).toEqual({ a: 1 });
    expect(doc.parse({ a: 1 })).toEqual({ a: 1 });
    const list = column.list(z.object({ id: column.text, sold: column.boolean }));
    expect(list.parse('[{"id":"x","sold":1}]')).toEqual([{ id: "x", sold: true }]);
    expect(list.parse(null)).toEqual([]);
  });
});

describe("the lint rule on reads", () => {
  const eslint = new ESLint();
  const problems = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: "app/services/sql-kit-example.server.ts" });
    return result!.messages.filter((message) => message.ruleId === "no-restricted-syntax").length;
  };
  const header = `import { identifier, pageReads, raw, selectRows, sql } from "./sql/reads.server";\nconst id = "x";\nconst Row = {} as never;\n`;

  it("fails a read given a string, an interpolating template literal or a concatenation", async () => {
    expect(
      await problems(`${header}export const a = selectRows(\`SELECT * FROM users WHERE id = '\${id}'\`, Row);\n`),
    ).toBe(1);
    expect(await problems(`${header}export const a = selectRows("SELECT * FROM users", Row);\n`)).toBe(1);
    expect(await problems(`${header}export const a = selectRows("SELECT * FROM users WHERE id = " + id, Row);\n`)).toBe(
      1,
    );
    expect(await problems(`${header}export const a = pageReads({ numbers: { n: \`SELECT \${id}\` } });\n`)).toBe(1);
    expect(
      await problems(`${header}export const a = raw(\`id = '\${id}'\`);\nexport const b = identifier("a" + id);\n`),
    ).toBe(2);
    expect(await problems(`${header}export const a = sql(["SELECT 1"] as never);\n`)).toBe(1);
  });

  it("passes a read built with the tag", async () => {
    expect(
      await problems(`${header}export const a = selectRows(sql\`SELECT * FROM users WHERE id = \${id}\`, Row);\n`),
    ).toBe(0);
    expect(await problems(`${header}export const a = pageReads({ numbers: { n: sql\`SELECT \${id}\` } });\n`)).toBe(0);
  });
});

describe("the compiled row decoder", () => {
  const Row = z
    .object({
      id: column.text,
      total: column.integer,
      cents: column.cents.nullable(),
      sold: column.boolean,
      at: column.isoDate,
      day: column.day.nullable(),
      role: z.enum(["admin", "agent"]),
      tag: z.union([z.literal("a"), z.literal("b")]),
      doc: column.json(z.object({ n: z.number() })).nullable(),
    })
    .transform((row) => ({ ...row, label: `${row.id}:${row.total}` }));

  it("reads a row as zod does, transforms included, unknown columns left out", () => {
    const row = {
      id: "x",
      total: "7",
      cents: null,
      sold: 1,
      at: "2026-03-04 05:06:07.089 +00:00",
      day: "2026-03-04",
      role: "agent",
      tag: "b",
      doc: '{"n":2}',
      extra: "dropped",
    };
    expect(decodeRow(Row, row)).toEqual(Row.parse(row));
    expect(decodeRow(Row, row)).toEqual({
      id: "x",
      total: 7,
      cents: null,
      sold: true,
      at: "2026-03-04T05:06:07.089Z",
      day: "2026-03-04",
      role: "agent",
      tag: "b",
      doc: { n: 2 },
      label: "x:7",
    });
  });

  it("names the column that does not fit", () => {
    const good = {
      id: "x",
      total: 1,
      cents: 1,
      sold: true,
      at: new Date(),
      day: null,
      role: "admin",
      tag: "a",
      doc: null,
    };
    expect(() => decodeRow(Row, { ...good, total: "1.5" })).toThrow("total: Expected a whole number, got 1.5");
    expect(() => decodeRow(Row, { ...good, id: null })).toThrow("id: Expected text, got null");
    expect(() => decodeRow(Row, { ...good, role: "owner" })).toThrow(/role: Expected one of admin, agent/);
    expect(() => decodeRow(Row, { ...good, tag: "c" })).toThrow(/tag: /);
  });
});
