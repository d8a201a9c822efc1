import { Application, LeadSource } from "~db";
import { newPostingKey } from "~/services/posting-keys.server";
import { seriousViolations } from "./axe";
import { expect, type Factory, isNoJs, screenshot, test, type TestAgent, uniqueName } from "./fixtures";

// Issue 24 item 7 as an administrator reads it: the Reports' Lead Sources tab for a range of days,
// sorted by a column through the URL (a header link on a laptop, the Sort form on a phone, both
// without JavaScript), its wide table scrolling in its own box or stacked as cards, never widening
// the page. The report covers the whole agency, so each run keeps to a year of its own (2015-2018),
// which no other spec uses.

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

async function source(costPerLeadCents: number) {
  const key = newPostingKey();
  return LeadSource.create({
    name: uniqueName("Vendor"),
    costPerLeadCents,
    returnWindowHours: 72,
    defaultCarrierId: null,
    postingKeyHash: key.hash,
    postingKeyLast4: key.last4,
    keyRotatedAt: null,
  });
}

async function boughtLead(factory: Factory, agent: TestAgent, sourceId: string, day: string, commissionCents?: number) {
  const at = new Date(`${day}T12:00:00-05:00`);
  const made = await factory.lead(agent, { status: commissionCents ? "sale" : "contacted", createdAt: at });
  await Application.update(
    {
      leadSourceId: sourceId,
      billable: true,
      ...(commissionCents
        ? {
            soldAt: at,
            soldProductName: "GL Preferred",
            soldCompPercentage: 100,
            calculatedCommissionCents: commissionCents,
          }
        : {}),
    },
    { where: { id: made.id } },
  );
}

for (const size of WIDTHS) {
  test(`an admin reads cost per sale by lead source and sorts it by a column (${size.width} px) @no-js`, async ({
    page,
    admin: _signedIn,
    factory,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    // Both widths run with and without JavaScript (the header's sort link is checked without it
    // too), all at once: a year each.
    const year = (size.width >= 640 ? 2015 : 2017) + (isNoJs(testInfo) ? 1 : 0);
    const agent = await factory.agent();
    // Two leads at $100 with one $900 sale: $200.00 spent, $200.00 a sale, 22.2% of commission.
    // One lead at $50 and no sale: no cost per sale ("—").
    const cheap = await source(5_000);
    const dear = await source(10_000);
    await boughtLead(factory, agent, dear.id, `${year}-03-05`, 90_000);
    await boughtLead(factory, agent, dear.id, `${year}-03-06`);
    await boughtLead(factory, agent, cheap.id, `${year}-04-02`);

    await page.goto("/admin/reports");
    // The tab, not the menu's Lead Sources page.
    await page.getByRole("navigation", { name: "Report views" }).getByRole("link", { name: "Lead Sources" }).click();
    await expect(page).toHaveURL(/tab=lead-sources/);
    await page.getByLabel("From Date", { exact: true }).fill(`${year}-01-01`);
    await page.getByLabel("To Date", { exact: true }).fill(`${year}-06-30`);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`dateFrom=${year}-01-01&dateTo=${year}-06-30`));
    // The tab reads the days alone: the other tabs' agent, carrier and status are not offered.
    await expect(page.getByLabel("Agent", { exact: true })).toHaveCount(0);

    const table = page.getByRole("region", { name: "Cost per sale by lead source" });
    const row = (name: string) => table.getByRole("row").filter({ hasText: name });
    await expect(row(dear.name)).toContainText("$200.00");
    await expect(row(dear.name)).toContainText("22.2%");
    await expect(row(cheap.name)).toContainText("—");
    await expect(row("Total")).toContainText("$250.00");
    await expect(
      page.getByRole("img", {
        name: new RegExp(`Spend and first-year commission per month, Jan ${year} to Jun ${year}`),
      }),
    ).toBeVisible();

    // Sorted by sales, most first: the dear source leads; the totals stay last.
    if (size.width >= 640) {
      await table.getByRole("link", { name: "Sales", exact: true }).click();
    } else {
      await page.getByLabel("Sort by", { exact: true }).selectOption("sales");
      await page.getByLabel("Order", { exact: true }).selectOption("desc");
      await page.getByRole("button", { name: "Sort", exact: true }).click();
    }
    await expect(page).toHaveURL(/sort=sales&dir=desc/);
    await expect(page).toHaveURL(new RegExp(`dateFrom=${year}-01-01`));
    const rows = table.locator("tbody tr");
    await expect(rows.first()).toContainText(dear.name);
    await expect(rows.last()).toContainText("Total");
    if (size.width >= 640) {
      await expect(table.getByRole("columnheader", { name: /Sales/ }).first()).toHaveAttribute(
        "aria-sort",
        "descending",
      );
    }

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `page wider than ${size.width} px`).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), `lead sources at ${size.width} px`).toEqual([]);
    await screenshot(page, testInfo, `lead-source-report-${size.width}`);
  });
}
