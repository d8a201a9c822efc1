import { z } from "zod";

/**
 * Column codecs: zod schemas that read a column as either database answers it and give one typed
 * value. SQLite answers dates as text and booleans as 0/1; Postgres answers a SUM of BIGINTs, AVG
 * and DECIMAL as strings (COUNT and BIGINT as numbers, prisma-free-db/index.ts's parser), JSON as
 * objects; a list column (a JSON array, decision 040)
 * holds the rows as JSON has them (dates as text, and booleans as 0/1 on SQLite). A row schema is a
 * `z.object` of these; `.nullable()` reads a column that may be NULL.
 */

/** How each codec reads a value (undefined: it cannot), for the row decoder's fast path (decode.ts). */
export const COLUMN_READERS = new WeakMap<z.ZodTypeAny, { expected: string; read: (value: unknown) => unknown }>();

/**
 * A codec from a reader that answers the value, or undefined for a value it cannot read: one
 * transform rather than a z.union of the drivers' types (a union builds an error for each type
 * that does not match).
 */
function codec<T>(expected: string, read: (value: unknown) => T | undefined) {
  const schema = z.unknown().transform((value, ctx): T => {
    const answer = value === null || value === undefined ? undefined : read(value);
    if (answer === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Expected ${expected}, got ${String(value)}` });
      return z.NEVER;
    }
    return answer;
  });
  COLUMN_READERS.set(schema, { expected, read });
  return schema;
}

const numberOf = (value: unknown) =>
  typeof value === "number"
    ? value
    : typeof value === "string" && value.trim() !== ""
      ? Number(value)
      : typeof value === "bigint"
        ? Number(value)
        : NaN;

/** A whole number: COUNT(*), SUM of integers, an integer or BIGINT column. */
const integer = codec("a whole number", (value) => {
  const number = numberOf(value);
  return Number.isSafeInteger(number) ? number : undefined;
});

/** Any number: an average, a ratio, a DECIMAL column. */
const number = codec("a number", (value) => {
  const number = numberOf(value);
  return Number.isFinite(number) ? number : undefined;
});

const TRUE = new Set<unknown>([true, 1, "1", "t", "true"]);
const FALSE = new Set<unknown>([false, 0, "0", "f", "false"]);

/** A BOOLEAN: true/false on Postgres, 1/0 on SQLite. */
const boolean = codec("a boolean", (value) => (TRUE.has(value) ? true : FALSE.has(value) ? false : undefined));

/** A timestamp: a Date from Postgres, text from SQLite and from a JSON list column. */
const date = codec("a date", (value) => {
  const read =
    value instanceof Date ? value : typeof value === "string" || typeof value === "number" ? new Date(value) : null;
  return read && !Number.isNaN(read.getTime()) ? read : undefined;
});

/** A calendar day (DATEONLY) as YYYY-MM-DD, whichever way the driver answers it. */
const day = codec("a day", (value) => {
  const text = value instanceof Date ? value.toISOString() : typeof value === "string" ? value : "";
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : undefined;
});

/** A timestamp as ISO 8601 text, as the pages and the API send it. */
const isoDate = codec("a date", (value) => {
  const read =
    value instanceof Date ? value : typeof value === "string" || typeof value === "number" ? new Date(value) : null;
  return read && !Number.isNaN(read.getTime()) ? read.toISOString() : undefined;
});

/** Text as stored (ids, names, statuses). */
const text = codec("text", (value) => (typeof value === "string" ? value : undefined));

/** A JSON column: text on SQLite, parsed already on Postgres; then read by `schema`. */
function json<T extends z.ZodTypeAny>(schema: T) {
  return z
    .unknown()
    .transform((value, ctx) => {
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Expected JSON text" });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

export const column = {
  text,
  integer,
  /** Money in integer cents (never dollars as floats); format with formatMoney. */
  cents: integer,
  number,
  /** A COUNT or a SUM: a number, and 0 for the NULL a SUM over no row answers. */
  sum: number.nullable().transform((value) => value ?? 0),
  boolean,
  date,
  isoDate,
  day,
  json,
  /** A list column (pageReads' lists, listColumn): its rows, each read by `row`; none is []. */
  list<T extends z.ZodTypeAny>(row: T) {
    return json(z.array(row).nullable()).transform((rows) => rows ?? []);
  },
};
