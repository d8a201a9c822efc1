import { Badge } from "~/components/ui/card";
import { birthDateOrNull, isSocialSecurityDay, socialSecurityScheduleLabel } from "~/domain/social-security-days";

// What a payment schedule says of the client's Social Security days (decision 078): the lead's
// page, and the retention trackers. A schedule laid out on them says so beside its dates; in one
// that is not, the months that fall on one anyway are marked.

type DraftDayLead = { dateOfBirth: string | null; draftOnSocialSecurityDay: boolean };

/** The lead's draft day in words: "Social Security day (2nd Wednesday)", or the dates as chosen. */
export function draftDayText(lead: DraftDayLead): string {
  return lead.draftOnSocialSecurityDay ? socialSecurityScheduleLabel(lead.dateOfBirth) : "The draft dates as chosen";
}

/** Beside a schedule laid out on Social Security days: "Social Security day (2nd Wednesday)". */
export function DraftDayBadge({ lead }: { lead: DraftDayLead }) {
  if (!lead.draftOnSocialSecurityDay) return null;
  return (
    <Badge className="bg-sky-50 text-sky-800 ring-sky-600/20">{socialSecurityScheduleLabel(lead.dateOfBirth)}</Badge>
  );
}

/** After a month's due date that is one of the client's Social Security days, in a schedule not laid out on them. */
export function SocialSecurityDayMark({ lead, dueDate }: { lead: DraftDayLead; dueDate: string }) {
  const born = birthDateOrNull(lead.dateOfBirth);
  if (lead.draftOnSocialSecurityDay || !born || !isSocialSecurityDay(born, dueDate)) return null;
  return <> · Social Security day</>;
}
