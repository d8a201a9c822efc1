import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";

/** Seconds between two looks at a running job: its page's refresh without JavaScript, and the poll with it. */
export const JOB_REFRESH_SECONDS = 2;

/**
 * A background job's progress as its page shows it: the loader's answer, then, while `inFlight`
 * says the job runs, its status URL read every 2 s while the tab is visible (the page's loaders are
 * read again once it ends). Without JavaScript the page refreshes itself instead.
 */
export function useJobProgress<T extends { id: string; status: string }>(
  initial: T,
  statusUrl: (id: string) => string,
  inFlight: (status: T["status"]) => boolean,
) {
  const [state, setState] = useState(initial);
  const { revalidate } = useRevalidator();
  useEffect(() => setState(initial), [initial]);
  const running = inFlight(state.status);
  const url = statusUrl(state.id);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(async () => {
      if (document.visibilityState !== "visible") return;
      const response = await fetch(url, { headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const next = (await response.json()) as Partial<T> & Pick<T, "status">;
      setState((current) => ({ ...current, ...next }));
      if (!inFlight(next.status)) revalidate();
    }, JOB_REFRESH_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [running, url, revalidate, inFlight]);
  return { state, inFlight: running };
}

/** "1,234": a count as the progress pages write it. */
export const countText = (value: number) => value.toLocaleString("en-US");

/**
 * A background job's progress (a lead import, a do-not-call file): the bar, named for the screen
 * reader, and the same figures in words, announced as they change. `unit` is what is counted
 * ("rows", "numbers"); `following` is the sentence while the job runs.
 */
export function ProgressBar({
  label,
  unit,
  processed,
  total,
  following,
}: {
  label: string;
  unit: string;
  processed: number;
  total: number;
  following: string | null;
}) {
  const percent = total === 0 ? 0 : Math.round((processed / total) * 100);
  return (
    <>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={processed}
        aria-valuetext={`${countText(processed)} of ${countText(total)} ${unit}`}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {countText(processed)} of {countText(total)} {unit} processed ({percent}%)
        {following ? `. ${following}.` : "."}
      </p>
    </>
  );
}
