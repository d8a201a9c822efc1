import type { Locator, Page } from "@playwright/test";
import { PaymentTracking } from "~db";
import { uniqueName } from "../support/application-factories";
import { createPoliciesDueTodayAndTomorrow, createSoldPolicy } from "../support/retention-factories";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { isNoJs, noJsAtPhoneWidth, screenshot } from "./helpers";

// Issue 13, item 3, "Done means": an administrator marks payments on both retention screens
// (Retention Management's first two unpaid months, retention by sale's nine slots) and sees the
// success rate move, JavaScript on (a status saves when chosen) at a phone's width and a laptop's,
// and off (its Save button) at the phone's. The cards count every sold policy in the database, so
// the test keeps to its own agent with the Agent filter.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

function toast(page: Page) {
  return page.locator("#toast-region");
}

function card(page: Page, label: string) {
  return page.locator("section").filter({ has: page.getByText(label, { exact: true }) });
}

/** Chooses a month's status in `scope`: saved at once with JavaScript, by its Save button without. */
async function choose(
  page: Page,
  scope: Locator,
  name: string,
  label: "Paid" | "Not Paid" | "Cancelled",
  noJs: boolean,
) {
  await scope.getByLabel(name, { exact: true }).selectOption({ label });
  if (noJs) await scope.getByRole("button", { name: `Save ${name}` }).click();
  await expect(toast(page)).toContainText("Payment Status Updated");
  await expect(toast(page)).toContainText("The payment status has been successfully updated");
}

const storedStatus = async (id: string) => (await PaymentTracking.findByPk(id, { attributes: ["status"] }))!.status;

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

for (const size of WIDTHS) {
  test(`an admin marks payments on both retention screens and sees the success rate move (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin: _admin,
    factory,
  }, testInfo) => {
    const noJs = isNoJs(testInfo);
    await page.setViewportSize(size);
    const agent = await factory.agent();
    // Days in the admin's time zone (the fixtures' admins are on Eastern time).
    const { dueToday, dueTomorrow } = await createPoliciesDueTodayAndTomorrow(agent.agentId, "America/New_York");

    await page.goto("/admin/dashboard");
    if (size.width < 1024) await page.getByRole("checkbox", { name: "Menu" }).check();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Retention Tracking" }).click();
    await expect(page).toHaveURL(/\/admin\/retention$/);
    await expect(page.getByRole("heading", { name: "Retention Management" })).toBeVisible();

    // Keep to this test's agent, so the cards count only its two sales.
    await page.getByLabel("Agent", { exact: true }).selectOption({ label: agent.name });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`agentId=${agent.agentId}`));
    await expect(card(page, "Total Accounts")).toContainText("2");
    await expect(card(page, "Payments Due Soon")).toContainText("1 due today, 1 due tomorrow");
    await expect(card(page, "Payment Success Rate")).toContainText("0%");
    await expect(card(page, "Total Payments")).toContainText("0/18");

    const todayRow = page.locator(`#account-${dueToday.id}`);
    const tomorrowRow = page.locator(`#account-${dueTomorrow.id}`);
    await expect(todayRow.getByText("Due Today")).toBeVisible();
    await expect(tomorrowRow.getByText("Due Tomorrow")).toBeVisible();
    // The first two unpaid months have a select each.
    await expect(todayRow.getByRole("combobox")).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, `admin-retention-${size.width}`);

    // Month 1 paid: no longer due today, and the rate moves to 1 of 18.
    await choose(page, todayRow, `Month 1 payment status for ${dueToday.name}`, "Paid", noJs);
    await expect(card(page, "Payment Success Rate")).toContainText("6%");
    await expect(card(page, "Total Payments")).toContainText("1/18");
    await expect(card(page, "Payments Due Soon")).toContainText("0 due today, 1 due tomorrow");
    await expect(todayRow.getByText("Due Today")).toHaveCount(0);
    // The next unpaid months take its place: months 2 and 3.
    await expect(todayRow.getByLabel(`Month 3 payment status for ${dueToday.name}`, { exact: true })).toBeVisible();
    expect(await storedStatus(dueToday.payments[0]!.id)).toBe("paid");

    // Retention by sale, the same agent: one card per sale with its nine slots.
    await page.getByRole("link", { name: "View by sale" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/retention-detailed\\?agentId=${agent.agentId}`));
    await expect(page.getByRole("heading", { name: "Retention by Sale" })).toBeVisible();
    const sale = page.getByRole("article", { name: dueToday.name });
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(sale.getByRole("listitem")).toHaveCount(9);
    await expect(sale.getByRole("listitem").first()).toContainText("Month 1");
    await expect(sale.getByRole("listitem").first()).toContainText("Paid");

    // The payment filter: only the sale with a paid month.
    await page
      .getByRole("navigation", { name: "Filter by payment status" })
      .getByRole("link", { name: "Paid", exact: true })
      .click();
    await expect(page).toHaveURL(/paymentStatus=paid/);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(sale).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, `admin-retention-by-sale-${size.width}`);

    await choose(page, sale, `Month 2 payment status for ${dueToday.name}`, "Paid", noJs);
    await expect(sale.getByRole("listitem").nth(1)).toHaveAttribute("data-payment-status", "paid");
    expect(await storedStatus(dueToday.payments[1]!.id)).toBe("paid");
    await choose(page, sale, `Month 9 payment status for ${dueToday.name}`, "Cancelled", noJs);
    await expect(sale.getByRole("listitem").nth(8)).toHaveAttribute("data-payment-status", "cancelled");
    await choose(page, sale, `Month 9 payment status for ${dueToday.name}`, "Not Paid", noJs);
    await expect(sale.getByRole("listitem").nth(8)).toHaveAttribute("data-payment-status", "not_paid");

    await page
      .getByRole("navigation", { name: "Filter by payment status" })
      .getByRole("link", { name: "Cancelled" })
      .click();
    await expect(page.getByText("No sales found with the selected criteria.")).toBeVisible();

    // Back on Retention Management: 2 of 18 paid.
    await page.getByRole("link", { name: "View accounts" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/retention\\?agentId=${agent.agentId}$`));
    await expect(card(page, "Payment Success Rate")).toContainText("11%");
    await expect(card(page, "Total Payments")).toContainText("2/18");
  });
}

test("the Save buttons are there only without JavaScript @no-js", async ({
  page,
  admin: _admin,
  factory,
}, testInfo) => {
  const agent = await factory.agent();
  const policy = await createSoldPolicy(agent.agentId, { firstDue: "2030-01-15", lastName: uniqueName("Buttons") });
  await page.goto(`/admin/retention-detailed?agentId=${agent.agentId}`);
  const saves = page.getByRole("article", { name: policy.name }).getByRole("button", { name: /^Save Month/ });
  await expect(saves).toHaveCount(isNoJs(testInfo) ? 9 : 0);
});
