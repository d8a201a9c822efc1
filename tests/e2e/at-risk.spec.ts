import { addDaysIso, todayIn } from "~/domain/periods";
import { uniqueName } from "../support/application-factories";
import { createSoldPolicy } from "../support/retention-factories";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { noJsAtPhoneWidth, screenshot } from "./helpers";

// The agent's at-risk queue as they use it (issue 26 item 5, decision 076), at a phone's width
// without JavaScript and a laptop's with it: reached from the menu, the policies with a payment 3
// days late largest exposure first, each with the client's phone and Call Now, the missed month,
// days late and the exposure, with no serious axe finding; Mark paid takes the policy out with the
// tracker's toast.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const size of WIDTHS) {
  test(`an agent works the at-risk queue and marks a missed payment paid (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    agent,
  }, testInfo) => {
    await page.setViewportSize(size);
    // Days in the agent's calendar (the fixtures' agents are on Eastern time).
    const today = todayIn("America/New_York");
    // $60.00 a month: an advance of $540.00; $45.00: $405.00. Neither has a month paid.
    const larger = await createSoldPolicy(agent.agentId, {
      firstDue: addDaysIso(today, -3),
      premiumCents: 6_000,
      lastName: uniqueName("Larger"),
    });
    const later = await createSoldPolicy(agent.agentId, {
      firstDue: addDaysIso(today, -5),
      premiumCents: 4_500,
      lastName: uniqueName("Later"),
    });
    // Two days late: not yet at risk.
    const grace = await createSoldPolicy(agent.agentId, {
      firstDue: addDaysIso(today, -2),
      lastName: uniqueName("Grace"),
    });

    await page.goto("/agent/dashboard");
    // On a phone the sidebar is a drawer behind the menu button.
    if (size.width < 1024) await page.getByRole("checkbox", { name: "Menu" }).check();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "At Risk" }).click();
    await expect(page).toHaveURL(/\/agent\/at-risk$/);
    await expect(page.getByRole("heading", { name: "Policies at risk (2)" })).toBeVisible();

    const rows = page.locator("tr[id^='at-risk-']");
    await expect(rows).toHaveCount(2);
    // Largest exposure first.
    await expect(rows.nth(0)).toContainText(larger.name);
    await expect(rows.nth(0)).toContainText("$540.00");
    await expect(rows.nth(0)).toContainText("3 days late");
    await expect(rows.nth(1)).toContainText(later.name);
    await expect(rows.nth(1)).toContainText("$405.00");
    await expect(rows.nth(1)).toContainText("5 days late");
    await expect(rows.nth(1)).toContainText(/Month 1, due [A-Z][a-z]{2} \d{1,2}/);
    await expect(page.getByText(grace.name)).toHaveCount(0);
    const row = rows.nth(1);
    await expect(row.getByRole("button", { name: `Call Now ${later.name}` })).toBeVisible();
    await expect(row.getByRole("link", { name: later.name, exact: true })).toHaveAttribute(
      "href",
      `/applications/${later.id}`,
    );
    await expect(row.getByRole("link", { name: `Set status of ${later.name}'s policy` })).toHaveAttribute(
      "href",
      `/applications/${later.id}?dialog=policy`,
    );
    // Nothing is clipped: the page is no wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await screenshot(page, testInfo, `at-risk-${size.width}`);
    // No critical or serious accessibility finding (axe), at this width and, without JavaScript, the other.
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole("button", { name: `Mark paid month 1 of ${later.name}` }).click();
    await expect(page.locator("#toast-region")).toContainText("Payment Status Updated");
    await expect(page.locator("#toast-region")).toContainText("Month 1 is marked paid.");
    await expect(page.getByRole("heading", { name: "Policies at risk (1)" })).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(page.getByText(later.name)).toHaveCount(0);
    await screenshot(page, testInfo, `at-risk-paid-${size.width}`);
  });
}
