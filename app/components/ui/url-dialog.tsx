import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/utils/hydrated";

/**
 * A dialog whose open state lives in the URL (e.g. ?dialog=register): the server renders it,
 * so it works without JavaScript, closing is a link, and a reload keeps it open. Once React
 * has hydrated, headlessui adds the focus trap, Escape and outside-click closing.
 */
export function UrlDialog({
  title,
  closeTo,
  children,
  size = "md",
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  size?: "md" | "lg" | "xl";
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const width = { md: "max-w-md", lg: "max-w-2xl", xl: "max-w-4xl" }[size];
  const panel = (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
        {hydrated ? (
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        ) : (
          <h2 id="url-dialog-title" className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
        )}
        <Link
          to={closeTo}
          preventScrollReset
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
          aria-label="Close"
        >
          ✕
        </Link>
      </div>
      <div className="max-h-[80vh] overflow-y-auto px-5 py-4">{children}</div>
    </>
  );
  const backdrop = "fixed inset-0 z-40 bg-slate-900/50";
  const frame = "fixed inset-0 z-40 flex items-start justify-center overflow-y-auto p-2 sm:items-center sm:p-6";
  const panelClass = `w-full ${width} rounded-lg bg-white shadow-xl`;
  if (!hydrated) {
    return (
      <>
        <Link to={closeTo} preventScrollReset className={backdrop} aria-label="Close dialog" tabIndex={-1} />
        <div className={`${frame} pointer-events-none`}>
          <div
            role="dialog"
            aria-modal="true"
            aria-labelledby="url-dialog-title"
            className={`${panelClass} pointer-events-auto`}
          >
            {panel}
          </div>
        </div>
      </>
    );
  }
  return (
    <Dialog
      open
      onClose={() => navigate(closeTo, { preventScrollReset: true, replace: true })}
      className="fixed inset-0 z-40"
    >
      <div className={backdrop} aria-hidden="true" />
      <div className={frame}>
        <DialogPanel className={panelClass}>{panel}</DialogPanel>
      </div>
    </Dialog>
  );
}
