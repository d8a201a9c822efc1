import { databaseAnswers } from "~/services/health.server";

/**
 * 200 only when the database answers: Fly takes the machine out of rotation otherwise. It does
 * nothing else: housekeeping runs as scheduled jobs (app/jobs, docs/decisions/049).
 */
export async function loader() {
  if (!(await databaseAnswers())) {
    return new Response("Database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
  return new Response("OK", { headers: { "Cache-Control": "no-store" } });
}
