import { forbidden } from "./errors.server";
import type { SessionUser } from "./sessions.server";

// Every service checks who is acting itself, so a page or API route can never skip it.

export function assertAdmin(actor: SessionUser) {
  if (actor.role !== "admin") throw forbidden();
}

/** The acting agent's id; anyone else is refused. */
export function assertAgent(actor: SessionUser): string {
  if (actor.role !== "agent" || !actor.agent) throw forbidden();
  return actor.agent.id;
}

// Ids reach us from URLs and API bodies; Postgres rejects a malformed uuid with an error rather
// than finding nothing, so anything that is not one is simply "not found".
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): boolean {
  return typeof value === "string" && UUID.test(value);
}
