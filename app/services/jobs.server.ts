import { z } from "zod";
import { isPostgres } from "~db";
import { jobErrorMessage } from "~/jobs/engine.server";
import { retryJob } from "~/jobs/index.server";
import type { JobFilter, JobListQuery } from "~/domain/schemas/jobs";
import { JOB_FILTERS } from "~/domain/schemas/jobs";
import { JOB_STATES, type JobState } from "~/domain/statuses";
import type { Page } from "~/utils/list";
import { conflict, notFound } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { and, column, countBy, raw, selectOne, sql, sqlPage } from "./sql/reads.server";

/**
 * The background jobs as administrators see them (/admin/jobs, GET /api/admin/jobs): pg-boss's
 * table on Postgres, the SQLite runner's otherwise, read into one shape. What a job holds that
 * could be personal (its payload) is never read; its error is the masked message the engines
 * stored (app/jobs/engine.server.ts), masked once more as it is read.
 */
export type JobView = {
  id: string;
  name: string;
  state: JobState;
  /** Attempts started: 0 while it waits for its first. */
  attempts: number;
  /** The last failed attempt's message, while the job has not completed. */
  lastError: string | null;
  createdAt: string;
  /** When its latest attempt started. */
  startedAt: string | null;
  /** When it completed, or was given up as failed. */
  finishedAt: string | null;
};

// The same columns from either table. pg-boss's own queues (its cron's __pgboss__send-it) are left
// out. Its error output is { message } for a handler's failure (JobFailure), { value: { message } }
// for an expired lease and { value: "..." } for a job failed at shutdown.
const SOURCE = isPostgres
  ? {
      select: raw(`id::text AS id, name, state::text AS state, retry_count AS "retryCount",
        COALESCE(output->>'message', output->'value'->>'message', output->>'value') AS "lastError",
        created_on AS "createdAt", started_on AS "startedAt", completed_on AS "finishedAt"`),
      from: raw("pgboss.job"),
      visible: raw("NOT starts_with(name, '__pgboss__')"),
      state: raw("state::text"),
      newestFirst: raw("created_on DESC, id DESC"),
    }
  : {
      select: raw(`id, name, state, retry_count AS "retryCount", last_error AS "lastError",
        created_at AS "createdAt", started_at AS "startedAt", finished_at AS "finishedAt"`),
      from: raw("jobs"),
      visible: raw("1 = 1"),
      state: raw("state"),
      newestFirst: raw("created_at DESC, id DESC"),
    };

const FINISHED: readonly JobState[] = ["completed", "failed", "cancelled"];

// Postgres answers timestamps as Dates; the SQLite table keeps epoch milliseconds (column.date reads both).
const JobRow = z
  .object({
    id: column.text,
    name: column.text,
    state: z.enum(JOB_STATES),
    retryCount: column.integer,
    lastError: column.text.nullable(),
    createdAt: column.isoDate,
    startedAt: column.isoDate.nullable(),
    finishedAt: column.isoDate.nullable(),
  })
  .transform((row): JobView => ({
    id: row.id,
    name: row.name,
    state: row.state,
    attempts: row.retryCount + (row.startedAt ? 1 : 0),
    lastError: row.state !== "completed" && row.lastError ? jobErrorMessage(row.lastError) : null,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    // pg-boss keeps a failed job's time when it is retried; it counts only once the job has ended.
    finishedAt: FINISHED.includes(row.state) ? row.finishedAt : null,
  }));

/** A page of jobs, newest first, all or of one state, paged in the database. */
export async function listJobs(actor: SessionUser, query: JobListQuery): Promise<Page<JobView>> {
  assertAdmin(actor);
  return sqlPage(
    {
      select: SOURCE.select,
      from: SOURCE.from,
      where: and([SOURCE.visible, query.state !== "all" && sql`${SOURCE.state} = ${query.state}`]),
      orderBy: SOURCE.newestFirst,
    },
    query,
    JobRow,
  );
}

/** How many jobs each filter tab holds, in one GROUP BY. */
export async function countJobsByState(actor: SessionUser): Promise<Record<JobFilter, number>> {
  assertAdmin(actor);
  const states = JOB_FILTERS.filter((filter): filter is Exclude<JobFilter, "all"> => filter !== "all");
  return countBy({ column: SOURCE.state, from: SOURCE.from, where: SOURCE.visible }, states);
}

const JOB_NOT_FOUND = "Job not found";

async function findJob(id: string): Promise<JobView> {
  if (!isUuid(id)) throw notFound(JOB_NOT_FOUND);
  const job = await selectOne(
    sql`SELECT ${SOURCE.select} FROM ${SOURCE.from} WHERE ${SOURCE.visible} AND id = ${id}`,
    JobRow,
  );
  if (!job) throw notFound(JOB_NOT_FOUND);
  return job;
}

/**
 * Runs a failed job again, with one more attempt allowed: 404 for an unknown or malformed id,
 * 409 for a job that is not failed. Answers the job as it now is (waiting to be retried, or
 * already taken by a worker).
 */
export async function retryFailedJob(actor: SessionUser, id: string): Promise<JobView> {
  assertAdmin(actor);
  const job = await findJob(id);
  if (job.state !== "failed" || (await retryJob(id)) !== "retried") {
    throw conflict("Only a failed job can be retried");
  }
  return findJob(id);
}
