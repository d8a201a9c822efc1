import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from "react";
import { useLoadOnIntent } from "~/utils/load-on-intent";
import { DialogPending } from "~/components/ui/url-dialog";

// The agent dialogs validate with conform and zod, about a third of the agents pages' JavaScript.
// They load when one is about to open (a press or focus of its link), not with the list (as the lead forms do:
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
    <Suspense fallback={<DialogPending />}>
      <HydrationMark>
        <AgentDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

/**
 * Fetches the dialogs when the user presses or focuses a control that opens one, not while the
 * page is idle (docs/decisions/053).
 */
export function useAgentDialogsOnIntent() {
  useLoadOnIntent(loadDialogs);
}
