import { expect, type Page } from "@playwright/test";

export const DEMO = {
  admin: { email: "admin@example.com", password: "admin12345" },
  agent: { email: "agent@example.com", password: "agent12345" },
  newAgent: { email: "newagent@example.com", password: "agent12345" },
  pending: { email: "pending@example.com", password: "agent12345" },
  paused: { email: "paused@example.com", password: "agent12345" },
};

/** Signs in through the real form (works with and without JavaScript). */
export async function signIn(page: Page, who: { email: string; password: string }, path = "/login") {
  await page.goto(path);
  // With JavaScript, wait for hydration so nothing typed is replaced by the hydrating form.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
}

export function isNoJs(testInfo: { project: { name: string } }) {
  return testInfo.project.name === "no-js";
}
