/**
 * SQL statements as values: the `sql` tag keeps the text a programmer wrote apart from the values
 * interpolated into it, so a value can only ever be bound as data (docs/decisions/051). Fragments
 * nest, `join` puts several together, arrays become IN lists, and `raw`/`identifier` are the only
 * ways to add SQL text that is not in a template: for text from code constants, never user input.
 */

/**
 * A value a statement binds. Arrays are IN lists, parentheses included: `status IN ${["sale", "pending"]}`
 * (an empty list matches no row, with IN and with NOT IN).
 */
export type SqlValue = string | number | bigint | boolean | Date | null;

type Part = SqlValue | readonly SqlValue[] | Sql;

export class Sql {
  /** Use the `sql` tag, `raw`, `identifier` or `join`, not this constructor. */
  constructor(
    readonly texts: readonly string[],
    readonly parts: readonly Part[],
  ) {}
}

/** A statement or a piece of one: `sql\`a.agent_id = ${agentId}\``. Every `${}` is bound as data. */
export function sql(texts: TemplateStringsArray, ...parts: Part[]): Sql {
  parts.forEach((part, i) => {
    // Sequelize would answer `undefined` with an error far from here; say which value it is.
    if (part === undefined) throw new TypeError(`sql: value ${i + 1} is undefined (bind null for SQL's NULL)`);
  });
  return new Sql([...texts], parts);
}

/** SQL text from code (a constant condition, a column list): never a value a user sent. */
export function raw(text: string): Sql {
  return new Sql([text], []);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

/**
 * A column or alias name in double quotes, which both databases read as a name and Postgres keeps
 * the case of (`AS ${identifier("firstName")}`). Only plain names are accepted, so no name can
 * close the quotes.
 */
export function identifier(name: string): Sql {
  if (!IDENTIFIER.test(name)) throw new TypeError(`sql: ${JSON.stringify(name)} is not a plain SQL name`);
  return raw(
    name
      .split(".")
      .map((piece) => `"${piece}"`)
      .join("."),
  );
}

/** Fragments one after another with `separator` (SQL text from code: ", ", " AND ", " OR "). */
export function join(fragments: readonly Sql[], separator = ", "): Sql {
  if (fragments.length === 0) return raw("");
  return new Sql(["", ...fragments.slice(1).map(() => separator), ""], fragments);
}

/** Conditions joined by AND, or a condition every row meets when there are none. */
export function and(conditions: readonly (Sql | null | undefined | false | "")[]): Sql {
  const kept = conditions.filter((condition): condition is Sql => condition instanceof Sql);
  return kept.length ? join(kept, " AND ") : raw("1 = 1");
}

/** Conditions joined by OR in parentheses, or a condition no row meets when there are none. */
export function or(conditions: readonly Sql[]): Sql {
  return conditions.length ? sql`(${join(conditions, " OR ")})` : raw("1 = 0");
}

/**
 * The words of a search box, each as a LIKE pattern that finds it anywhere in a text (%, _ and \
 * taken literally); use with `contains`.
 */
export function searchPatterns(search: string | undefined): string[] {
  return searchWords(search).map(likePattern);
}

/** The words of a search box: what is between its spaces. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? "").split(/\s+/).filter(Boolean);
}

/** A LIKE pattern that finds `text` anywhere in a text (%, _ and \ taken literally); use with `contains`. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column` holds a searchPatterns pattern, case-insensitively, the same on SQLite and Postgres
 * (ESCAPE spelled out: SQLite has no default escape character).
 */
export function contains(column: Sql, pattern: string): Sql {
  return sql`lower(${column}) LIKE lower(${pattern}) ESCAPE '\\'`;
}

/** The text Sequelize runs, with a `?` for each value, and the values in order. */
export type CompiledSql = { text: string; values: SqlValue[] };

// Sequelize reads a `?` as a placeholder only after a space or one of `(,=>[`, and not before `|`
// or `&` (Postgres's JSON operators), so a placeholder gets a space where it needs one.
const PLACEHOLDER_FOLLOWS = /[\s(,=>[]$/;

/**
 * Positional replacements (`?`): Sequelize escapes each value for the dialect as it escapes a
 * model's (dates in the format the models store on SQLite, booleans as 1/0 there) and skips quoted
 * text and comments when it finds the placeholders. Bind parameters were not chosen: on SQLite they
 * reach the driver raw (a Date becomes a number, never equal to the stored text), and Postgres
 * cannot type a bare `$1 IS NULL`.
 */
export function compile(statement: Sql): CompiledSql {
  const values: SqlValue[] = [];
  let text = "";
  let quotes = { single: 0, double: 0 };
  const placeholder = () => {
    if (quotes.single % 2 || quotes.double % 2) {
      throw new TypeError("sql: a value inside quotes in the SQL text; interpolate the whole value, unquoted");
    }
    text += PLACEHOLDER_FOLLOWS.test(text) || text === "" ? "?" : " ?";
  };
  const addText = (piece: string) => {
    if (/\?/.test(piece.replace(/'[^']*'/g, "''"))) {
      throw new TypeError("sql: a `?` in the SQL text would be read as a placeholder; bind the value instead");
    }
    if (piece && /^[|&]/.test(piece) && text.endsWith("?")) text += " ";
    text += piece;
    quotes = {
      single: quotes.single + (piece.match(/'/g)?.length ?? 0),
      double: quotes.double + (piece.match(/"/g)?.length ?? 0),
    };
  };
  const walk = (statement: Sql) => {
    statement.texts.forEach((piece, i) => {
      addText(piece);
      if (i >= statement.parts.length) return;
      const part = statement.parts[i];
      if (part instanceof Sql) {
        walk(part);
      } else if (Array.isArray(part)) {
        // An IN list. An empty one is (NULL), which matches no row, and which Postgres reads as any
        // type (a subquery with no rows would be text, and uuid = text is an error). NOT IN (NULL)
        // matches no row either: leave a NOT IN out when its list is empty.
        if (part.length === 0) return addText("(NULL)");
        addText("(");
        part.forEach((value, index) => {
          if (index > 0) addText(", ");
          placeholder();
          values.push(value);
        });
        addText(")");
      } else {
        placeholder();
        values.push(part as SqlValue);
      }
    });
  };
  walk(statement);
  return { text, values };
}
