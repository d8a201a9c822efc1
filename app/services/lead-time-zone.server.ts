import { lookup } from "zipcode-to-timezone";
import { STATE_TIME_ZONES } from "~/domain/calling";

// A lead's local time zone (issue 25 item 3, decision 072): from its ZIP code (zipcode-to-timezone,
// a map of every five-digit ZIP code loaded once, about 0.7 MB), else from its state
// (STATE_TIME_ZONES: a split state's most populous zone). Computed when asked, not stored: one
// object lookup per lead, and only a lead's page, its dialog and the call check ask.

export type LeadTimeZone = { timeZone: string; from: "zip" | "state" } | null;

export function leadTimeZone(lead: { zipCode?: string | null; state?: string | null }): LeadTimeZone {
  const zip = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(lead.zipCode ?? "")?.[1];
  const fromZip = zip ? lookup(zip) : null;
  if (fromZip) return { timeZone: fromZip, from: "zip" };
  const fromState = lead.state ? STATE_TIME_ZONES[lead.state.trim().toUpperCase()] : undefined;
  return fromState ? { timeZone: fromState, from: "state" } : null;
}
