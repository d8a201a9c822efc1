import { LEAD_IMPORT_MESSAGES } from "~/domain/lead-import";
import { ServiceError } from "~/services/errors.server";
import {
  discardLeadImport,
  getLeadImport,
  importChoicesFrom,
  stageLeadImport,
  startLeadImport,
} from "~/services/lead-import.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { readImportUpload } from "~/utils/lead-import-upload.server";

/**
 * POST /api/admin/leads/import (multipart/form-data: file, mapping, sourceId, distribution, and
 * agentId when distribution is "agent"): keeps the file's rows and queues the import; answers 202
 * { importId }, its progress at GET /api/admin/imports/{importId}. Without `mapping` the columns
 * are mapped as the page guesses them from the header. A refused choice discards the upload.
 */
const api = apiRoute({
  POST: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    const upload = await readImportUpload(request);
    try {
      if (!upload.file) {
        throw new ServiceError(400, LEAD_IMPORT_MESSAGES.fileMissing, { file: [LEAD_IMPORT_MESSAGES.fileMissing] });
      }
      const staged = await stageLeadImport(actor, upload.file);
      try {
        const { choices, mappingError } = importChoicesFrom(upload.fields, await getLeadImport(actor, staged.id));
        const importId = await startLeadImport(actor, staged.id, choices, mappingError);
        return apiJson({ importId }, { status: 202, headers: { Location: `/api/admin/imports/${importId}` } });
      } catch (error) {
        await discardLeadImport(actor, staged.id);
        throw error;
      }
    } finally {
      await upload.cleanup();
    }
  },
});

export const loader = api.loader;
export const action = api.action;
