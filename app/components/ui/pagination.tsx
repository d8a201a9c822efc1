import { Link, useLocation } from "@remix-run/react";
import { hrefWith, pageCount, totalText } from "~/utils/list";

const pageLink =
  "inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium ring-1 ring-inset ring-slate-300 bg-white text-slate-700 hover:bg-slate-50";
const disabledLink =
  "inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium ring-1 ring-inset ring-slate-200 bg-slate-50 text-slate-500";

/**
 * Previous / next links for a server-paginated list: the current URL with another ?page=, so
 * every filter stays and it works without JavaScript. Renders nothing when one page holds all.
 */
export function Pagination({
  page: { page, pageSize, total, totalAtLeast },
  label = "Pagination",
  param = "page",
}: {
  page: { page: number; pageSize: number; total: number; totalAtLeast?: boolean };
  label?: string;
  /** The URL parameter of the page number, for a page with several paged lists (Callbacks). */
  param?: string;
}) {
  const location = useLocation();
  const pages = pageCount({ total, pageSize });
  // Counted no further than `total`: more pages follow than are known.
  const hasNext = page < pages || Boolean(totalAtLeast);
  if (pages <= 1 && !hasNext) return null;
  const hrefFor = (p: number) => hrefWith(location.pathname + location.search, { [param]: p === 1 ? null : p });
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        Showing <span className="font-medium">{first.toLocaleString("en-US")}</span>–
        <span className="font-medium">{last.toLocaleString("en-US")}</span> of{" "}
        <span className="font-medium">{totalText({ total, totalAtLeast })}</span> (page {page} of {pages}
        {totalAtLeast ? "+" : ""})
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={pageLink} rel="prev">
            Previous
          </Link>
        ) : (
          <span className={disabledLink} aria-disabled="true">
            Previous
          </span>
        )}
        {hasNext ? (
          <Link to={hrefFor(page + 1)} className={pageLink} rel="next">
            Next
          </Link>
        ) : (
          <span className={disabledLink} aria-disabled="true">
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
