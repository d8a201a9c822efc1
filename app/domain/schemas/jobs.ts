import { z } from "zod";
import { pagingSchema } from "../list-query";
import type { JobState } from "../statuses";

/** The admin's job list filters (?state=): every job, or those of one state. */
export const JOB_FILTERS = ["all", "failed", "active", "created", "retry", "completed"] as const satisfies readonly (
  "all" | JobState
)[];
export type JobFilter = (typeof JOB_FILTERS)[number];

const JOBS_PAGE_SIZE = 25;

/** GET /api/admin/jobs?state=&page=&pageSize=: strict, a bad value is a 400 naming its field. */
export const jobListApiQuery = pagingSchema.extend({
  state: z
    .enum(JOB_FILTERS, { errorMap: () => ({ message: `State must be one of: ${JOB_FILTERS.join(", ")}` }) })
    .default("all"),
});
export type JobListQuery = z.output<typeof jobListApiQuery>;

/** The page's reading of its URL: lenient, anything unreadable is the default (all, page 1). */
export function jobListFromSearch(search: URLSearchParams): JobListQuery {
  const state = JOB_FILTERS.find((filter) => filter === search.get("state")) ?? "all";
  const page = pagingSchema.shape.page.safeParse(search.get("page") || undefined);
  return { state, page: page.success ? page.data : 1, pageSize: JOBS_PAGE_SIZE };
}
