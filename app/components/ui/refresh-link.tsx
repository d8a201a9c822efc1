import { Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { buttonClass } from "./button";

/** The spec's Refresh spinner lasts 0.5 s (part 2, section 1): at least that, so a fast reload is still seen. */
const REFRESH_SPIN_MS = 500;

/** The path and query of a link, as the navigation to it reports them. */
function sameUrl(to: string) {
  const url = new URL(to, "http://localhost");
  return url.pathname + url.search;
}

/**
 * A page's Refresh: a link to the same URL, so its loaders run again with or without JavaScript.
 * With JavaScript it spins from the click until the page's data is back, and for at least
 * REFRESH_SPIN_MS, so a refresh that answers in 50 ms still shows that it happened.
 */
export function RefreshLink({ to, className = "" }: { to: string; className?: string }) {
  const navigation = useNavigation();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  // A navigation to this link's own URL is this refresh (clicked, or Enter on it).
  const going = navigation.location ? navigation.location.pathname + navigation.location.search : null;
  const refreshing = navigation.state === "loading" && going === sameUrl(to);
  useEffect(() => {
    if (refreshing) setStartedAt(performance.now());
  }, [refreshing]);
  useEffect(() => {
    if (startedAt === null || refreshing) return;
    // A timer may fire a millisecond or two early: stop only once the time has truly passed.
    let timer = 0;
    const stopWhenDue = () => {
      const left = startedAt + REFRESH_SPIN_MS - performance.now();
      if (left > 0) timer = window.setTimeout(stopWhenDue, left + 1);
      else setStartedAt(null);
    };
    stopWhenDue();
    return () => window.clearTimeout(timer);
  }, [startedAt, refreshing]);
  const spinning = refreshing || startedAt !== null;
  return (
    <Link to={to} preventScrollReset aria-busy={spinning || undefined} className={buttonClass("secondary", className)}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
        data-spinning={spinning || undefined}
        className={`size-4 ${spinning ? "animate-spin motion-reduce:animate-none" : ""}`}
      >
        <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
        <path d="M21 3v5h-5" />
      </svg>
      {spinning ? "Refreshing..." : "Refresh"}
    </Link>
  );
}
