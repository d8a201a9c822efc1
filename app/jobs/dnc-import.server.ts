import { DNC_IMPORT_JOB } from "~/domain/dnc";
import { failDncImport, runDncImport } from "~/services/dnc-import.server";
import { jobErrorMessage, type JobDefinition } from "./engine.server";

const RETRY_LIMIT = 3;

/**
 * The job that lists one uploaded file's numbers (issue 25 item 1, decision 069). Each chunk of
 * 10,000 values is one transaction that also deletes the chunk and adds its counts, so an attempt
 * that fails (or a process killed mid-chunk) goes on from the first chunk left. The last failed
 * attempt marks the import failed with the error's masked first line.
 */
export const DNC_IMPORT_JOBS = {
  [DNC_IMPORT_JOB]: {
    handler: async (job) => {
      const importId = String(job.data.importId ?? "");
      try {
        await runDncImport(importId);
      } catch (error) {
        await failDncImport(importId, jobErrorMessage(error), { final: job.attempt > RETRY_LIMIT });
        throw error;
      }
    },
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 10,
    // A million numbers take about a minute here; the lease leaves room for a slow database.
    expireInSeconds: 30 * 60,
  },
} satisfies Record<string, JobDefinition>;
