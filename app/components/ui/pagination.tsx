import { Link } from "@remix-run/react";

const pageLink = "inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium ring-1 ring-inset ring-slate-300 bg-white text-slate-700 hover:bg-slate-50";
const disabledLink = "inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium ring-1 ring-inset ring-slate-200 bg-slate-50 text-slate-400";

/**
 * Previous / next links for a server-paginated list; the page lives in the URL, so it works
 * without JavaScript. Renders nothing when everything fits on one page.
 */
export function Pagination({
  page, pageSize, total, hrefFor, label = "Pagination",
}: { page: number; pageSize: number; total: number; hrefFor: (page: number) => string; label?: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        Showing <span className="font-medium">{first}</span>–<span className="font-medium">{last}</span> of{" "}
        <span className="font-medium">{total}</span> (page {page} of {pages})
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={pageLink} rel="prev">Previous</Link>
        ) : (
          <span className={disabledLink} aria-disabled="true">Previous</span>
        )}
        {page < pages ? (
          <Link to={hrefFor(page + 1)} className={pageLink} rel="next">Next</Link>
        ) : (
          <span className={disabledLink} aria-disabled="true">Next</span>
        )}
      </div>
    </nav>
  );
}
