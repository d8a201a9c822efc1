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

let release: (() => void) | null = null;

/**
 * Keeps the user's typing and tapping away from React until the page's hydration commits
 * (decision 086). `<RemixBrowser>` suspends at the root while it decodes the page's data, and an
 * input event in that moment makes React 18 try to hydrate the whole root synchronously: it fails
 * with error #345 and the page never hydrates. Stopped in the window's capture phase, the events
 * still do what the browser does without JavaScript (the letter typed, the link followed, the form
 * posted); React, listening on the document, does not see them and hydrates in its own time,
 * keeping what was typed. Called by entry.client.tsx before `hydrateRoot`.
 */
export function holdEventsUntilHydrated() {
  const hold = (event: Event) => event.stopImmediatePropagation();
  for (const type of EVENTS_THAT_FORCE_HYDRATION) window.addEventListener(type, hold, true);
  release = () => {
    for (const type of EVENTS_THAT_FORCE_HYDRATION) window.removeEventListener(type, hold, true);
    release = null;
  };
}

/**
 * Lets the events through again. root.tsx calls it from the layout effect of the document's first
 * component, which runs as the hydration commits and before every other component's effect, so
 * what the page's own effects dispatch (a form restoring a draft submits an intent) reaches React.
 */
export function releaseHeldEvents() {
  release?.();
}
