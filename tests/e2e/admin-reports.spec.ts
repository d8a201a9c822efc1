import fs from "node:fs";
import { Application, Carrier } from "~db";
import { seriousViolations } from "./axe";
import { expect, type Factory, isNoJs, noJsAtPhoneWidth, screenshot, test, type TestAgent } from "./fixtures";
import { parseCsv } from "../support/csv";

// Issue 13 item 5 as an administrator uses it, at a laptop's width and a phone's with JavaScript
// and at the phone's without: Reports & Analytics filtered by agent and carrier through the URL's
// GET form, every tab read, and the exported CSV of a tab opened and checked. The report covers the
// whole agency, so each test filters to agents of its own.

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

const RANGE = { from: "2024-01-01", to: "2024-06-30" };

async function carrierId(name: string) {
  return (await Carrier.findOne({ where: { name }, attributes: ["id"] }))!.id;
}

/** A lead of the agent's on a day of 2024 (noon in New York), sold for `premiumCents` a month when given. */
async function lead(
  factory: Factory,
  agent: TestAgent,
  spec: { day: string; carrier: string; premiumCents?: number; product?: string },
) {
  const made = await factory.lead(agent, {
    status: spec.premiumCents ? "sale" : "pending",
    createdAt: new Date(`${spec.day}T12:00:00-05:00`),
  });
  await Application.update(
    {
      carrierId: await carrierId(spec.carrier),
      monthlyPremiumCents: spec.premiumCents ?? 4_000,
      ...(spec.premiumCents
        ? {
            soldAt: new Date(`${spec.day}T12:00:00-05:00`),
            soldProductName: spec.product ?? "Final Expense",
            soldCompPercentage: 100,
            calculatedCommissionCents: spec.premiumCents * 9,
          }
        : {}),
    },
    { where: { id: made.id } },
  );
}

/** Ann: a $120 Aetna sale in March, a pending Americo lead in March, a $60 Americo sale in April. Ben: an Aetna sale. */
async function team(factory: Factory) {
  const ann = await factory.agent({ firstName: "Ann" });
  const ben = await factory.agent({ firstName: "Ben" });
  await lead(factory, ann, { day: "2024-03-05", carrier: "Aetna", premiumCents: 12_000 });
  await lead(factory, ann, { day: "2024-03-06", carrier: "Americo" });
  await lead(factory, ann, { day: "2024-04-10", carrier: "Americo", premiumCents: 6_000, product: "Whole Life" });
  await lead(factory, ben, { day: "2024-03-07", carrier: "Aetna", premiumCents: 9_900 });
  return { ann, ben };
}

const card = (page: import("@playwright/test").Page, label: string) =>
  page
    .locator("section")
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();

