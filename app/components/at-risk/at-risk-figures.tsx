import { StatCards } from "~/components/ui/card";
import { formatDollars } from "~/domain/format";
import type { AtRiskPage } from "~/services/at-risk.server";

/** The queue's figures: how many policies are at risk, and the advance they would charge back. */
export function AtRiskFigures({ queue }: { queue: Pick<AtRiskPage, "total" | "totalExposure"> }) {
  return (
    <StatCards
      items={[
        {
          label: "Policies at Risk",
          value: queue.total.toLocaleString("en-US"),
          caption: "Missed payment or lapse pending",
        },
        {
          label: "Exposure",
          value: formatDollars(queue.totalExposure),
          caption: "Unearned advance charged back if they lapse",
        },
      ]}
    />
  );
}
