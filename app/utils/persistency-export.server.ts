import { redirect } from "@remix-run/node";
import { adminPersistencyQuery, agentPersistencyQuery } from "~/domain/schemas/persistency";
import { ServiceError } from "~/services/errors.server";
import { exportPersistency } from "~/services/persistency.server";
import type { SessionUser } from "~/services/sessions.server";
import { csvAttachment } from "./csv-attachment.server";

/**
 * The persistency CSV for an export route's post (/admin/persistency/export,
 * /agent/reports/persistency/export): the URL's period (and agent, for an admin) read strictly,
 * the file as an attachment. A choice the page would refuse sends the browser back to `back`
 * with the same query, where the page says what is wrong.
 */
export async function persistencyCsvResponse(user: SessionUser, request: Request, back: string) {
  const url = new URL(request.url);
  const schema = user.role === "admin" ? adminPersistencyQuery : agentPersistencyQuery;
  const query = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw redirect(back);
  let file;
  try {
    file = await exportPersistency(user, query.data);
  } catch (error) {
    if (error instanceof ServiceError && error.code === "invalid") throw redirect(back);
    throw error;
  }
  return csvAttachment(file.text, file.filename);
}
