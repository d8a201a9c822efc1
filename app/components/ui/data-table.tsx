import type { ReactNode } from "react";

export type Column = string | { label: string; className?: string };

/**
 * A list table: its empty text when there are no rows, otherwise a table that scrolls sideways
 * inside its card on a phone instead of widening the page.
 */
export function DataTable({
  columns, isEmpty, empty, children, dense = false,
}: { columns: Column[]; isEmpty: boolean; empty: ReactNode; children: ReactNode; dense?: boolean }) {
  if (isEmpty) return <p className="px-4 py-8 text-center text-sm text-slate-500">{empty}</p>;
  const pad = dense ? "px-3 py-2" : "px-4 py-2";
  return (
    <div className="overflow-x-auto">
      <table className={`min-w-full divide-y divide-slate-200 ${dense ? "text-[13px]" : "text-sm"}`}>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((column) => {
              const { label, className = "" } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={label} scope="col" className={`${pad} ${className}`}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