for (const size of WIDTHS) {
  test(`an admin filters the reports by agent and carrier, reads every tab and opens the CSV (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin: _signedIn,
    factory,
  }, testInfo) => {
    // Four tabs, three axe checks and a download: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const { ann } = await team(factory);
    await page.goto("/admin/dashboard");
    // Below 1024 px the sidebar opens behind the Menu toggle.
    if (size.width < 1024) await page.getByRole("checkbox", { name: "Menu" }).check();
    await page.locator('#sidebar a[href="/admin/reports"]').click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole("heading", { name: "Reports & Analytics" })).toBeVisible();
    // With no dates, the last twelve months.
    await expect(page.getByText(/^Leads created .* to .*, compared with .*\.$/)).toBeVisible();

    // Ann on Aetna: one lead, sold.
    await page.getByLabel("From Date", { exact: true }).fill(RANGE.from);
    await page.getByLabel("To Date", { exact: true }).fill(RANGE.to);
    await page.getByLabel("Agent", { exact: true }).selectOption({ label: ann.name });
    await page.getByLabel("Carrier", { exact: true }).selectOption({ label: "Aetna" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`agentId=${ann.agentId}&carrierId=[0-9a-f-]+&status=all`));
    await expect(card(page, "Total Leads")).toContainText("1");
    await expect(card(page, "Total Revenue")).toContainText("$120.00");
    await expect(card(page, "Conversion Rate")).toContainText("100.0%");
    await expect(card(page, "Avg. Premium")).toContainText("$120.00");
    await expect(card(page, "Total Leads")).toContainText("No leads in the previous period");
    const top = page.getByRole("region", { name: "Top Performing Agents" });
    await expect(top.getByText(ann.name)).toBeVisible();
    // The choices stay in the form after the round trip.
    await expect(page.getByLabel("Agent", { exact: true })).toHaveValue(ann.agentId);
    await expect(page.getByLabel("From Date", { exact: true })).toHaveValue(RANGE.from);

    // Every carrier: Ann's three leads, two sold.
    await page.getByLabel("Carrier", { exact: true }).selectOption({ label: "All Carriers" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(card(page, "Total Leads")).toContainText("3");
    await expect(card(page, "Total Revenue")).toContainText("$180.00");
    await expect(card(page, "Conversion Rate")).toContainText("66.7%");
    expect(await seriousViolations(page), `overview at ${size.width} px`).toEqual([]);

    // Performance: the chart and the monthly breakdown with growth.
    await page.getByRole("link", { name: "Performance", exact: true }).click();
    await expect(page).toHaveURL(/tab=performance/);
    await expect(
      page.getByRole("img", { name: /Leads, sales and revenue per month, Jan 2024 to Jun 2024/ }),
    ).toBeVisible();
    const breakdown = page.getByRole("region", { name: "Monthly Breakdown" });
    await expect(breakdown.getByRole("row").filter({ hasText: "Apr 2024" })).toContainText("-50.0%");
    await expect(breakdown.getByRole("row").filter({ hasText: "Mar 2024" })).toContainText("$120.00");
    await expect(page.getByLabel("Agent", { exact: true })).toHaveValue(ann.agentId);
    expect(await seriousViolations(page), `performance at ${size.width} px`).toEqual([]);
    await screenshot(page, testInfo, `admin-reports-performance-${size.width}`);

    // Revenue: by carrier, by product and by month.
    await page.getByRole("link", { name: "Revenue", exact: true }).click();
    await expect(page).toHaveURL(/tab=revenue/);
    const byCarrier = page.getByRole("region", { name: "Revenue by Carrier" });
    await expect(byCarrier.getByRole("row").filter({ hasText: "Aetna" })).toContainText("$120.00");
    await expect(byCarrier.getByRole("row").filter({ hasText: "Americo" })).toContainText("$60.00");
    await expect(page.getByRole("region", { name: "Revenue by Product" })).toContainText("Whole Life (Americo)");
    await expect(page.getByRole("region", { name: "Revenue by Month" })).toContainText("Apr 2024");

    // Agents: Ann's leads, sales, conversion, revenue and commission.
    await page.getByRole("link", { name: "Agents", exact: true }).click();
    await expect(page).toHaveURL(/tab=agents/);
    const agents = page.getByRole("region", { name: "Agent performance" });
    const annRow = agents.getByRole("row").filter({ hasText: ann.name });
    await expect(annRow).toContainText("66.7%");
    await expect(annRow).toContainText("$1,620.00");
    expect(await seriousViolations(page), `agents at ${size.width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `page wider than ${size.width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, `admin-reports-agents-${size.width}`);

    // The Agents tab's CSV, with the filters applied.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^admin-report-agents-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = testInfo.outputPath("agents.csv");
    await download.saveAs(file);
    expect(parseCsv(fs.readFileSync(file, "utf8"))).toEqual([
      ["Agent", "Leads", "Sales", "Conversion (%)", "Revenue", "Commission", "Issued Sales", "Issued Commission"],
      // The sales' policies are still submitted: none issued (issue 26).
      [ann.name, "3", "2", "66.7", "180.00", "1620.00", "0", "0.00"],
    ]);
    // The download left the report as it was.
    await expect(annRow).toBeVisible();
  });
}

test("a refused filter shows its message at its field, keeps what was typed, and offers no export", async ({
  page,
  admin: _signedIn,
}) => {
  await page.goto("/admin/reports?tab=revenue");
  await page.getByLabel("From Date", { exact: true }).fill("2024-05-01");
  await page.getByLabel("To Date", { exact: true }).fill("2024-04-01");
  await page.getByLabel("Status", { exact: true }).selectOption("declined");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("To Date must be on or after From Date.")).toBeVisible();
  await expect(page.getByLabel("To Date", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("From Date", { exact: true })).toHaveValue("2024-05-01");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("declined");
  await expect(page).toHaveURL(/tab=revenue/);
  await expect(page.getByText("Correct the filters above to see the report.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
});

test("with JavaScript a filter applies by itself shortly after a change; without, Apply sends it (audit item 10) @no-js", async ({
  page,
  admin: _signedIn,
}, testInfo) => {
  await page.goto("/admin/reports?tab=revenue");
  await page.getByLabel("Status", { exact: true }).selectOption("declined");
  if (isNoJs(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/tab=revenue.*status=declined/);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("declined");
});
