import { pingDatabase } from "~db";

/** 200 only when the database answers: Fly takes the machine out of rotation otherwise. */
export async function loader() {
  try {
    await pingDatabase();
    return new Response("OK", { headers: { "Cache-Control": "no-store" } });
  } catch {
    return new Response("Database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
