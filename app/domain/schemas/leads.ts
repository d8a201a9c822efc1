import { z } from "zod";
import { boundedList } from "./lists";
import { AGENT_LEAD_FILTERS, type AgentLeadFilter } from "~/domain/statuses";
import { listQuery, type ListParams } from "~/domain/list-query";

// The lead read side's URL parameters: My Leads and GET /api/agent/applications share one list
// query; GET /api/applications/{id} takes ?reveal=1 for the full sensitive numbers.

/** ?status=&search=&page=&pageSize= for My Leads and GET /api/agent/applications (newest first). */
export const agentLeadList = listQuery({ statuses: AGENT_LEAD_FILTERS, pageSize: 20 });

export type AgentLeadListQuery = ListParams<AgentLeadFilter>;

/**
 * ?reveal= of GET /api/applications/{id}: "1" (or "true") asks for the full SSN, routing, account
 * and card numbers again after a POST /api/applications/{id}/reveal of the last few minutes (a GET
 * never records a reveal, so without that post they stay masked); absent, "0" or "false" keeps
 * them masked. Anything else is a 400.
 */
export const leadDetailQuery = z.object({
  reveal: z
    .enum(["1", "0", "true", "false"], { errorMap: () => ({ message: "Reveal must be 1 or 0" }) })
    .optional()
    .transform((value) => value === "1" || value === "true"),
});

/**
 * The body of POST /api/applications/{id}/reveal: `parts` names what to reveal, "sensitive" (the
 * SSN), "banking" (routing, account and card numbers) and/or "health" (doctor, doctor's phone,
 * medications, medical history); left out, every part.
 */
export const leadRevealBody = z
  .object({
    parts: boundedList(
      3,
      z
        .array(
          z.enum(["sensitive", "banking", "health"], {
            errorMap: () => ({ message: "Parts must be sensitive, banking or health" }),
          }),
          { invalid_type_error: "Parts must be a list" },
        )
        .min(1, "Name at least one part")
        .max(3, "Name each part once"),
    ).optional(),
  })
  .strict();
