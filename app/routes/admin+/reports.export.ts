import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { adminReportTab } from "~/domain/admin-reports";
import { readAdminReportFilters } from "~/domain/schemas/admin-reports";
import { readLeadSourceDates, readLeadSourceSort } from "~/domain/schemas/lead-source-report";
import { exportAdminReport } from "~/services/admin-reports.server";
import { ServiceError } from "~/services/errors.server";
import { exportLeadSourceReport } from "~/services/lead-source-report.server";
import { requireAdmin } from "~/utils/auth.server";
import { csvAttachment } from "~/utils/csv-attachment.server";

/**
 * POST /admin/reports/export?tab=&dateFrom=&dateTo=&agentId=&carrierId=&status= (&sort=&dir= for
 * Lead Sources): the current tab's
 * rows as a CSV file (Export CSV, a plain form post, so it works without JavaScript). A post,
 * because the export writes `report_exported` in the activity log: a GET never writes (decision
 * 046), and the cross-site Origin check guards posts. Filters the page would refuse send the
 * browser back to the page, which shows each message at its field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const backToReport = `/admin/reports${url.search}`;
  const tab = adminReportTab(url.searchParams.get("tab"));
  let file;
  try {
    if (tab === "lead-sources") {
      // The Lead Sources tab reads the days alone and keeps the page's sort (decision 065).
      const dates = readLeadSourceDates(url.searchParams);
      if (!dates.filters) throw redirect(backToReport);
      file = await exportLeadSourceReport(user, { ...dates.filters, ...readLeadSourceSort(url.searchParams) });
    } else {
      const reading = readAdminReportFilters(url.searchParams);
      if (!reading.filters) throw redirect(backToReport);
      file = await exportAdminReport(user, reading.filters, tab);
    }
  } catch (error) {
    if (error instanceof ServiceError && error.code === "invalid") throw redirect(backToReport);
    throw error;
  }
  return csvAttachment(file.text, file.filename);
}

/**
 * A GET (a bookmark, an old link, a link from another site) exports nothing and writes nothing:
 * it lands on the report with the same filters and tab, where Export CSV posts.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/admin/reports${new URL(request.url).search}`);
}
