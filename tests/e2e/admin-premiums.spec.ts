import type { Page } from "@playwright/test";
import { Application, Carrier, PaymentTracking } from "~db";
import { uniqueName } from "../support/application-factories";
import { createSoldPolicy } from "../support/retention-factories";
import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, test } from "./fixtures";

// Premiums Management (issue 13 item 2) as an administrator uses it, at a phone's width and a
// laptop's with JavaScript and at the phone's without: the issue's "filters premiums by agent and
// month". Sales are dated in a month of their own (March 2037), so other tests' sales never land in
// the figures.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A card's figure, by its label. */
function card(page: Page, label: string) {
  return page
    .locator("section", { has: page.getByText(label, { exact: true }) })
    .locator("p")
    .nth(1);
}

for (const size of WIDTHS) {
  test(`an admin filters premiums by agent and month (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin: _admin,
    factory,
  }, testInfo) => {
    await page.setViewportSize(size);
    const first = await factory.agent({ firstName: "Premia" });
    const second = await factory.agent({ firstName: "Secunda" });
    // $100 a month at 100 %: $900 commission; two months paid, then one cancelled: $200 earned,
    // $700 charged back.
    const kept = await createSoldPolicy(first.agentId, {
      firstDue: "2037-04-01",
      premiumCents: 10_000,
      lastName: uniqueName("Kept"),
      soldAt: new Date("2037-03-10T16:00:00Z"),
    });
    const aetna = (await Carrier.findOne({ where: { name: "Aetna" }, attributes: ["id"], raw: true }))!;
    await Application.update({ carrierId: aetna.id }, { where: { id: kept.id } });
    await PaymentTracking.update({ status: "paid" }, { where: { id: [kept.payments[0]!.id, kept.payments[1]!.id] } });
    await PaymentTracking.update({ status: "cancelled" }, { where: { id: kept.payments[2]!.id } });
    const other = await createSoldPolicy(second.agentId, {
      firstDue: "2037-04-01",
      premiumCents: 5_000,
      lastName: uniqueName("Other"),
      soldAt: new Date("2037-03-12T16:00:00Z"),
    });
    // Sold in April: outside the month.
    const april = await createSoldPolicy(first.agentId, {
      firstDue: "2037-05-01",
      premiumCents: 7_000,
      lastName: uniqueName("April"),
      soldAt: new Date("2037-04-02T16:00:00Z"),
    });

    await page.goto("/admin/premiums");
    await expect(page.getByRole("heading", { name: "Premiums Management", level: 1 })).toBeVisible();
    // Today by default, with its caption.
    await expect(page.getByLabel("Period")).toHaveValue("today");
    await expect(page.locator("section", { hasText: "Total Monthly Premiums" }).first()).toContainText("Today");

    // The month as a custom range (Apply, with or without JavaScript).
    await page.getByLabel("Period").selectOption("custom");
    await page.getByLabel("Start date").fill("2037-03-01");
    await page.getByLabel("End date").fill("2037-03-31");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/period=custom&startDate=2037-03-01&endDate=2037-03-31/);
    // Every agent's sales of the month (other tests' sales of that month may be there too).
    await expect(page.getByText(/^Sales found: \d+$/)).toBeVisible();
    await expect(page.locator(`#premium-${kept.id}`)).toBeVisible();
    await expect(page.locator(`#premium-${other.id}`)).toBeVisible();
    await expect(page.locator(`#premium-${april.id}`)).toHaveCount(0);

    // One agent: the choice applies at once with JavaScript, with the filter bar's one Apply without.
    await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(1);
    await page.getByLabel("Agent", { exact: true }).selectOption({ label: first.name });
    if (isNoJs(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`agentId=${first.agentId}`));
    await expect(page).toHaveURL(/startDate=2037-03-01/);
    await expect(page.getByText("Sales found: 1")).toBeVisible();
    const row = page.locator(`#premium-${kept.id}`);
    await expect(row).toContainText(kept.name);
    await expect(row).toContainText(first.name);
    await expect(row).toContainText("Aetna");
    await expect(row).toContainText("$100.00/mo");
    await expect(row).toContainText("100%");
    await expect(row).toContainText("$900.00");
    await expect(page.locator(`#premium-${other.id}`)).toHaveCount(0);
    // Submitted and issued (issue 26): the sale's policy is still submitted.
    await expect(card(page, "Total Monthly Premiums")).toHaveText("Submitted$100.00Issued$0.00");
    await expect(card(page, "Total Commissions")).toHaveText("Submitted$900.00Issued$0.00");
    await expect(card(page, "Average Premium")).toHaveText("$100.00");
    await expect(card(page, "Total Sales")).toHaveText("Submitted1Issued0");
    await expect(card(page, "Placement Rate")).toHaveText("—");
    // The range in en-US dates, as every date on the portal (audit item 8).
    await expect(page.getByText("Custom range: Mar 1, 2037 to Mar 31, 2037").first()).toBeVisible();

    const ledger = page.getByRole("region", { name: "Advances and chargebacks by agent" });
    await expect(ledger).toContainText(first.name);
    await expect(ledger).toContainText("$900.00");
    await expect(ledger).toContainText("$700.00");
    await expect(ledger).toContainText("$200.00");

    // Nothing in the period for this agent: the spec's empty text.
    await Application.update({ soldAt: new Date("2037-02-01T16:00:00Z") }, { where: { id: kept.id } });
    await page.reload();
    await expect(page.getByText("No premium data found.")).toBeVisible();

    // Another period keeps the agent (one filter form, audit item 19), with JavaScript and without.
    await page.getByLabel("Period").selectOption("all");
    if (isNoJs(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/period=all/);
    await expect(page).toHaveURL(new RegExp(`agentId=${first.agentId}`));
    await expect(page.getByLabel("Agent", { exact: true })).toHaveValue(first.agentId);

    expect(await seriousViolations(page)).toEqual([]);
    // Nothing is cut off on a phone: the page never scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
