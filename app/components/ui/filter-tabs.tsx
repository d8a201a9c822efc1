import { Link, useLocation } from "@remix-run/react";
import { hrefWith } from "~/utils/list";

export type FilterTab<V extends string> = { value: V; label: string; count?: number };

/**
 * A list's filter as a row of links (?status=…), the first tab being the default. Links, not
 * buttons: they work without JavaScript, can be opened in a new tab, and the choice stays in
 * the URL. Changing tab goes back to page 1.
 */
export function FilterTabs<V extends string>({
  label,
  tabs,
  current,
  param = "status",
}: {
  label: string;
  tabs: FilterTab<V>[];
  current: V;
  param?: string;
}) {
  const location = useLocation();
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab, index) => {
          const active = tab.value === current;
          return (
            <li key={tab.value}>
              <Link
                to={hrefWith(location.pathname + location.search, {
                  [param]: index === 0 ? null : tab.value,
                  dialog: null,
                })}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className="filter-tab"
              >
                {tab.label}
                {tab.count !== undefined ? (
                  <span
                    className={`rounded-full px-2 text-xs tabular-nums ${active ? "bg-brand-800" : "bg-slate-100 text-slate-700"}`}
                  >
                    {tab.count}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
