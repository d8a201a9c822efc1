import { z } from "zod";
import { AGENT_LEAD_STATUSES } from "~/domain/statuses";
import { listQuery, type ListParams } from "~/utils/list";

// The lead read side's URL parameters: My Leads and GET /api/agent/applications share one list
// query; GET /api/applications/{id} takes ?reveal=1 for the full sensitive numbers.

/** The status filter of the agent's lead list (part 2, My Leads; issue 10 item 12 adds rescheduled). */
export const AGENT_LEAD_FILTERS = ["all", ...AGENT_LEAD_STATUSES] as const;
export type AgentLeadFilter = (typeof AGENT_LEAD_FILTERS)[number];

/** ?status=&search=&page=&pageSize= for My Leads and GET /api/agent/applications (newest first). */
export const agentLeadList = listQuery({ statuses: AGENT_LEAD_FILTERS, pageSize: 20 });

export type AgentLeadListQuery = ListParams<AgentLeadFilter>;

/**
 * ?reveal= of GET /api/applications/{id}: "1" (or "true") asks for the full SSN, routing, account
 * and card numbers; absent, "0" or "false" keeps them masked. Anything else is a 400.
 */
export const leadDetailQuery = z.object({
  reveal: z
    .enum(["1", "0", "true", "false"], { errorMap: () => ({ message: "Reveal must be 1 or 0" }) })
    .optional()
    .transform((value) => value === "1" || value === "true"),
});

export type LeadDetailQuery = z.infer<typeof leadDetailQuery>;
