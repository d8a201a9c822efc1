import { sendMissedPaymentNotices } from "~/services/at-risk.server";
import { deleteExpiredSessions, eraseAuthorisedCvvs } from "~/services/maintenance.server";
import { pruneAttempts } from "~/services/rate-limits.server";
import { sendPaymentReminders } from "~/services/retention.server";
import { logger } from "~/utils/logger.server";
import type { JobDefinition, JobSchedule } from "./engine.server";

/**
 * Housekeeping as scheduled jobs (docs/decisions/049), one name per task so each retries, fails
 * and shows on /admin/jobs on its own. Every handler may run again after a crash or a retry, or
 * on two machines at once, and do no harm (the decision record says how for each). Their errors
 * come from the database layer and are stored masked (jobErrorMessage); they name no person.
 */
export const HOUSEKEEPING_JOBS = {
  // An UPDATE of the CVVs still held whose sale is recorded or whose first draft date has passed:
  // a second run finds none left.
  "erase-cvvs": {
    handler: async (job) => {
      const erased = await eraseAuthorisedCvvs(new Date());
      logger.info({ job: job.name, jobId: job.id, erased }, "card security codes erased");
    },
    retryDelaySeconds: 60,
  },
  // DELETEs of what has expired by now: a second run deletes nothing more.
  "prune-sessions": {
    handler: async (job) => {
      const deleted = await deleteExpiredSessions(new Date());
      logger.info({ job: job.name, jobId: job.id, deleted }, "expired sessions deleted");
    },
    retryDelaySeconds: 60,
  },
  "prune-attempts": {
    handler: async () => {
      await pruneAttempts();
    },
    retryDelaySeconds: 60,
  },
  // Each payment is claimed (reminded_at set WHERE it IS NULL) in the transaction that writes its
  // notification: a second run, or one at the same time, finds it claimed (decision 026).
  "send-payment-reminders": {
    handler: async (job) => {
      const sent = await sendPaymentReminders(new Date());
      logger.info({ job: job.name, jobId: job.id, sent }, "payment reminders sent");
    },
    retryDelaySeconds: 60,
  },
  // The same claim on missed_notified_at (decision 076): a missed payment is told of once.
  "send-missed-payment-notices": {
    handler: async (job) => {
      const sent = await sendMissedPaymentNotices(new Date());
      logger.info({ job: job.name, jobId: job.id, sent }, "missed payment notices sent");
    },
    retryDelaySeconds: 60,
  },
} satisfies Record<string, JobDefinition>;

/**
 * Hourly, a few minutes apart so they never queue behind one another. Hourly is what the health
 * check's clock gave before: a CVV is erased within the hour its draft date passes, and a payment
 * reminder reaches each agent within the first hour of the day before, in their own time zone, and
 * a missed payment's notice within the first hour of its third day late. Cron in UTC.
 */
export const HOUSEKEEPING_SCHEDULES: JobSchedule[] = [
  { name: "erase-cvvs", cron: "5 * * * *" },
  { name: "send-payment-reminders", cron: "15 * * * *" },
  { name: "prune-sessions", cron: "25 * * * *" },
  { name: "prune-attempts", cron: "35 * * * *" },
  { name: "send-missed-payment-notices", cron: "45 * * * *" },
];
