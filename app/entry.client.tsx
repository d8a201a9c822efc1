import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * The events that make React 18 hydrate at once, synchronously, what they land on
 * (react-dom's isDiscreteEventThatRequiresHydration).
 */
const EVENTS_THAT_FORCE_HYDRATION = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
];

/**
 * Keeps the user's typing and tapping away from React until the page has hydrated (decision 086).
 * `<RemixBrowser>` suspends at the root while it decodes the page's data, and an input event in
 * that moment makes React 18 try to hydrate the whole root synchronously: it fails with error
 * #345 and the page never hydrates (about half of the sign-ins typed into while a throttled phone
 * hydrated). Stopped in the window's capture phase, the events still do what the browser does
 * without JavaScript (the letter typed, the link followed, the form posted); React, listening on
 * the document, does not see them and hydrates in its own time, keeping what was typed. Once the
 * root has hydrated (root.tsx marks `<html data-hydrated>`), the listeners go.
 */
function holdEventsUntilHydrated() {
  const root = document.documentElement;
  const hold = (event: Event) => {
    if (!root.dataset.hydrated) event.stopImmediatePropagation();
  };
  for (const type of EVENTS_THAT_FORCE_HYDRATION) window.addEventListener(type, hold, true);
  const release = new MutationObserver(() => {
    if (!root.dataset.hydrated) return;
    release.disconnect();
    for (const type of EVENTS_THAT_FORCE_HYDRATION) window.removeEventListener(type, hold, true);
  });
  release.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}

holdEventsUntilHydrated();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
