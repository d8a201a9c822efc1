import crypto from "node:crypto";
import { seedFailedJob, storedJob } from "../support/jobs";
import { seriousViolations } from "./axe";
import { expect, test as base } from "./fixtures";

// Issue 22 item 2 as an administrator uses it: a job that kept failing (seeded by the fixture
// below into the e2e server's jobs table) is listed under Failed with its attempts, its error and
// its times, retried from its row with a toast, and then run by the e2e server's own worker (it
// runs jobs, not schedules: JOB_SCHEDULES=0). JavaScript on at 390 and 1280 px, off at 390 px.

const test = base.extend<{ failedJob: { id: string; name: string; error: string } }>({
  failedJob: async ({}, use) => {
    // prune-attempts only deletes rate-limit counters older than a day: harmless to run in a shared database.
    const error = `Carrier API unavailable (run ${crypto.randomBytes(4).toString("hex")})`;
    await use({ ...(await seedFailedJob({ name: "prune-attempts", error })), error });
  },
});

const WIDTHS = [
  // @no-js runs it without JavaScript too (at the phone's width); @js-only keeps the laptop's to JavaScript.
  { width: 390, height: 844, tag: ["@no-js"] },
  { width: 1280, height: 800, tag: ["@js-only"] },
];

for (const size of WIDTHS) {
  test(
    `an admin retries a failed job and it runs again (${size.width} px)`,
    { tag: size.tag },
    async ({ page, admin: _signedIn, failedJob }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto("/admin/jobs?state=failed");
      await expect(page.getByRole("heading", { name: /^Failed jobs: \d+$/ })).toBeVisible();
      await expect(page.getByRole("link", { name: /^Failed/ })).toHaveAttribute("aria-current", "page");

      const row = page.locator(`[data-job-id="${failedJob.id}"]`);
      await expect(row).toContainText("prune-attempts");
      await expect(row).toContainText(failedJob.id.slice(0, 8));
      await expect(row).toContainText("Failed");
      await expect(row).toContainText(failedJob.error);
      // Four attempts: the first and three retries.
      await expect(row.locator('[data-label="Attempts"]')).toHaveText("4");
      expect(await seriousViolations(page)).toEqual([]);

      await row.getByRole("button", { name: `Retry job prune-attempts ${failedJob.id.slice(0, 8)}` }).click();
      await expect(page.getByText("Job queued to run again")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/jobs\?state=failed$/);
      await expect(row).toHaveCount(0);

      // The e2e server's worker takes it and completes it.
      await expect.poll(async () => (await storedJob(failedJob.id))?.state, { timeout: 15_000 }).toBe("completed");
      await page.goto("/admin/jobs?state=completed");
      await expect(row).toContainText("Completed");
      await expect(row.locator('[data-label="Attempts"]')).toHaveText("5");
      await expect(row.getByRole("button", { name: /^Retry/ })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
}
