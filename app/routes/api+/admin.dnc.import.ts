import { DNC_IMPORT_LIMITS, DNC_MESSAGES } from "~/domain/dnc";
import { ServiceError } from "~/services/errors.server";
import { startDncImport } from "~/services/dnc-import.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { readImportUpload } from "~/utils/lead-import-upload.server";

/**
 * POST /api/admin/dnc/import (multipart/form-data: file, and reason national_registry (the
 * default), state_registry or internal): keeps the file's numbers and queues the job; answers 202
 * { importId, statusUrl }, its progress at GET /api/admin/dnc/import/{importId} (decision 069).
 */
const api = apiRoute({
  POST: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    const upload = await readImportUpload(request, { maxBytes: DNC_IMPORT_LIMITS.bytes, messages: DNC_MESSAGES });
    try {
      if (!upload.file) throw new ServiceError(400, DNC_MESSAGES.fileMissing, { file: [DNC_MESSAGES.fileMissing] });
      const started = await startDncImport(actor, upload.file, upload.fields.reason ?? "national_registry");
      const statusUrl = `/api/admin/dnc/import/${started.id}`;
      return apiJson({ importId: started.id, statusUrl }, { status: 202, headers: { Location: statusUrl } });
    } finally {
      await upload.cleanup();
    }
  },
});

export const loader = api.loader;
export const action = api.action;
