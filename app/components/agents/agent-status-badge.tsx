import { Badge } from "~/components/ui/card";
import { agentStatusStyle } from "~/domain/statuses";

export function AgentStatusBadge({ status }: { status: string }) {
  const style = agentStatusStyle(status);
  return <Badge className={style.className}>{style.label}</Badge>;
}
