import { useEffect, useState } from "react";
import type { Toast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/hydrated";

const tones = {
  success: "border-green-600",
  error: "border-red-600",
  info: "border-brand-600",
};

/**
 * The flash message from the last redirect. Server-rendered, so without JavaScript it is a
 * banner that stays until the next page; with JavaScript it dismisses itself.
 */
export function Toaster({ toast }: { toast: (Toast & { key: string }) | null }) {
  const [visible, setVisible] = useState<string | null>(toast?.key ?? null);
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!toast) return;
    setVisible(toast.key);
    setCopied(false);
    const timer = window.setTimeout(() => setVisible(null), toast.durationMs ?? (toast.copyValue ? 60_000 : 5_000));
    return () => window.clearTimeout(timer);
  }, [toast]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") document.getElementById("toast-region")?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (!toast || visible !== toast.key) return <div id="toast-region" tabIndex={-1} aria-live="polite" />;
  return (
    <div
      id="toast-region"
      tabIndex={-1}
      aria-live="polite"
      // Without JavaScript nothing can dismiss it, so it is a banner in the flow, covering nothing.
      className={
        hydrated
          ? "pointer-events-none fixed inset-x-0 bottom-2 z-[70] flex justify-center px-2 sm:justify-end sm:px-4"
          : "flex justify-center p-2"
      }
    >
      <div
        role={toast.type === "error" ? "alert" : "status"}
        className={`pointer-events-auto w-full max-w-sm rounded-md border-l-4 bg-white p-4 shadow-lg ring-1 ring-slate-200 ${tones[toast.type]}`}
      >
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-slate-900">{toast.title}</p>
            {toast.description ? <p className="mt-1 text-sm break-words text-slate-600">{toast.description}</p> : null}
            {toast.copyValue ? (
              <div className="mt-2 flex items-center gap-2">
                <input
                  readOnly
                  value={toast.copyValue}
                  aria-label="Value to copy"
                  className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 font-mono text-xs"
                  onFocus={(e) => e.currentTarget.select()}
                />
                {/* Only script can copy; without it the read-only field is there to select and copy. */}
                {hydrated ? (
                  <button
                    type="button"
                    className="rounded bg-slate-800 px-2 py-1 text-xs font-semibold text-white"
                    onClick={() => navigator.clipboard?.writeText(toast.copyValue!).then(() => setCopied(true))}
                  >
                    {copied ? "Copied" : "Copy"}
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
          <button
            type="button"
            hidden={!hydrated}
            onClick={() => setVisible(null)}
            className="text-slate-600 hover:text-slate-900"
            aria-label="Dismiss"
          >
            ×
          </button>
        </div>
      </div>
    </div>
  );
}
