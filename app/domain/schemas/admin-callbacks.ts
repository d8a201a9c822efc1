import { z } from "zod";
import { pagingSchema } from "~/domain/list-query";

// The admin's Callbacks: GET /api/admin/callbacks?agentId=&page=&pageSize= (default 100, at most
// 500). Strict: a bad value is a 400 naming the field.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @internal Exported for tests. */
export const ADMIN_CALLBACK_QUERY_MESSAGES = { agentId: "Agent must be an agent's id" } as const;

const agentIdField = z.string().trim().regex(UUID, ADMIN_CALLBACK_QUERY_MESSAGES.agentId).optional();

export const adminCallbackQuery = pagingSchema.extend({ agentId: agentIdField });

/** The page's ?agentId= (lenient: anything unreadable is every agent). */
export function callbackAgentFromSearch(search: URLSearchParams): string | undefined {
  const parsed = agentIdField.safeParse(search.get("agentId") || undefined);
  return parsed.success ? parsed.data : undefined;
}
