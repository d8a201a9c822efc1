import { LEAD_IMPORT_JOB } from "~/domain/lead-import";
import { failLeadImport, runLeadImport } from "~/services/lead-import.server";
import { jobErrorMessage, type JobDefinition } from "./engine.server";

const RETRY_LIMIT = 3;

/**
 * The job that imports one uploaded CSV's rows (issue 24 item 4, decision 062). Each batch of rows is one transaction that also moves the import's `processed` past it, so an
 * attempt that fails (or a process killed mid-batch) leaves no batch half-imported, and the next
 * attempt goes on from the first row not yet processed. The last failed attempt marks the import
 * failed with the error's masked first line.
 */
export const LEAD_IMPORT_JOBS = {
  [LEAD_IMPORT_JOB]: {
    handler: async (job) => {
      const importId = String(job.data.importId ?? "");
      try {
        await runLeadImport(importId);
      } catch (error) {
        await failLeadImport(importId, jobErrorMessage(error), { final: job.attempt > RETRY_LIMIT });
        throw error;
      }
    },
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 10,
    // 50,000 rows take about a minute here; the lease leaves room for a slow database.
    expireInSeconds: 60 * 60,
  },
} satisfies Record<string, JobDefinition>;
