/**
 * Text a client sends is cleaned of what no person types: a NUL byte cuts a SQLite statement short
 * and Postgres refuses or keeps it, and a lone UTF-16 surrogate (possible only through a JSON
 * `\ud800` escape) is not text at all. Both are dropped. Bodies are cleaned where they are read
 * (app/utils/clean-input.ts); a list's search words, read from the URL, by its schema
 * (app/domain/list-query.ts).
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSAFE_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(text: string) {
  return text.replace(UNSAFE_CHARACTERS, "");
}
