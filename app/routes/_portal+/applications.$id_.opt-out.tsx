import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DncBadge } from "~/components/dnc/dnc-badge";
import type { PageHandle } from "~/components/shell/app-shell";
import { DialogActions } from "~/components/ui/confirm-dialog";
import { Card } from "~/components/ui/card";
import { SubmitButton } from "~/components/ui/submit-button";
import { DNC_TOASTS as T } from "~/domain/dnc";
import { formatPhone } from "~/domain/format";
import { optOutLead, optOutPreview } from "~/services/dnc.server";
import { ServiceError } from "~/services/errors.server";
import { requirePortalUser, safeRedirect } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Do Not Call", subtitle: "Asked not to be called" };
export const meta: MetaFunction = () => [{ title: "Asked not to be called | Agency CRM" }];

/** Where Cancel and the answer go: the page the lead was opened on (?back=), else the lead's page. */
const backOf = (url: URL, id: string) => safeRedirect(url.searchParams.get("back"), `/applications/${id}`);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const id = params.id ?? "";
  // Another agent's lead (or a missing one) is the service's 404, shown inside the shell.
  const lead = await optOutPreview(user, id);
  return { lead, back: backOf(new URL(request.url), id) };
}

/**
 * Records the request (decision 069): every phone of the lead joins the do-not-call list for every
 * agent, then the browser goes back with a toast. A lead without a phone that can be listed says so.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const id = params.id ?? "";
  const back = backOf(new URL(request.url), id);
  try {
    const result = await optOutLead(user, id);
    const count = result.listed.length;
    return redirectWithToast(back, {
      title: T.optedOut,
      description: `${count === 1 ? "Its number is" : `Its ${count} numbers are`} on the do-not-call list for every agent.`,
    });
  } catch (error) {
    if (error instanceof ServiceError && error.status === 409) {
      return redirectWithToast(back, { type: "error", title: T.optOutFailed, description: error.message });
    }
    throw error;
  }
}

export default function OptOutConfirmation() {
  const { lead, back } = useLoaderData<typeof loader>();
  return (
    <Card className="mx-auto max-w-xl space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
        {lead.name} asked not to be called
      </h2>
      <p className="text-sm text-slate-700">
        Every phone of this lead joins the agency&apos;s do-not-call list, for every agent, at once. Only an
        administrator can take a number off the list.
      </p>
      {lead.phones.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {lead.phones.map((phone) => (
            <li key={phone.phone} className="flex flex-wrap items-center gap-2">
              <span className="font-medium whitespace-nowrap text-slate-900">{formatPhone(phone.phone)}</span>
              {phone.listed ? <DncBadge /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">This lead has no phone number.</p>
      )}
      <Form method="post" replace>
        <DialogActions closeTo={back}>
          <SubmitButton intent="opt-out" pendingLabel="Recording..." variant="danger">
            Add to Do Not Call
          </SubmitButton>
        </DialogActions>
      </Form>
    </Card>
  );
}
