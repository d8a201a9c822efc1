/**
 * Text a client sends is cleaned once, where every route reads its body (server/request-body.ts
 * for forms and JSON, readBody in api.server.ts for the API's JSON): a NUL byte cuts a SQLite
 * statement short and Postgres refuses or keeps it, and a lone UTF-16 surrogate (possible only
 * through a JSON `\ud800` escape) is not text at all. Both are dropped; nothing a person types
 * contains them.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSAFE_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(text: string) {
  return text.replace(UNSAFE_CHARACTERS, "");
}

/** A parsed JSON value with every string (keys included) cleaned. */
export function cleanInput(value: unknown): unknown {
  if (typeof value === "string") return cleanText(value);
  if (Array.isArray(value)) return value.map(cleanInput);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [cleanText(key), cleanInput(item)]));
  }
  return value;
}

/** The same form with every text field (names included) cleaned; uploaded files are kept as sent. */
export function cleanFormData(form: FormData) {
  const clean = new FormData();
  for (const [name, value] of form) clean.append(cleanText(name), typeof value === "string" ? cleanText(value) : value);
  return clean;
}
