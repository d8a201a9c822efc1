import { useEffect } from "react";

/**
 * The controls that open a form loaded on demand: a link to a URL-addressed dialog (?dialog=…) or
 * to a page's edit mode (?edit=1, &mode=edit), or a GET form that opens one.
 */
const OPENERS = 'a[href*="dialog="], a[href*="edit=1"], a[href*="mode=edit"], form:has(input[name="dialog"]) button';

/**
 * Starts fetching `load` (a lazy module) when the user presses or focuses a control that opens it,
 * never while the page is idle: a visit that opens no dialog downloads none of it
 * (docs/decisions/053). Pressing starts the download a tap's length before the click, alongside
 * the dialog's data request, and the page shows its pending state meanwhile.
 */
export function useLoadOnIntent(load: () => Promise<unknown>) {
  useEffect(() => {
    const events = ["pointerdown", "focusin"] as const;
    const stop = () => events.forEach((name) => document.removeEventListener(name, onIntent, true));
    function onIntent(event: Event) {
      if (!(event.target instanceof Element) || !event.target.closest(OPENERS)) return;
      stop();
      void load().catch(() => {});
    }
    events.forEach((name) => document.addEventListener(name, onIntent, true));
    return stop;
  }, [load]);
}
