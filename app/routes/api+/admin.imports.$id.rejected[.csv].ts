import { getLeadImport, rejectedFileName, rejectedRowsCsv } from "~/services/lead-import.server";
import { apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/imports/{id}/rejected.csv: the rows the import refused, each with its row number
 * in the file, its lead fields as mapped and the reason (streamed; a 409 until the import ends).
 * The file's other columns are never in it. The import page's Download links here.
 */
const api = apiRoute({
  GET: async ({ request, context, params }) => {
    const actor = await requireAdmin({ request, context });
    const id = params.id ?? "";
    const body = await rejectedRowsCsv(actor, id);
    const view = await getLeadImport(actor, id);
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${rejectedFileName(view)}"`,
      },
    });
  },
});

export const loader = api.loader;
export const action = api.action;
