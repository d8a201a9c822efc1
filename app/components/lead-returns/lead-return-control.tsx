import { ButtonLink } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { formatDateTime } from "~/domain/format";
import { leadReturnStatusStyle } from "~/domain/lead-returns";
import type { LeadReturnState } from "~/services/lead-returns.server";

// What a lead's page and My Leads' details say about returning the lead: Request Return while the
// lead can be returned, else where its latest return stands. Plain markup, no schema code, so the
// list's first load stays as small as it was (the dialog's form loads on demand).

/** Request Return, opening ?dialog=return; shown only while the lead can be returned. */
export function RequestReturnLink({ state, href }: { state: LeadReturnState | null; href: string }) {
  if (!state?.canRequest) return null;
  return (
    <ButtonLink to={href} variant="secondary" preventScrollReset>
      Request Return
    </ButtonLink>
  );
}

/** The latest return's status, reason and decision, or nothing when the lead has none. */
export function LeadReturnNotice({ state, timezone }: { state: LeadReturnState | null; timezone: string }) {
  const latest = state?.latest;
  if (!latest) return null;
  const style = leadReturnStatusStyle(latest.status);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-lead-return={latest.status}>
      <Badge className={style.className}>Return {style.label.toLowerCase()}</Badge>
      <span className="[overflow-wrap:anywhere]">
        {latest.reasonLabel}, requested{" "}
        <time dateTime={latest.createdAt}>{formatDateTime(latest.createdAt, timezone)}</time>
        {latest.decisionNote ? ` · ${latest.decisionNote}` : ""}
        {latest.status === "denied" && state.canRequest ? " · You may request again within the window." : ""}
      </span>
    </div>
  );
}
