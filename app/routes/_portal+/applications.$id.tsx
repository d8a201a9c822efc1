import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { ApplicationNotFound } from "~/components/leads/application-not-found";
import {
  LazyDispositionDialog,
  LazyLeadEditForm,
  LazyPolicyDialog,
  useLeadFormsOnIntent,
} from "~/components/leads/lazy-lead-forms";
import { useLeadEditAnswer } from "~/components/leads/lead-links";
import { CallablePhones, LeadLocalTime } from "~/components/calls/call-now";
import { LeadDetails, Section } from "~/components/leads/lead-details";
import { MarkLeadRead } from "~/components/leads/lead-read";
import { LeadStatusBadge } from "~/components/leads/status-badge";
import { LeadReturnNotice, RequestReturnLink } from "~/components/lead-returns/lead-return-control";
import { LazyRequestReturnDialog } from "~/components/lead-returns/lazy-return-dialog";
import { PortalErrorPanel } from "~/components/shell/portal-error";
import type { PageHandle } from "~/components/shell/app-shell";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { todayIn } from "~/domain/periods";
import { leadCarrierChoices } from "~/services/lead-edit.server";
import { getLeadDetail } from "~/services/lead-reads.server";
import { saleProductsForLead } from "~/services/lead-status.server";
import { isLeadUnread } from "~/services/leads.server";
import { leadReturnStateById } from "~/services/lead-returns.server";
import { leadTimeZone } from "~/services/lead-time-zone.server";
import { requirePortalUser } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import {
  LEAD_INTENT_FAILURES,
  leadEditIntent,
  leadOpenIntent,
  leadRevealIntent,
  leadStatusIntent,
} from "~/utils/lead-intents.server";
import { LEAD_RETURN_FAILURE, leadReturnIntent } from "~/utils/lead-return-intents.server";
import { POLICY_FAILURE, policyIntent } from "~/utils/policy-intents.server";
import { hrefWith } from "~/utils/list";
import { useRefreshedLoaderData } from "~/utils/polling";
import { fullName } from "~/domain/format";

// A lead's page (part 2, "Application detail"): every section, Edit Application (the form in
// place; phones read-only here, beneficiaries added and removed) and Set Disposition. Any signed-in
// user may open it, but an agent only for their own leads: anyone else, or a missing id, gets
// Application Not Found (404) and learns nothing.

