import type { Page } from "@playwright/test";
import { PaymentTracking } from "~db";
import { uniqueName } from "../support/application-factories";
import { createPoliciesDueTodayAndTomorrow, createSoldPolicy } from "../support/retention-factories";
import { expect, startSession, test } from "./fixtures";
import { isNoJs, noJsAtPhoneWidth, screenshot } from "./helpers";

// The 9-Month Payment Tracker as an agent uses it (issue 11, items 2 and 3), JavaScript on (a
// status saves as soon as it is chosen) at a phone's width and a laptop's, and off (each month's
// Save button) at the phone's: the cards and DUE TODAY / DUE TOMORROW flags, months marked paid and
// one cancelled, and the empty tracker.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** The toast (with JavaScript) or banner (without) that answered the last action. */
function toast(page: Page) {
  return page.locator("#toast-region");
}

function card(page: Page, label: string) {
  return page.locator("section").filter({ has: page.getByText(label, { exact: true }) });
}

const STATUS_VALUES = { Paid: "paid", Cancelled: "cancelled", "Not Paid": "not_paid" } as const;

/**
 * Chooses a month's status: saved at once with JavaScript, with the month's Save button without.
 * Waits until the page shows what the server saved (the cell's data-payment-status comes from
 * the loader), then for the spec's toast.
 */
async function setStatus(
  page: Page,
  customer: string,
  month: number,
  label: keyof typeof STATUS_VALUES,
  noJs: boolean,
) {
  const policy = page.getByRole("article", { name: customer });
  const name = `Month ${month} payment status for ${customer}`;
  const select = policy.getByLabel(name);
  await select.selectOption({ label });
  if (noJs) await policy.getByRole("button", { name: `Save month ${month}` }).click();
  const cell = policy.getByRole("listitem").filter({ has: page.getByLabel(name) });
  await expect(cell).toHaveAttribute("data-payment-status", STATUS_VALUES[label]);
  await expect(toast(page)).toContainText("Payment Status Updated");
  await expect(toast(page)).toContainText("The payment status has been successfully updated");
}

const storedStatus = async (id: string) => (await PaymentTracking.findByPk(id, { attributes: ["status"] }))!.status;

for (const size of WIDTHS) {
  test(`an agent marks payments paid and one cancelled (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    agent,
  }, testInfo) => {
    const noJs = isNoJs(testInfo);
    await page.setViewportSize(size);
    // Days in the agent's time zone (the fixtures' agents are on Eastern time).
    const { dueToday, dueTomorrow } = await createPoliciesDueTodayAndTomorrow(agent.agentId, "America/New_York");

    await page.goto("/agent/dashboard");
    // On a phone the sidebar is a drawer behind the menu button.
    if (size.width < 1024) await page.getByRole("checkbox", { name: "Menu" }).check();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Retention" }).click();
    await expect(page).toHaveURL(/\/agent\/retention$/);
    await expect(page.getByRole("heading", { name: "9-Month Payment Tracker" })).toBeVisible();
    await expect(card(page, "Active Accounts")).toContainText("2");
    await expect(card(page, "Monthly Revenue")).toContainText("$125.50");
    await expect(card(page, "Payments Due")).toContainText("1 due today");
    await expect(card(page, "Payments Due")).toContainText("1 due tomorrow");

    const first = page.getByRole("article", { name: dueToday.name });
    await expect(first.getByText("DUE TODAY")).toBeVisible();
    await expect(page.getByRole("article", { name: dueTomorrow.name }).getByText("DUE TOMORROW")).toBeVisible();
    await expect(first.getByRole("listitem")).toHaveCount(9);
    // Nothing is clipped: the page is no wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await screenshot(page, testInfo, `retention-${size.width}`);

    // Month 1 is paid: no longer due today.
    await setStatus(page, dueToday.name, 1, "Paid", noJs);
    await expect(card(page, "Payments Due")).toContainText("0 due today");
    await expect(first.getByText("DUE TODAY")).toHaveCount(0);
    await expect(first.getByLabel(`Month 1 payment status for ${dueToday.name}`)).toHaveValue("paid");
    expect(await storedStatus(dueToday.payments[0]!.id)).toBe("paid");

    await setStatus(page, dueToday.name, 2, "Paid", noJs);
    expect(await storedStatus(dueToday.payments[1]!.id)).toBe("paid");

    // Month 3 is cancelled: the policy lapses and leaves the active accounts.
    await setStatus(page, dueToday.name, 3, "Cancelled", noJs);
    expect(await storedStatus(dueToday.payments[2]!.id)).toBe("cancelled");
    await expect(first.getByText("Lapsed")).toBeVisible();
    await expect(card(page, "Active Accounts")).toContainText("1");
    await expect(card(page, "Monthly Revenue")).toContainText("$40.00");
    await screenshot(page, testInfo, `retention-saved-${size.width}`);

    // Set back: the month is unpaid again and the policy active.
    await setStatus(page, dueToday.name, 3, "Not Paid", noJs);
    expect(await storedStatus(dueToday.payments[2]!.id)).toBe("not_paid");
    await expect(first.getByText("Active", { exact: true })).toBeVisible();
    await expect(card(page, "Active Accounts")).toContainText("2");
  });
}

test("the Save buttons are there only without JavaScript @no-js", async ({ page, agent }, testInfo) => {
  const policy = await createSoldPolicy(agent.agentId, { firstDue: "2030-01-15", lastName: uniqueName("Buttons") });
  await page.goto("/agent/retention");
  const saves = page.getByRole("article", { name: policy.name }).getByRole("button", { name: /^Save month/ });
  await expect(saves).toHaveCount(isNoJs(testInfo) ? 9 : 0);
});

test("an unpaid month past its due date shows OVERDUE, is counted, and the Payments Due card leads to it (audit item 21)", async ({
  page,
  agent,
  factory,
}) => {
  const late = await createSoldPolicy(agent.agentId, {
    firstDue: "2020-01-10",
    lastName: uniqueName("Late"),
    soldAt: new Date(Date.now() - 86_400_000),
  });
  const later = await createSoldPolicy(agent.agentId, { firstDue: "2099-01-10", lastName: uniqueName("Later") });
  const admin = await factory.admin();
  await page.goto("/agent/retention");
  const payments = card(page, "Payments Due");
  await expect(payments.getByText("9 overdue")).toBeVisible();
  const policy = page.getByRole("article", { name: late.name });
  await expect(policy.getByText("OVERDUE")).toHaveCount(9);
  await expect(page.getByRole("article", { name: later.name }).getByText("OVERDUE")).toHaveCount(0);

  await payments.getByRole("link", { name: "Show policies with payments due" }).click();
  await expect(page.getByRole("heading", { name: "Policies with payments due: 1" })).toBeVisible();
  await expect(page.getByRole("article", { name: late.name })).toBeVisible();
  await expect(page.getByRole("article", { name: later.name })).toHaveCount(0);

  // The admin's screens say the same, in the same word for an unpaid month.
  await startSession(page, admin);
  await page.goto(`/admin/retention?agentId=${agent.agentId}`);
  await expect(card(page, "Payments Due Soon").getByText(/9 overdue/)).toBeVisible();
  const row = page.locator(`#account-${late.id}`);
  await expect(row.getByText("Overdue").first()).toBeVisible();
  await expect(page.getByRole("main").getByText("Pending", { exact: true })).toHaveCount(0);
  await card(page, "Payments Due Soon").getByRole("link", { name: "Show accounts with payments due" }).click();
  await expect(page.locator(`#account-${late.id}`)).toBeVisible();
  await expect(page.locator(`#account-${later.id}`)).toHaveCount(0);
});
