import type { SerializeFrom } from "@remix-run/node";
import { useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

// Polling is an enhancement: without JavaScript every navigation renders fresh figures.

/**
 * Runs `task` every `intervalMs` while the tab is visible. A hidden tab asks nothing; when it
 * shows again after a run was due, the task runs at once. A new run aborts one still in flight.
 */
function useVisibleInterval(task: (signal: AbortSignal) => unknown, intervalMs: number) {
  const taskRef = useRef(task);
  useEffect(() => {
    taskRef.current = task;
  });
  useEffect(() => {
    let timer: number | undefined;
    let controller: AbortController | undefined;
    // The page was rendered with fresh data, so the first run is one interval away.
    let lastRun = Date.now();
    const run = () => {
      window.clearTimeout(timer);
      if (document.visibilityState === "visible") {
        lastRun = Date.now();
        controller?.abort();
        controller = new AbortController();
        void Promise.resolve(taskRef.current(controller.signal)).catch(() => {});
      }
      timer = window.setTimeout(run, intervalMs);
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible" && Date.now() - lastRun >= intervalMs) run();
    };
    timer = window.setTimeout(run, intervalMs);
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      window.clearTimeout(timer);
      controller?.abort();
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [intervalMs]);
}

/**
 * Keeps the newer of two sources: what the loader gave (`current`) and what a poll brought back.
 * A poll's answer shows only while the loader's data is still the one it was asked against; new
 * loader data (a navigation, or the revalidation after an action) wins until the next poll.
 */
function useNewest<T>(current: T) {
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  });
  const [polled, setPolled] = useState<{ value: T; against: T } | null>(null);
  const value = polled && polled.against === current ? polled.value : current;
  return {
    value,
    /** Call when a poll starts; call the function it returns with the poll's answer. */
    start: () => {
      const against = currentRef.current;
      return (answer: T) => setPolled({ value: answer, against });
    },
  };
}

/**
 * JSON from `href` every `intervalMs` while the tab is visible, starting from `initial` (the
 * loader's figures). A plain fetch, not a fetcher: a fetcher's failed load (offline for a moment,
 * or a session that just ended) would replace the page with the error boundary; a failed poll
 * here changes nothing, and the next poll or navigation tries again.
 */
export function usePolledJson<T>(href: string, initial: T, intervalMs: number): T {
  const newest = useNewest(initial);
  useVisibleInterval(async (signal) => {
    const answer = newest.start();
    const response = await fetch(href, { headers: { Accept: "application/json" }, signal });
    if (response.ok) answer((await response.json()) as T);
  }, intervalMs);
  return newest.value;
}

/**
 * The lead lists' version (My Leads, All Leads; GET /api/leads/version, decision 057): their
 * loaders answer `version`, and the 60 s refresh re-reads the page only when it changed.
 */
export const LEAD_LIST_VERSION = { href: "/api/leads/version", of: (data: { version: string }) => data.version };

/** A URL-addressed dialog is open (?dialog=): what `pauseWhile` takes for the admin's lists. */
export const dialogOpen = (search: URLSearchParams) => search.has("dialog");

/**
 * The page's loader data, reloaded every `intervalMs` while the tab is visible: for the pages the
 * spec refreshes every 60 s. Only this page's loader runs (a fetcher load of its own URL), never
 * the layout's or the root's. Use it in place of `useLoaderData` in the page's component.
 * `pauseWhile` skips the reloads while the URL says so (dialogOpen: a form being filled in keeps
 * what it was opened with, and a revealed lead is not read, and logged, again every minute).
 * `version` (decision 057): each run first asks `href` for `{ version }` and reloads only when it
 * differs from the one the shown data was read with (`of(data)`); a failed ask reloads nothing.
 */
export function useRefreshedLoaderData<T>(
  intervalMs: number,
  {
    pauseWhile,
    version,
  }: {
    pauseWhile?: (search: URLSearchParams) => boolean;
    version?: { href: string; of: (data: SerializeFrom<T>) => string };
  } = {},
) {
  const loaderData = useLoaderData<T>();
  const fetcher = useFetcher<T>();
  const location = useLocation();
  const newest = useNewest(loaderData);
  const answerRef = useRef<((answer: typeof loaderData) => void) | null>(null);
  useVisibleInterval(async (signal) => {
    // A failed fetcher load shows the error boundary, so none starts while the device is offline.
    if (!navigator.onLine || fetcher.state !== "idle") return;
    if (pauseWhile?.(new URLSearchParams(location.search))) return;
    const shown = newest.value;
    if (version) {
      const response = await fetch(version.href, { headers: { Accept: "application/json" }, signal });
      if (!response.ok) return;
      const answer = (await response.json()) as { version?: unknown };
      if (answer.version === version.of(shown)) return;
    }
    answerRef.current = newest.start();
    fetcher.load(location.pathname + location.search);
  }, intervalMs);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || !answerRef.current) return;
    answerRef.current(fetcher.data as typeof loaderData);
    answerRef.current = null;
  }, [fetcher.state, fetcher.data]);
  return newest.value;
}
