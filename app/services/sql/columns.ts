import { z } from "zod";

/**
 * Column codecs: zod schemas that read a column as either database answers it and give one typed
 * value. SQLite answers dates as text and booleans as 0/1; Postgres answers COUNT, SUM and BIGINT
 * as strings, DATE columns as text, JSON as objects; a list column (a JSON array, decision 040)
 * holds the rows as JSON has them (dates as text, and booleans as 0/1 on SQLite). A row schema is a
 * `z.object` of these; `.nullable()` reads a column that may be NULL.
 */

const numeric = z.union([z.number(), z.string(), z.bigint()]);

/** A whole number: COUNT(*), SUM of integers, an integer or BIGINT column. */
const integer = numeric.transform((value, ctx) => {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Expected a whole number, got ${String(value)}` });
    return z.NEVER;
  }
  return number;
});

/** Any number: an average, a ratio, a DECIMAL column. */
const number = numeric.transform((value, ctx) => {
  const read = Number(value);
  if (value === "" || !Number.isFinite(read)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Expected a number, got ${String(value)}` });
    return z.NEVER;
  }
  return read;
});

const TRUE = new Set<unknown>([true, 1, "1", "t", "true"]);
const FALSE = new Set<unknown>([false, 0, "0", "f", "false"]);

/** A BOOLEAN: true/false on Postgres, 1/0 on SQLite. */
const boolean = z.union([z.boolean(), z.number(), z.string()]).transform((value, ctx) => {
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Expected a boolean, got ${String(value)}` });
  return z.NEVER;
});

/** A timestamp: a Date from Postgres, text from SQLite and from a JSON list column. */
const date = z.union([z.date(), z.string(), z.number()]).transform((value, ctx) => {
  const read = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(read.getTime())) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Expected a date, got ${String(value)}` });
    return z.NEVER;
  }
  return read;
});

/** A calendar day (DATEONLY) as YYYY-MM-DD, whichever way the driver answers it. */
const day = z.union([z.date(), z.string()]).transform((value, ctx) => {
  const text = value instanceof Date ? value.toISOString() : value;
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Expected a day, got ${text}` });
    return z.NEVER;
  }
  return text.slice(0, 10);
});

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
  /** Text as stored (ids, names, statuses). */
  text: z.string(),
  integer,
  /** Money in integer cents (never dollars as floats); format with formatMoney. */
  cents: integer,
  number,
  boolean,
  date,
  /** A timestamp as ISO 8601 text, as the pages and the API send it. */
  isoDate: date.transform((value) => value.toISOString()),
  day,
  json,
  /** A list column (pageReads' lists, listColumn): its rows, each read by `row`; none is []. */
  list<T extends z.ZodTypeAny>(row: T) {
    return json(z.array(row).nullable()).transform((rows) => rows ?? []);
  },
};

/** The typed row a row schema reads. */
export type RowOf<S extends z.ZodTypeAny> = z.output<S>;
