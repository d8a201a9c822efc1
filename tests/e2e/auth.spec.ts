import { totpCode } from "../support/factories";
import { enterTwoFactorCode, expect, signIn, signOut, test, uniqueName } from "./fixtures";

// The sign-in specs type into /login, as people do, with users each test creates. Without
// JavaScript too where the form's answer is drawn otherwise (a redirect, a refusal kept in the
// form, the way back, the registration dialog); where sign-in is refused or sent on for another
// reason the server's decision is the same either way and runs with JavaScript (tests/api/auth.test.ts
// and sign-in-pages.test.ts read it too). Where a path sends a visitor (signed out, the wrong role,
// a dashboard's short address, a 404) is read from the loaders in tests/api/page-renders.test.ts.

test.describe("sign-in", () => {
  test("admin lands on the admin dashboard with real figures and can log out @no-js", async ({ page, factory }) => {
    const admin = await factory.admin();
    await signIn(page, admin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Performance Overview" })).toBeVisible();
    await expect(page.getByText("Active Agents")).toBeVisible();
    await expect(page.getByRole("banner").getByText("Administrator")).toBeVisible();
    await signOut(page);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard/);
  });

  test("typing into the form while a slow phone hydrates the page: it hydrates, keeps what was typed and signs in", async ({
    browser,
    factory,
  }, testInfo) => {
    // Decision 086: an input event while <RemixBrowser> decoded the page's data made React 18 give
    // up hydrating (error #345) about every other time at this CPU slowdown, with nothing cached.
    // Four fresh browsers in a row.
    test.slow();
    const agent = await factory.agent();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
      await page.goto("/login", { waitUntil: "commit" });
      await page.getByLabel("Email").fill(agent.email);
      await page.getByLabel("Password").fill(agent.password);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 20_000 });
      expect(errors, `attempt ${attempt}`).toEqual([]);
      await expect(page.getByLabel("Email")).toHaveValue(agent.email);
      await expect(page.getByLabel("Password")).toHaveValue(agent.password);
      if (attempt === 4) {
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
        await page.getByRole("button", { name: "Sign in" }).click();
        await expect(page).toHaveURL(/\/agent\/dashboard$/);
      }
      await context.close();
    }
  });

  test("agent lands on the agent dashboard", async ({ page, factory }) => {
    await signIn(page, await factory.agent());
    await expect(page).toHaveURL(/\/agent\/dashboard$/);
    await expect(page.getByRole("main").getByText("My Leads", { exact: true })).toBeVisible();
    await expect(page.getByText("Calls Left Today")).toBeVisible();
  });

  test("an agent whose setup is not complete is sent to setup", async ({ page, factory }) => {
    await signIn(page, await factory.agent({ setupComplete: false }));
    await expect(page).toHaveURL(/\/agent\/setup/);
  });

  test("a pending agent is refused with Account pending approval @no-js", async ({ page, factory }) => {
    await signIn(page, await factory.pendingAgent());
    await expect(page).toHaveURL(/\/login/);
    // The catalogue's toast and the inline box both say it.
    await expect(page.getByRole("alert").filter({ hasText: "Account pending approval" })).toHaveCount(2);
    await expect(page.getByText("Admin has not approved your account yet")).toHaveCount(2);
  });

  test("a paused agent is refused", async ({ page, factory }) => {
    await signIn(page, await factory.agent({ status: "paused" }));
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toBeVisible();
  });

  test("a wrong password shows Invalid email or password and keeps the email @no-js", async ({ page, factory }) => {
    const admin = await factory.admin();
    await signIn(page, { email: admin.email, password: "wrong-password" });
    // The catalogue's toast and the inline box.
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toHaveCount(2);
    await expect(page.getByLabel("Email")).toHaveValue(admin.email);
  });

  test("after sign-in the user is taken back where they were going @no-js", async ({ page, factory }) => {
    const admin = await factory.admin();
    await page.goto("/admin/agent-approval");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The second factor keeps where the sign-in was going.
    await enterTwoFactorCode(page, totpCode(admin.totpSecret!));
    await expect(page).toHaveURL(/\/admin\/agent-approval$/);
  });
});

test.describe("registration", () => {
  test("Request Account Access registers a pending agent @no-js", async ({ page }) => {
    const email = `${uniqueName("eve.")}@example.test`;
    await page.goto("/login");
    await page.getByRole("link", { name: "Request Account Access" }).click();
    const dialog = page.getByRole("dialog", { name: "Agent Registration" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("First name").fill("Eve");
    await dialog.getByLabel("Last name").fill("Tester");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Phone").fill("8135550142");
    await dialog.getByLabel("License number").fill(`FL-${crypto.randomUUID().slice(0, 8)}`);
    await dialog.getByLabel("Password").fill("123");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page.getByRole("dialog").getByLabel("Email")).toHaveValue(email);
    await page.getByRole("dialog").getByLabel("Password").fill("secret123");
    await page.getByRole("dialog").getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Registration successful")).toBeVisible();
    await signIn(page, { email, password: "secret123" });
    await expect(page.getByText("Account pending approval").first()).toBeVisible();
  });

  test("what is typed while the dialog's code is on its way stays typed, and the next key lands in the same field", async ({
    page,
  }) => {
    // headlessui's dialog module is held back until the visitor has started typing into the plain
    // dialog the server drew (a slow link), then let through in the middle of a word.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/url-dialog-headless*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/login?dialog=register");
    const dialog = page.getByRole("dialog", { name: "Agent Registration" });
    await dialog.getByLabel("First name").fill("Dup");
    await dialog.getByLabel("Last name").pressSequentially("Lic");
    const arrived = page.waitForResponse((response) => response.url().includes("/url-dialog-headless"));
    release();
    await arrived;
    await expect(page.locator('[id^="headlessui-dialog-panel"]')).toBeVisible();
    await page.keyboard.type("ate");
    await expect(dialog.getByLabel("First name")).toHaveValue("Dup");
    await expect(dialog.getByLabel("Last name")).toHaveValue("Licate");
  });

  test("a taken email is answered as a new one (decision 080): the owner is told, not the visitor", async ({
    page,
    factory,
  }) => {
    const existing = await factory.agent();
    await page.goto("/login?dialog=register");
    const dialog = page.getByRole("dialog", { name: "Agent Registration" });
    await dialog.getByLabel("First name").fill("Dup");
    await dialog.getByLabel("Last name").fill("Licate");
    await dialog.getByLabel("Email").fill(existing.email);
    await dialog.getByLabel("Phone").fill("8135550142");
    await dialog.getByLabel("License number").fill(`FL-${crypto.randomUUID().slice(0, 8)}`);
    await dialog.getByLabel("Password").fill("secret123");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Your request has been submitted. Awaiting admin approval.").first()).toBeVisible();
    await expect(page.getByText("An account with this email already exists.")).toHaveCount(0);
  });
});
