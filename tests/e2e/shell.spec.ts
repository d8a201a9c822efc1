import type { Page } from "@playwright/test";
import { Notification } from "~db";
import { expect, startSession, test, type TestUser } from "./fixtures";

// The portal shell as people use it (audit items 5, 14, 16 and 20; the admin's Callbacks item
// carrying the unread lead badge and Retention Tracking active on its by-sale screen are read from
// the rendered shell in tests/api/page-renders.test.ts): on a phone the header stays one row and
// the drawer says who is signed in; Escape closes the menu and a dialog, and focus goes back where
// it was; toasts swipe away and F8 reaches them; Refresh spins for at least half a second. The
// header and the drawer without JavaScript too (the bell is a link there); the keyboard's and the
// toasts' behaviour is script's.

for (const role of ["admin", "agent"] as const) {
  test(`on a 360 px phone the ${role}'s header is one row and the drawer says who is signed in @no-js`, async ({
    page,
    factory,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const user = role === "admin" ? await factory.admin() : await factory.agent();
    await startSession(page, user);
    await page.goto(`/${role}/dashboard`);
    const header = page.getByRole("banner");
    await expect(header.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    const box = (await header.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(72);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("checkbox", { name: "Menu" }).check();
    const drawer = page.locator("#sidebar");
    await expect(drawer.getByText(user.name, { exact: true })).toBeVisible();
    await expect(drawer.getByText(role === "admin" ? "Administrator" : "Agent", { exact: true })).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(drawer.getByLabel("Time zone")).toBeVisible();
  });
}

test("Escape closes the phone's menu, and focus stays on the menu button", async ({ page, agent: _a }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/agent/dashboard");
  const menu = page.getByRole("checkbox", { name: "Menu" });
  await menu.focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(menu).not.toBeChecked();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(menu).toBeFocused();
});

test("Escape closes a dialog and focus returns to the control that opened it", async ({ page, factory }) => {
  const submission = await factory.formSubmission();
  await startSession(page, await factory.admin());
  await page.goto("/admin/form-submissions");
  const edit = page.getByRole("article", { name: submission.fullName }).getByRole("link", { name: /Edit/ });
  // From the keyboard, and with the mouse.
  for (const open of [() => edit.focus().then(() => page.keyboard.press("Enter")), () => edit.click()]) {
    await open();
    const dialog = page.getByRole("dialog", { name: "Edit Submission" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Status")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/dialog=/);
    await expect(edit).toBeFocused();
  }
});

test.describe("toasts", () => {
  async function showToast(page: Page, admin: TestUser) {
    await Notification.create({ userId: admin.id, type: "other", title: "A note", message: "Something to read." });
    await page.goto("/notifications");
    await page.getByRole("button", { name: "Mark all read" }).click();
    const toast = page.getByRole("status").filter({ hasText: "All notifications marked as read" });
    await expect(toast).toBeVisible();
    return toast;
  }

  async function swipe(page: Page, toast: ReturnType<Page["getByRole"]>, distance: number) {
    const box = (await toast.boundingBox())!;
    const y = box.y + 12;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 20 + distance, y, { steps: 5 });
    await page.mouse.up();
  }

  test("a swipe right of 50 px dismisses a toast; a shorter one leaves it", async ({ page, admin }) => {
    const toast = await showToast(page, admin);
    await swipe(page, toast, 30);
    await expect(toast).toBeVisible();
    await swipe(page, toast, 60);
    await expect(toast).toHaveCount(0);
  });

  test("F8 moves focus to the toast", async ({ page, admin }) => {
    const toast = await showToast(page, admin);
    await page.keyboard.press("F8");
    await expect(toast).toBeFocused();
  });
});

test("Refresh spins for at least half a second, however fast the page comes back", async ({ page, agent: _a }) => {
  await page.goto("/agent/dashboard");
  const refresh = page.getByRole("link", { name: "Refresh" });
  // When the user clicked, and when the link said it was busy and stopped, as the page saw them.
  // The half second is counted from the click: the busy mark's own time is read only after the
  // click's whole task has run, a few milliseconds after the spin began.
  await refresh.evaluate((link) => {
    const seen = { clicked: 0, busy: [] as number[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    link.addEventListener("click", () => (seen.clicked = performance.now()), { capture: true });
    new MutationObserver(() => seen.busy.push(performance.now())).observe(link, { attributeFilter: ["aria-busy"] });
  });
  await refresh.click();
  await expect(page.getByRole("link", { name: "Refreshing..." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Refresh", exact: true })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seen: { clicked: number; busy: number[] } }).seen);
  expect(seen.clicked).toBeGreaterThan(0);
  expect(seen.busy.length, "busy, then not").toBeGreaterThanOrEqual(2);
  expect(seen.busy[1]! - seen.clicked).toBeGreaterThanOrEqual(500);
});
