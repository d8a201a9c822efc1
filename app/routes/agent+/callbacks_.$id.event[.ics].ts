import type { LoaderFunctionArgs } from "@remix-run/node";
import { ServiceError } from "~/services/errors.server";
import { callbackCalendarFile } from "~/services/callbacks.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * /agent/callbacks/{id}/event.ics: "Add to calendar", the callback as an iCalendar event (a plain
 * link, so it works without JavaScript). Another agent's lead, or one without a callback, is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAgent({ request, context });
  let file;
  try {
    file = await callbackCalendarFile(user, params.id ?? "", new URL(request.url).origin);
  } catch (error) {
    if (error instanceof ServiceError && error.code === "not_found") {
      throw new Response(error.message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    throw error;
  }
  return new Response(file.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
