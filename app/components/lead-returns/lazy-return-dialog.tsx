import { lazy, Suspense, type ComponentProps } from "react";
import { HydrationMark } from "~/components/leads/lazy-lead-forms";
import { DialogPending } from "~/components/ui/url-dialog";

// The Request Return dialog validates with conform and zod, which My Leads keeps out of its first
// load (decision 053): the dialog's code loads when it opens. The server renders it as always.

const RequestReturnDialog = lazy(() =>
  import("./return-request-dialog").then((module) => ({ default: module.RequestReturnDialog })),
);

export function LazyRequestReturnDialog(props: ComponentProps<typeof RequestReturnDialog>) {
  return (
    <Suspense fallback={<DialogPending />}>
      <HydrationMark>
        <RequestReturnDialog {...props} />
      </HydrationMark>
    </Suspense>
  );
}
