import { centsAsDollars } from "~/domain/format";
import type { ExposureBreakdown, ExposureGroups, ExposureTotal } from "~/services/exposure.server";

// The chargeback exposure (app/services/exposure.server.ts) as the /api routes answer it: the
// dashboards', the agent's commissions' and the admin's premiums' `exposure` object, in dollars.

/** An exposure total as the APIs answer it: dollars. */
export function exposureTotalJson(exposure: ExposureTotal) {
  return { total: centsAsDollars(exposure.totalCents), policies: exposure.policies };
}

/**
 * The admin's exposure as the APIs answer it: dollars; each dimension's largest lines, with the
 * id named after what it is (agentId, carrierId, leadSourceId, null for none) and `count` lines in all.
 */
export function exposureBreakdownJson(exposure: ExposureBreakdown) {
  const lines = <Key extends "agentId" | "carrierId" | "leadSourceId">(groups: ExposureGroups, key: Key) => ({
    count: groups.count,
    rows: groups.rows.map((line) => ({
      ...({ [key]: line.id } as Record<Key, string | null>),
      name: line.name,
      total: centsAsDollars(line.totalCents),
      policies: line.policies,
    })),
  });
  return {
    ...exposureTotalJson(exposure),
    byAgent: lines(exposure.byAgent, "agentId"),
    byCarrier: lines(exposure.byCarrier, "carrierId"),
    bySource: lines(exposure.bySource, "leadSourceId"),
  };
}
