import { ActivityLog } from "~db";
import { expect, noJsAtPhoneWidth, test } from "./fixtures";

// Issue 12 item 7 as an administrator uses it, at a phone's width and a laptop's with JavaScript
// and at the phone's without (noJsAtPhoneWidth): the Activity page filtered by user, then action,
// then days, a reversed range refused at To date with what was typed kept, and a lead's whole trail.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const size of WIDTHS) {
  test(`an admin narrows the audit trail by user, action and date (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin: _signedIn,
    factory,
  }) => {
    await page.setViewportSize(size);
    const agent = await factory.agent();
    const otherAdmin = await factory.admin();
    const lead = await factory.lead(agent);
    const entry = (userId: string, action: string, summary: string, at: string) =>
      ActivityLog.create({
        userId,
        action,
        entityType: "application",
        entityId: lead.id,
        summary,
        createdAt: new Date(at),
      });
    await entry(agent.id, "lead_status_changed", `${agent.name} set ${lead.name} to contacted`, "2026-03-10T15:00:00Z");
    await entry(agent.id, "lead_updated", `${agent.name} edited ${lead.name} (city)`, "2026-03-12T15:00:00Z");
    await entry(
      otherAdmin.id,
      "lead_sensitive_revealed",
      `${otherAdmin.name} revealed ${lead.name}`,
      "2026-03-12T16:00:00Z",
    );

    await page.goto("/admin/activity");
    await expect(page.getByRole("heading", { name: /^All entries: \d+$/ })).toBeVisible();
    await expect(page.locator(`#sidebar a[href="/admin/activity"]`)).toHaveAttribute("aria-current", "page");

    // By user: the agent's two entries, newest first.
    await page.getByLabel("User").selectOption(agent.id);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("heading", { name: "Entries found: 2" })).toBeVisible();
    const table = page.getByRole("region", { name: "Activity" });
    await expect(table.getByText(`${agent.name} edited ${lead.name} (city)`)).toBeVisible();
    await expect(table.getByText(`${otherAdmin.name} revealed`)).toHaveCount(0);

    // And by action.
    await page.getByLabel("Action").selectOption("lead_status_changed");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("heading", { name: "Entries found: 1" })).toBeVisible();
    await expect(table.getByText("Status changed", { exact: true })).toBeVisible();
    await expect(table.getByText("Mar 10, 2026, 11:00 AM")).toBeVisible();

    // Every action, but only the 12th on the admin's calendar.
    await page.getByLabel("Action").selectOption("all");
    await page.getByLabel("From date").fill("2026-03-12");
    await page.getByLabel("To date").fill("2026-03-12");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("heading", { name: "Entries found: 1" })).toBeVisible();
    await expect(table.getByText("Lead edited", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`userId=${agent.id}.*dateFrom=2026-03-12&dateTo=2026-03-12`));

    // A reversed range is refused at To date, with the dates kept.
    await page.getByLabel("From date").fill("2026-03-13");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("To date must be on or after From date.")).toBeVisible();
    await expect(page.getByLabel("From date")).toHaveValue("2026-03-13");
    await expect(page.getByLabel("To date")).toHaveValue("2026-03-12");
    await expect(page.getByText("Correct the filters above to see the activity.")).toBeVisible();

    // The lead's whole trail, whoever acted.
    await page.goto("/admin/activity");
    await page.getByLabel("User").selectOption(otherAdmin.id);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("heading", { name: "Entries found: 1" })).toBeVisible();
    // The entry names its lead, not an 8-character id (audit item 23).
    await expect(table.getByRole("link", { name: `Open lead ${lead.name}` })).toBeVisible();
    await table.getByRole("link", { name: `Trail of ${lead.name}` }).click();
    await expect(page.getByText(`Showing the trail of ${lead.name}'s lead.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Entries found: 3" })).toBeVisible();
    await expect(page.getByLabel("User")).toHaveValue("all");
  });
}
