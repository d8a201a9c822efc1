import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { PageHandle } from "~/components/shell/app-shell";
import { ButtonLink } from "~/components/ui/button";
import { CALL_REFUSAL_WORDS as REFUSAL_WORDS, WEEKDAYS, clockLabel, daysLabel } from "~/domain/calling";
import { formatDateTime, formatPhone } from "~/domain/format";
import { openConsentEvidence } from "~/services/consent-evidence.server";
import { requirePortalUser } from "~/utils/auth.server";

// A lead's consent evidence pack (issue 25 item 6, decision 073), printable: the browser's Print
// keeps a copy (the portal's frame is left out of the print). Its JSON twin is
// GET /api/applications/{id}/evidence. Opening either is recorded in the lead's audit trail.

export const handle: PageHandle = { title: "Consent Evidence", subtitle: "What the lead agreed to, and who saw it" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.evidence ? `Consent Evidence: ${data.evidence.lead.name}` : "Application Not Found"} | Agency CRM`,
  },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const evidence = await openConsentEvidence(user, params.id ?? "");
  return { evidence, timezone: user.timezone, printedAt: new Date().toISOString() };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

function EvidenceSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-md bg-white p-4 ring-1 ring-slate-200 print:break-inside-avoid print:ring-0"
    >
      <h3 id={id} className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

const NONE = <span className="text-slate-500">Not recorded</span>;

/** "+18135550101" as "(813) 555-0101"; any other number as stored. */
const phoneWords = (e164: string) => (e164.startsWith("+1") ? formatPhone(e164.slice(2)) : e164);

export default function ConsentEvidencePage() {
  const { evidence, timezone, printedAt } = useLoaderData<typeof loader>();
  const { lead, source, consent, dncListedNow, dncChanges, calls, disclosures } = evidence;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timezone) : NONE);
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-bold [overflow-wrap:anywhere] text-slate-900">Consent evidence: {lead.name}</h2>
          <p className="mt-1 text-sm text-slate-600">
            Prepared {formatDateTime(printedAt, timezone)} ({timezone}). Use your browser&apos;s Print to keep a copy.
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <ButtonLink to={`/applications/${lead.id}`} variant="secondary">
            Back to the application
          </ButtonLink>
          <ButtonLink to={`/api/applications/${lead.id}/evidence`} variant="secondary" reloadDocument>
            Download JSON
          </ButtonLink>
        </div>
      </div>

      <EvidenceSection title="Lead" id="evidence-lead">
        <dl className="space-y-2">
          <Fact label="Name">{lead.name}</Fact>
          <Fact label="Lead ID">{lead.id}</Fact>
          <Fact label="State / ZIP">{[lead.state, lead.zipCode].filter(Boolean).join(" ") || NONE}</Fact>
          <Fact label="Phone numbers">
            {lead.phones.length > 0 ? lead.phones.map((phone) => formatPhone(phone)).join(", ") : NONE}
          </Fact>
          <Fact label="Agent">{lead.agentName ?? NONE}</Fact>
          <Fact label="Received">{when(lead.receivedAt)}</Fact>
        </dl>
      </EvidenceSection>

      <EvidenceSection title="Source" id="evidence-source">
        <dl className="space-y-2">
          <Fact label="Arrived by">{source.label}</Fact>
          {source.vendor ? <Fact label="Vendor">{source.vendor}</Fact> : null}
          {source.externalId ? <Fact label="Vendor's lead ID">{source.externalId}</Fact> : null}
        </dl>
      </EvidenceSection>

      <EvidenceSection title="Consent" id="evidence-consent">
        {consent.given || consent.text ? (
          <dl className="space-y-2">
            <Fact label="Consent given">{consent.given ? "Yes" : "No"}</Fact>
            <Fact label="Consent text">
              {consent.text ? (
                <blockquote className="rounded bg-slate-50 p-3 whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
                  {consent.text}
                </blockquote>
              ) : (
                NONE
              )}
            </Fact>
            <Fact label="SHA-256 of the text">
              {consent.sha256 ? <code className="font-mono text-xs">{consent.sha256}</code> : NONE}
            </Fact>
            <Fact label="Time">{when(consent.at)}</Fact>
            <Fact label="IP address">{consent.ipAddress ?? NONE}</Fact>
            <Fact label="Page URL">{consent.pageUrl ?? NONE}</Fact>
            <Fact label="Certificate URL">{consent.certificateUrl ?? NONE}</Fact>
          </dl>
        ) : (
          <p className="text-sm text-slate-700">No consent was recorded for this lead.</p>
        )}
      </EvidenceSection>

      <EvidenceSection title="Do-not-call list" id="evidence-dnc">
        <p className="text-sm text-slate-900">
          {dncListedNow.length > 0
            ? `Listed now: ${dncListedNow.map(phoneWords).join(", ")}.`
            : "None of the lead's numbers is on the do-not-call list now."}
        </p>
        {dncChanges.length > 0 ? (
          <ul className="mt-2 divide-y divide-slate-100">
            {dncChanges.map((change, index) => (
              <li key={index} className="py-2 text-sm">
                <p className="font-medium text-slate-900">
                  {phoneWords(change.phone)} {change.change === "added" ? "added" : "removed"}
                  <span className="font-normal text-slate-600">
                    {" "}
                    by {change.by ?? "the system"}: {change.reason}
                    {change.importFile ? ` (file ${change.importFile})` : ""}
                  </span>
                </p>
                <p className="text-slate-600">{formatDateTime(change.at, timezone)}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No change of the list touched these numbers.</p>
        )}
      </EvidenceSection>

      <EvidenceSection title="Call attempts" id="evidence-calls">
        {calls.length > 0 ? (
          <ul className="divide-y divide-slate-100">
            {calls.map((call) => (
              <li key={call.id} className="space-y-0.5 py-2 text-sm">
                <p className="font-medium text-slate-900">
                  {call.leadLocalTime} (lead&apos;s time) · {phoneWords(call.phone)}
                  <span className="font-normal text-slate-600"> by {call.by ?? "the system"}</span>
                </p>
                <p className="text-slate-700">
                  {call.allowed
                    ? call.overridden.length > 0
                      ? `Allowed by an administrator's override (${call.overridden.map((r) => REFUSAL_WORDS[r]).join(", ")}): ${call.overrideReason ?? ""}`
                      : "Allowed by the check"
                    : `Refused: ${call.refusals.map((r) => REFUSAL_WORDS[r]).join(", ")}`}
                </p>
                <p className="text-slate-600">
                  Rule: {call.rule.state === "US" ? "federal" : call.rule.state}{" "}
                  {call.rule.days.length < WEEKDAYS.length ? `${daysLabel(call.rule.days)}, ` : ""}
                  {clockLabel(call.rule.start)}–{clockLabel(call.rule.end)}
                  {call.rule.maxCallsPer24h !== null ? `, at most ${call.rule.maxCallsPer24h} calls in 24 hours` : ""}.
                  Agent licensed in: {call.agentLicensedStates.join(", ") || "no state"}.
                </p>
                {call.outcomeLabel ? (
                  <p className="text-slate-600">
                    Outcome: {call.outcomeLabel}
                    {call.outcomeAt ? ` (${formatDateTime(call.outcomeAt, timezone)})` : ""}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">No call has been attempted.</p>
        )}
      </EvidenceSection>

      <EvidenceSection title="Who opened, revealed or copied this record" id="evidence-disclosures">
        <ul className="divide-y divide-slate-100">
          {disclosures.map((entry, index) => (
            <li key={index} className="py-2 text-sm">
              <p className="font-medium text-slate-900">
                {entry.label} <span className="font-normal text-slate-600">by {entry.by ?? "the system"}</span>
              </p>
              <p className="text-slate-600">{formatDateTime(entry.at, timezone)}</p>
            </li>
          ))}
        </ul>
      </EvidenceSection>
    </div>
  );
}
