import { databaseAnswers } from "~/services/health.server";
import { runMaintenanceIfDue } from "~/services/maintenance.server";

/** 200 only when the database answers: Fly takes the machine out of rotation otherwise. */
export async function loader() {
  if (!(await databaseAnswers())) {
    return new Response("Database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
  // Fly calls this every 15 s, which makes it the clock for hourly housekeeping.
  runMaintenanceIfDue();
  return new Response("OK", { headers: { "Cache-Control": "no-store" } });
}
