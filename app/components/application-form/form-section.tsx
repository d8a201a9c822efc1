import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";

/** One titled part of the application: a single column on phones, two from tablet width up. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </Card>
  );
}

/** A group inside a section with its own small heading, spanning both columns. */
export function SubGroup({
  title,
  hint,
  className,
  children,
}: {
  title: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `md:col-span-2 ${className}` : "md:col-span-2"}>
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {hint ? <p className="mt-0.5 text-xs text-slate-500">{hint}</p> : null}
      <div className="mt-3 grid gap-4 md:grid-cols-2">{children}</div>
    </div>
  );
}

/** "*" beside required labels; screen readers get aria-required on the control instead. */
export function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="ml-0.5 text-red-600">
        *
      </span>
    </>
  );
}
