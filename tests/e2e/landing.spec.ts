import type { Page } from "@playwright/test";
import { PRICING_PLANS } from "../../app/domain/plans";
import { expect, isNoJs, startSession, test, uniqueName } from "./fixtures";

const INFO_EMAIL = "info@agencycrm.example";
const SUPPORT_EMAIL = "support@agencycrm.example";
const ALERT = `There was an error submitting your form. Please try again or contact us directly at ${INFO_EMAIL}.`;

/** Records window.open calls instead of opening tabs, so the mail draft can be checked. */
async function recordWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const opened: string[] = [];
    (window as unknown as { __opened: string[] }).__opened = opened;
    window.open = ((url?: string | URL) => {
      opened.push(String(url));
      return null;
    }) as typeof window.open;
  });
}

test.describe("landing page", () => {
  test("shows every section, the four plans with their prices, and the contact addresses", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Agency CRM/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /final expense/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("final expense insurance agencies");

    const sections = page.getByRole("navigation", { name: "Sections" });
    for (const [name, href] of [
      ["Features", "#features"],
      ["Pricing", "#pricing"],
      ["Get Started", "#get-started"],
      ["Contact", "#contact"],
    ]) {
      await expect(sections.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("banner").getByRole("link", { name: "Login", exact: true })).toHaveAttribute(
      "href",
      "/login",
    );
    await expect(page.getByRole("link", { name: "Get Started", exact: true }).nth(1)).toHaveAttribute(
      "href",
      "#get-started",
    );
    await expect(page.getByRole("link", { name: "Login to CRM" }).first()).toHaveAttribute("href", "/login");

    for (const title of ["Lead Management", "Performance Analytics", "Commission Tracking", "Secure Platform"]) {
      await expect(page.locator("#features").getByRole("heading", { name: title })).toBeVisible();
    }
    for (const title of [
      "Industry-Specific Design",
      "Easy Setup",
      "Real-Time Notifications",
      "Mobile Responsive",
      "Advanced Reporting",
      "Dedicated Support",
    ]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }

    const pricing = page.locator("#pricing");
    const cards = pricing.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(cards).toHaveCount(4);
    for (const plan of PRICING_PLANS) {
      const card = cards.filter({ has: page.getByRole("heading", { name: plan.name, exact: true }) });
      await expect(card).toContainText(plan.priceLabel);
      for (const feature of plan.features) await expect(card).toContainText(feature);
      if (plan.mostPopular) await expect(card).toContainText("Most Popular");
      else await expect(card).not.toContainText("Most Popular");
    }
    await expect(cards.filter({ hasText: "CRM + Leads (Growth)" })).toContainText("Most Popular");
    await expect(pricing).toContainText("$99");
    await expect(pricing).toContainText("$1,199");
    await expect(pricing).toContainText("$2,159");

    await expect(page.locator("#get-started").getByRole("button", { name: "Submit Inquiry" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ready to grow your agency?" })).toBeVisible();
    const footer = page.locator("footer#contact");
    await expect(footer.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    await expect(footer.getByRole("link", { name: INFO_EMAIL })).toHaveAttribute("href", `mailto:${INFO_EMAIL}`);
    await expect(footer).toContainText("© 2025 Agency CRM. All rights reserved.");

    // The honeypot is out of reach for people and assistive technology.
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
  });

  test("the inquiry: a bad phone keeps the values, a good one thanks the visitor, and the admin handles it", async ({
    page,
    factory,
  }, testInfo) => {
    const noJs = isNoJs(testInfo);
    const id = uniqueName("");
    const fullName = `Prospect ${id}`;
    const email = `prospect.${id}@agency.example`;
    if (!noJs) await recordWindowOpen(page);

    await page.goto("/");
    await page.getByRole("link", { name: "Get Started", exact: true }).first().click();
    const form = page.locator("#get-started");
    await form.getByLabel("Full Name").fill(fullName);
    await form.getByLabel("Company Name").fill("Sunrise Final Expense");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("555-0142");
    await form.getByLabel("Service Interest").selectOption("CRM + Leads");
    await form.getByLabel("Message").fill("We have 5 agents.");
    await form.getByRole("button", { name: "Submit Inquiry" }).click();

    // Fields to fix, not a failed submission: the catalogue's failure alert is not shown.
    await expect(form.getByRole("alert").filter({ hasText: "Please correct the fields marked below." })).toBeVisible();
    await expect(form.getByText(ALERT)).toHaveCount(0);
    await expect(form.getByText("Please enter a valid phone number (at least 10 digits)")).toBeVisible();
    await expect(form.getByLabel("Full Name")).toHaveValue(fullName);
    await expect(form.getByLabel("Company Name")).toHaveValue("Sunrise Final Expense");
    await expect(form.getByLabel("Email")).toHaveValue(email);
    // The phone keeps only digits as it is typed (with the page's script); without it the server
    // keeps the digits of what was sent, and the form gives back what was typed.
    await expect(form.getByLabel("Phone")).toHaveValue(noJs ? "555-0142" : "5550142");
    await expect(form.getByLabel("Service Interest")).toHaveValue("CRM + Leads");
    await expect(form.getByLabel("Message")).toHaveValue("We have 5 agents.");

    await form.getByLabel("Phone").fill("(813) 555-0142");
    if (!noJs) await expect(form.getByLabel("Phone")).toHaveValue("8135550142");
    if (!noJs) {
      // Hold the answer back a moment to see the busy state (the landing page's inline script posts
      // the form with fetch, to the form's own address).
      await page.route("**/*", async (route) => {
        if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
    }
    await form.getByRole("button", { name: "Submit Inquiry" }).click();
    if (!noJs) {
      const busy = form.getByRole("button", { name: "Submitting..." });
      await expect(busy).toBeVisible();
      await expect(busy).toBeDisabled();
    }

    await expect(form.getByRole("heading", { name: `Thank you, ${fullName}!` })).toBeVisible();
    await expect(form.getByRole("button", { name: "Submit Inquiry" })).toHaveCount(0);
    const draft = form.getByRole("link", { name: "Open email draft" });
    const href = (await draft.getAttribute("href"))!;
    const mailto = new URL(href);
    expect(mailto.pathname).toBe(INFO_EMAIL);
    expect(mailto.searchParams.get("subject")).toBe(`New CRM + Leads Inquiry from ${fullName}`);
    expect(mailto.searchParams.get("body")).toContain("Phone: 8135550142");
    expect(mailto.searchParams.get("body")).toContain("This inquiry has also been saved to the admin portal.");
    expect(page.url()).not.toContain("fullName");
    if (!noJs) {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened))
        .toEqual([href]);
    }

    // The admin finds it among the new submissions.
    await startSession(page, await factory.admin());
    await page.goto("/admin/form-submissions?status=new");
    const card = page.getByRole("article", { name: fullName });
    await expect(card).toContainText("New");
    await expect(card.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(card).toContainText("(813) 555-0142");
    await expect(card).toContainText("Sunrise Final Expense");
    await expect(card).toContainText("CRM + Leads");
    await expect(card).toContainText("We have 5 agents.");

    // Edit: status contacted with a note.
    await card.getByRole("link", { name: /Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit Submission" });
    await expect(edit).toBeVisible();
    await edit.getByLabel("Status").selectOption("contacted");
    await edit.getByLabel("Admin Notes").fill("Called, demo booked for Friday.");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Submission updated successfully")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("article", { name: fullName })).toHaveCount(0);

    await page
      .getByRole("navigation", { name: "Filter by status" })
      .getByRole("link", { name: /Contacted/ })
      .click();
    await expect(page).toHaveURL(/status=contacted/);
    const contacted = page.getByRole("article", { name: fullName });
    await expect(contacted).toContainText("Contacted");
    await expect(contacted).toContainText("Called, demo booked for Friday.");

    // Delete, after the confirmation.
    await contacted.getByRole("link", { name: /Delete/ }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Submission" });
    await expect(confirm).toContainText("Are you sure you want to delete this submission?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Submission deleted successfully")).toBeVisible();
    await expect(page.getByRole("article", { name: fullName })).toHaveCount(0);
  });

  test("the admin list filters by status and clamps a page past the end", async ({
    page,
    admin: _signedIn,
    factory,
  }) => {
    await factory.formSubmission({ status: "converted" });
    await factory.formSubmission({ status: "contacted" });
    await page.goto("/admin/form-submissions?status=converted");
    const articles = page.getByRole("article");
    await expect(articles.first()).toBeVisible();
    for (const text of await articles.allInnerTexts()) expect(text).toContain("Converted");
    // An unknown page is past the end: it shows the last page rather than nothing.
    await page.goto("/admin/form-submissions?status=converted&page=99");
    await expect(page).toHaveURL(/status=converted/);
    await expect(articles.first()).toBeVisible();
  });
});
