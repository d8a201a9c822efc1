import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useHydrated } from "~/utils/hydrated";

type HeadlessDialog = typeof import("./url-dialog-headless").default;
/**
 * What was typed into the plain dialog, by field name and position, and the field that had the
 * focus, for headlessui's dialog to take over.
 */
export type CarriedFields = { values: Record<string, string | boolean>; focused: string | null };

// headlessui (about 17 KB gzipped) is fetched the first time a dialog opens, then kept.
let headless: HeadlessDialog | undefined;
let loading: Promise<HeadlessDialog> | undefined;
function loadHeadless() {
  loading ??= import("./url-dialog-headless").then(
    (module) => (headless = module.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export const fieldKey = (field: HTMLInputElement, position: number) => `${field.name}#${position}`;

function readFields(root: HTMLElement | null): CarriedFields {
  const carried: CarriedFields = { values: {}, focused: null };
  root?.querySelectorAll<HTMLInputElement>("input[name], select[name], textarea[name]").forEach((field, i) => {
    if (field.type === "hidden" || field.type === "file") return;
    carried.values[fieldKey(field, i)] =
      field.type === "checkbox" || field.type === "radio" ? field.checked : field.value;
    if (field === document.activeElement) carried.focused = fieldKey(field, i);
  });
  return carried;
}

/**
 * Sends focus back to the control that opened the dialog once it closes, however it closed.
 * Escape and an outside click close it by navigating from inside headlessui, which left focus on
 * <body> (the next Tab started at the top of the page); this puts it back on the opener, as
 * Close and Cancel do. A dialog the page was loaded with has no opener, and keeps the default.
 */
function useFocusBackToOpener() {
  useEffect(() => {
    const opener = document.activeElement;
    if (!(opener instanceof HTMLElement) || opener === document.body) return;
    return () => {
      // After React has removed the dialog and headlessui has had its turn.
      window.requestAnimationFrame(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener.isConnected) opener.focus({ preventScroll: true });
      });
    };
  }, []);
}

/**
 * A dialog whose open state lives in the URL (e.g. ?dialog=register): the server renders it,
 * so it works without JavaScript, closing is a link, and a reload keeps it open. Once React
 * has hydrated and headlessui's module has arrived (loaded only while a dialog is open), it adds
 * the focus trap, Escape and outside-click closing.
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
  // Mounted after hydration: a client-side navigation opened it, and nothing was server-rendered.
  const [openedInBrowser] = useState(hydrated);
  // headlessui's dialog once its module is here (at once if an earlier dialog loaded it), with what
  // was typed into the plain one meanwhile.
  const [enhanced, setEnhanced] = useState<{ Dialog: HeadlessDialog; carried: CarriedFields } | undefined>(() =>
    hydrated && headless ? { Dialog: headless, carried: { values: {}, focused: null } } : undefined,
  );
  const [loadFailed, setLoadFailed] = useState(false);
  const plainDialog = useRef<HTMLDivElement>(null);
  useFocusBackToOpener();
  // In the browser the module is requested during the first render, hydration included.
  if (typeof document !== "undefined" && !enhanced) void loadHeadless().catch(() => {});
  useEffect(() => {
    if (enhanced) return;
    let live = true;
    loadHeadless().then(
      (Dialog) => {
        // Read and swapped in one task (flushSync): a key typed between reading the plain dialog
        // and its replacement was lost, and the focus with it.
        if (live) flushSync(() => setEnhanced({ Dialog, carried: readFields(plainDialog.current) }));
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [enhanced]);

  const width = { md: "max-w-md", lg: "max-w-2xl", xl: "max-w-4xl" }[size];
  const panel = (heading: ReactNode) => (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
        {heading}
        <Link
          to={closeTo}
          preventScrollReset
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
          aria-label="Close"
        >
          ✕
        </Link>
      </div>
      {/* The body scrolls within the visible screen (dvh: a phone's browser bars are not part of
          it, as they are of vh), so the title and the last button (Cancel) stay reachable. */}
      <div className="max-h-[calc(100dvh-6rem)] overflow-y-auto px-5 py-4 sm:max-h-[80dvh]">{children}</div>
    </>
  );
  // Above the shell's menu button (z-50), so nothing covers the dialog's title on a phone.
  const backdrop = "fixed inset-0 z-[60] bg-slate-900/50";
  const frame = "fixed inset-0 z-[60] flex items-start justify-center overflow-y-auto p-2 sm:items-center sm:p-6";
  const panelClass = `w-full ${width} rounded-lg bg-white shadow-xl`;
  if (enhanced) {
    return (
      <enhanced.Dialog
        title={title}
        closeTo={closeTo}
        frame={frame}
        backdrop={backdrop}
        panelClass={panelClass}
        carried={enhanced.carried}
        panel={panel}
      />
    );
  }
  // Opened in the browser: it shows once headlessui is here (one small request), unless that fails.
  if (openedInBrowser && !loadFailed) return null;
  return (
    <>
      <Link to={closeTo} preventScrollReset className={backdrop} aria-label="Close dialog" tabIndex={-1} />
      <div className={`${frame} pointer-events-none`}>
        <div
          ref={plainDialog}
          role="dialog"
          aria-modal="true"
          aria-labelledby="url-dialog-title"
          className={`${panelClass} pointer-events-auto`}
        >
          {panel(
            <h2 id="url-dialog-title" className="text-lg font-semibold text-slate-900">
              {title}
            </h2>,
          )}
        </div>
      </div>
    </>
  );
}

/**
 * Shown while a dialog's code is on its way (a slow link, the first dialog of the visit): a
 * fixed layer over the page, so nothing below moves, that says the dialog is opening. The server
 * and a page opened with the dialog in its URL never show it (hydration keeps the server's HTML).
 */
export function DialogPending() {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/20" role="status">
      <p className="rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow">Opening...</p>
    </div>
  );
}
