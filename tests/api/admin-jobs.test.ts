import crypto from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { stopJobs } from "~/jobs/index.server";
import { action as pageAction, loader as pageLoader } from "~/routes/admin+/jobs";
import { loader as listLoader } from "~/routes/api+/admin.jobs";
import { action as retryAction } from "~/routes/api+/admin.jobs.$id.retry";
import { listJobs } from "~/services/jobs.server";
import type { JobView } from "~/services/jobs.server";
import { readToast } from "~/utils/toast.server";
import { createAgent, signInAs, signedInAdmin } from "../support/factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";
import { storedJob, testEngine, uniqueJobName } from "../support/jobs";

// /admin/jobs and GET /api/admin/jobs, POST /api/admin/jobs/{id}/retry on the run's database (the
// pg-boss table on Postgres, the SQLite runner's otherwise): one shape, admins only, filters and
// pages in the database, a failed job run again.

type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };

afterAll(async () => {
  // The retries went through the app's engine (not started here): its pool is closed.
  await stopJobs();
});

/** A job of its own queue that ran once and ended as `outcome`, its engine stopped again. */
async function ranJob(outcome: "failed" | "completed", message = "Carrier API unavailable") {
  const name = uniqueJobName(`admin-${outcome}`);
  const engine = testEngine({
    jobs: {
      [name]: {
        handler: async () => {
          if (outcome === "failed") throw new Error(message);
        },
        retryLimit: 0,
      },
    },
  });
  const id = (await engine.enqueue(name))!;
  await engine.start();
  try {
    await vi.waitFor(
      async () => {
        if ((await storedJob(id))?.state !== outcome) throw new Error("not yet");
      },
      { timeout: 20_000, interval: 50 },
    );
  } finally {
    await engine.stop();
  }
  return { id, name };
}

