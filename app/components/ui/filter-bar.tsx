import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "./button";
import { inputClass } from "./field";

/** Parameters that say where the user is on the list (page, open dialog, its row), not what it shows. */
const NOT_FILTERS = new Set(["page", "dialog", "id", "agent", "reveal", "highlight"]);

/**
 * A list's search and filters as one GET form: the choice lands in the URL (bookmarkable, works
 * without JavaScript) and the page number is left out, so a new search starts at page 1.
 * `keep` names the parameters set elsewhere on the page (a tab, the period) that it carries on.
 * Extra filters (selects, dates) come as children, each with its own label.
 */
export function FilterBar({
  search,
  searchLabel = "Search",
  placeholder,
  keep = [],
  applyLabel = "Apply",
  children,
}: {
  search?: string;
  searchLabel?: string;
  placeholder?: string;
  keep?: string[];
  /** The submit button's text (the commission history's is "Apply Filters", as the spec names it). */
  applyLabel?: string;
  children?: ReactNode;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const filtered = Boolean(search) || [...params.keys()].some((key) => !keep.includes(key) && !NOT_FILTERS.has(key));
  return (
    <Form method="get" role="search" preventScrollReset className="flex flex-wrap items-end gap-2">
      {keep.map((name) => {
        const value = params.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <div className="min-w-48 flex-1">
        <label htmlFor="list-search" className="mb-1 block text-xs font-medium text-slate-700">
          {searchLabel}
        </label>
        <input
          id="list-search"
          type="search"
          name="search"
          defaultValue={search ?? ""}
          placeholder={placeholder}
          maxLength={100}
          className={inputClass}
        />
      </div>
      {children}
      <button type="submit" className={buttonClass("secondary")}>
        {applyLabel}
      </button>
      {filtered ? (
        <Link to={clearedHref(location.pathname, params, keep)} preventScrollReset className={buttonClass("ghost")}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

function clearedHref(pathname: string, params: URLSearchParams, keep: string[]) {
  const next = new URLSearchParams();
  for (const name of keep) {
    const value = params.get(name);
    if (value) next.set(name, value);
  }
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}
