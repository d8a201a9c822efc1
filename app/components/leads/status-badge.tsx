import { Badge } from "~/components/ui/card";
import { leadStatusStyle } from "~/domain/statuses";

export function LeadStatusBadge({ status }: { status: string }) {
  const style = leadStatusStyle(status);
  return <Badge className={style.className}>{style.label}</Badge>;
}
