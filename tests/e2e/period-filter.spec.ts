import type { Page } from "@playwright/test";
import { expect, isNoJs, test } from "./fixtures";

// The dashboards' period selector (item 13 of issue 9): a custom range that cannot be shown is
// never silently replaced; the dates stay in the boxes and the reason is at the field.

test.describe("period selector", () => {
  test("a reversed custom range keeps both dates and says why the default period is shown", async ({
    page,
    admin: _admin,
  }) => {
    await page.goto("/admin/dashboard?period=custom&startDate=2026-03-10&endDate=2026-03-01");
    await expect(page.getByLabel("Period")).toHaveValue("custom");
    await expect(page.getByLabel("Start date")).toHaveValue("2026-03-10");
    await expect(page.getByLabel("End date")).toHaveValue("2026-03-01");
    await expect(page.getByLabel("End date")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("End date must be on or after the start date.")).toBeVisible();
    await expect(page.getByText("The custom range cannot be shown, so these figures are for Today.")).toBeVisible();
  });

  test("an impossible date in the URL is named at its field, not a server error", async ({ page, agent: _agent }) => {
    const res = await page.goto("/agent/dashboard?period=custom&startDate=2023-02-29&endDate=2023-03-01");
    expect(res?.status()).toBe(200);
    await expect(page.getByLabel("Period")).toHaveValue("custom");
    await expect(page.getByText("That date does not exist")).toBeVisible();
    await expect(page.getByLabel("End date")).toHaveValue("2023-03-01");
    await expect(page.getByText("these figures are for All Time")).toBeVisible();
  });

  // A real day far off (the year 100) was a 500 on Postgres on the dashboards, orders, premiums
  // and commissions; now it is refused at its field and the page shows its default period.
  async function expectFarOffDayRefused(page: Page, paths: readonly string[]) {
    for (const path of paths) {
      const res = await page.goto(`${path}?period=custom&startDate=0100-01-01&endDate=2026-01-01`);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByLabel("Start date")).toHaveValue("0100-01-01");
      await expect(page.getByText("Choose a date from 1970-01-01 to 2999-12-31.")).toBeVisible();
      await expect(page.getByLabel("Start date")).toHaveAttribute("aria-invalid", "true");
    }
  }

  test("a far-off day is named at its field on the admin's period pages", async ({ page, admin: _admin }) => {
    await expectFarOffDayRefused(page, ["/admin/dashboard", "/admin/orders", "/admin/premiums"]);
  });

  test("a far-off day is named at its field on the agent's period pages", async ({ page, agent: _agent }) => {
    await expectFarOffDayRefused(page, ["/agent/dashboard", "/agent/commissions"]);
  });

  test("choosing a reversed range is caught at the end date, and a good one applies", async ({
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
