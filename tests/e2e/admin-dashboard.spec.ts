import type { Page } from "@playwright/test";
import { Application } from "~db";
import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, test } from "./fixtures";

// The admin dashboard's Sales Performance chart (issue 12 item 6), at a phone's width and a
// laptop's with JavaScript and at the phone's without: 7D, 30D and 90D are links that keep the
// period, the period selector keeps the chart's span, and the days are also a table behind "Show as
// table".

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

function span(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Sales Performance span" }).getByRole("link", { name, exact: true });
}

const dayRows = (page: Page) => page.locator("details", { hasText: "Show as table" }).locator("tbody tr");

for (const size of WIDTHS) {
  test(`the admin switches the Sales Performance chart between 7D, 30D and 90D (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin: _admin,
    factory,
  }, testInfo) => {
    // Five page loads and two axe runs on a machine shared with other builds.
    test.slow();
    await page.setViewportSize(size);
    const lead = await factory.lead(await factory.agent(), { status: "sale", monthlyPremiumCents: 5_000 });
    await Application.update({ soldAt: new Date() }, { where: { id: lead.id } });

    await page.goto("/admin/dashboard?period=thismonth");
    await expect(page.getByRole("heading", { name: "Sales Performance" })).toBeVisible();
    // The heading says Performance Overview once; the header's subtitle does not repeat it (audit item 23).
    await expect(page.getByText("Performance Overview", { exact: true })).toHaveCount(1);
    // The spec's View All beside Recent Leads, and ours beside Recent Activity.
    await expect(page.getByRole("link", { name: "View All leads" })).toHaveAttribute("href", "/admin/leads");
    await expect(page.getByRole("link", { name: "View All activity" })).toHaveAttribute("href", "/admin/activity");
    await expect(page.getByRole("img", { name: /Sales and revenue per day, last 7 days/ })).toBeVisible();
    await expect(span(page, "7D")).toHaveAttribute("aria-current", "page");
    await expect(dayRows(page)).toHaveCount(7);

    // The table: today first, with the sale made above.
    await page.getByText("Show as table").click();
    const today = dayRows(page).first();
    await expect(today).toBeVisible();
    expect(Number(await today.locator("td").first().textContent())).toBeGreaterThanOrEqual(1);
    expect(await seriousViolations(page), `7D with the table at ${size.width} px`).toEqual([]);

    await span(page, "30D").click();
    await expect(page).toHaveURL(/[?&]period=thismonth&chart=30d$/);
    await expect(span(page, "30D")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("img", { name: /last 30 days/ })).toBeVisible();
    await expect(dayRows(page)).toHaveCount(30);

    await span(page, "90D").click();
    await expect(page).toHaveURL(/chart=90d/);
    await expect(page.getByRole("img", { name: /last 90 days/ })).toBeVisible();
    await expect(dayRows(page)).toHaveCount(90);
    expect(await seriousViolations(page), `90D at ${size.width} px`).toEqual([]);

    // A new period keeps the chart's span.
    await page.getByLabel("Period").selectOption("all");
    if (isNoJs(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/period=all/);
    await expect(page).toHaveURL(/chart=90d/);
    await expect(span(page, "90D")).toHaveAttribute("aria-current", "page");

    // 7D is the default: its link drops the parameter and keeps the period.
    await span(page, "7D").click();
    await expect(page).not.toHaveURL(/chart=/);
    await expect(page).toHaveURL(/\/admin\/dashboard\?period=all/);
    await expect(dayRows(page)).toHaveCount(7);
  });
}
