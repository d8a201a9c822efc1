import { Link } from "@remix-run/react";
import { LeadLocalTime } from "~/components/calls/call-now";
import { LeadReturnNotice, RequestReturnLink } from "~/components/lead-returns/lead-return-control";
import { ButtonLink } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { AGENT_SETTABLE_STATUSES, DISPOSITION_STATUSES } from "~/domain/statuses";
import type { CarrierOption } from "~/services/carriers.server";
import type { LeadReturnState } from "~/services/lead-returns.server";
import type { LeadDetail } from "~/services/lead-reads.server";
import type { SaleProduct } from "~/services/lead-status.server";
import { hrefWith } from "~/utils/list";
import { LeadDetails, Section } from "./lead-details";
import { LeadEditForm } from "./lead-edit-form";
import { useLeadEditAnswer, type LeadDialogName } from "./lead-links";
import { LeadStatusForm } from "./lead-status-form";
import { PolicyDialog } from "../policy/policy-dialog";
import { fullName } from "~/domain/format";

export type LeadDialogProps = {
  lead: LeadDetail;
  products: SaleProduct[];
  carriers: CarrierOption[];
  timezone: string;
  today: string;
  /** The page's URL with the dialog open (its forms post here). */
  here: string;
  closeTo: string;
  /** Whether the lead can be returned, or where its return stands (the details dialog). */
  returnState?: LeadReturnState | null;
  /** The details dialog's "Lead's local time": the lead's zone (ZIP code or state), null when unknown. */
  leadTimeZone?: string | null;
};

/**
 * Set Disposition, or Update Disposition after an application is saved (`afterEdit`): the
 * disposition statuses (not pending), and Skip or Cancel.
 */
export function DispositionDialog({
  lead,
  products,
  timezone,
  closeTo,
  afterEdit,
}: Pick<LeadDialogProps, "lead" | "products" | "timezone" | "closeTo"> & { afterEdit: boolean }) {
  return (
    <UrlDialog title={afterEdit ? "Update Disposition" : "Set Disposition"} closeTo={closeTo}>
      <p className="mb-4 text-sm [overflow-wrap:anywhere] text-slate-600">
        {fullName(lead)}
        {afterEdit ? " · The application is saved. Would you like to update the disposition?" : ""}
      </p>
      <LeadStatusForm
        key={lead.id}
        lead={lead}
        statuses={DISPOSITION_STATUSES}
        products={products}
        timezone={timezone}
        intent="disposition"
        closeTo={closeTo}
        closeLabel={afterEdit ? "Skip" : "Cancel"}
      />
    </UrlDialog>
  );
}

/** My Leads' open dialog; its forms post to the page's own URL, with the lead's id. */
export function LeadDialog({ dialog, ...props }: LeadDialogProps & { dialog: LeadDialogName }) {
  const { lead, products, carriers, timezone, today, here, closeTo, returnState = null, leadTimeZone = null } = props;
  const editAnswer = useLeadEditAnswer();
  const name = fullName(lead);
  switch (dialog) {
    case "details":
      return (
        <UrlDialog title="Lead Details" closeTo={closeTo} size="xl">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">{name}</p>
              <p className="text-sm text-slate-600">
                <LeadLocalTime timeZone={leadTimeZone} />
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={hrefWith(here, { dialog: "edit", reveal: null })} variant="secondary" preventScrollReset>
                Edit Application
              </ButtonLink>
              <ButtonLink to={`/applications/${lead.id}`} variant="secondary">
                Open full page
              </ButtonLink>
              <RequestReturnLink state={returnState} href={hrefWith(here, { dialog: "return", reveal: null })} />
            </div>
            <div className="w-full empty:hidden">
              <LeadReturnNotice state={returnState} timezone={timezone} />
            </div>
          </div>
          <LeadDetails
            lead={lead}
            timezone={timezone}
            revealAction={here}
            hideHref={hrefWith(here, { reveal: null })}
          />
          <div className="mt-4">
            <Section title="Update Status" id={`update-status-${lead.id}`}>
              <LeadStatusForm
                key={lead.id}
                lead={lead}
                statuses={AGENT_SETTABLE_STATUSES}
                products={products}
                timezone={timezone}
                intent="status"
                closeTo={closeTo}
                closeLabel="Close"
              />
            </Section>
          </div>
        </UrlDialog>
      );
    case "edit":
      return (
        <UrlDialog title="Edit Application" closeTo={closeTo} size="xl">
          <p className="mb-4 text-sm [overflow-wrap:anywhere] text-slate-600">
            {name} ·{" "}
            <Link to={`/applications/${lead.id}`} className="text-brand-700 underline">
              Open full page
            </Link>
          </p>
          <LeadEditForm
            key={lead.id}
            lead={lead}
            carriers={carriers}
            today={today}
            answer={editAnswer}
            closeTo={closeTo}
            phonesEditable
          />
        </UrlDialog>
      );
    case "status":
      return (
        <UrlDialog title="Update Status" closeTo={closeTo}>
          <p className="mb-4 text-sm [overflow-wrap:anywhere] text-slate-600">{name}</p>
          <LeadStatusForm
            key={lead.id}
            lead={lead}
            statuses={AGENT_SETTABLE_STATUSES}
            products={products}
            timezone={timezone}
            intent="status"
            closeTo={closeTo}
          />
        </UrlDialog>
      );
    case "disposition":
      return <DispositionDialog lead={lead} products={products} timezone={timezone} closeTo={closeTo} afterEdit />;
    case "policy":
      // A lead never sold has no policy: its details instead (the Update Policy link shows only on a sale).
      return lead.policy ? (
        <PolicyDialog lead={{ id: lead.id, name, policy: lead.policy }} today={today} closeTo={closeTo} />
      ) : (
        <UrlDialog title="Update Policy" closeTo={closeTo}>
          <p className="text-sm text-slate-700">{name} has no sale, so there is no policy to update.</p>
        </UrlDialog>
      );
  }
}
