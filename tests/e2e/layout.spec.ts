import type { Page } from "@playwright/test";
import { approveResetRequest } from "~/services/password-resets.server";
import { signInAs } from "../support/factories";
import { expect, startSession, test } from "./fixtures";

// A name or an email of 200 characters without a space wraps where it is shown: on a phone
// (390 px) no page grows wider than the screen.

const LONG = "W".repeat(200);
/** A long email that is still valid: about 60 characters before the @, and a long domain. */
function longEmail() {
  const label = "d".repeat(60);
  return `${"e".repeat(50)}${Date.now().toString(36)}@${label}.${label}.example.test`;
}

/** The page is no wider than the screen; if it is, the message names the elements that stick out. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    // An element reaching past the right edge, or one whose text runs out of its box (not the
    // 1-pixel boxes of screen-reader text).
    const sticksOut = (element: Element) =>
      element.getBoundingClientRect().right > window.innerWidth + 0.5 ||
      (element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1);
    // The innermost such elements: the ones that need to wrap.
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((element) => sticksOut(element) && ![...element.children].some(sticksOut))
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`);
    return { page: document.documentElement.scrollWidth, screen: window.innerWidth, culprits };
  });
  expect(widths.page, `page width at ${widths.screen} px; too wide: ${widths.culprits.join(", ")}`).toBeLessThanOrEqual(
    widths.screen,
  );
}

test.describe("long names", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the landing page's thank-you panel wraps a long name", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Full Name").fill(LONG);
    await page.getByLabel("Email").fill(longEmail());
    await page.getByLabel("Phone").fill("8135550142");
    await page.getByLabel("Service Interest").selectOption("CRM Only");
    // With JavaScript the mail draft opens in a new tab; it is not what this test looks at.
    page.context().on("page", (popup) => void popup.close());
    await page.getByRole("button", { name: "Submit Inquiry" }).click();
    await expect(page.getByRole("heading", { name: `Thank you, ${LONG}!` })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("admin pages wrap long names and emails: dashboard, form submissions, agent approval, password resets", async ({
    page,
    factory,
  }) => {
    const agent = await factory.agent({ firstName: LONG, lastName: LONG, email: longEmail() });
    const pending = await factory.pendingAgent({ firstName: LONG, email: longEmail() });
    await factory.lead(agent, { firstName: LONG, lastName: LONG });
    await factory.formSubmission({ fullName: LONG, companyName: LONG });
    await factory.resetRequest(pending);
    const admin = await factory.admin();
    // Recent Activity says whose reset was approved, with the email.
    const { actor } = await signInAs(admin);
    await approveResetRequest(actor, (await factory.resetRequest(agent)).id);
    await startSession(page, admin);

    await page.goto("/admin/dashboard");
    await expect(page.getByText(`Password reset approved for ${agent.email}`)).toBeVisible();
    await expect(page.getByRole("main").getByText(LONG).first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    for (const path of ["/admin/form-submissions", "/admin/agent-approval", "/admin/password-reset-requests"]) {
      await page.goto(path);
      await expect(page.getByRole("main").getByText(LONG).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
  });

  test("the agent dashboard and the header wrap a long lead name and the agent's own long name", async ({
    page,
    factory,
  }) => {
    const agent = await factory.agent({ firstName: LONG, lastName: LONG, email: longEmail() });
    await factory.lead(agent, { firstName: LONG, lastName: LONG });
    await startSession(page, agent);
    await page.goto("/agent/dashboard");
    await expect(page.getByRole("main").getByText(LONG).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    // On a laptop the header shows the agent's name too.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("banner").getByText(LONG).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
