import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, screenshot, test, uniqueName } from "./fixtures";

// Issue 24 item 1: an admin adds a lead source and sees its posting key once, edits it, pauses it
// and rotates its key, at a laptop's width and a phone's, with JavaScript and (at the phone's)
// without; the page has no serious accessibility finding. The page is opened by its address (the
// menu entry is the lead engineer's).

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const size of WIDTHS) {
  test(`an admin adds a source, sees its key once, edits, pauses and rotates it (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    context,
    admin: _signedIn,
  }, testInfo) => {
    // The whole life of a source with three accessibility checks: longer than one screen's test.
    test.slow();
    const noJs = isNoJs(testInfo);
    if (!noJs) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(size);
    const name = `Vendor ${uniqueName("Source")}`;
    const row = page.getByRole("region", { name: "Lead sources" }).locator("tr", { hasText: name });
    const banner = page.getByRole("region", { name: `Posting key for ${name}` });

    await page.goto("/admin/lead-sources");
    await expect(page.getByRole("heading", { name: "Lead Sources", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Add Source" }).click();
    await expect(page).toHaveURL(/dialog=add/);
    const add = page.getByRole("dialog", { name: "Add Source" });
    await expect(add.getByLabel("Return Window (hours)")).toHaveValue("72");
    await expect(add.getByLabel("Duplicate Window (days)")).toHaveValue("30");
    // Required fields left empty: the messages at the fields, the dialog still open.
    await add.getByRole("button", { name: "Add Source" }).click();
    await expect(add.getByText("Name is required")).toBeVisible();
    await expect(add.getByText("Cost per lead is required")).toBeVisible();
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Cost per Lead ($)").fill("175.50");
    await add.getByLabel("Default Carrier (optional)").selectOption({ index: 1 });
    const carrier = await add.getByLabel("Default Carrier (optional)").evaluate((select: HTMLSelectElement) => {
      return select.selectedOptions[0]!.text;
    });
    await add.getByRole("button", { name: "Add Source" }).click();

    await expect(page.getByText("Lead source added")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/lsk_/);
    // The key, once: in a read-only field, with the posting URL and an example post.
    const keyField = banner.getByRole("textbox", { name: "Posting key" });
    await expect(keyField).toHaveAttribute("readonly", "");
    const key = await keyField.inputValue();
    expect(key).toMatch(/^lsk_[A-Za-z0-9_-]{40,}$/);
    await expect(banner.getByRole("textbox", { name: "Posting URL" })).toHaveValue(
      /^http:\/\/[^/]+\/api\/intake\/leads$/,
    );
    await expect(banner.locator("pre")).toContainText(`Authorization: Bearer ${key}`);
    if (noJs) {
      await expect(banner.getByRole("button", { name: "Copy posting key" })).toHaveCount(0);
    } else {
      await banner.getByRole("button", { name: "Copy posting key" }).click();
      await expect(banner.getByRole("button", { name: "Copy posting key" })).toHaveText("Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    }
    await expect(row).toContainText("$175.50");
    await expect(row).toContainText("72 hours");
    await expect(row).toContainText("30 days");
    await expect(row).toContainText(carrier);
    await expect(row).toContainText(`…${key.slice(-4)}`);
    await expect(row.getByText("Active", { exact: true })).toBeVisible();
    // The table fits or scrolls inside its own region; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    expect(await seriousViolations(page), `/admin/lead-sources with the key at ${size.width} px`).toEqual([]);
    await screenshot(page, testInfo, `lead-sources-key-${size.width}`);

    // Loaded again, the key is gone for good: only its last four are left.
    await page.goto("/admin/lead-sources");
    await expect(row).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(await page.content()).not.toContain(key);

    await row.getByRole("link", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Source" });
    await expect(edit.getByLabel("Cost per Lead ($)")).toHaveValue("175.50");
    await edit.getByLabel("Return Window (hours)").fill("721");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByText("Return window must be a whole number of hours from 1 to 720")).toBeVisible();
    await edit.getByLabel("Return Window (hours)").fill("48");
    await edit.getByLabel("Cost per Lead ($)").fill("180");
    expect(await seriousViolations(page), `Edit Source at ${size.width} px`).toEqual([]);
    await screenshot(page, testInfo, `lead-sources-edit-${size.width}`);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Lead source updated")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row).toContainText("$180.00");
    await expect(row).toContainText("48 hours");

    // Pause and rotate from the keyboard.
    await row.getByRole("button", { name: `Pause ${name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Lead source paused")).toBeVisible();
    await expect(row.getByText("Paused", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Activate ${name}` })).toBeVisible();

    await row.getByRole("link", { name: `Rotate the posting key of ${name}` }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Rotate Posting Key" });
    await expect(confirm).toContainText(`ending …${key.slice(-4)}`);
    expect(await seriousViolations(page), `Rotate Posting Key at ${size.width} px`).toEqual([]);
    await confirm.getByRole("button", { name: "Rotate Key" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Posting key rotated")).toBeVisible();
    const rotated = page.getByRole("region", { name: `New posting key for ${name}` });
    await expect(rotated).toContainText("The previous key has stopped working.");
    const newKey = await rotated.getByRole("textbox", { name: "Posting key" }).inputValue();
    expect(newKey).toMatch(/^lsk_/);
    expect(newKey).not.toBe(key);
    await expect(row).toContainText(`…${newKey.slice(-4)}`);
    await expect(row.getByText("Paused", { exact: true })).toBeVisible();
    await screenshot(page, testInfo, `lead-sources-rotated-${size.width}`);
  });
}
