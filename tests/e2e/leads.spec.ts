import type { Page } from "@playwright/test";
import { ActivityLog } from "~db";
import { updateLead } from "~/services/lead-edit.server";
import { signInAs } from "../support/factories";
import { expect, isNoJs, noJsAtPhoneWidth, test } from "./fixtures";

// Issue 10 as an agent uses it, JavaScript on and off (the flow at a phone's width and a laptop's
// with it, at the phone's without): find a lead by name, open it (its New Lead badge and the
// sidebar's count drop), edit it and add a beneficiary, set a callback with a date, record a sale
// and see the commission and the nine payments; the lead's own page; and Application Not Found for
// someone else's lead.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/**
 * The sidebar's My Leads link, with its unread count. Found by its address: on a phone the closed
 * drawer hides it, and an open dialog takes the rest of the page out of the accessibility tree.
 */
function myLeadsLink(page: Page) {
  return page.locator('#sidebar a[href="/agent/leads"]');
}

/** The toast (with JavaScript) or banner (without) that answered the last action. */
function toast(page: Page) {
  return page.locator("#toast-region");
}

for (const size of WIDTHS) {
  test(`an agent works a lead from finding it to recording the sale (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    agent,
    factory,
  }, testInfo) => {
    const noJs = isNoJs(testInfo);
    await page.setViewportSize(size);
    const lead = await factory.saleableLead(agent, { firstName: "Zora" });
    await factory.lead(agent, { firstName: "Other", createdAt: new Date(Date.now() - 86_400_000) });

    await page.goto("/agent/leads");
    await expect(myLeadsLink(page)).toHaveText("My Leads2");
    await expect(page.getByRole("heading", { name: "All leads: 2" })).toBeVisible();

    // Find the lead by name (case does not matter).
    await page.getByLabel("Search by name or email").fill(lead.lastName.toUpperCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("heading", { name: "Leads found: 1" })).toBeVisible();
    const table = page.getByRole("region", { name: "My Leads" });
    await expect(table.getByText("New Lead")).toBeVisible();

    // Opening its details (a post) marks it read: the badge goes, the sidebar counts one unread lead.
    await table.getByRole("button", { name: `Details of ${lead.name}` }).click();
    const details = page.getByRole("dialog", { name: "Lead Details" });
    await expect(details.getByText("Personal Information")).toBeVisible();
    await expect(myLeadsLink(page)).toHaveText("My Leads1");
    await expect(table.getByText("New Lead")).toHaveCount(0);

    // Edit the application: a new city and a beneficiary (the form starts with one empty row).
    await details.getByRole("link", { name: "Edit Application" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Application" });
    await edit.getByLabel("City").fill("Sarasota");
    await edit.getByLabel("Beneficiary 1 Name").fill("Ann Heir");
    await edit.getByLabel("Beneficiary 1 Relationship", { exact: true }).selectOption("daughter");
    await edit.getByLabel("Beneficiary 1 Percentage").fill("100");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Application updated successfully");

    // The Update Disposition prompt: a callback for tomorrow morning.
    const prompt = page.getByRole("dialog", { name: "Update Disposition" });
    await expect(prompt.getByRole("link", { name: "Skip" })).toBeVisible();
    await prompt.getByLabel("Status").selectOption("callback");
    await prompt.getByLabel(/^Callback date and time/).fill("2030-01-15T09:30");
    await prompt.getByLabel("Notes (optional)").fill("Call back after the doctor's visit");
    await prompt.getByRole("button", { name: "Update Status" }).click();
    await expect(toast(page)).toContainText("Disposition Updated");
    await expect(table.getByText("Callback", { exact: true })).toBeVisible();
    await expect(table.getByText("Jan 15, 2030, 9:30 AM")).toBeVisible();

    // Record the sale: $50.00 x 9 x 100 % = $450.00, and nine payments.
    await table.getByRole("link", { name: `Status of ${lead.name}` }).click();
    const status = page.getByRole("dialog", { name: "Update Status" });
    await status.getByLabel("Status").selectOption("sale");
    if (!noJs) await expect(status.getByRole("button", { name: "Record Sale" })).toBeEnabled();
    await status.getByRole("button", { name: noJs ? "Update Status" : "Record Sale" }).click();
    await expect(toast(page)).toContainText("Sale Recorded");
    await expect(toast(page)).toContainText("$450.00");
    await expect(table.getByText("$450.00")).toBeVisible();
    await expect(table.getByText("0/9 payments")).toBeVisible();

    await table.getByRole("button", { name: `Details of ${lead.name}` }).click();
    const sold = page.getByRole("dialog", { name: "Lead Details" });
    await expect(sold.getByText("Month 9")).toBeVisible();
    await expect(sold.getByText("Ann Heir")).toBeVisible();
    await expect(sold.getByText("Sarasota, FL")).toBeVisible();
    await expect(sold.getByText("Call back after the doctor's visit")).toBeVisible();
  });
}

// The labels that follow the choice need JavaScript; without it the server answers (the next test).
test("a sale asks for a product: Select Product First, then Record Sale; none for the carrier disables it", async ({
  page,
  agent,
  factory,
}) => {
  const lead = await factory.saleableLead(agent);
  const other = await factory.lead(agent);
  await page.goto(`/agent/leads?dialog=status&id=${other.id}`);
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  await dialog.getByLabel("Status").selectOption("sale");
  await expect(dialog.getByRole("button", { name: "No Products Available" })).toBeDisabled();

  await page.goto(`/agent/leads?dialog=status&id=${lead.id}`);
  await dialog.getByLabel("Status").selectOption("sale");
  await dialog.getByLabel("Product").selectOption("");
  await expect(dialog.getByRole("button", { name: "Select Product First" })).toBeDisabled();
  await dialog.getByLabel("Product").selectOption({ label: "Final Expense (100%)" });
  await expect(dialog.getByText("Commission: $450.00")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Record Sale" })).toBeEnabled();
});

// With JavaScript the button cannot be pressed without a product (the test above).
test("without a product the server answers Product Required at the field and keeps the notes @no-js-only", async ({
  page,
  agent,
  factory,
}) => {
  const lead = await factory.saleableLead(agent);
  await page.goto(`/agent/leads?dialog=status&id=${lead.id}`);
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  await dialog.getByLabel("Status").selectOption("sale");
  await dialog.getByLabel(/^Product/).selectOption("");
  await dialog.getByLabel("Notes (optional)").fill("Ready to buy");
  await dialog.getByRole("button", { name: "Update Status" }).click();
  await expect(dialog.getByText("Product Required")).toBeVisible();
  await expect(dialog.getByText("Please select a product for the sale.")).toBeVisible();
  await expect(dialog.getByLabel("Notes (optional)")).toHaveValue("Ready to buy");
});

test("bad input in Edit Application stays in the dialog with the message at its field, nothing typed lost @no-js", async ({
  page,
  agent,
  factory,
}) => {
  const lead = await factory.saleableLead(agent);
  await page.goto(`/agent/leads?dialog=edit&id=${lead.id}`);
  const edit = page.getByRole("dialog", { name: "Edit Application" });
  await edit.getByLabel("Email").fill("not-an-email");
  await edit.getByLabel("Weight (lbs)").fill("150.5");
  await edit.getByLabel("City").fill("Typed City");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Please enter a valid email address")).toBeVisible();
  await expect(edit.getByText("Weight must be a whole number")).toBeVisible();
  await expect(edit.getByLabel("City")).toHaveValue("Typed City");
  await expect(edit.getByLabel("Email")).toHaveValue("not-an-email");
});

test("the lead's page: every section, Edit Application in place with beneficiaries, phones read-only, Set Disposition @no-js", async ({
  page,
  agent,
  factory,
}) => {
  const lead = await factory.saleableLead(agent);
  await page.goto(`/applications/${lead.id}`);
  await expect(page.getByRole("heading", { name: lead.name })).toBeVisible();
  for (const section of [
    "Personal Information",
    "Medical Information",
    "Policy Information",
    "Payment Information",
    "Beneficiaries",
    "Notes",
  ]) {
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  }
  await page.getByRole("link", { name: "Edit Application" }).click();
  await expect(page.getByText("Phone numbers are changed from My Leads")).toBeVisible();
  await page.getByRole("button", { name: "Add beneficiary" }).click();
  await page.getByLabel("Beneficiary 1 Name").fill("First Heir");
  await page.getByLabel("Beneficiary 1 Relationship", { exact: true }).selectOption("son");
  await page.getByLabel("Beneficiary 2 Name").fill("Second Heir");
  await page.getByLabel("Beneficiary 2 Relationship", { exact: true }).selectOption("niece");
  await page.getByRole("button", { name: "Remove beneficiary 1" }).click();
  await expect(page.getByLabel("Beneficiary 1 Name")).toHaveValue("Second Heir");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Application updated successfully");
  await page.getByRole("dialog", { name: "Update Disposition" }).getByRole("link", { name: "Skip" }).click();
  await expect(page.getByText("Second Heir")).toBeVisible();
  await expect(page.getByText("First Heir")).toHaveCount(0);

  await page.getByRole("link", { name: "Set Disposition" }).click();
  const dialog = page.getByRole("dialog", { name: "Set Disposition" });
  await dialog.getByLabel("Status").selectOption("contacted");
  await dialog.getByRole("button", { name: "Update Status" }).click();
  await expect(toast(page)).toContainText("Disposition Updated");
  await expect(page.getByText("Pending → Contacted")).toBeVisible();
});

test("the lead's page by a link writes nothing until the user acts: read by JS or Mark as read, numbers and health by Show Sensitive @no-js", async ({
  page,
  agent,
  factory,
}, testInfo) => {
  const noJs = isNoJs(testInfo);
  const lead = await factory.saleableLead(agent);
  const actor = (await signInAs({ id: agent.id })).actor;
  await updateLead(actor, lead.id, { ssn: "123456789", medications: "Warfarin 5 mg nightly" });
  const audit = () => ActivityLog.count({ where: { entityId: lead.id, userId: agent.id } });
  const medical = page.getByRole("region", { name: "Medical Information" });
  const before = await audit();

  // A link with ?reveal=1 (from anywhere) shows the numbers masked and records nothing.
  await page.goto(`/applications/${lead.id}?reveal=1`);
  await expect(page.getByRole("heading", { name: lead.name })).toBeVisible();
  await expect(page.getByText("•••• 6789")).toBeVisible();
  // The health details are masked too (decision 070).
  await expect(medical.getByText("••••", { exact: true })).toBeVisible();
  await expect(page.getByText("Warfarin 5 mg nightly")).toHaveCount(0);
  expect(await audit()).toBe(before);

  // Opening it marks it read: by itself with JavaScript, by Mark as read without.
  if (noJs) {
    await expect(myLeadsLink(page)).toHaveText("My Leads1");
    await page.getByRole("button", { name: "Mark as read" }).click();
  }
  await expect(myLeadsLink(page)).toHaveText("My Leads");
  await expect(page.getByRole("button", { name: "Mark as read" })).toHaveCount(0);

  // Show Sensitive (in Personal and in Payment Information) posts, records the reveal once, and shows the full number.
  await page
    .getByRole("region", { name: "Personal Information" })
    .getByRole("button", { name: "Show Sensitive" })
    .click();
  await expect(page.getByText("123456789", { exact: true })).toBeVisible();
  await expect(medical.getByText("Warfarin 5 mg nightly")).toBeVisible();
  await expect
    .poll(() => ActivityLog.count({ where: { entityId: lead.id, action: "lead_sensitive_revealed" } }))
    .toBe(1);
  expect(await ActivityLog.count({ where: { entityId: lead.id, action: "lead_health_revealed" } })).toBe(1);
  await page
    .getByRole("region", { name: "Personal Information" })
    .getByRole("link", { name: "Hide Sensitive" })
    .click();
  await expect(page.getByText("•••• 6789")).toBeVisible();
});

// Go Back is history's back with JavaScript and a link to the list without.
test("another agent's lead is Application Not Found with Go Back, and answers 404 @no-js", async ({
  page,
  agent: _me,
  factory,
}) => {
  const stranger = await factory.agent();
  const theirs = await factory.lead(stranger);
  await page.goto("/agent/leads");
  const response = await page.goto(`/applications/${theirs.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Application Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/agent\/leads$/);
});

// The highlighted row is scrolled to by Remix with JavaScript and by the address's #fragment without.
test("the dashboard's Edit opens My Leads with the lead's row highlighted @no-js", async ({ page, agent, factory }) => {
  const lead = await factory.lead(agent, { firstName: "Highlit" });
  await page.goto("/agent/dashboard");
  await page.getByRole("link", { name: `Edit ${lead.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/agent/leads\\?highlight=${lead.id}`));
  const row = page.locator(`#lead-${lead.id}`);
  await expect(row).toHaveAttribute("aria-current", "true");
  await expect(row).toBeInViewport();
});
