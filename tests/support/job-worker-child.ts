import { isPostgres, sequelize } from "~db";
import type { EngineOptions } from "~/jobs/engine.server";
import { PgBossJobEngine } from "~/jobs/pg-boss-engine.server";
import { SqliteJobEngine } from "~/jobs/sqlite-engine.server";
import { env } from "~/utils/env.server";

/**
 * A second app process for tests/api/jobs.test.ts (`node --import tsx`, on the test's database):
 * its engine works the queue named by JOB_NAME with a handler that tells the test over IPC which
 * job it took, then never ends, so the test can kill -9 the process in the middle of the job.
 */
const name = process.env.JOB_NAME!;
const options: EngineOptions = {
  jobs: {
    [name]: {
      handler: async (job) => {
        process.send?.({ started: job.id, attempt: job.attempt });
        await new Promise(() => {});
      },
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: 2,
    },
  },
  pollingIntervalSeconds: 0.5,
};
const engine = isPostgres ? new PgBossJobEngine(env.databaseUrl, options) : new SqliteJobEngine(sequelize, options);
await engine.start();
process.send?.({ ready: true });
