import type { Page } from "@playwright/test";
import { PaymentTracking } from "~db";
import { uniqueName } from "../support/application-factories";
import { createSoldPolicy } from "../support/retention-factories";
import { seriousViolations, seriousViolationsWithoutJs } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, test, type TestAgent } from "./fixtures";
import { servedDocument } from "./no-js-copy";

// The commissions page (issue 11, items 4 and 5) as an agent uses it, JavaScript on and off (the
// ledger's flow at a phone's width and a laptop's with it, at the phone's without): the summary and
// the advance and chargeback ledger of their sales, Mark as Cancelled behind its confirmation
// (Commission Cancelled, and the ledger charges back what was not earned), the history's search and
// status filter, and a custom range that needs both dates.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A figure of the ledger's totals, by its label. */
function ledgerFigure(page: Page, label: string) {
  return page
    .locator("#ledger-totals dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/**
 * A sale of the agent's at 100 % of `premiumCents` a month (the commission is nine months'
 * premium), with its first months' statuses as the retention tracker would set them.
 */
async function sale(
  agent: TestAgent,
  firstName: string,
  options: { premiumCents?: number; payments?: string[]; soldAt?: Date } = {},
) {
  const policy = await createSoldPolicy(agent.agentId, { firstDue: "2026-01-15", firstName, ...options });
  for (const [index, status] of (options.payments ?? []).entries()) {
    await PaymentTracking.update({ status }, { where: { id: policy.payments[index]!.id } });
  }
  return policy;
}

function toast(page: Page) {
  return page.locator("#toast-region");
}

for (const size of WIDTHS) {
  test(`an agent reads the ledger and marks a commission cancelled (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    agent,
    factory,
  }) => {
    await page.setViewportSize(size);
    // $100 a month, three months paid: $900 advanced, $300 earned, $600 unearned.
    const paying = await sale(agent, "Paula", { premiumCents: 10_000, payments: ["paid", "paid", "paid"] });
    // $50 a month, lapsed in month 3: $450 advanced, $100 earned, $350 charged back.
    const lapsed = await sale(agent, "Larry", { premiumCents: 5_000, payments: ["paid", "paid", "cancelled"] });
    await factory.lead(agent, { firstName: "Unsold" });

    await page.goto("/agent/commissions");
    await expect(page.getByRole("heading", { name: "Commissions", level: 1 })).toBeVisible();
    await expect(page.getByText("All commissions: 2")).toBeVisible();
    await expect(page.getByText("$1,350.00").first()).toBeVisible();
    await expect(ledgerFigure(page, "Advanced")).toHaveText("$1,350.00");
    await expect(ledgerFigure(page, "Earned")).toHaveText("$400.00");
    await expect(ledgerFigure(page, "Unearned")).toHaveText("$600.00");
    await expect(ledgerFigure(page, "Charged Back")).toHaveText("$350.00");
    await expect(ledgerFigure(page, "Net Balance")).toHaveText("$1,000.00");
    const payingRow = page.locator(`#commission-${paying.id}`);
    await expect(payingRow).toContainText("3 of 9");
    await expect(payingRow).toContainText("Earned$300.00");
    await expect(payingRow).toContainText("Active");
    await expect(page.locator(`#commission-${lapsed.id}`)).toContainText("$350.00");

    await page.getByRole("link", { name: `Mark as Cancelled: ${paying.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Mark as Cancelled" });
    await expect(dialog).toContainText("$600.00 not yet earned is charged back");
    await dialog.getByRole("button", { name: "Mark as Cancelled" }).click();

    await expect(toast(page)).toContainText("Commission Cancelled");
    await expect(page).toHaveURL(/\/agent\/commissions$/);
    await expect(payingRow).toContainText("Cancelled");
    await expect(page.getByRole("link", { name: `Mark as Cancelled: ${paying.name}` })).toHaveCount(0);
    await expect(ledgerFigure(page, "Charged Back")).toHaveText("$950.00");
    await expect(ledgerFigure(page, "Net Balance")).toHaveText("$400.00");
    await expect(ledgerFigure(page, "Unearned")).toHaveText("$0.00");
  });
}

/** A month's status on the retention tracker: saved at once with JavaScript, with its Save button without. */
async function setPaymentOnTracker(page: Page, customer: string, month: number, label: string, noJs: boolean) {
  const policy = page.getByRole("article", { name: customer });
  await policy.getByLabel(`Month ${month} payment status for ${customer}`).selectOption({ label });
  if (noJs) await policy.getByRole("button", { name: `Save month ${month}` }).click();
  await expect(toast(page)).toContainText("Payment Status Updated");
  await page.goto("/agent/retention");
}

test("payments marked on the retention tracker move the ledger: paid months earn, a cancelled one charges back until set back @no-js", async ({
  page,
  agent,
}, testInfo) => {
  const noJs = isNoJs(testInfo);
  const policy = await createSoldPolicy(agent.agentId, {
    firstDue: "2026-01-15",
    premiumCents: 10_000,
    lastName: uniqueName("Ledger"),
  });
  await page.goto("/agent/retention");
  await setPaymentOnTracker(page, policy.name, 1, "Paid", noJs);
  await setPaymentOnTracker(page, policy.name, 2, "Paid", noJs);
  await setPaymentOnTracker(page, policy.name, 3, "Cancelled", noJs);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Commissions" }).click();
  await expect(page).toHaveURL(/\/agent\/commissions$/);
  await expect(ledgerFigure(page, "Earned")).toHaveText("$200.00");
  await expect(ledgerFigure(page, "Unearned")).toHaveText("$0.00");
  await expect(ledgerFigure(page, "Charged Back")).toHaveText("$700.00");
  await expect(ledgerFigure(page, "Net Balance")).toHaveText("$200.00");

  await page.goto("/agent/retention");
  await setPaymentOnTracker(page, policy.name, 3, "Not Paid", noJs);
  await page.goto("/agent/commissions");
  await expect(ledgerFigure(page, "Unearned")).toHaveText("$700.00");
  await expect(ledgerFigure(page, "Charged Back")).toHaveText("$0.00");
  await expect(ledgerFigure(page, "Net Balance")).toHaveText("$900.00");
});

test("the history's search and status filter, and a custom range that needs both dates @no-js", async ({
  page,
  agent,
}, testInfo) => {
  const older = await sale(agent, "Olga", { soldAt: new Date("2026-02-10T15:00:00Z") });
  const newer = await sale(agent, "Nina", { soldAt: new Date("2026-03-10T15:00:00Z") });

  await page.goto("/agent/commissions");
  await page.getByLabel("Search by customer, carrier or product").fill("olga");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/search=olga/);
  await expect(page.getByText("Commissions found: 1")).toBeVisible();
  await expect(page.locator(`#commission-${older.id}`)).toBeVisible();

  await page.getByLabel("Search by customer, carrier or product").fill("");
  await page.getByLabel("Status").selectOption("cancelled");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByText("No commissions found matching the current filters.")).toBeVisible();

  await page.goto("/agent/commissions");
  await page.getByLabel("Period").selectOption("custom");
  await page.getByLabel("Start date").fill("2026-03-01");
  const apply = page.getByRole("button", { name: "Apply", exact: true });
  if (isNoJs(testInfo)) {
    await apply.click();
    await expect(page.getByText("A custom range needs both a start date and an end date.")).toBeVisible();
    await expect(page.getByText("All commissions: 2")).toBeVisible();
  } else {
    await expect(apply).toBeDisabled();
  }
  await page.getByLabel("End date").fill("2026-03-31");
  await apply.click();
  await expect(page).toHaveURL(/period=custom&startDate=2026-03-01&endDate=2026-03-31/);
  await expect(page.getByText("All commissions: 1")).toBeVisible();
  await expect(page.locator(`#commission-${newer.id}`)).toBeVisible();
  await expect(page.getByText("2026-03-01 to 2026-03-31").first()).toBeVisible();
});

test("Mark as Cancelled's confirmation has no serious axe finding at 390 and 1280 px, with JavaScript and without", async ({
  page,
  agent,
}) => {
  const lead = await sale(agent, "Axel", { payments: ["paid"] });
  const path = `/agent/commissions?dialog=cancel&id=${lead.id}`;
  const served = await servedDocument(page, path);
  await page.goto(path);
  await expect(page.getByRole("dialog", { name: "Mark as Cancelled" })).toBeVisible();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page), `at ${size.width} px`).toEqual([]);
  }
  expect(await seriousViolationsWithoutJs(page, served), "without JavaScript").toEqual([]);
});
