import { Badge } from "~/components/ui/card";

/** The DNC badge every lead list and the lead's page and dialog show for a lead with a listed phone (decision 069). */
export function DncBadge() {
  return (
    <Badge className="bg-slate-900 text-white ring-slate-900/20">
      <span aria-hidden="true">DNC</span>
      <span className="sr-only">Do not call</span>
    </Badge>
  );
}
