import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { totpCode } from "../support/factories";

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
export async function signIn(
  page: Page,
  who: { email: string; password: string; totpSecret?: string | null },
  path = "/login",
) {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (who.totpSecret) await enterTwoFactorCode(page, totpCode(who.totpSecret));
}

/** The sign-in's second step (/login/two-factor): a code from the app, or a recovery code. */
export async function enterTwoFactorCode(page: Page, code: string) {
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await waitForHydration(page);
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
}

/**
 * The title's tag of a flow checked at a phone's width and a laptop's: it runs without JavaScript
 * at the phone's only (the no-js project runs the tests whose title says @no-js; docs/decisions/052).
 * The laptop's layout is the same stylesheet, checked with JavaScript; the server's answers to a
 * form without script do not depend on the width.
 */
export function noJsAtPhoneWidth(width: number) {
  return width < 640 ? " @no-js" : "";
}

/**
 * A full-page screenshot to look at, in the test's output folder, only with SCREENSHOTS=1: it
 * asserts nothing, and taking it costs a second or more on a busy machine.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.SCREENSHOTS !== "1") return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}
