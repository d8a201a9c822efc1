import { Link } from "@remix-run/react";
import { LeadTrail } from "~/components/audit/lead-trail";
import { LeadDetails, Section } from "~/components/leads/lead-details";
import { LeadEditForm } from "~/components/leads/lead-edit-form";
import { useLeadEditAnswer } from "~/components/leads/lead-links";
import { LeadStatusForm } from "~/components/leads/lead-status-form";
import { UrlDialog } from "~/components/ui/url-dialog";
import type { ActivityRow } from "~/domain/activity";
import { toggledReveal, type LeadReveal } from "~/domain/admin-leads";
import { shortId, fullName } from "~/domain/format";
import { LEAD_STATUSES } from "~/domain/statuses";
import type { CarrierOption } from "~/services/carriers.server";
import type { LeadDetail } from "~/services/lead-reads.server";
import type { ReassignIntentResult } from "~/domain/lead-reassign";
import type { ReassignDialogData } from "~/services/lead-reassign.server";
import type { SaleProduct } from "~/services/lead-status.server";
import { hrefWith } from "~/utils/list";
import { LeadLocalTime } from "~/components/calls/call-now";
import { CopyLeadButton } from "./copy-lead-button";
import { ReassignAgentForm } from "./reassign-dialog";

export type AdminLeadDialogProps = {
  lead: LeadDetail;
  mode: "view" | "edit";
  reveals: LeadReveal[];
  /** Copy All Info's text, when the URL asked for it (&copy=1) without JavaScript: shown to select. */
  copyText: string | null;
  products: SaleProduct[];
  carriers: CarrierOption[];
  timezone: string;
  today: string;
  /** The page's URL with the dialog open (its forms post here). */
  here: string;
  closeTo: string;
  /** The lead's audit trail (leadTrail), newest first. */
  trail: ActivityRow[];
  /** View Mode's Reassign Agent: the lead and the approved agents who may receive it. */
  agents: ReassignDialogData | null;
  /** The page action's answer to a refused reassignment (the agent's error, the licence question). */
  reassignResult?: ReassignIntentResult | null;
  /** The lead's time zone (from its ZIP code or state), for "Lead's local time"; null when unknown. */
  leadTimeZone: string | null;
};

const modeTab = "inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium";

/**
 * The admin's Lead Details dialog (part 1, section 2), addressed by ?dialog=lead&id=…[&mode=edit]:
 * View Mode shows every section (My Leads' LeadDetails) with Show/Hide Sensitive (the SSN),
 * Show/Hide Banking (routing, account and card numbers) and Show/Hide Health (the doctor,
 * medications and medical history), each a round trip the server records;
 * Agent Assignment & Disposition adds Change Disposition (every status) and Reassign Agent. Edit
 * Mode is the agent's edit form, saved by the same service. Copy All Info, and the id's first 8
 * characters in the footer.
 */
export function AdminLeadDialog({
  lead,
  mode,
  reveals,
  copyText,
  products,
  carriers,
  timezone,
  today,
  here,
  closeTo,
  trail,
  agents,
  reassignResult,
  leadTimeZone,
}: AdminLeadDialogProps) {
  const editAnswer = useLeadEditAnswer();
  const clean = { reveal: null, copy: null };
  const hidden = (part: LeadReveal) => hrefWith(here, { ...clean, reveal: toggledReveal(reveals, part, false) });
  return (
    <UrlDialog title="Lead Details" closeTo={closeTo} size="xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">{fullName(lead)}</p>
          <p className="text-sm text-slate-600">
            <LeadLocalTime timeZone={leadTimeZone} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label="Dialog mode" className="flex gap-1 rounded-lg bg-slate-100 p-1">
            <Link
              to={hrefWith(here, { ...clean, mode: null })}
              preventScrollReset
              replace
              aria-current={mode === "view" ? "page" : undefined}
              className={`${modeTab} ${mode === "view" ? "bg-white text-slate-900 shadow-sm" : "text-slate-700"}`}
            >
              View Mode
            </Link>
            <Link
              to={hrefWith(here, { ...clean, mode: "edit" })}
              preventScrollReset
              replace
              aria-current={mode === "edit" ? "page" : undefined}
              className={`${modeTab} ${mode === "edit" ? "bg-white text-slate-900 shadow-sm" : "text-slate-700"}`}
            >
              Edit Mode
            </Link>
          </nav>
          <CopyLeadButton here={here} id={lead.id} name={fullName(lead)} label="Copy All Info" />
        </div>
      </div>
      {copyText ? (
        <div className="mb-4">
          <label htmlFor="lead-copy-text" className="mb-1 block text-sm font-medium text-slate-700">
            All lead information (select it and copy)
          </label>
          <textarea
            id="lead-copy-text"
            readOnly
            rows={10}
            value={copyText}
            className="block w-full rounded-md border-0 p-3 font-mono text-xs ring-1 ring-slate-300"
          />
        </div>
      ) : null}
      {mode === "edit" ? (
        <LeadEditForm
          key={lead.id}
          lead={lead}
          carriers={carriers}
          today={today}
          answer={editAnswer}
          closeTo={hrefWith(here, { ...clean, mode: null })}
          phonesEditable
        />
      ) : (
        <LeadDetails
          lead={lead}
          timezone={timezone}
          revealAction={here}
          hideHref={hidden("sensitive")}
          banking={{ hideHref: hidden("banking") }}
          health={{ hideHref: hidden("health") }}
          assignment={
            <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
              <Section title="Change Disposition" id={`disposition-${lead.id}`}>
                <LeadStatusForm
                  key={lead.id}
                  lead={lead}
                  statuses={LEAD_STATUSES}
                  products={products}
                  timezone={timezone}
                  intent="status"
                  closeTo={closeTo}
                  closeLabel="Close"
                  admin
                />
              </Section>
              {agents ? (
                <Section title="Reassign Agent" id={`reassign-${lead.id}`}>
                  <ReassignAgentForm data={agents} result={reassignResult} label="New agent" />
                </Section>
              ) : null}
            </div>
          }
        />
      )}
      <div className="mt-4">
        <Section title="Audit Trail" id={`trail-${lead.id}`}>
          <LeadTrail rows={trail} timezone={timezone} />
        </Section>
      </div>
      <p className="mt-4 text-right font-mono text-xs text-slate-500">Lead ID: {shortId(lead.id)}</p>
    </UrlDialog>
  );
}
