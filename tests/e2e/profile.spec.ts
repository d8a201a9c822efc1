import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { expect, noJsAtPhoneWidth, test } from "./fixtures";

// The agent's profile (issue 11, items 7 and 8), at a phone's width and a laptop's with JavaScript
// and at the phone's without: the cards and the tabs as links, Personal Info edited in place
// with a field message that keeps what was typed, the Performance chart and table, and the edit
// page adding a carrier with a product and bulk-adding states, saved together.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** The toast (with JavaScript) or banner (without) that answered the last action. */
function toast(page: Page) {
  return page.locator("#toast-region");
}

function tab(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name, exact: true });
}

for (const size of WIDTHS) {
  test(`an agent edits Personal Info and reads the Performance tab (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    agent,
    factory,
  }) => {
    await page.setViewportSize(size);
    await factory.lead(agent);
    await factory.lead(agent, { status: "sale" });
    await page.goto("/agent/profile");
    await expect(page).toHaveTitle("Profile | Agency CRM");
    await expect(page.getByText("Total Leads")).toBeVisible();
    await expect(page.getByText("Conversion Rate")).toBeVisible();
    // One decimal, as the dashboards show it: 1 sale of 2 leads.
    await expect(page.getByText("50.0%", { exact: true })).toBeVisible();
    await expect(page.getByText("Total Commission")).toBeVisible();
    await expect(tab(page, "Overview")).toHaveAttribute("aria-current", "page");

    await tab(page, "Personal Info").click();
    await expect(page).toHaveURL(/tab=personal/);
    await expect(tab(page, "Personal Info")).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Email cannot be changed")).toBeVisible();
    await page.getByRole("link", { name: "Edit Profile", exact: true }).click();

    await page.getByLabel("First Name").fill("");
    await page.getByLabel("Last Name").fill("Quintero");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByLabel("Last Name")).toHaveValue("Quintero");
    expect(await seriousViolations(page), `personal info with an error at ${size.width} px`).toEqual([]);

    await page.getByLabel("First Name").fill("Rosa");
    await page.getByLabel("Phone").fill("(727) 555-0142");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Profile updated successfully");
    await expect(page).toHaveURL(/\/agent\/profile\?tab=personal$/);
    await expect(page.getByText("Rosa", { exact: true })).toBeVisible();
    await expect(page.getByText("(727) 555-0142")).toBeVisible();

    await tab(page, "Performance").click();
    const chart = page.getByRole("img", { name: "Leads, sales and commission per month" });
    await expect(chart).toBeVisible();
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(13);
    // The chart opens on the newest months (the table lists them newest first); on a phone the
    // oldest have scrolled out of view to the left.
    const months = page.getByRole("table").getByRole("rowheader");
    const shortName = async (row: ReturnType<typeof months.first>) => (await row.textContent())!.trim().split(" ")[0]!;
    const scroller = page.getByRole("region", { name: /Leads, sales and commission per month/ });
    await expect(scroller.getByText(await shortName(months.first()), { exact: true })).toBeInViewport();
    const oldest = scroller.getByText(await shortName(months.last()), { exact: true });
    if (size.width < 640) await expect(oldest).not.toBeInViewport();
    else await expect(oldest).toBeInViewport();
    expect(await seriousViolations(page), `performance at ${size.width} px`).toEqual([]);
  });

  test(`an agent adds a carrier with a product and bulk-adds states on the edit page (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    agent: _signedIn,
  }) => {
    await page.setViewportSize(size);
    await page.goto("/agent/profile");
    await page.getByRole("link", { name: "Edit profile, carriers and states" }).click();
    await expect(page).toHaveURL(/\/agent\/profile\/edit$/);
    await expect(page).toHaveTitle("Edit Profile | Agency CRM");

    await page.getByLabel("Last Name").fill("Okafor");
    await page.getByRole("button", { name: "Add Ethos" }).click();
    await expect(page.getByRole("heading", { name: "Ethos" })).toBeVisible();
    // Names typed above the panel ride along with each panel button.
    await expect(page.getByLabel("Last Name")).toHaveValue("Okafor");

    const ethos = page.getByRole("region", { name: "Ethos" });
    await ethos.getByLabel("Product name").fill("Term Life");
    await ethos.getByLabel("Comp %").fill("0");
    await page.locator('button[value="add-product:1"]').click();
    await expect(page.getByText("Invalid Commission: Commission percentage must be greater than 0%.")).toBeVisible();
    await ethos.getByLabel("Comp %").fill("40.5");
    await page.locator('button[value="add-product:1"]').click();
    await expect(page.locator('[name="carriers[1].products[0].name"]')).toHaveValue("Term Life");

    await page.getByLabel("Bulk entry").fill("Texas, ga\nAtlantis");
    await page.getByRole("button", { name: "Add States" }).click();
    await expect(page.getByText("Invalid entries: Atlantis")).toBeVisible();
    await page.getByLabel("Bulk entry").fill("Texas, ga");
    await page.getByRole("button", { name: "Add States" }).click();
    await expect(page.getByText("States Added", { exact: true })).toBeVisible();
    await expect(page.getByText("(3 selected)")).toBeVisible();
    expect(await seriousViolations(page), `edit profile at ${size.width} px`).toEqual([]);

    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/agent\/profile$/);
    await expect(toast(page)).toContainText("Profile updated successfully");
    await tab(page, "Carriers").click();
    const ethosCard = page.getByRole("listitem").filter({ hasText: /^Term Life/ });
    await expect(ethosCard).toContainText("40.5%");
    await tab(page, "States").click();
    await expect(page.getByRole("heading", { name: "Licensed states (3)" })).toBeVisible();
    for (const state of ["Florida", "Georgia", "Texas"])
      await expect(page.getByText(state, { exact: true })).toBeVisible();
  });
}

test("an agent whose rate is above 100% saves the edit page, and again with only the phone changed", async ({
  page,
  agent: _signedIn,
}) => {
  await page.goto("/agent/profile/edit");
  await page.locator('[name="carriers[0].products[0].commissionRate"]').fill("105");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Profile updated successfully");

  await page.goto("/agent/profile/edit");
  await expect(page.locator('[name="carriers[0].products[0].commissionRate"]')).toHaveValue("105");
  await page.getByLabel("Phone").fill("(727) 555-0199");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/agent\/profile$/);
  await expect(toast(page)).toContainText("Profile updated successfully");
  await tab(page, "Carriers").click();
  await expect(page.getByRole("listitem").filter({ hasText: /^Final Expense/ })).toContainText("105%");
});
