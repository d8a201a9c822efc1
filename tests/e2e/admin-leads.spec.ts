import { Application, ActivityLog } from "~db";
import { updateLead } from "~/services/lead-edit.server";
import { signInAs } from "../support/factories";
import { expect, isNoJs, noJsAtPhoneWidth, test } from "./fixtures";

// Issue 12 items 1, 2 and 4 as an administrator uses them, at a laptop's width and a phone's with
// JavaScript and at the phone's without: filter All Leads by agent, status, state and
// submitted date; open a lead (its New Lead badge goes); reveal its SSN and banking numbers; copy
// all its information (both recorded in the trail); edit and save it; change its disposition.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const size of WIDTHS) {
  test(`an admin finds a lead, reveals, copies, edits it and changes its disposition (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin,
    factory,
    context,
  }, testInfo) => {
    const noJs = isNoJs(testInfo);
    await page.setViewportSize(size);
    if (!noJs) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const agent = await factory.agent({ firstName: "Quinn" });
    const other = await factory.agent({ firstName: "Rory" });
    const lead = await factory.saleableLead(agent, {
      firstName: "Zelda",
      createdAt: new Date("2026-03-10T15:00:00Z"),
    });
    await factory.lead(agent, { firstName: "Yara", status: "quoted", createdAt: new Date("2026-03-10T16:00:00Z") });
    await factory.lead(other, { firstName: "Zelda", createdAt: new Date("2026-03-10T17:00:00Z") });
    const adminActor = (await signInAs({ id: admin.id })).actor;
    await updateLead(adminActor, lead.id, {
      ssn: "123456789",
      paymentMethod: "checking",
      bankName: "First Bank",
      routingNumber: "021000021",
      accountNumber: "000123456789",
    });

    await page.goto("/admin/leads");
    // Agent, status, state and submitted days (More Filters).
    await page.getByLabel("Agent", { exact: true }).selectOption({ label: agent.name });
    await page.getByLabel("Status", { exact: true }).selectOption("pending");
    await page.getByText("More Filters").click();
    await page.getByLabel("State", { exact: true }).selectOption("FL");
    await page.getByLabel("Submitted from").fill("2026-03-10");
    await page.getByLabel("Submitted to").fill("2026-03-10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("heading", { name: "All Leads (1)" })).toBeVisible();
    const table = page.getByRole("region", { name: "All Leads" });
    await expect(table.getByText("New Lead")).toBeVisible();
    await expect(table.getByRole("link", { name: lead.name, exact: true })).toBeVisible();

    // Open it: marked read.
    await table.getByRole("button", { name: `Details of ${lead.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Lead Details" });
    await expect(dialog.getByText("Personal Information")).toBeVisible();
    await expect(dialog.getByText("•••• 6789")).toHaveCount(2);
    await expect(table.getByText("New Lead")).toHaveCount(0);

    // Show Sensitive, then Show Banking: each a post, each in the trail.
    await dialog.getByRole("button", { name: "Show Sensitive" }).click();
    await expect(dialog.getByText("123456789", { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "Show Banking" }).click();
    await expect(dialog.getByText("000123456789", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Sensitive info revealed").first()).toBeVisible();
    await expect(dialog.getByText("Banking info revealed").first()).toBeVisible();

    // Copy All Info: with JavaScript to the clipboard (the icon turns to a check); without, the text to select.
    await dialog.getByRole("button", { name: /Copy All Info/ }).click();
    if (noJs) {
      await expect(page.getByLabel("All lead information (select it and copy)")).toContainText("SSN: 123456789");
    } else {
      await expect(page.getByText("Lead information copied!")).toBeAttached();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("Account Number: 000123456789");
    }
    await expect.poll(() => ActivityLog.count({ where: { entityId: lead.id, action: "lead_copied" } })).toBe(1);

    // Edit Mode: save a new city.
    await dialog.getByRole("link", { name: "Edit Mode" }).click();
    await dialog.getByLabel("City").fill("Sarasota");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.locator("#toast-region")).toContainText("Changes saved");
    await expect(dialog.getByText("Sarasota, FL", { exact: false })).toBeVisible();

    // Change Disposition to a status only an admin sets.
    await dialog.getByLabel("Status").selectOption("interested");
    await dialog.getByLabel("Notes (optional)").fill("Asked for a quote");
    await dialog.getByRole("button", { name: "Update Status" }).click();
    await expect(page.locator("#toast-region")).toContainText("Status updated successfully");
    await expect(dialog.getByText("Asked for a quote")).toBeVisible();
    await expect.poll(async () => (await Application.findByPk(lead.id))!.status).toBe("interested");
    await expect(dialog.getByText(`Lead ID: ${lead.id.slice(0, 8)}`)).toBeVisible();
  });
}
