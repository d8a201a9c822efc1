import { Link } from "@remix-run/react";
import type { HTMLAttributes, ReactNode } from "react";

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** On a wide screen keep the cell to one line, cut with an ellipsis; `title` gives the whole text. */
  truncate?: boolean;
  title?: (row: T) => string | undefined;
  align?: "left" | "right";
  /**
   * Classes of the box the value sits in (the spacing of a value of several lines, how its words
   * wrap): `cell` then answers the lines themselves, with no box of its own around them.
   */
  valueClassName?: string;
  /**
   * The value is always short (a figure, a date, a badge), so it needs no box to keep it from
   * widening the table: its lines (elements, or a single text) sit in the cell itself, the cell
   * taking `valueClassName`. On a phone each of them goes to the value column (app/tailwind.css).
   * A list has hundreds of cells, and a box each was a sixth of a lead list's elements.
   */
  short?: boolean;
  /** The row's actions: on a phone they close the card, without a label. */
  actions?: boolean;
  className?: string;
  /**
   * A sortable column: its header is a link to the URL sorted by it (works without JavaScript),
   * and `sorted` says whether the rows are sorted by it now (aria-sort and an arrow).
   */
  sort?: { href: string; sorted: "ascending" | "descending" | null };
};

/**
 * A list table that never clips. From 640 px up it is a table whose long cells wrap (or cut with
 * a title); if it still cannot fit, it scrolls inside a region the keyboard can focus and scroll.
 * Below 640 px each row becomes a card of "label: value" lines, so every column is readable and
 * every action reachable without sideways scrolling. One DOM for both: CSS does the change, and
 * the labels come from `data-label`, so nothing renders twice.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  dense = false,
  rowProps,
}: {
  /** Names the table for screen readers (and the scroll region). */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  dense?: boolean;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
}) {
  if (rows.length === 0) return <p className="px-4 py-8 text-center text-sm text-slate-600">{empty}</p>;
  // Each column's classes are worked out once, not once a row: a long list has hundreds of cells.
  const cells = columns.map((column) => prepare(column));
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      // `relative`: screen-reader-only labels (absolutely positioned) are then placed within the
      // region; otherwise they sat past a wide table's right edge and made the whole page scroll.
      className="relative focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none focus-visible:ring-inset sm:overflow-x-auto"
    >
      {/* The rows' and cells' padding and phone layout come from `data-table` (app/tailwind.css),
          named once here rather than on each cell. Dense tables (eight columns and more) keep 8 px
          a side so that, with words never split, they fit the 976 px a list has at 1024 and 1280 px.
          On a phone the table is a block of cards. */}
      <table className={`data-table w-full max-sm:block ${dense ? "data-table-dense text-[13px]" : "text-sm"}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase max-sm:hidden">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={column.align === "right" ? "text-right" : undefined}
                aria-sort={column.sort ? (column.sort.sorted ?? "none") : undefined}
              >
                {column.actions ? (
                  <span className="sr-only">{column.header}</span>
                ) : column.sort ? (
                  <Link
                    to={column.sort.href}
                    preventScrollReset
                    className="text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
                  >
                    {column.header}
                    {column.sort.sorted ? (
                      <span aria-hidden="true">{column.sort.sorted === "ascending" ? " ▲" : " ▼"}</span>
                    ) : null}
                  </Link>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {/* Cells are plain calls, not components: a long list has hundreds of them. */}
              {cells.map((render) => render(row))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column's cell renderer, with its classes joined once. */
function prepare<T>(column: Column<T>) {
  const { header, cell, truncate, title } = column;
  if (column.actions) {
    // No data-label: on a phone the actions close the card, without a label (app/tailwind.css).
    return function actionsCell(row: T) {
      return (
        <td key={header} className={column.className}>
          {cell(row)}
        </td>
      );
    };
  }
  const tdClass =
    [column.align === "right" ? "sm:text-right" : "", column.className ?? ""].filter(Boolean).join(" ") || undefined;
  if (column.short) {
    const shortClass = [tdClass, column.valueClassName].filter(Boolean).join(" ") || undefined;
    return function shortCell(row: T) {
      return (
        <td key={header} data-label={header} className={shortClass}>
          {cell(row)}
        </td>
      );
    };
  }
  const valueClass = ["cell-value", truncate ? "sm:truncate" : "", column.valueClassName ?? ""]
    .filter(Boolean)
    .join(" ");
  return function valueCell(row: T) {
    return (
      <td key={header} data-label={header} title={truncate ? title?.(row) : undefined} className={tdClass}>
        {/* One box for the value, so a cell of several lines stays in the value column on a phone. */}
        <div className={valueClass}>{cell(row)}</div>
      </td>
    );
  };
}
