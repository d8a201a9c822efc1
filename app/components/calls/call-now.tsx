import { Form } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";
import { buttonClass } from "~/components/ui/button";
import { PHONE_TYPES, optionLabel } from "~/domain/application-options";
import { formatLocalTime } from "~/domain/local-time";
import { formatPhone } from "~/domain/format";

// Call Now on every page (decision 072): a post to the lead's call page, which runs the check,
// records the attempt and answers with the dial link or the refusal. A form, so it works without
// JavaScript; never a bare tel: link.

/** Where Call Now posts for a lead (intent "call", and `phone` for a number other than the primary). */
export function callNowAction(leadId: string) {
  return `/applications/${encodeURIComponent(leadId)}/call`;
}

/** A Call Now button in its own small form. */
export function CallNowForm({
  leadId,
  phone,
  className,
  ...button
}: { leadId: string; phone?: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "name" | "value" | "type">) {
  return (
    <Form method="post" action={callNowAction(leadId)} className="contents">
      {phone ? <input type="hidden" name="phone" value={phone} /> : null}
      <button type="submit" name="intent" value="call" className={className} {...button} />
    </Form>
  );
}

/** The lead's wall clock now, "Lead's local time: 7:42 PM EST" (rendered again on the client, a minute may differ). */
export function LeadLocalTime({ timeZone }: { timeZone: string | null }) {
  if (!timeZone) return <span>Lead&apos;s local time: unknown (no ZIP code or state)</span>;
  return <span suppressHydrationWarning>Lead&apos;s local time: {formatLocalTime(new Date(), timeZone)}</span>;
}

/** The lead's phones, each with its own Call Now (the check runs for that number). */
export function CallablePhones({
  leadId,
  phones,
}: {
  leadId: string;
  phones: { id: string; phoneNumber: string; phoneType: string; isPrimary: boolean }[];
}) {
  if (phones.length === 0) return <p className="text-sm text-slate-600">No phone numbers.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {phones.map((phone) => (
        <li key={phone.id} className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{formatPhone(phone.phoneNumber)}</span>
          <span className="text-slate-600">
            {optionLabel(PHONE_TYPES, phone.phoneType)}
            {phone.isPrimary ? " · Primary" : ""}
          </span>
          <CallNowForm
            leadId={leadId}
            phone={phone.phoneNumber}
            className={buttonClass("secondary", "min-h-9 px-3 py-1")}
            aria-label={`Call Now ${formatPhone(phone.phoneNumber)}`}
          >
            Call Now
          </CallNowForm>
        </li>
      ))}
    </ul>
  );
}
