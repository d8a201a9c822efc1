import fs from "node:fs";
import { ActivityLog, Application, Carrier } from "~db";
import { todayIn } from "~/domain/periods";
import { REPORT_EXPORTED } from "~/services/reports.server";
import { expect, type Factory, screenshot, test, type TestAgent } from "./fixtures";
import { parseCsv } from "../support/csv";

// The agent's report (part 2, Agent reports; issue 11 item 6), JavaScript on and off (the export
// flow; a refused filter is the server's answer either way), at 390 and 1280 px: filter it through
// the URL's GET form, read the six figures and the table, download the CSV from the server and open
// it, and see a refused filter at its field with everything kept.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/** Three leads of the agent's: a sale on Aetna today, a pending lead, and a sale of March 2025. */
async function leadsFor(agent: TestAgent, factory: Factory) {
  const aetna = (await Carrier.findOne({ where: { name: "Aetna" }, attributes: ["id"] }))!;
  const sold = await factory.lead(agent, { firstName: "Sally", lastName: "Sold, Jr.", status: "sale" });
  await Application.update(
    {
      carrierId: aetna.id,
      monthlyPremiumCents: 8_550,
      calculatedCommissionCents: 76_950,
      soldAt: new Date(),
      soldProductName: "Final Expense",
      soldCompPercentage: 100,
    },
    { where: { id: sold.id } },
  );
  await factory.lead(agent, { firstName: "Penny", lastName: "Pending" });
  const old = await factory.lead(agent, {
    firstName: "Olive",
    lastName: "Older",
    status: "sale",
    createdAt: new Date("2025-03-01T15:00:00Z"),
  });
  await Application.update(
    { carrierId: aetna.id, calculatedCommissionCents: 45_000, soldAt: new Date("2025-03-02T15:00:00Z") },
    { where: { id: old.id } },
  );
  return { aetna };
}

test("the agent filters the report and downloads it as CSV @no-js", async ({ page, agent, factory }, testInfo) => {
  const { aetna } = await leadsFor(agent, factory);
  const today = todayIn("America/New_York");
  await page.setViewportSize(WIDTHS[1]!);
  await page.goto("/agent/dashboard");
  await page.getByRole("link", { name: "Reports", exact: true }).click();
  await expect(page).toHaveURL(/\/agent\/reports$/);
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();

  // Everything: three leads, two sales.
  await expect(page.getByRole("heading", { name: "All leads: 3" })).toBeVisible();
  await expect(page.getByText("Total Sales").locator("..")).toContainText("2");
  await expect(page.getByText("Conversion Rate").locator("..")).toContainText("66.7%");

  await page.getByLabel("From Date").fill("2026-01-01");
  await page.getByLabel("To Date").fill(today);
  await page.getByLabel("Status").selectOption("sale");
  await page.getByLabel("Carrier").selectOption({ label: "Aetna" });
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`status=sale&carrierId=${aetna.id}`));
  await expect(page.getByRole("heading", { name: "Leads found: 1" })).toBeVisible();
  const table = page.getByRole("region", { name: "Report leads" });
  await expect(table.getByText("Sally Sold, Jr.")).toBeVisible();
  await expect(table.getByText("Olive Older")).toHaveCount(0);
  await expect(page.getByText("Total Revenue").locator("..")).toContainText("$85.50");
  await expect(page.getByText("Total Commission").locator("..")).toContainText("$769.50");
  await expect(page.getByText("Average Premium").locator("..")).toContainText("$85.50");
  // The filters stay in the form after the round trip.
  await expect(page.getByLabel("Status")).toHaveValue("sale");
  await expect(page.getByLabel("From Date")).toHaveValue("2026-01-01");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`agent-report-${today}.csv`);
  const file = testInfo.outputPath("report.csv");
  await download.saveAs(file);
  const text = fs.readFileSync(file, "utf8");
  expect(parseCsv(text)).toEqual([
    ["Date", "Customer", "Status", "Carrier", "Coverage", "Monthly Premium", "Commission"],
    [today, "Sally Sold, Jr.", "Sale", "Aetna", "10000.00", "85.50", "769.50"],
  ]);
  expect(text).toContain('"Sally Sold, Jr."');
  // The download left the report as it was.
  await expect(page.getByRole("heading", { name: "Leads found: 1" })).toBeVisible();
  const exported = () => ActivityLog.count({ where: { userId: agent.id, action: REPORT_EXPORTED } });
  expect(await exported()).toBe(1);

  // A link to the export (a bookmark, another site's) lands on the report with its filters and
  // exports nothing: only the post writes the activity log (audit item 27).
  await page.goto("/agent/reports/export?status=pending");
  await expect(page).toHaveURL(/\/agent\/reports\?status=pending$/);
  await expect(page.getByRole("heading", { name: "Leads found: 1" })).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("pending");
  expect(await exported()).toBe(1);
});

test("a reversed range is refused at To Date, keeping what was typed", async ({ page, agent, factory }, testInfo) => {
  await leadsFor(agent, factory);
  await page.goto("/agent/reports");
  await page.getByLabel("From Date").fill("2026-03-10");
  await page.getByLabel("To Date").fill("2026-03-01");
  await page.getByLabel("Status").selectOption("pending");
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByText("To Date must be on or after From Date.")).toBeVisible();
  await expect(page.getByLabel("To Date")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("From Date")).toHaveValue("2026-03-10");
  await expect(page.getByLabel("To Date")).toHaveValue("2026-03-01");
  await expect(page.getByLabel("Status")).toHaveValue("pending");
  await expect(page.getByText("Correct the filters above to see the report.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
  await page.setViewportSize(WIDTHS[0]!);
  await screenshot(page, testInfo, "reports-refused-390");
});

test("the report reads well at 390 and 1280 px, nothing wider than the screen", async ({
  page,
  agent,
  factory,
}, testInfo) => {
  await leadsFor(agent, factory);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto("/agent/reports?status=all");
    await expect(page.getByText("Olive Older")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `page wider than ${size.width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, `reports-${size.width}`);
  }
});
