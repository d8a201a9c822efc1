import { lazy, Suspense, useEffect, type ComponentProps } from "react";
import { HydrationMark } from "~/components/leads/lazy-lead-forms";

// All Leads' dialogs load when one opens, or once the browser is idle, not with the list (as the
// agent's lead forms do, lazy-lead-forms.tsx): the server renders them as always, so a dialog in
// the URL shows at once, and without JavaScript nothing changes.

const loadForms = () => import("./admin-forms");

const AdminLeadDialog = lazy(() => loadForms().then((forms) => ({ default: forms.AdminLeadDialog })));
const ReassignDialog = lazy(() => loadForms().then((forms) => ({ default: forms.ReassignDialog })));

type Forms = Awaited<ReturnType<typeof loadForms>>;

export function LazyAdminLeadDialog(props: ComponentProps<Forms["AdminLeadDialog"]>) {
  return (
    <Suspense fallback={null}>
      <HydrationMark>
        <AdminLeadDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

export function LazyReassignDialog(props: ComponentProps<Forms["ReassignDialog"]>) {
  return (
    <Suspense fallback={null}>
      <HydrationMark>
        <ReassignDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

/** Fetches the dialogs when the browser is next idle, so the first one opens without waiting. */
export function usePreloadedAdminForms() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1_000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadForms().catch(() => {}));
    return () => cancel(handle);
  }, []);
}