export const handle: PageHandle = { title: "Application Details", subtitle: "Everything about one lead" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.lead ? fullName(data.lead) : "Application Not Found"} | Agency CRM` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const url = new URL(request.url);
  const id = params.id ?? "";
  // The loader only reads (decision 046): the page marks the lead read by a post (MarkLeadRead),
  // and ?reveal=1 shows the numbers only if this user's Show Sensitive post recorded it.
  const editing = url.searchParams.get("edit") === "1";
  // ?dialog=set-disposition is Set Disposition; ?dialog=disposition the prompt after a saved edit.
  const dialog = url.searchParams.get("dialog");
  const disposition = dialog === "disposition" || dialog === "set-disposition" ? dialog : null;
  const lead = await getLeadDetail(user, id, { reveal: !editing && url.searchParams.get("reveal") === "1" });
  const [products, carriers, unread, returnState] = await Promise.all([
    disposition ? saleProductsForLead(user, id) : [],
    editing ? leadCarrierChoices(lead) : [],
    isLeadUnread(user, lead.id),
    leadReturnStateById(user, lead.id),
  ]);
  // ?dialog=return (Request Return) opens only while the lead can be returned.
  const returning = dialog === "return" && returnState.canRequest;
  // ?dialog=policy is Update Policy, open only on a sold lead (decision 074).
  const policyOpen = dialog === "policy" && lead.policy !== null;
  return {
    policyOpen,
    lead,
    unread,
    editing,
    disposition,
    returning,
    returnState,
    products,
    carriers,
    timezone: user.timezone,
    today: todayIn(user.timezone),
    leadTimeZone: leadTimeZone(lead)?.timeZone ?? null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const page = `/applications/${encodeURIComponent(params.id ?? "")}`;
  const url = new URL(request.url);
  return runIntent(request, {
    context,
    back: page,
    failures: { ...LEAD_INTENT_FAILURES, return: LEAD_RETURN_FAILURE, policy: POLICY_FAILURE },
    intents: {
      disposition: leadStatusIntent(user, "disposition", page),
      policy: policyIntent(user, () => page),
      return: leadReturnIntent(user, () => page),
      edit: leadEditIntent(user, () => `${page}?dialog=disposition`),
      reveal: leadRevealIntent(user, () => hrefWith(url, { reveal: "1", edit: null })),
      // Mark as read without JavaScript: the same page, read.
      open: leadOpenIntent(user, () => url.pathname + url.search),
    },
  });
}

export default function ApplicationPage() {
  const {
    lead,
    unread,
    editing,
    disposition,
    returning,
    returnState,
    policyOpen,
    products,
    carriers,
    timezone,
    today,
    leadTimeZone,
  } = useRefreshedLoaderData<typeof loader>(60_000);
  const location = useLocation();
  const here = location.pathname + location.search;
  const view = hrefWith(here, { edit: null, dialog: null });
  const editAnswer = useLeadEditAnswer();
  useLeadFormsOnIntent();
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <MarkLeadRead key={lead.id} id={lead.id} unread={unread} here={here} />
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="min-w-0">
          <h2 className="text-xl font-bold [overflow-wrap:anywhere] text-slate-900">{fullName(lead)}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <LeadStatusBadge status={lead.status} />
            <span>{lead.carrier?.name ?? "No carrier"}</span>
          </p>
          <p className="mt-1 text-sm text-slate-600">
            <LeadLocalTime timeZone={leadTimeZone} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {editing ? null : (
            <ButtonLink
              to={hrefWith(here, { edit: "1", reveal: null, dialog: null })}
              variant="secondary"
              preventScrollReset
            >
              Edit Application
            </ButtonLink>
          )}
          <ButtonLink to={hrefWith(here, { dialog: "set-disposition", edit: null })} preventScrollReset>
            Set Disposition
          </ButtonLink>
          <RequestReturnLink state={returnState} href={hrefWith(here, { dialog: "return", edit: null })} />
          {/* No prefetch: opening the pack is recorded (decision 073). */}
          <ButtonLink to={`/applications/${lead.id}/evidence`} variant="secondary" prefetch="none">
            Consent Evidence
          </ButtonLink>
        </div>
        <div className="w-full empty:hidden">
          <LeadReturnNotice state={returnState} timezone={timezone} />
        </div>
      </Card>

      {editing ? (
        <Card className="p-4 sm:p-6">
          <h3 className="mb-4 text-lg font-semibold text-slate-900">Edit Application</h3>
          <LazyLeadEditForm
            key={lead.id}
            lead={lead}
            carriers={carriers}
            today={today}
            answer={editAnswer}
            closeTo={view}
            phonesEditable={false}
          />
        </Card>
      ) : (
        <>
          <Section title="Phone Numbers" id={`page-phones-${lead.id}`}>
            <CallablePhones leadId={lead.id} phones={lead.phones} />
            <p className="mt-2 text-sm">
              <a className="text-brand-700 underline" href={`/applications/${lead.id}/call`}>
                Call log
              </a>
            </p>
          </Section>
          <LeadDetails
            lead={lead}
            timezone={timezone}
            revealAction={here}
            hideHref={hrefWith(here, { reveal: null })}
            phones={false}
          />
        </>
      )}

      {disposition ? (
        <LazyDispositionDialog
          lead={lead}
          products={products}
          timezone={timezone}
          closeTo={view}
          afterEdit={disposition === "disposition"}
        />
      ) : null}
      {policyOpen && lead.policy ? (
        <LazyPolicyDialog
          lead={{ id: lead.id, name: fullName(lead), policy: lead.policy }}
          today={today}
          closeTo={view}
        />
      ) : null}
      {returning ? (
        <LazyRequestReturnDialog
          leadId={lead.id}
          leadName={fullName(lead)}
          windowHours={returnState.windowHours}
          closesAt={returnState.closesAt}
          timezone={timezone}
          closeTo={view}
        />
      ) : null}
    </div>
  );
}

/** Application Not Found (a missing lead, or one that is not the viewer's) with Go Back; else the portal's panel. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ApplicationNotFound />;
  return <PortalErrorPanel home="/dashboard" />;
}
