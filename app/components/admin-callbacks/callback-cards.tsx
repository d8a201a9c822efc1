import { Link } from "@remix-run/react";
import { DncBadge } from "~/components/dnc/dnc-badge";
import { CallNowForm } from "~/components/calls/call-now";
import { Badge, Card } from "~/components/ui/card";
import { buttonClass } from "~/components/ui/button";
import { digitsOnly, formatDate, formatDateTime, formatDollars, formatPhone, fullName } from "~/domain/format";
import type { AdminCallback } from "~/services/admin-callbacks.server";
import { hrefWith } from "~/utils/list";

const NEEDED = "bg-orange-100 text-orange-800 ring-orange-600/20";

/**
 * One card per scheduled callback (part 1, Callback Management; issue 13 item 4): the lead's name,
 * agent, created date, callback date, coverage and premium per month, the Callback Needed badge,
 * Call Now (a post to the call check for the primary phone) and Reschedule (the URL-addressed dialog, so it
 * opens without JavaScript). One column on a phone, two or three on wider screens.
 */
export function CallbackCards({
  callbacks,
  here,
  timezone,
}: {
  callbacks: AdminCallback[];
  here: string;
  timezone: string;
}) {
  if (callbacks.length === 0) {
    return (
      <Card className="p-8">
        <p className="text-center text-sm text-slate-600">No callbacks scheduled</p>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Scheduled callbacks">
      {callbacks.map((callback) => (
        <li key={callback.id} id={`callback-${callback.id}`}>
          <CallbackCard callback={callback} here={here} timezone={timezone} />
        </li>
      ))}
    </ul>
  );
}

function CallbackCard({ callback, here, timezone }: { callback: AdminCallback; here: string; timezone: string }) {
  const name = fullName(callback);
  const money = (dollars: number | null) => formatDollars(dollars) ?? "—";
  const phone = callback.phone ? digitsOnly(callback.phone) : "";
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{name}</h3>
        <span className="flex flex-wrap gap-1.5">
          {callback.dnc ? <DncBadge /> : null}
          <Badge className={NEEDED}>Callback Needed</Badge>
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Agent</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-900">{callback.agentName ?? "Unassigned"}</dd>
        <dt className="text-slate-600">Callback</dt>
        <dd className="font-medium text-slate-900">
          {callback.callbackDate ? (
            <time dateTime={callback.callbackDate}>{formatDateTime(callback.callbackDate, timezone)}</time>
          ) : (
            "No date set"
          )}
        </dd>
        <dt className="text-slate-600">Created</dt>
        <dd className="text-slate-900">
          <time dateTime={callback.createdAt}>{formatDate(callback.createdAt, timezone)}</time>
        </dd>
        <dt className="text-slate-600">Coverage</dt>
        <dd className="text-slate-900">{money(callback.coverageAmount)}</dd>
        <dt className="text-slate-600">Premium</dt>
        <dd className="text-slate-900">{money(callback.monthlyPremium)}/month</dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        {phone ? (
          <CallNowForm
            leadId={callback.id}
            className={buttonClass("primary", "flex-1")}
            aria-label={`Call Now: ${name}, ${formatPhone(callback.phone)}`}
          >
            Call Now
          </CallNowForm>
        ) : (
          <span className="flex-1 self-center text-sm text-slate-600">No phone number</span>
        )}
        <Link
          to={hrefWith(here, { dialog: "reschedule", id: callback.id })}
          preventScrollReset
          className={buttonClass("secondary", "flex-1")}
          aria-label={`Reschedule: ${name}`}
        >
          Reschedule
        </Link>
      </div>
    </Card>
  );
}
