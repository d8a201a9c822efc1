import { WEBHOOK_DELIVERY_JOB } from "~/domain/webhooks";
import { deliverWebhook, pruneWebhookDeliveries, webhooksWithDueDeliveries } from "~/services/webhook-delivery.server";
import type { JobDefinition, JobSchedule } from "./engine.server";
import { enqueueJob } from "./index.server";

const SWEEP_JOB = "sweep-webhooks";

/**
 * Outbound webhooks (docs/decisions/083-webhooks.md). `deliver-webhooks` sends one endpoint's due
 * deliveries in order; a delivery's own retries are its rows' (next_attempt_at, 24 hours), so the
 * job succeeds after a receiver's refusal and enqueues itself for the retry. The engine's retries
 * are for the job's own failures (the database away). `sweep-webhooks` wakes every endpoint with a
 * delivery due and no worker sending: a wake-up lost in a crash between a commit and its enqueue
 * delays a delivery by at most five minutes. It also deletes the deliveries finished more than 30
 * days ago, so the log keeps a month.
 */
export const WEBHOOK_JOBS = {
  [WEBHOOK_DELIVERY_JOB]: {
    handler: async (job) => {
      const retryAt = await deliverWebhook(String(job.data.webhookId ?? ""));
      // A second after it is due: a job started a moment early (another machine's clock) would find
      // it not due and leave it to the sweep.
      const startAfter = retryAt && new Date(retryAt.getTime() + 1_000);
      if (startAfter) await enqueueJob(WEBHOOK_DELIVERY_JOB, { webhookId: job.data.webhookId }, { startAfter });
    },
    retryLimit: 5,
    retryDelaySeconds: 30,
    // Each attempt times out after 10 s; a long queue of deliveries renews its lease as it goes.
    expireInSeconds: 30 * 60,
  },
  [SWEEP_JOB]: {
    handler: async () => {
      const now = new Date();
      for (const webhookId of await webhooksWithDueDeliveries(now)) {
        await enqueueJob(WEBHOOK_DELIVERY_JOB, { webhookId });
      }
      await pruneWebhookDeliveries(now);
    },
    retryLimit: 1,
  },
} satisfies Record<string, JobDefinition>;

export const WEBHOOK_SCHEDULES: JobSchedule[] = [{ name: SWEEP_JOB, cron: "*/5 * * * *" }];
