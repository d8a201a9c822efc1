import { pingDatabase } from "~db";

/** Whether the database answers a trivial query: what /healthcheck reports to Fly. */
export async function databaseAnswers() {
  try {
    await pingDatabase();
    return true;
  } catch {
    return false;
  }
}
