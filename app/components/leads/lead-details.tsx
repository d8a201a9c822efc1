import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DncBadge } from "~/components/dnc/dnc-badge";
import { CallNowForm } from "~/components/calls/call-now";
import { PolicySection } from "~/components/policy/policy-section";
import { Badge } from "~/components/ui/card";
import {
  COMMISSION_TBD,
  formatDate,
  formatDateTime,
  formatDollars,
  formatPhone,
  shortId,
  fullName,
} from "~/domain/format";
import {
  GENDERS,
  MARITAL_STATUSES,
  LEAD_PAYMENT_METHODS,
  PHONE_TYPES,
  RELATIONSHIPS,
  optionLabel,
} from "~/domain/application-options";
import { leadStatusStyle, paymentStatusStyle } from "~/domain/statuses";
import type { LeadDetail } from "~/services/lead-reads.server";
import { hrefWith } from "~/utils/list";
import { DraftDayBadge, SocialSecurityDayMark, draftDayText } from "./social-security-schedule";
import { LeadStatusBadge } from "./status-badge";

// A lead as the details dialog of My Leads and the application page show it: every section of
// part 2 ("Application detail"), read-only. Sensitive numbers are what the server sent: their last
// four unless the viewer chose Show (`lead.revealedParts`), which the server records; the health
// details come masked ("••••", decision 070) until the same Show.

/** A number the server masked to its last four: "•••• 6789"; in full once revealed. */
function sensitive(value: string | null, revealed: boolean) {
  if (!value) return null;
  return revealed ? value : `•••• ${value}`;
}

