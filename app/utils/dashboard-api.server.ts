import { centsAsDollars } from "~/domain/format";
import type { RecentLead } from "~/services/dashboard.server";

// What both dashboards' /api routes send of the service's figures: the page works in cents, the
// API in dollars (as every other /api answer), with the agent named as part 1's Lead does.

/** A row of recentApplications: amounts in dollars and `agent: { id, user: { firstName, lastName } }`. */
export function recentLeadJson({ agent, coverageAmountCents, monthlyPremiumCents, ...lead }: RecentLead) {
  return {
    ...lead,
    coverageAmount: centsAsDollars(coverageAmountCents),
    monthlyPremium: centsAsDollars(monthlyPremiumCents),
    agent: agent ? { id: agent.id, user: { firstName: agent.firstName, lastName: agent.lastName } } : null,
  };
}
