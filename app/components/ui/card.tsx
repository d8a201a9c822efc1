import type { ReactNode } from "react";

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-lg bg-white shadow-sm ring-1 ring-slate-200 ${className}`}>{children}</section>;
}

function StatCard({ label, value, caption }: { label: string; value: ReactNode; caption?: ReactNode }) {
  return (
    <Card className="min-w-0 p-3 sm:p-4">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-bold [overflow-wrap:anywhere] text-slate-900 sm:text-2xl">{value}</p>
      {caption ? <p className="mt-1 text-xs text-slate-500">{caption}</p> : null}
    </Card>
  );
}

export type StatCardItem = { label: string; value: ReactNode; caption?: ReactNode };

/** A list's or dashboard's figures as cards: two across on a phone, up to four on a desktop (three for three or six). */
export function StatCards({ items }: { items: StatCardItem[] }) {
  return (
    <div className={`grid grid-cols-2 gap-3 sm:gap-4 ${items.length % 3 === 0 ? "lg:grid-cols-3" : "xl:grid-cols-4"}`}>
      {items.map((item) => (
        <StatCard key={item.label} {...item} />
      ))}
    </div>
  );
}

export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={`badge ${className}`}>{children}</span>;
}

export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
      aria-label={`${count > 99 ? "99+" : count} unread`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

export function Alert({
  tone = "error",
  children,
}: {
  tone?: "error" | "warning" | "success" | "info";
  children: ReactNode;
}) {
  const tones = {
    error: "bg-red-50 text-red-800 ring-red-200",
    warning: "bg-orange-50 text-orange-800 ring-orange-200",
    success: "bg-green-50 text-green-800 ring-green-200",
    info: "bg-blue-50 text-blue-800 ring-blue-200",
  };
  return (
    <div
      role={tone === "error" || tone === "warning" ? "alert" : "status"}
      className={`rounded-md p-3 text-sm ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
