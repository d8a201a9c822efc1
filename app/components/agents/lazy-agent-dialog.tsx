import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from "react";

// The agent dialogs validate with conform and zod, about a third of the agents pages' JavaScript.
// They load when one opens, or once the browser is idle, not with the list (as the lead forms do:
// app/components/leads/lazy-lead-forms.tsx). The server renders them as always, so a URL with a
// dialog shows it at once, and without JavaScript nothing changes.

const loadDialogs = () => import("./agent-dialogs");

const AgentDialog = lazy(() => loadDialogs().then((dialogs) => ({ default: dialogs.AgentDialog })));

/** Marks the server-rendered dialog until its code has hydrated it (the e2e helpers wait for it). */
function HydrationMark({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="contents" data-hydrating={hydrated ? undefined : ""}>
      {children}
    </div>
  );
}

export function LazyAgentDialog(props: ComponentProps<typeof AgentDialog>) {
  return (
    <Suspense fallback={null}>
      <HydrationMark>
        <AgentDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

/** Fetches the dialogs when the browser is next idle, so the first one opens without waiting. */
export function usePreloadedAgentDialogs() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1_000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadDialogs().catch(() => {}));
    return () => cancel(handle);
  }, []);
}
