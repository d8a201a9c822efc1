import { z } from "zod";
import { ADMIN_REPORT_MESSAGES } from "../admin-reports";
import type { Period } from "../periods";
import { unsetFilter } from "./filter-query";
import { periodFields, withCustomRangeRules } from "./period";

// The persistency report's query (docs/decisions/077): ?period=&startDate=&endDate= of the period
// kit (the issue dates read, in the reader's calendar; every issue date when left out), and for
// an admin ?agentId=. GET /api/admin/reports/persistency and GET /api/agent/reports/persistency
// are strict (a 400 naming the field); the pages read the same URL leniently
// (periodFromSearch, persistencyAgentFromSearch).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PersistencyQuery = { period?: Period; startDate?: string; endDate?: string; agentId?: string };

/** Dates sent without a period mean those dates: a custom range (the kit would otherwise ignore them). */
const customWhenDated = (query: unknown) => {
  if (!query || typeof query !== "object") return query;
  const given = query as Record<string, unknown>;
  const dated = Boolean(given.startDate || given.endDate);
  return given.period === undefined && dated ? { ...given, period: "custom" } : query;
};

const agentId = z.preprocess(
  unsetFilter,
  z
    .string({ invalid_type_error: ADMIN_REPORT_MESSAGES.unknownAgent })
    .trim()
    .regex(UUID, ADMIN_REPORT_MESSAGES.unknownAgent)
    .optional(),
);

/** GET /api/agent/reports/persistency: the period only (the agent's own policies). */
export const agentPersistencyQuery = z.preprocess(
  customWhenDated,
  withCustomRangeRules(z.object(periodFields)),
) as unknown as z.ZodType<PersistencyQuery, z.ZodTypeDef, unknown>;

/** GET /api/admin/reports/persistency: the period and one agent ("all" or left out: every agent). */
export const adminPersistencyQuery = z.preprocess(
  customWhenDated,
  withCustomRangeRules(z.object({ ...periodFields, agentId })),
) as unknown as z.ZodType<PersistencyQuery, z.ZodTypeDef, unknown>;

/** The admin page's agent (lenient): an id that is not one is every agent, as on Premiums Management. */
export function persistencyAgentFromSearch(params: URLSearchParams): string | undefined {
  const read = agentId.safeParse(params.get("agentId") ?? undefined);
  return read.success ? read.data : undefined;
}
