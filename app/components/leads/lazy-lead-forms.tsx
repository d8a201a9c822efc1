import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from "react";
import { useLoadOnIntent } from "~/utils/load-on-intent";
import { DialogPending } from "~/components/ui/url-dialog";

// The lead dialogs and the edit form, with what they validate with (conform and zod): about as
// much JavaScript again as the list itself. They load when the user presses or focuses a control
// that opens one (or when one opens), never with the page nor while it is idle: on a phone over a
// slow link the list is usable first, and a visit that opens none downloads none of it
// (docs/decisions/053). The server renders them as always, so a page opened with a dialog in its URL shows
// it at once, and without JavaScript nothing changes.

const loadForms = () => import("./lead-forms");

const LeadDialog = lazy(() => loadForms().then((forms) => ({ default: forms.LeadDialog })));
const DispositionDialog = lazy(() => loadForms().then((forms) => ({ default: forms.DispositionDialog })));
const LeadEditForm = lazy(() => loadForms().then((forms) => ({ default: forms.LeadEditForm })));
const RescheduleDialog = lazy(() => loadForms().then((forms) => ({ default: forms.RescheduleDialog })));
const PolicyDialog = lazy(() => loadForms().then((forms) => ({ default: forms.PolicyDialog })));

type Forms = Awaited<ReturnType<typeof loadForms>>;

/**
 * A server-rendered form hydrates once its code has arrived, after the rest of the page: until
 * then its wrapper says so (`data-hydrating`), so the end-to-end tests wait for it before typing,
 * as they wait for the page (tests/e2e/helpers.ts). Inside the Suspense boundary, so it hydrates
 * with the form.
 */
export function HydrationMark({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="contents" data-hydrating={hydrated ? undefined : ""}>
      {children}
    </div>
  );
}

export function LazyLeadDialog(props: ComponentProps<Forms["LeadDialog"]>) {
  return (
    <Suspense fallback={<DialogPending />}>
      <HydrationMark>
        <LeadDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

export function LazyDispositionDialog(props: ComponentProps<Forms["DispositionDialog"]>) {
  return (
    <Suspense fallback={<DialogPending />}>
      <HydrationMark>
        <DispositionDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

/** The Callbacks page's Reschedule dialog, with the lead forms (it validates with the same schema). */
export function LazyRescheduleDialog(props: ComponentProps<Forms["RescheduleDialog"]>) {
  return (
    <Suspense fallback={<DialogPending />}>
      <HydrationMark>
        <RescheduleDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

/** Update Policy (decision 074), on the lead's page, My Leads and All Leads. */
export function LazyPolicyDialog(props: ComponentProps<Forms["PolicyDialog"]>) {
  return (
    <Suspense fallback={<DialogPending />}>
      <HydrationMark>
        <PolicyDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

export function LazyLeadEditForm(props: ComponentProps<Forms["LeadEditForm"]>) {
  return (
    <Suspense fallback={<p className="text-sm text-slate-600">Loading the form...</p>}>
      <HydrationMark>
        <LeadEditForm {...props} />
      </HydrationMark>
    </Suspense>
  );
}

/**
 * Fetches the forms when the user presses or focuses a control that opens one, not while the
 * page is idle (docs/decisions/053).
 */
export function useLeadFormsOnIntent() {
  useLoadOnIntent(loadForms);
}
