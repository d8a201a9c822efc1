import crypto from "node:crypto";
import { DncNumber, Phone } from "~db";
import { expect, screenshot, test } from "./fixtures";

// The do-not-call list (issue 25 items 1 and 2, decision 069): an admin adds a number (a bad one
// keeps what was typed, with the message at the field), finds it, uploads a registry file and
// follows its counts; an agent records "Asked not to be called" on a lead without JavaScript and
// sees the DNC badge on My Leads. Screens at 390 and 1280 px.

/** A US number no other test uses. */
function freshNumber() {
  const [area, exchange, line] = [crypto.randomInt(201, 989), crypto.randomInt(200, 999), crypto.randomInt(1000, 9999)];
  return { typed: `(${area}) ${exchange}-${line}`, e164: `+1${area}${exchange}${line}` };
}

test("an admin adds a number, finds it, and uploads a registry file whose counts show", async ({
  page,
  admin,
}, testInfo) => {
  void admin;
  test.slow();
  const number = freshNumber();
  const [first, second] = [freshNumber(), freshNumber()];
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/dnc");
  await page.getByRole("link", { name: "Do Not Call" }).first().waitFor();

  await page.getByLabel("Phone number").fill("555-01");
  await page.getByLabel("Reason", { exact: true }).first().selectOption("internal");
  await page.getByRole("button", { name: "Add to list" }).click();
  // At the field (the page's error toast says it too).
  await expect(page.locator("#dnc-add-phone-error")).toHaveText("Enter a valid phone number, such as (305) 555-0142.");
  await expect(page.getByLabel("Phone number")).toHaveValue("555-01");

  await page.getByLabel("Phone number").fill(number.typed);
  await page.getByRole("button", { name: "Add to list" }).click();
  await expect(page.getByText("Number added to the do-not-call list")).toBeVisible();
  await page.getByLabel("Search by number").fill(number.e164.slice(2));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row").filter({ hasText: number.typed })).toContainText("Internal");
  await screenshot(page, testInfo, "dnc-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "dnc-390");

  await page.getByRole("link", { name: `Remove ${number.typed}` }).click();
  const dialog = page.getByRole("dialog", { name: "Remove from Do Not Call" });
  await expect(dialog).toBeVisible();
  await screenshot(page, testInfo, "dnc-remove-390");
  await dialog.getByLabel("Why is it removed?").fill("Listed in error");
  await dialog.getByRole("button", { name: "Remove number" }).click();
  await expect(page.getByText("Number removed from the do-not-call list")).toBeVisible();
  expect(await DncNumber.findByPk(number.e164)).toBeNull();

  await page.goto("/admin/dnc");
  await page.getByLabel("CSV or text file").setInputFiles({
    name: "state-registry.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Phone\r\n${first.typed}\r\n${second.e164}\r\n${first.e164}\r\nnot a phone\r\n`),
  });
  await page.getByLabel("Reason").nth(1).selectOption("state_registry");
  await page.getByRole("button", { name: "Upload numbers" }).click();
  await expect(page.getByText("File uploaded: its numbers are being listed")).toBeVisible();
  // The job runs on the server's engine; the page follows it until it completes.
  await expect(page.getByText("Completed")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("4 of 4 numbers processed (100%).")).toBeVisible();
  await screenshot(page, testInfo, "dnc-upload-390");
  expect(await DncNumber.findByPk(second.e164, { raw: true })).toMatchObject({ reason: "state_registry" });
});

test("an agent records Asked not to be called and the lead shows DNC @no-js", async ({
  page,
  agent,
  factory,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const number = freshNumber();
  const lead = await factory.lead(agent);
  await Phone.destroy({ where: { applicationId: lead.id } });
  await Phone.create({ applicationId: lead.id, phoneNumber: number.typed, phoneType: "mobile", isPrimary: true });

  await page.goto(`/applications/${lead.id}`);
  await page.getByRole("link", { name: "Asked not to be called" }).click();
  await expect(page.getByText(`${lead.name} asked not to be called`)).toBeVisible();
  await screenshot(page, testInfo, "opt-out-390");
  await page.getByRole("button", { name: "Add to Do Not Call" }).click();
  await expect(page.getByText("Asked not to be called: recorded")).toBeVisible();
  expect(await DncNumber.findByPk(number.e164, { raw: true })).toMatchObject({ reason: "customer_request" });

  await page.goto("/agent/leads");
  const row = page.getByRole("row").filter({ hasText: lead.name });
  await expect(row.getByText("Do not call")).toBeAttached();
  await expect(row.getByText("DNC", { exact: true })).toBeVisible();
  await screenshot(page, testInfo, "my-leads-dnc-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, testInfo, "my-leads-dnc-1280");
});
