import type { HTMLAttributes, ReactNode } from "react";

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** On a wide screen keep the cell to one line, cut with an ellipsis; `title` gives the whole text. */
  truncate?: boolean;
  title?: (row: T) => string | undefined;
  align?: "left" | "right";
  /** The row's actions: on a phone they close the card, without a label. */
  actions?: boolean;
  className?: string;
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
  // Dense tables (eight columns and more) keep 8 px a side so that, with words never split, they
  // fit the 976 px a list has at 1024 and 1280 px.
  const pad = dense ? "sm:px-2 sm:py-2" : "sm:px-4 sm:py-2.5";
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      // `relative`: screen-reader-only labels (absolutely positioned) are then placed within the
      // region; otherwise they sat past a wide table's right edge and made the whole page scroll.
      className="relative focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none focus-visible:ring-inset sm:overflow-x-auto"
    >
      <table className={`w-full max-sm:block ${dense ? "text-[13px]" : "text-sm"}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase max-sm:hidden">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`${pad} ${column.align === "right" ? "text-right" : ""}`}>
                {column.actions ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {rows.map((row) => {
            const extra = rowProps?.(row);
            return (
              <tr
                key={rowKey(row)}
                {...extra}
                className={`align-top max-sm:block max-sm:space-y-1.5 max-sm:px-4 max-sm:py-3 ${extra?.className ?? ""}`}
              >
                {/* Cells are plain calls, not components: a long list has hundreds of them. */}
                {columns.map((column) => cell(column, row, pad))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function cell<T>(column: Column<T>, row: T, pad: string) {
  const content = column.cell(row);
  if (column.actions) {
    return (
      <td key={column.header} className={`${pad} max-sm:block max-sm:pt-2 ${column.className ?? ""}`}>
        {content}
      </td>
    );
  }
  const desktop = column.truncate ? "sm:max-w-64 sm:truncate" : "";
  return (
    <td
      key={column.header}
      data-label={column.header}
      title={column.truncate ? column.title?.(row) : undefined}
      className={`${pad} stacked-cell ${column.align === "right" ? "sm:text-right" : ""} ${column.className ?? ""}`}
    >
      {/* One wrapper, so a cell of several lines stays in the value column on a phone. */}
      <div className={`cell-value ${desktop}`}>{content}</div>
    </td>
  );
}
