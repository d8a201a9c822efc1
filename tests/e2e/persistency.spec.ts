import crypto from "node:crypto";
import fs from "node:fs";
import { sequelize } from "~db";
import { todayIn } from "~/domain/periods";
import type { PolicyStatus } from "~/domain/statuses";
import { updatePolicy } from "~/services/policy.server";
import { parseCsv } from "../support/csv";
import { premiumSeller, recordPremiumSale, type PremiumSeller } from "../support/premiums-factories";
import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, screenshot, startSession, test } from "./fixtures";

// Issue 26 item 3 as an administrator reads it (decision 077): /admin/persistency for one agent's
// policies issued in 2003, chosen through the period and agent form, the cards, the chart and the
// tables, and the CSV from Export CSV; at 1280 px with JavaScript and at 390 px without (where the
// tables are cards). Each test has an agent of its own, so the figures are its alone.

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** Dates the policy's history row this test just wrote at `at`. */
async function dateLastChange(applicationId: string, at: string) {
  await sequelize.query("UPDATE policy_status_changes SET created_at = ? WHERE application_id = ? AND created_at > ?", {
    replacements: [new Date(at), applicationId, new Date("2020-01-01T00:00:00Z")],
  });
}

/** A sale of Dec 2, 2002 issued on `issued`, then each move at its instant, dated back in the table. */
async function issuedPolicy(seller: PremiumSeller, issued: string, moves: [PolicyStatus, string][] = []) {
  const soldAt = new Date("2002-12-02T15:00:00Z");
  const lead = await recordPremiumSale(seller, { premiumCents: 5_000, soldAt });
  await dateLastChange(lead.id, soldAt.toISOString());
  const policyNumber = `E2E-${crypto.randomBytes(5).toString("hex")}`;
  await updatePolicy(seller.actor, lead.id, { status: "issued", policyNumber, issueDate: issued });
  await dateLastChange(lead.id, `${issued}T16:00:00Z`);
  for (const [status, at] of moves) {
    await updatePolicy(seller.actor, lead.id, { status });
    await dateLastChange(lead.id, at);
  }
}

for (const size of WIDTHS) {
  test(`an admin reads one agent's persistency for a year and downloads it (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin: _signedIn,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    const seller = await premiumSeller("Persis", 100, "Golden Plan");
    // Months 3, 6 and 9 by hand: in force throughout; lapsed Jun 1 (month 3 is May 10, so in force
    // then, not at months 6 and 9); cancelled May 1 (before its month 3, Jun 10).
    await issuedPolicy(seller, "2003-01-15");
    await issuedPolicy(seller, "2003-02-10", [["lapsed", "2003-06-01T15:00:00Z"]]);
    await issuedPolicy(seller, "2003-03-10", [["cancelled", "2003-05-01T15:00:00Z"]]);

    if (size.width >= 640) {
      await page.goto("/admin/dashboard");
      await page.getByRole("link", { name: "Persistency", exact: true }).click();
    } else {
      await page.goto("/admin/persistency");
    }
    await expect(page.getByRole("heading", { name: "Persistency" })).toBeVisible();
    // Every agent's policies first: the By Agent table, each name a link to that agent's report.
    await expect(page.getByRole("heading", { name: "By Agent" })).toBeVisible();
    await screenshot(page, testInfo, `persistency-all-${size.width}${isNoJs(testInfo) ? "-no-js" : ""}`);
    // One GET form: the agent, then the period; with JavaScript the agent applies at once.
    await page.getByLabel("Agent", { exact: true }).selectOption(seller.agent.id);
    if (!isNoJs(testInfo)) await expect(page).toHaveURL(new RegExp(`agentId=${seller.agent.id}`));
    await page.getByLabel("Period", { exact: true }).selectOption("custom");
    await page.getByLabel("Start date").fill("2003-01-01");
    await page.getByLabel("End date").fill("2003-12-31");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/period=custom&startDate=2003-01-01&endDate=2003-12-31/);
    await expect(page).toHaveURL(new RegExp(`agentId=${seller.agent.id}`));

    await expect(page.getByText("Policies issued Jan 1, 2003 to Dec 31, 2003")).toBeVisible();
    const card = (label: string) => page.getByText(label, { exact: true }).locator("..");
    await expect(card("Policies Issued")).toContainText("3");
    await expect(card("In Force at Month 3")).toContainText("66.7%");
    await expect(card("In Force at Month 3")).toContainText("3 of 3 measurable");
    await expect(card("In Force at Month 9")).toContainText("33.3%");
    const chart = page.getByRole("img", { name: /Share of 3 issued policies in force at months 3, 6 and 9/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator("desc")).toHaveText(/Month 3: 66\.7% in force \(2 of 3 measurable policies\)\./);
    const carriers = page.getByRole("region", { name: "By Carrier" });
    const aetna = carriers.getByRole("row").filter({ hasText: "Aetna" });
    await expect(aetna).toBeVisible();
    await expect(aetna).toContainText("66.7%");
    await expect(aetna).toContainText("1 of 3 in force");
    await expect(page.getByRole("region", { name: "By Product" })).toContainText("Golden Plan");
    // One agent chosen: no table by agent.
    await expect(page.getByRole("heading", { name: "By Agent" })).toHaveCount(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`persistency-${todayIn("America/New_York")}.csv`);
    const file = testInfo.outputPath("persistency.csv");
    await download.saveAs(file);
    const [header, total, ...rows] = parseCsv(fs.readFileSync(file, "utf8"));
    expect(header?.slice(0, 6)).toEqual([
      "Breakdown",
      "Name",
      "Policies Issued",
      "Month 3 Measurable",
      "Month 3 In Force",
      "Month 3 Persistency (%)",
    ]);
    expect(total).toEqual(["Total", "All policies", "3", "3", "2", "66.7", "3", "1", "33.3", "3", "1", "33.3"]);
    expect(rows.map((row) => row.slice(0, 3))).toContainEqual(["Carrier", "Aetna", "3"]);
    // The download left the page as it was.
    await expect(chart).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `page wider than ${size.width} px`).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), `persistency at ${size.width} px`).toEqual([]);
    await screenshot(page, testInfo, `persistency-${size.width}${isNoJs(testInfo) ? "-no-js" : ""}`);
  });
}

test("an agent reads their own persistency on the Reports page's Persistency tab (390 px) @no-js", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize(WIDTHS[1]!);
  const seller = await premiumSeller("Tabby", 100, "Silver Plan");
  await issuedPolicy(seller, "2003-04-05", [["lapsed", "2003-05-20T15:00:00Z"]]);
  await startSession(page, seller.user);
  await page.goto("/agent/reports");
  await page.getByRole("navigation", { name: "Report views" }).getByRole("link", { name: "Persistency" }).click();
  await expect(page).toHaveURL(/tab=persistency/);
  // All Time by default: the one policy, lapsed before its month 3.
  await expect(page.getByText("Policies issued at any time")).toBeVisible();
  await expect(page.getByText("In Force at Month 3", { exact: true }).locator("..")).toContainText("0.0%");
  await expect(page.getByRole("img", { name: /Share of 1 issued policy in force/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "By Agent" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "By Carrier" })).toContainText("Aetna");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than 390 px").toBeLessThanOrEqual(0);
  expect(await seriousViolations(page), "agent persistency at 390 px").toEqual([]);
  await screenshot(page, testInfo, `agent-persistency-390${isNoJs(testInfo) ? "-no-js" : ""}`);
});
