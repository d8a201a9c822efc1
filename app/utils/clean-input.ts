import { cleanText } from "~/domain/clean-text";

/**
 * Text a client sends is cleaned once, where every route reads its body (server/request-body.ts
 * for forms and JSON, readBody in api.server.ts for the API's JSON), by the rule in
 * app/domain/clean-text.ts.
 */

// server/request-body.ts reads the rule from here, beside the body cleaners.
export { cleanText };

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
