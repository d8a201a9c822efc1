import { lazy, Suspense, useEffect, type ComponentProps } from "react";
import { HydrationMark } from "~/components/leads/lazy-lead-forms";

// The Add and Edit dialogs with what they validate with (conform and zod) load when one opens, or
// once the browser is idle, not with the list (as My Leads' forms do, docs/conventions.md). The
// server renders them as always, so ?dialog=add shows at once, and without JavaScript nothing
// changes.

const loadDialogs = () => import("./order-dialogs");

const OrderFormDialog = lazy(() => loadDialogs().then((dialogs) => ({ default: dialogs.OrderFormDialog })));

type Dialogs = Awaited<ReturnType<typeof loadDialogs>>;

export function LazyOrderFormDialog(props: ComponentProps<Dialogs["OrderFormDialog"]>) {
  return (
    <Suspense fallback={null}>
      <HydrationMark>
        <OrderFormDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}

/** Fetches the dialogs when the browser is next idle, so the first one opens without waiting. */
export function usePreloadedOrderDialogs() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1_000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadDialogs().catch(() => {}));
    return () => cancel(handle);
  }, []);
}
