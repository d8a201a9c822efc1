import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// What a first visit downloads (issue 8): the landing page is plain HTML with a few inline lines
// instead of React (at most 15 KB of JavaScript, gzipped), and /login fetches headlessui's dialog
// only when a dialog opens. With JavaScript on only: without it no script runs anyway.

/** Records the URL and the body of every script file the page fetches. */
function recordScripts(page: Page) {
  const scripts: { url: string; bytes: Promise<Buffer> }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push({ url: response.url(), bytes: response.body() });
  });
  return scripts;
}

test.describe("page weight", () => {
  test("the landing page runs no framework JavaScript: at most 15 KB, inline", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto("/");
    await expect(page.locator("#get-started").getByRole("button", { name: "Submit Inquiry" })).toBeVisible();
    await expect(page.locator('script[type="module"], script[src], link[rel="modulepreload"]')).toHaveCount(0);
    expect(scripts.map((script) => script.url)).toEqual([]);
    const inline = await page.locator("script").evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
    const files = await Promise.all(scripts.map((script) => script.bytes));
    const gzipped = [...inline.map((text) => Buffer.from(text)), ...files].reduce(
      (sum, bytes) => sum + gzipSync(bytes).length,
      0,
    );
    expect(gzipped).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(15 * 1024);
  });

  test("/login fetches headlessui's dialog only once a dialog opens", async ({ page }) => {
    const scripts = recordScripts(page);
    const headless = () => scripts.filter((script) => script.url.includes("/url-dialog-headless"));
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(headless()).toEqual([]);
    await page.getByRole("link", { name: "Request Account Access" }).click();
    await expect(page.getByRole("dialog", { name: "Agent Registration" })).toBeVisible();
    expect(headless()).toHaveLength(1);
  });
});