export function Section({
  title,
  id,
  children,
  action,
}: {
  title: string;
  id?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-md bg-white p-4 ring-1 ring-slate-200">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Label and value pairs; empty values say so instead of leaving a gap. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{term}</dt>
          <dd className="mt-0.5 [overflow-wrap:anywhere] whitespace-pre-line text-slate-900">
            {value === null || value === undefined || value === "" ? <span className="text-slate-500">—</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Whether a phone of the lead is on the do-not-call list, and "Asked not to be called": a link to
 * the confirmation that lists every phone of the lead (decision 069), coming back here after.
 */
function DoNotCall({ lead }: { lead: LeadDetail }) {
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <span className="flex flex-wrap items-center gap-2">
      {lead.dnc ? <DncBadge /> : <span>Not listed</span>}
      <Link
        to={`/applications/${lead.id}/opt-out?back=${back}`}
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        Asked not to be called
      </Link>
    </span>
  );
}

/** The lead's phones; with `leadId`, each with Call Now (a post to the call check, decision 072). */
export function LeadPhones({ phones, leadId }: { phones: LeadDetail["phones"]; leadId?: string }) {
  if (phones.length === 0) return <p className="text-sm text-slate-600">No phone numbers.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {phones.map((phone) => (
        <li key={phone.id} className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{formatPhone(phone.phoneNumber)}</span>
          <span className="text-slate-600">{optionLabel(PHONE_TYPES, phone.phoneType)}</span>
          {phone.isPrimary ? <Badge className="bg-brand-50 text-brand-700 ring-brand-600/20">Primary</Badge> : null}
          {leadId ? (
            <CallNowForm
              leadId={leadId}
              phone={phone.phoneNumber}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
              aria-label={`Call Now ${formatPhone(phone.phoneNumber)}`}
            >
              Call Now
            </CallNowForm>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Beneficiaries({ lead, timezone }: { lead: LeadDetail; timezone: string }) {
  if (lead.beneficiaries.length === 0) return <p className="text-sm text-slate-600">No beneficiaries.</p>;
  return (
    <ul className="space-y-3">
      {lead.beneficiaries.map((b) => (
        <li key={b.id} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
          <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{b.name}</p>
          <p className="text-sm text-slate-600">
            {b.relationship === "other" && b.otherRelationship
              ? b.otherRelationship
              : optionLabel(RELATIONSHIPS, b.relationship)}
            {b.percentage !== null ? ` · ${b.percentage}%` : ""}
            {b.age !== null ? ` · age ${b.age}` : ""}
            {b.dateOfBirth ? ` · born ${formatDate(b.dateOfBirth, timezone)}` : ""}
            {b.phone ? ` · ${formatPhone(b.phone)}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}

function PaymentSchedule({ lead }: { lead: LeadDetail }) {
  if (lead.paymentTracking.length === 0) return null;
  return (
    <Section title="Payment Schedule" id={`schedule-${lead.id}`} action={<DraftDayBadge lead={lead} />}>
      <ol className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        {lead.paymentTracking.map((payment) => {
          const style = paymentStatusStyle(payment.status);
          return (
            <li key={payment.id} className="rounded-md bg-slate-50 p-2 ring-1 ring-slate-200">
              <p className="font-medium text-slate-900">Month {payment.monthNumber}</p>
              <p className="text-slate-600">
                {formatDate(payment.dueDate, "UTC")} · {formatDollars(payment.amount)}
                <SocialSecurityDayMark lead={lead} dueDate={payment.dueDate} />
              </p>
              <Badge className={style.className}>{style.label}</Badge>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}

/** The lead's notes and its status history, newest first: who changed what, when, and why. */
function LeadHistory({ lead, timezone }: { lead: LeadDetail; timezone: string }) {
  return (
    <Section title="Notes" id={`notes-${lead.id}`}>
      {lead.notes ? (
        <p className="mb-3 text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-900">{lead.notes}</p>
      ) : null}
      {lead.statusHistory.length === 0 ? (
        <p className="text-sm text-slate-600">No status changes yet.</p>
      ) : (
        <ol className="space-y-2">
          {lead.statusHistory.map((change) => (
            <li key={change.id} className="rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
              <p className="text-slate-900">
                {change.fromStatus ? `${leadStatusStyle(change.fromStatus).label} → ` : ""}
                <span className="font-medium">{leadStatusStyle(change.toStatus).label}</span>
              </p>
              {change.notes ? (
                <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-line text-slate-800">{change.notes}</p>
              ) : null}
              <p className="mt-1 text-xs text-slate-600">
                {change.changedBy ? `${fullName(change.changedBy)}, ` : ""}
                <time dateTime={change.createdAt}>{formatDateTime(change.createdAt, timezone)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/**
 * Every section of a lead, read-only. Show posts intent "reveal" to `revealAction` (the page's
 * URL): the action records who revealed what, then the page shows the full numbers (a post, so
 * no link or typed URL can write the audit trail). Hide is a link back to the masked numbers.
 */
export function LeadDetails({
  lead,
  timezone,
  revealAction,
  hideHref,
  banking,
  health,
  assignment,
  phones = true,
}: {
  lead: LeadDetail;
  timezone: string;
  revealAction: string;
  hideHref: string;
  /** The admin's dialog: Show/Hide Banking on its own for the routing, account and card numbers. */
  banking?: { hideHref: string };
  /** The admin's dialog: Show/Hide Health on its own for the doctor, medications and medical history. */
  health?: { hideHref: string };
  /** What the Agent Assignment & Disposition section adds (the admin's Change Disposition). */
  assignment?: ReactNode;
  /** The phone numbers' own section (the application page puts them elsewhere). */
  phones?: boolean;
}) {
  const revealed = lead.revealedParts.sensitive;
  const bankRevealed = lead.revealedParts.banking;
  const healthRevealed = lead.revealedParts.health;
  const toggleClass = "ring-brand-200 rounded px-2 py-1 text-xs font-semibold text-brand-700 ring-1 hover:bg-brand-50";
  const show = (part: "all" | "sensitive" | "banking" | "health", label: string) => (
    <Form method="post" action={revealAction} preventScrollReset replace className="inline">
      <input type="hidden" name="intent" value="reveal" />
      <input type="hidden" name="id" value={lead.id} />
      <input type="hidden" name="part" value={part} />
      <button type="submit" className={toggleClass}>
        {label}
      </button>
    </Form>
  );
  const hide = (href: string, label: string) => (
    <Link to={href} preventScrollReset replace className={toggleClass}>
      {label}
    </Link>
  );
  // Without Show Banking and Show Health (My Leads, the lead's page) Show Sensitive reveals every part.
  const toggle = revealed ? hide(hideHref, "Hide Sensitive") : show(banking ? "sensitive" : "all", "Show Sensitive");
  const bankingToggle = banking
    ? bankRevealed
      ? hide(banking.hideHref, "Hide Banking")
      : show("banking", "Show Banking")
    : toggle;
  const healthToggle = health
    ? healthRevealed
      ? hide(health.hideHref, "Hide Health")
      : show("health", "Show Health")
    : toggle;
  const bank = lead.paymentMethod === "checking" || lead.paymentMethod === "savings";
  const card = lead.paymentMethod === "debit" || lead.paymentMethod === "credit";
  const address = [lead.address, lead.city, [lead.state, lead.zipCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="space-y-4">
      <Section title="Personal Information" id={`personal-${lead.id}`} action={toggle}>
        <Facts
          items={[
            ["Name", fullName(lead)],
            ["Email", lead.email],
            ["Gender", optionLabel(GENDERS, lead.gender)],
            ["Date of birth", lead.dateOfBirth ? formatDate(lead.dateOfBirth, timezone) : null],
            ["Address", address],
            ["State born in", lead.stateBornIn],
            ["Height", lead.height],
            ["Weight", lead.weight !== null ? `${lead.weight} lbs` : null],
            ["Marital status", optionLabel(MARITAL_STATUSES, lead.maritalStatus)],
            ["SSN", sensitive(lead.ssn, revealed)],
          ]}
        />
      </Section>
      {phones ? (
        <Section title="Phone Numbers" id={`phones-${lead.id}`}>
          <LeadPhones phones={lead.phones} leadId={lead.id} />
        </Section>
      ) : null}
      <Section title="Medical Information" id={`medical-${lead.id}`} action={healthToggle}>
        <Facts
          items={[
            ["Smoker", lead.smoker === null ? null : lead.smoker ? "Yes" : "No"],
            ["Doctor", lead.doctorName],
            ["Doctor phone", lead.doctorPhone && healthRevealed ? formatPhone(lead.doctorPhone) : lead.doctorPhone],
            ["Medications", lead.medications],
            ["Medical history", lead.medicalHistory],
          ]}
        />
      </Section>
      <Section title="Policy Information" id={`policy-${lead.id}`}>
        <Facts
          items={[
            ["Carrier", lead.carrier?.name ?? null],
            ["Product", lead.productName ? `${lead.productName} (${lead.compPercentage}%)` : null],
            ["Coverage", formatDollars(lead.coverageAmount)],
            ["Monthly premium", formatDollars(lead.monthlyPremium)],
            [
              "Commission",
              lead.calculatedCommission !== null
                ? `${formatDollars(lead.calculatedCommission)}${lead.commissionCancelledAt ? " (cancelled)" : ""}`
                : COMMISSION_TBD,
            ],
            ["Sold", lead.soldAt ? formatDate(lead.soldAt, timezone) : null],
            ["Product type", lead.productType],
            ["Policy term", lead.policyTerm],
            ["Riders", lead.riders],
            ["Policy notes", lead.policyNotes],
          ]}
        />
      </Section>
      <Section title="Payment Information" id={`payment-${lead.id}`} action={bankingToggle}>
        <Facts
          items={[
            ["Payment method", optionLabel(LEAD_PAYMENT_METHODS, lead.paymentMethod)],
            ...(bank || !card
              ? ([
                  ["Bank name", lead.bankName],
                  ["Routing number", sensitive(lead.routingNumber, bankRevealed)],
                  ["Account number", sensitive(lead.accountNumber, bankRevealed)],
                ] as [string, ReactNode][])
              : []),
            ...(card || !bank
              ? ([
                  ["Card number", sensitive(lead.cardNumber, bankRevealed)],
                  ["Card expiry", lead.cardExpiry],
                ] as [string, ReactNode][])
              : []),
            ["First draft date", lead.firstDraftDate ? formatDate(lead.firstDraftDate, timezone) : null],
            ["Future draft date", lead.futureDraftDate ? formatDate(lead.futureDraftDate, timezone) : null],
            ["Draft day", draftDayText(lead)],
            ["Payment notes", lead.paymentNotes],
          ]}
        />
      </Section>
      <Section title="Beneficiaries" id={`beneficiaries-${lead.id}`}>
        <Beneficiaries lead={lead} timezone={timezone} />
      </Section>
      {lead.policy ? (
        <PolicySection
          leadId={lead.id}
          policy={lead.policy}
          timezone={timezone}
          updateHref={hrefWith(revealAction, { dialog: "policy", reveal: null, mode: null, edit: null, copy: null })}
        />
      ) : null}
      <PaymentSchedule lead={lead} />
      <Section title="Agent Assignment & Disposition" id={`assignment-${lead.id}`}>
        <Facts
          items={[
            ["Agent", lead.agent ? fullName(lead.agent.user) : "Unassigned"],
            ["Status", <LeadStatusBadge key="status" status={lead.status} />],
            ["Do not call", <DoNotCall key="dnc" lead={lead} />],
            ["Callback", lead.callbackDate ? formatDateTime(lead.callbackDate, timezone) : null],
            ["Lead ID", shortId(lead.id)],
            ["Created", formatDateTime(lead.createdAt, timezone)],
            ["Last updated", formatDateTime(lead.updatedAt, timezone)],
          ]}
        />
        {assignment}
      </Section>
      <LeadHistory lead={lead} timezone={timezone} />
    </div>
  );
}
