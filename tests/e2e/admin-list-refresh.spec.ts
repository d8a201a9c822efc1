import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Audit item 10: the admin's lists refresh every 60 s while the tab is visible (the spec's rule for
// lists, useRefreshedLoaderData), but not while a dialog is open, so what is typed in it stays.
// Form Submissions stands for all eight lists: they read their data through the same hook. With
// JavaScript only: without it nothing polls, and a page shows what the server has at each load.

/** An inquiry's card, by the name in its heading. */
const card = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

test("an admin list shows a new row after 60 s without a reload, and waits while a dialog is open", async ({
  page,
  admin: _signedIn,
  factory,
}) => {
  await page.clock.install();
  const first = await factory.formSubmission();
  await page.goto("/admin/form-submissions");
  await expect(card(page, first.fullName)).toBeVisible();

  const second = await factory.formSubmission();
  await expect(card(page, second.fullName)).toHaveCount(0);
  await page.clock.runFor(61_000);
  await expect(card(page, second.fullName)).toBeVisible();

  // A dialog open with a half-typed note: the minute passes and nothing changes under it.
  await page.getByRole("link", { name: `Edit ${first.fullName}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Admin Notes").fill("Called back, half way through");
  const third = await factory.formSubmission();
  await page.clock.runFor(61_000);
  await expect(dialog.getByLabel("Admin Notes")).toHaveValue("Called back, half way through");
  await expect(card(page, third.fullName)).toHaveCount(0);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.clock.runFor(61_000);
  await expect(card(page, third.fullName)).toBeVisible();
});
