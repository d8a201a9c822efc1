import type { Page } from "@playwright/test";
import { expect, isNoJs, test } from "./fixtures";

// A reset link or a temporary password shown once to an admin can be copied with JavaScript off
// too: it sits in a read-only field to select and copy. The Copy button, which needs script to
// reach the clipboard, is there only when script runs.

/** The value in the read-only field, and that the Copy button is there exactly when script is. */
async function expectCopyable(page: Page, field: ReturnType<Page["getByLabel"]>, noJs: boolean) {
  await expect(field).toHaveAttribute("readonly", "");
  const value = await field.inputValue();
  expect(value.length).toBeGreaterThan(10);
  const copy = field.locator("xpath=..").getByRole("button", { name: "Copy" });
  if (noJs) {
    await expect(copy).toHaveCount(0);
  } else {
    await copy.click();
    await expect(field.locator("xpath=..").getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    // Focusing the field selects the whole value, ready for the keyboard's copy.
    await field.focus();
    expect(
      await field.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart!, input.selectionEnd!)),
    ).toBe(value);
  }
  return value;
}

test.describe("values to copy @no-js", () => {
  test.beforeEach(async ({ context }, testInfo) => {
    if (!isNoJs(testInfo)) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  });

  test("the reset link banner", async ({ page, admin: _signedIn, factory }, testInfo) => {
    const user = await factory.agent();
    await factory.resetRequest(user);
    await page.goto("/admin/password-reset-requests");
    await page.getByRole("button", { name: `Approve reset request from ${user.name}` }).click();
    await expect(page.getByText("Request approved")).toBeVisible();
    const link = await expectCopyable(page, page.getByLabel("Value to copy"), isNoJs(testInfo));
    expect(link).toMatch(/\/reset-password\?token=/);
  });

  test("the temporary password banner and dialog", async ({ page, admin: _signedIn, factory }, testInfo) => {
    const agent = await factory.agent();
    await page.goto(`/admin/agent-approval?search=${encodeURIComponent(agent.email)}`);
    await page.getByRole("link", { name: `Generate temporary password for ${agent.name}` }).click();
    await page
      .getByRole("dialog", { name: "Generate Temporary Password" })
      .getByRole("button", { name: "Generate Temporary Password" })
      .click();
    await expect(page.getByText("Temporary password generated")).toBeVisible();
    const password = await expectCopyable(page, page.getByLabel("Value to copy"), isNoJs(testInfo));
    // The toast stays while the pointer is on it (it was just used to copy) and covers the row
    // below: the user dismisses it, as they would to reach the link.
    if (!isNoJs(testInfo)) {
      await page
        .locator("#toast-region")
        .getByRole("status")
        .filter({ hasText: "Temporary password generated" })
        .getByRole("button", { name: "Dismiss" })
        .click();
    }

    await page.getByRole("link", { name: `View temporary password of ${agent.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Temporary Password" });
    expect(await expectCopyable(page, dialog.getByLabel("Temporary password"), isNoJs(testInfo))).toBe(password);
  });
});
