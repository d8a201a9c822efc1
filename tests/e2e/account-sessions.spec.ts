import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, screenshot, signIn, test } from "./fixtures";

// Issue 27 item 2: an agent sees the browsers signed in to their account, signs one out, then
// every one but this device, at a laptop's width and a phone's, with JavaScript and (at the
// phone's) without; the page has no serious accessibility finding.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const size of WIDTHS) {
  test(`an agent signs out another browser, then everywhere else (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    agent,
    openBrowser,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(size);
    const sessions = page.getByRole("table", { name: "Your sessions" });
    // On a phone a row is a card; either way each session is one row of the table.
    const rows = sessions.locator("tbody tr");

    // Another browser signs in through the form: a session with a browser and an address.
    const other = await openBrowser();
    await signIn(other, agent);
    await expect(other).toHaveURL(/\/agent\/dashboard/);

    await page.goto("/account/sessions");
    await expect(page.getByRole("link", { name: "Sessions" })).toHaveAttribute("aria-current", "page");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("This device");
    const otherRow = rows.filter({ hasText: "Chrome" }).filter({ hasNotText: "This device" });
    await expect(otherRow).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    expect(await seriousViolations(page), `/account/sessions at ${size.width} px`).toEqual([]);
    await screenshot(page, testInfo, `account-sessions-${size.width}`);

    await otherRow.getByRole("button", { name: /^Sign out/ }).click();
    await expect(page.getByText("Session signed out")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await other.reload();
    await expect(other).toHaveURL(/\/login/);

    // Two more browsers, then every one but this device at once, confirmed in the dialog.
    await signIn(other, agent);
    await expect(other).toHaveURL(/\/agent\/dashboard/);
    const third = await openBrowser();
    await signIn(third, agent);
    await expect(third).toHaveURL(/\/agent\/dashboard/);
    await page.goto("/account/sessions");
    await expect(rows).toHaveCount(3);
    await page.getByRole("link", { name: "Sign out everywhere else" }).click();
    await expect(page).toHaveURL(/dialog=sign-out-others/);
    const dialog = page.getByRole("dialog", { name: "Sign out everywhere else?" });
    await expect(dialog).toContainText("2 other sessions will be signed out.");
    expect(await seriousViolations(page), `the confirmation at ${size.width} px`).toEqual([]);
    await dialog.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("2 other sessions signed out.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Sign out everywhere else" })).toHaveCount(0);
    for (const browser of [other, third]) {
      await browser.reload();
      await expect(browser).toHaveURL(/\/login/);
    }
    // This device is still signed in.
    await page.reload();
    await expect(rows.first()).toContainText("This device");
    if (!isNoJs(testInfo)) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  });
}
