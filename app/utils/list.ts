/**
 * The list kit's shared half (server and browser): the page of rows a service answers, and links
 * that change one filter and keep the others. No schema code here, so a page that only links to
 * lists does not ship the validation library; what a list reads from its URL is app/domain/list-query.ts.
 */

/**
 * One page of a list, as every list service answers it. `totalAtLeast`: the list counted no
 * further than `total` (sqlPage's `countUpTo`), so more rows match and a next page exists.
 */
export type Page<T> = { rows: T[]; total: number; page: number; pageSize: number; totalAtLeast?: boolean };

/** A list's total as a person reads it: 1,234, or 1,000+ when it was counted no further. */
export function totalText({ total, totalAtLeast }: { total: number; totalAtLeast?: boolean }) {
  return `${total.toLocaleString("en-US")}${totalAtLeast ? "+" : ""}`;
}

/** SQL's LIMIT and OFFSET for a page. */
export function limitOffset({ page, pageSize }: { page: number; pageSize: number }) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** The page numbers a list has (at least 1); of a total counted no further, the pages known so far. */
export function pageCount({ total, pageSize }: { total: number; pageSize: number }) {
  return Math.max(1, Math.ceil(total / pageSize));
}

type Changes = Record<string, string | number | null | undefined>;

/** Parameters that choose which rows a list shows; changing one starts again at page 1. */
const FILTER_KEYS = new Set(["search", "status", "tab", "sort", "period", "startDate", "endDate", "pageSize"]);

/**
 * The current URL with some parameters changed (null, undefined or "" removes one). Changing a
 * filter goes back to page 1, so a new filter never lands on an empty page 7; opening a dialog
 * (`dialog`, an id) keeps the page the user is on.
 */
export function hrefWith(url: URL | string, changes: Changes) {
  const next = new URL(typeof url === "string" ? url : url.href, "http://x");
  if (Object.keys(changes).some((key) => FILTER_KEYS.has(key))) next.searchParams.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") next.searchParams.delete(key);
    else next.searchParams.set(key, String(value));
  }
  const search = next.searchParams.toString();
  return `${next.pathname}${search ? `?${search}` : ""}`;
}
