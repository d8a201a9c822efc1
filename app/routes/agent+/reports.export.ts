import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readReportFilters } from "~/domain/schemas/reports";
import { ServiceError } from "~/services/errors.server";
import { exportAgentReport } from "~/services/reports.server";
import { requireAgent } from "~/utils/auth.server";
import { csvAttachment } from "~/utils/csv-attachment.server";

/**
 * POST /agent/reports/export?dateFrom=&dateTo=&status=&carrierId=: the report's leads as a CSV
 * file (Export CSV, a plain form post, so it works without JavaScript). A post, because the export
 * writes `report_exported` in the activity log: a GET never writes (decision 046), and the
 * cross-site Origin check guards posts. Filters the page would refuse send the browser back to the
 * page, which shows each message at its field. The rows are streamed as the service reads them,
 * batch by batch.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent({ request, context });
  const url = new URL(request.url);
  const backToReport = `/agent/reports${url.search}`;
  const reading = readReportFilters(url.searchParams);
  if (!reading.filters) throw redirect(backToReport);
  let file;
  try {
    file = await exportAgentReport(user, reading.filters);
  } catch (error) {
    if (error instanceof ServiceError && error.code === "invalid") throw redirect(backToReport);
    throw error;
  }
  const encoder = new TextEncoder();
  const { lines } = file;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return csvAttachment(body, file.filename);
}

/**
 * A GET (a bookmark, an old link, a link from another site) exports nothing and writes nothing:
 * it lands on the report with the same filters, where Export CSV posts.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/agent/reports${new URL(request.url).search}`);
}