async function toastOf(res: Response) {
  const cookie = setCookieOf(res).split(";")[0]!;
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

describe("GET /api/admin/jobs", () => {
  it("lists jobs newest first in one shape, filtered by state and paged in the database", async () => {
    const { cookie } = await signedInAdmin();
    const failed = await ranJob("failed", 'Carrier refused "ann@example.com"');
    const completed = await ranJob("completed");

    const res = await callRoute(listLoader, { path: "/api/admin/jobs?pageSize=500", cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const rows = await jsonOf<JobView[]>(res);
    expect(Number(res.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(2);
    const ids = rows.map((row) => row.id);
    expect(ids.indexOf(completed.id)).toBeLessThan(ids.indexOf(failed.id));
    const failedRow = rows.find((row) => row.id === failed.id)!;
    expect(failedRow).toEqual({
      id: failed.id,
      name: failed.name,
      state: "failed",
      attempts: 1,
      lastError: 'Carrier refused "…"',
      createdAt: expect.any(String),
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(Date.parse(failedRow.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(failedRow.startedAt!));
    expect(rows.find((row) => row.id === completed.id)).toMatchObject({ state: "completed", lastError: null });
    // Never the payload.
    expect(Object.keys(failedRow)).not.toContain("data");

    const onlyFailed = await jsonOf<JobView[]>(
      await callRoute(listLoader, { path: "/api/admin/jobs?state=failed&pageSize=500", cookie }),
    );
    expect(onlyFailed.every((row) => row.state === "failed")).toBe(true);
    expect(onlyFailed.map((row) => row.id)).toContain(failed.id);

    const second = await callRoute(listLoader, { path: "/api/admin/jobs?pageSize=1&page=2", cookie });
    expect(await jsonOf<JobView[]>(second)).toEqual([rows[1]]);
  });

  it("refuses a bad state, page or page size with 400 at the field", async () => {
    const { cookie } = await signedInAdmin();
    const badState = await callRoute(listLoader, { path: "/api/admin/jobs?state=exploded", cookie });
    expect(badState.status).toBe(400);
    expect(await jsonOf<ErrorBody>(badState)).toMatchObject({
      error: "State must be one of: all, failed, active, created, retry, completed",
      fieldErrors: { state: ["State must be one of: all, failed, active, created, retry, completed"] },
    });
    const badPage = await callRoute(listLoader, { path: "/api/admin/jobs?page=0", cookie });
    expect(badPage.status).toBe(400);
    expect((await jsonOf<ErrorBody>(badPage)).fieldErrors?.page).toEqual(["Page starts at 1"]);
    expect((await callRoute(listLoader, { path: "/api/admin/jobs?page=x", cookie })).status).toBe(400);
    expect((await callRoute(listLoader, { path: "/api/admin/jobs?pageSize=501", cookie })).status).toBe(400);
  });

  it("is for admins only: 401 signed out, 403 for an agent, in the service too", async () => {
    expect((await callRoute(listLoader, { path: "/api/admin/jobs" })).status).toBe(401);
    const { user } = await createAgent();
    const { cookie, actor } = await signInAs(user);
    expect((await callRoute(listLoader, { path: "/api/admin/jobs", cookie })).status).toBe(403);
    await expect(listJobs(actor, { state: "all", page: 1, pageSize: 10 })).rejects.toMatchObject({ status: 403 });
  });
});

describe("POST /api/admin/jobs/{id}/retry", () => {
  const retry = (id: string, cookie?: string) =>
    callRoute(retryAction, { method: "POST", path: `/api/admin/jobs/${id}/retry`, params: { id }, cookie });

  it("puts a failed job back to run, with one more attempt allowed", async () => {
    const { cookie } = await signedInAdmin();
    const failed = await ranJob("failed");
    const res = await retry(failed.id, cookie);
    expect(res.status).toBe(200);
    const body = await jsonOf<{ message: string; job: JobView }>(res);
    expect(body.message).toBe("Job queued to run again");
    expect(body.job).toMatchObject({ id: failed.id, state: "retry", attempts: 1, finishedAt: null });
    expect((await storedJob(failed.id))!.state).toBe("retry");
    // Retried once, it is no longer failed.
    expect((await retry(failed.id, cookie)).status).toBe(409);
  });

  it("answers 404 for an unknown or malformed id and 409 for a job that is not failed", async () => {
    const { cookie } = await signedInAdmin();
    const completed = await ranJob("completed");
    for (const id of [crypto.randomUUID(), "not-a-uuid", "%27%20OR%201%3D1"]) {
      const res = await retry(id, cookie);
      expect(res.status).toBe(404);
      expect((await jsonOf<ErrorBody>(res)).error).toBe("Job not found");
    }
    const res = await retry(completed.id, cookie);
    expect(res.status).toBe(409);
    expect((await jsonOf<ErrorBody>(res)).error).toBe("Only a failed job can be retried");
    expect((await storedJob(completed.id))!.state).toBe("completed");
  });

  it("is for admins only: 401 signed out, 403 for an agent, and the job stays failed", async () => {
    const failed = await ranJob("failed");
    expect((await retry(failed.id)).status).toBe(401);
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    expect((await retry(failed.id, cookie)).status).toBe(403);
    expect((await storedJob(failed.id))!.state).toBe("failed");
  });
});

describe("/admin/jobs", () => {
  it("reads its state and page from the URL, leniently, with the counts of every tab", async () => {
    const { cookie } = await signedInAdmin();
    const failed = await ranJob("failed");
    const res = await callRoute(pageLoader, { path: "/admin/jobs?state=failed", cookie });
    const data = await jsonOf<{ list: { rows: JobView[] }; counts: Record<string, number>; state: string }>(res);
    expect(data.state).toBe("failed");
    expect(data.list.rows.map((row) => row.id)).toContain(failed.id);
    expect(data.counts.failed).toBeGreaterThanOrEqual(1);
    expect(data.counts.all).toBeGreaterThanOrEqual(data.counts.failed + data.counts.completed);
    const lenient = await jsonOf<{ state: string }>(
      await callRoute(pageLoader, { path: "/admin/jobs?state=nope&page=-3", cookie }),
    );
    expect(lenient.state).toBe("all");
  });

  it("retries a failed job from its Retry button with a toast, and refuses one that is not failed", async () => {
    const { cookie } = await signedInAdmin();
    const failed = await ranJob("failed");
    const res = await callRoute(pageAction, {
      path: "/admin/jobs?state=failed",
      form: { intent: "retry", id: failed.id },
      cookie,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/jobs?state=failed");
    expect(await toastOf(res)).toMatchObject({ title: "Job queued to run again", description: failed.name });
    expect((await storedJob(failed.id))!.state).toBe("retry");

    const again = await callRoute(pageAction, {
      path: "/admin/jobs",
      form: { intent: "retry", id: failed.id },
      cookie,
    });
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      title: "Failed to retry job",
      description: "Only a failed job can be retried",
    });
  });

  it("is for admins only: an agent is sent home and the job stays failed", async () => {
    const failed = await ranJob("failed");
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const page = await callRoute(pageLoader, { path: "/admin/jobs", cookie });
    expect([page.status, page.headers.get("Location")]).toEqual([302, "/"]);
    const post = await callRoute(pageAction, { path: "/admin/jobs", form: { intent: "retry", id: failed.id }, cookie });
    expect([post.status, post.headers.get("Location")]).toEqual([302, "/"]);
    expect((await storedJob(failed.id))!.state).toBe("failed");
  });
});
