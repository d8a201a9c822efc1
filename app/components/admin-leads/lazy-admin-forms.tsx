import { lazy, Suspense, type ComponentProps } from "react";
import { HydrationMark } from "~/components/leads/lazy-lead-forms";
import { DialogPending } from "~/components/ui/url-dialog";
import { useLoadOnIntent } from "~/utils/load-on-intent";

// All Leads' dialogs load when one is about to open (a press or focus of its link), not with the list (as the
// agent's lead forms do, lazy-lead-forms.tsx): the server renders them as always, so a dialog in
// the URL shows at once, and without JavaScript nothing changes.

const loadForms = () => import("./admin-forms");

const AdminLeadDialog = lazy(() => loadForms().then((forms) => ({ default: forms.AdminLeadDialog })));
const ReassignDialog = lazy(() => loadForms().then((forms) => ({ default: forms.ReassignDialog })));

type Forms = Awaited<ReturnType<typeof loadForms>>;

export function LazyAdminLeadDialog(props: ComponentProps<Forms["AdminLeadDialog"]>) {
  return (
    <Suspense fallback={<DialogPending />}>
      <HydrationMark>
        <AdminLeadDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

export function LazyReassignDialog(props: ComponentProps<Forms["ReassignDialog"]>) {
  return (
    <Suspense fallback={<DialogPending />}>
      <HydrationMark>
        <ReassignDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

/**
 * Fetches the dialogs when the user presses or focuses a control that opens one, not while the
 * page is idle (docs/decisions/053).
 */
export function useAdminFormsOnIntent() {
  useLoadOnIntent(loadForms);
}
