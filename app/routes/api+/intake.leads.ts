import { ServiceError } from "~/services/errors.server";
import { intakeSourceForKey, receiveLead } from "~/services/lead-intake.server";
import { apiError, apiJson, apiRoute, readBody } from "~/utils/api.server";
import { log } from "~/utils/logger.server";

/** The key of `Authorization: Bearer <postingKey>`, or null when the header says something else. */
function postingKeyOf(request: Request) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  return match?.[1] ?? null;
}

/**
 * POST /api/intake/leads (issue 24 item 2, docs/api.md): a vendor's real-time post of one lead,
 * authorised by its source's posting key, never by a session. 201 { id, status: "assigned" |
 * "unassigned", agentId } for a new lead; 200 { id, status: "duplicate", duplicateOf, billable:
 * false } for a duplicate; 200 with the first answer for a repost of an external id; 401 a
 * missing, unknown or retired key; 403 a paused source; 400 bad input with fieldErrors; 429 over
 * the source's leads a minute (Retry-After: 60). Neither the key nor the lead's details are logged.
 */
const api = apiRoute({
  POST: async ({ request }) => {
    const source = await intakeSourceForKey(postingKeyOf(request));
    const input = await readBody(request);
    const result = await receiveLead(source, input, { rateLimited: true }).catch((error: unknown) => {
      if (error instanceof ServiceError && error.code === "rate_limited") {
        throw apiError(429, error.message, {}, { headers: { "Retry-After": "60" } });
      }
      throw error;
    });
    log().info(
      { leadSourceId: source.id, id: result.id, status: result.status, created: result.created },
      "lead received",
    );
    if (result.status === "duplicate") {
      const { id, status, duplicateOf, billable } = result;
      return apiJson({ id, status, duplicateOf, billable });
    }
    const { id, status, agentId } = result;
    return apiJson({ id, status, agentId }, { status: result.created ? 201 : 200 });
  },
});

export const loader = api.loader;
export const action = api.action;
