import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CallPage } from "~/components/calls/call-page";
import type { PageHandle } from "~/components/shell/app-shell";
import { fullName } from "~/domain/format";
import { callOverrideSchema } from "~/domain/schemas/calling";
import { ServiceError } from "~/services/errors.server";
import { checkCall, getLeadCall, listLeadCalls, placeCall, setCallOutcome } from "~/services/calls.server";
import { findAccessibleLead } from "~/services/leads.server";
import { requirePortalUser } from "~/utils/auth.server";
import { formIntent, runIntent } from "~/utils/intent.server";
import { redirectWithToast } from "~/utils/toast.server";

// Call Now (issue 25 item 4, decision 072): every Call Now button posts here (intent "call"). The
// action runs the check and records the attempt, then answers this page: an allowed call's dial
// link (with JavaScript the page dials it at once), or a refusal in plain words with when calling
// is next allowed; an admin may override a refusal other than dnc with a reason. The outcome is
// set here after the call. Works the same without JavaScript.

export const handle: PageHandle = { title: "Call", subtitle: "The check before a call" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Call ${data.leadName}` : "Application Not Found"} | Agency CRM` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const url = new URL(request.url);
  const id = params.id ?? "";
  const lead = await findAccessibleLead(user, id, { attributes: ["id", "firstName", "lastName"] });
  const callId = url.searchParams.get("call");
  const call = callId ? await getLeadCall(user, lead.id, callId) : null;
  // The check is about the attempt's number, else the one asked for, else the lead's primary.
  const phone = call?.phone ?? url.searchParams.get("phone") ?? undefined;
  const [calls, check] = await Promise.all([
    listLeadCalls(user, lead.id),
    // A lead without a phone (or a number not the lead's) has nothing to check: the page says so.
    checkCall(user, lead.id, phone).catch((error: unknown) => {
      if (error instanceof ServiceError && error.status === 400) return { problem: error.message };
      throw error;
    }),
  ]);
  return {
    leadId: lead.id,
    leadName: fullName(lead),
    isAdmin: user.role === "admin",
    check,
    call,
    calls,
    dial: url.searchParams.get("dial") === "1",
    timezone: user.timezone,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  // Another agent's lead (or a missing one) is a 404 before any form is read, as on the lead's page.
  await findAccessibleLead(user, params.id ?? "", { attributes: ["id"] });
  const here = `/applications/${encodeURIComponent(params.id ?? "")}/call`;
  const answer = (placed: { callId: string; allowed: boolean }) =>
    redirect(`${here}?call=${placed.callId}${placed.allowed ? "&dial=1" : ""}`);
  return runIntent(request, {
    context,
    back: here,
    failures: {
      call: { title: "Call not placed" },
      override: { title: "Call not placed" },
      outcome: { title: "Outcome not saved" },
    },
    intents: {
      call: async (form) =>
        answer(await placeCall(user, params.id ?? "", { phone: String(form.get("phone") ?? "") || undefined })),
      override: formIntent(callOverrideSchema, async (form) =>
        answer(
          await placeCall(user, params.id ?? "", {
            phone: form.phone || undefined,
            overrideReason: form.overrideReason,
          }),
        ),
      ),
      outcome: async (form) => {
        const callId = String(form.get("callId") ?? "");
        const call = await setCallOutcome(user, params.id ?? "", callId, {
          outcome: String(form.get("outcome") ?? ""),
        });
        return redirectWithToast(`${here}?call=${call.id}`, {
          title: "Outcome saved",
          description: call.outcomeLabel ?? "",
        });
      },
    },
  });
}

export default function CallRoute() {
  return <CallPage {...useLoaderData<typeof loader>()} />;
}
