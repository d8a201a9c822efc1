import { expect, isNoJs, noJsAtPhoneWidth, test, uniqueName } from "./fixtures";
import { seriousViolations } from "./axe";

// Issue 13 item 1, "Done means": the admin adds an order with a manual agent name, edits it to
// Completed and deletes it, at a laptop's width and a phone's with JavaScript and at the phone's
// without, and the page has no serious accessibility finding.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const size of WIDTHS) {
  test(`an admin adds an order with a manual agent name, completes it and deletes it (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin: _signedIn,
  }, testInfo) => {
    const noJs = isNoJs(testInfo);
    await page.setViewportSize(size);
    const name = `Manny ${uniqueName("Manual")}`;
    const table = page.getByRole("region", { name: "Orders" });
    const row = table.locator("tr", { hasText: name });

    await page.goto("/admin/orders");
    await expect(page.getByRole("heading", { name: "Order Management" })).toBeVisible();
    await expect(page.getByLabel("Period")).toHaveValue("today");
    for (const card of [
      "Total Orders",
      "Total Calls Ordered",
      "Total Calls Completed",
      "Total Revenue",
      "Avg Cost per Call",
    ]) {
      await expect(page.getByText(card, { exact: true })).toBeVisible();
    }

    await page.getByRole("link", { name: "Add New Order" }).click();
    await expect(page).toHaveURL(/dialog=add/);
    const add = page.getByRole("dialog", { name: "Add New Order" });
    await expect(add.getByLabel("Payment Gateway")).toHaveValue("Zelle");
    if (noJs) {
      // Without JavaScript the name field is always there; it counts when Manual entry is chosen.
      await expect(add.getByLabel("Agent Name")).toBeVisible();
    } else {
      // The name field shows only for Manual entry, and it is required then.
      await expect(add.getByLabel("Agent Name")).toHaveCount(0);
      await add.getByLabel("Agent", { exact: true }).selectOption({ label: "Manual entry (type a name)" });
      await expect(add.getByLabel("Agent Name")).toBeVisible();
      await add.getByLabel("Calls Ordered").fill("40");
      await add.getByLabel("Platform Source").fill("Google Ads");
      await add.getByLabel("Total Payment ($)").fill("720.50");
      await add.getByRole("button", { name: "Add Order" }).click();
      await expect(add.getByText("Agent name is required")).toBeVisible();
    }
    await add.getByLabel("Agent", { exact: true }).selectOption({ label: "Manual entry (type a name)" });
    await add.getByLabel("Agent Name").fill(name);
    await add.getByLabel("Calls Ordered").fill("40");
    await add.getByLabel("Company Source").selectOption("Referral Partner");
    await add.getByLabel("Platform Source").fill("Google Ads");
    await add.getByLabel("Referrer (optional)").fill("Partner network");
    await add.getByLabel("Total Payment ($)").fill("720.50");
    if (!noJs) await expect(add.getByText("Cost per call: $18.01")).toBeVisible();
    await add.getByLabel("BDM").selectOption({ index: 1 });
    await add.getByRole("button", { name: "Add Order" }).click();

    await expect(page.getByText("Order created successfully")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row).toContainText("$720.50");
    await expect(row).toContainText("$18.01");
    await expect(row).toContainText("Referral Partner");
    await expect(row).toContainText("Referrer: Partner network");
    await expect(row.getByText("Active", { exact: true })).toBeVisible();
    // The table fits or scrolls inside its own region; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    expect(await seriousViolations(page), `/admin/orders at ${size.width} px`).toEqual([]);

    await row.getByRole("link", { name: `Edit ${name}'s order` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Order" });
    await expect(edit.getByLabel("Agent Name")).toHaveValue(name);
    await expect(edit.getByLabel("Total Payment ($)")).toHaveValue("720.50");
    await edit.getByLabel("Calls Completed").fill("40");
    await edit.getByLabel("Status").selectOption("Completed");
    expect(await seriousViolations(page), `Edit Order at ${size.width} px`).toEqual([]);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Order updated successfully")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row.getByText("Completed", { exact: true })).toBeVisible();

    await row.getByRole("link", { name: `Delete ${name}'s order` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Order" });
    await expect(confirm.getByText("Are you sure you want to delete this order?")).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Order deleted successfully")).toBeVisible();
    await expect(row).toHaveCount(0);
  });
}

test("the BDM and period filters live in the URL and the list says when nothing matches @no-js", async ({
  page,
  admin: _signedIn,
}, testInfo) => {
  await page.goto("/admin/orders?period=custom&startDate=2001-01-01&endDate=2001-01-02");
  await expect(page.getByText("No orders found for the selected filters.")).toBeVisible();
  // One filter form, one Apply (audit item 19).
  await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(1);
  await page.getByLabel("BDM").selectOption({ index: 1 });
  if (isNoJs(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/bdm=[0-9a-f-]{36}/);
  await expect(page).toHaveURL(/startDate=2001-01-01/);
  await expect(page.getByText("No orders found for the selected filters.")).toBeVisible();
  const chosen = await page.getByLabel("BDM").inputValue();
  // Changing the period keeps the BDM, with JavaScript and without.
  await page.getByLabel("Period").selectOption("all");
  if (isNoJs(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/period=all/);
  await expect(page).toHaveURL(new RegExp(`bdm=${chosen}`));
  await expect(page.getByLabel("BDM")).toHaveValue(chosen);
  await page.goto(`/admin/orders?period=custom&startDate=2001-01-01&endDate=2001-01-02&bdm=${chosen}`);
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(page).toHaveURL(/bdm=[0-9a-f-]{36}/);
});
