import { expect, test, type Page } from "@playwright/test";

export function isNoJs(testInfo: { project: { name: string } }) {
  return testInfo.project.name === "no-js";
}

/**
 * Waits until React has hydrated the page (root.tsx marks <html data-hydrated>): typing into a
 * server-rendered form before then can be wiped by hydration. Without JavaScript it returns at once.
 */
export async function waitForHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // A form whose code loads after the page's (app/components/leads/lazy-lead-forms.tsx).
  await expect(page.locator("[data-hydrating]")).toHaveCount(0);
}

/** Signs in through the real form (works with and without JavaScript); for the sign-in specs. */
export async function signIn(page: Page, who: { email: string; password: string }, path = "/login") {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
}
