import { expect, isNoJs, test } from "./fixtures";

// The dashboards' period selector (item 13 of issue 9): a custom range that cannot be shown is
// never silently replaced; the dates stay in the boxes and the reason is at the field. What a page
// shows for a refused range in its URL (reversed, a day that does not exist, a far-off day on
// every period page) is read from the rendered pages in tests/api/page-renders.test.ts; here, the
// choosing.

test.describe("period selector", () => {
  test("choosing a reversed range is caught at the end date, and a good one applies @no-js", async ({
    page,
    admin: _admin,
  }, testInfo) => {
    await page.goto("/admin/dashboard");
    await page.getByLabel("Period").selectOption("custom");
    await page.getByLabel("Start date").fill("2026-03-10");
    await page.getByLabel("End date").fill("2026-03-01");
    if (isNoJs(testInfo)) {
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/startDate=2026-03-10&endDate=2026-03-01/);
    } else {
      // With JavaScript the range is checked as it is typed, and Apply waits for a good one.
      await expect(page.getByRole("button", { name: "Apply" })).toBeDisabled();
    }
    await expect(page.getByText("End date must be on or after the start date.")).toBeVisible();
    await expect(page.getByLabel("Start date")).toHaveValue("2026-03-10");

    await page.getByLabel("End date").fill("2026-03-31");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/period=custom&startDate=2026-03-10&endDate=2026-03-31/);
    await expect(page.getByLabel("Period")).toHaveValue("custom");
    await expect(page.getByText("End date must be on or after the start date.")).toHaveCount(0);
    await expect(page.getByText("Custom range", { exact: true })).toBeVisible();
  });
});
