import { lazy, Suspense, type ComponentProps } from "react";
import { HydrationMark } from "~/components/leads/lazy-lead-forms";
import { DialogPending } from "~/components/ui/url-dialog";
import { useLoadOnIntent } from "~/utils/load-on-intent";

// The Add and Edit dialogs with what they validate with (conform and zod) load when one is about to
// open (a press or focus of its link), not with the list (as My Leads' forms do, docs/conventions.md). The
// server renders them as always, so ?dialog=add shows at once, and without JavaScript nothing
// changes.

const loadDialogs = () => import("./order-dialogs");

const OrderFormDialog = lazy(() => loadDialogs().then((dialogs) => ({ default: dialogs.OrderFormDialog })));

type Dialogs = Awaited<ReturnType<typeof loadDialogs>>;

export function LazyOrderFormDialog(props: ComponentProps<Dialogs["OrderFormDialog"]>) {
  return (
    <Suspense fallback={<DialogPending />}>
      <HydrationMark>
        <OrderFormDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

/**
 * Fetches the dialogs when the user presses or focuses a control that opens one, not while the
 * page is idle (docs/decisions/053).
 */
export function useOrderDialogsOnIntent() {
  useLoadOnIntent(loadDialogs);
}
