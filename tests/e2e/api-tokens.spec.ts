import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, screenshot, test, uniqueName } from "./fixtures";

// Issue 27 item 4: an agent makes a personal API token, sees it once, uses it from a script (read
// allowed, a write refused), and revokes it, at a laptop's width and a phone's, with JavaScript
// and (at the phone's) without; the page has no serious accessibility finding.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const size of WIDTHS) {
  test(`an agent creates an API token, sees it once, uses it and revokes it (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    context,
    request,
    agent: _signedIn,
  }, testInfo) => {
    const noJs = isNoJs(testInfo);
    if (!noJs) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(size);
    const name = `Dialer ${uniqueName("Token")}`;
    const row = page.getByRole("region", { name: "API tokens" }).locator("tr", { hasText: name });
    const banner = page.getByRole("region", { name: `New API token ${name}` });

    await page.goto("/account/api-tokens");
    await expect(page.getByRole("heading", { name: "Account Security", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "API tokens" })).toHaveAttribute("aria-current", "page");
    const form = page.locator("form#create-api-token");
    // The name left empty: the message at the field, nothing made.
    await form.getByRole("button", { name: "Create token" }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Access").selectOption({ label: "Read only" });
    await form.getByLabel("Expires").selectOption({ label: "In 30 days" });
    await form.getByRole("button", { name: "Create token" }).click();

    await expect(page.getByText("API token created")).toBeVisible();
    await expect(page).not.toHaveURL(/acrm_/);
    const tokenField = banner.getByRole("textbox", { name: "API token" });
    await expect(tokenField).toHaveAttribute("readonly", "");
    const token = await tokenField.inputValue();
    expect(token).toMatch(/^acrm_[A-Za-z0-9_-]{43}$/);
    await expect(banner.locator("pre")).toContainText(`Authorization: Bearer ${token}`);
    if (noJs) {
      await expect(banner.getByRole("button", { name: "Copy api token" })).toHaveCount(0);
    } else {
      await banner.getByRole("button", { name: "Copy api token" }).click();
      await expect(banner.getByRole("button", { name: "Copy api token" })).toHaveText("Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    }
    await expect(row).toContainText(`${token.slice(0, 11)}…`);
    await expect(row).toContainText("Read only");
    await expect(row).toContainText("Never");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    expect(await seriousViolations(page), `/account/api-tokens with the token at ${size.width} px`).toEqual([]);
    await screenshot(page, testInfo, `api-tokens-created-${size.width}`);

    // A script with the token and no cookie: it reads the agent's leads, and is refused a write.
    const auth = { Authorization: `Bearer ${token}` };
    const leads = await request.get("/api/agent/applications", { headers: auth });
    expect(leads.status()).toBe(200);
    expect(Array.isArray(await leads.json())).toBe(true);
    const write = await request.post("/api/notifications/mark-all-read", { headers: auth });
    expect(write.status()).toBe(403);
    expect(await write.json()).toEqual({ error: "This token can only read" });
    // A page never takes it: with only the token, the page sends to sign-in.
    const pageWithToken = await request.get("/agent/leads", { headers: auth, maxRedirects: 0 });
    expect(pageWithToken.status()).toBe(302);
    expect(pageWithToken.headers()["location"]).toMatch(/^\/login\?redirectTo=/);

    // Loaded again, the token is gone for good; its last use shows.
    await page.goto("/account/api-tokens");
    await expect(row).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(await page.content()).not.toContain(token);
    await expect(row).not.toContainText("Never");

    await row.getByRole("link", { name: `Revoke ${name}` }).click();
    await expect(page).toHaveURL(/dialog=revoke/);
    const confirm = page.getByRole("dialog", { name: "Revoke API Token" });
    await expect(confirm).toContainText(`${token.slice(0, 11)}…`);
    expect(await seriousViolations(page), `Revoke API Token at ${size.width} px`).toEqual([]);
    await confirm.getByRole("button", { name: "Revoke Token" }).click();
    await expect(page.getByText("API token revoked")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row).toHaveCount(0);
    const afterRevoke = await request.get("/api/agent/applications", { headers: auth });
    expect(afterRevoke.status()).toBe(401);
    expect(await afterRevoke.json()).toEqual({ error: "This API token has been revoked" });
  });
}
