import { useCallback, useEffect, useRef, useState, type PointerEvent } from "react";
import type { Toast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/hydrated";

const tones = {
  success: "border-green-600",
  error: "border-red-600",
  info: "border-brand-600",
};

/** How far a toast is dragged to the right before letting go dismisses it (part 1, section 9). */
const SWIPE_DISMISS_PX = 50;

/**
 * The toast's swipe to the right: it follows the finger (or mouse) rightwards, and is dismissed
 * when let go at least SWIPE_DISMISS_PX from where the drag began; shorter, it slides back.
 */
function useSwipeRight(onDismiss: () => void) {
  const start = useRef<{ x: number; id: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const end = (event: PointerEvent<HTMLElement>) => {
    if (start.current?.id !== event.pointerId) return;
    const moved = event.clientX - start.current.x;
    start.current = null;
    setOffset(0);
    if (moved >= SWIPE_DISMISS_PX) onDismiss();
  };
  return {
    offset,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        // The buttons and the copy field keep their own clicks and text selection.
        if ((event.target as HTMLElement).closest("button, input")) return;
        start.current = { x: event.clientX, id: event.pointerId };
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (start.current?.id === event.pointerId) setOffset(Math.max(0, event.clientX - start.current.x));
      },
      onPointerUp: end,
      onPointerCancel: (event: PointerEvent<HTMLElement>) => {
        start.current = null;
        setOffset(0);
        event.currentTarget.releasePointerCapture?.(event.pointerId);
      },
    },
  };
}

/**
 * The flash message from the last redirect. Server-rendered, so without JavaScript it is a
 * banner that stays until the next page; with JavaScript it dismisses itself, can be swiped
 * right to dismiss, and F8 moves focus to it (the spec's viewport hotkey). While it has focus or
 * the pointer rests on it, it stays, so a keyboard or screen-reader user can read it through.
 */
export function Toaster({ toast }: { toast: (Toast & { key: string }) | null }) {
  const [visible, setVisible] = useState<string | null>(toast?.key ?? null);
  const [copied, setCopied] = useState(false);
  const [held, setHeld] = useState({ focus: false, pointer: false });
  const hydrated = useHydrated();
  // A toast that goes away takes its hold with it (it gets no pointerleave or blur once gone).
  const dismiss = useCallback(() => {
    setVisible(null);
    setHeld({ focus: false, pointer: false });
  }, []);
  const swipe = useSwipeRight(dismiss);

  useEffect(() => {
    if (!toast) return;
    setVisible(toast.key);
    setCopied(false);
    setHeld({ focus: false, pointer: false });
  }, [toast]);

  const holding = held.focus || held.pointer;
  useEffect(() => {
    if (!toast || holding) return;
    const timer = window.setTimeout(dismiss, toast.durationMs ?? (toast.copyValue ? 60_000 : 5_000));
    return () => window.clearTimeout(timer);
  }, [toast, holding, dismiss]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "F8") return;
      event.preventDefault();
      const region = document.getElementById("toast-region");
      (region?.querySelector<HTMLElement>("[data-toast]") ?? region)?.focus();
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
        data-toast
        tabIndex={-1}
        onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
        }}
        onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
        onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
        {...(hydrated ? swipe.handlers : {})}
        style={
          swipe.offset ? { transform: `translateX(${swipe.offset}px)`, opacity: 1 - swipe.offset / 200 } : undefined
        }
        // pan-y: a sideways drag is the swipe, an up-and-down one still scrolls the page.
        className={`pointer-events-auto w-full max-w-sm touch-pan-y rounded-md border-l-4 bg-white p-4 shadow-lg ring-1 ring-slate-200 focus:outline-2 focus:outline-offset-2 focus:outline-brand-600 ${tones[toast.type]}`}
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
            onClick={dismiss}
            // Shown only with JavaScript, decided by CSS before the first paint (decision 053).
            className="text-slate-600 hover:text-slate-900 [html:not(.js)_&]:hidden"
            aria-label="Dismiss"
          >
            ×
          </button>
        </div>
      </div>
    </div>
  );
}
