import crypto from "node:crypto";
import fs from "node:fs";
import { LeadSource } from "~db";
import { newPostingKey } from "~/services/posting-keys.server";
import { parseCsv } from "../support/csv";
import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, screenshot, test, uniqueName } from "./fixtures";

// Issue 24 item 4: an admin uploads a CSV of leads from Import Leads, maps the column the guess
// missed, sees the first rows' problems, chooses the source and the distribution, imports, follows
// the job's progress to its counts and downloads the rejected rows. At a laptop's width and a
// phone's with JavaScript (the progress polled), and at a phone's without (the mapping updated by
// its button, the progress page refreshing itself).

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const phone = () => `(213) ${crypto.randomInt(200, 999)}-${crypto.randomInt(1000, 9999)}`;

for (const size of WIDTHS) {
  test(`an admin imports a CSV of leads: upload, map, preview, import, counts and rejected rows (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin: _signedIn,
  }, testInfo) => {
    test.slow();
    const noJs = isNoJs(testInfo);
    await page.setViewportSize(size);
    const { hash, last4 } = newPostingKey();
    const sourceName = `Vendor ${uniqueName("Import")}`;
    await LeadSource.create({
      name: sourceName,
      costPerLeadCents: 2_000,
      defaultCarrierId: null,
      postingKeyHash: hash,
      postingKeyLast4: last4,
      keyRotatedAt: null,
    });
    const repeated = phone();
    const lastName = uniqueName("Imported");
    // "Family" is a column the guess does not know: the admin maps it to Last name.
    const csv = [
      "First Name,Family,Phone,Email,State,SSN",
      `Rita,${lastName},${phone()},,FL,111-22-3333`,
      `Nora,${lastName},not a phone,,FL,111-22-3334`,
      `Olga,${lastName},${repeated},,GA,111-22-3335`,
      `Olive,${lastName},${repeated},,GA,111-22-3336`,
      `Pia,${lastName},${phone()},${lastName.toLowerCase()}@example.com,TX,111-22-3337`,
    ].join("\r\n");

    await page.goto("/admin/leads");
    await page.getByRole("link", { name: "Import Leads" }).first().click();
    await expect(page.getByRole("heading", { name: "Import Leads", level: 1 })).toBeVisible();
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "aged.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload and map columns" }).click();

    await expect(page.getByRole("heading", { name: "1. Match the columns to lead fields" })).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue("firstName");
    await expect(page.getByLabel("SSN")).toHaveValue("");
    // Import before the mapping and the source are complete: the messages at their fields.
    await page.getByRole("button", { name: "Import 5 rows" }).click();
    await expect(page.getByText("Choose a column for Last name.")).toBeVisible();
    await expect(page.getByText("Choose the source these leads came from.")).toBeVisible();
    await page.getByLabel("Family").selectOption("lastName");
    if (noJs) await page.getByRole("button", { name: "Update preview" }).click();
    const preview = page.getByRole("region", { name: "Preview of the first rows" });
    await expect(preview.locator("tr", { hasText: "Nora" })).toContainText(lastName);
    await expect(preview.locator("tr", { hasText: "Nora" })).toContainText("Phone must be a valid phone number");
    await expect(preview.locator("tr", { hasText: "Rita" })).toContainText("Ready");
    await expect(page.getByLabel("Family")).toHaveValue("lastName");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    expect(await seriousViolations(page), `mapping at ${size.width} px`).toEqual([]);
    await screenshot(page, testInfo, `lead-import-mapping-${size.width}${noJs ? "-no-js" : ""}`);

    await page.getByLabel("Source").selectOption({ label: sourceName });
    await page.getByLabel("Unassigned: an admin assigns them later").check();
    await page.getByRole("button", { name: "Import 5 rows" }).click();

    await expect(page.getByRole("heading", { name: "Import progress" })).toBeVisible();
    await expect(page.getByText("Completed", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("5 of 5 rows processed (100%).")).toBeVisible();
    const figure = (label: string) => page.locator("section", { has: page.getByText(label, { exact: true }) });
    await expect(figure("Imported")).toHaveText("Imported3");
    await expect(figure("Duplicates")).toHaveText("Duplicates1Kept, not distributed or billed");
    await expect(figure("Rejected")).toHaveText("Rejected1");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    expect(await seriousViolations(page), `progress at ${size.width} px`).toEqual([]);
    await screenshot(page, testInfo, `lead-import-done-${size.width}${noJs ? "-no-js" : ""}`);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download rejected rows (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("aged-rejected.csv");
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text).not.toContain("111-22-");
    expect(parseCsv(text)).toEqual([
      ["Row", "First name", "Last name", "Phone", "Email", "State", "Reason"],
      ["2", "Nora", lastName, "not a phone", "", "FL", "Phone must be a valid phone number"],
    ]);

    // The import is listed with its source and status.
    await page.getByRole("link", { name: "All imports" }).click();
    const row = page.getByRole("region", { name: "Past imports" }).locator("tr", { hasText: sourceName });
    await expect(row).toContainText("aged.csv");
    await expect(row).toContainText("Completed");
    if (noJs) {
      // The no-JS run also looks at the list at a laptop's width.
      await page.setViewportSize(WIDTHS[0]!);
      await screenshot(page, testInfo, "lead-import-list-1280-no-js");
    } else {
      await screenshot(page, testInfo, `lead-import-list-${size.width}`);
    }
  });
}
