import type { Page } from "@playwright/test";
import { Application, PaymentTracking } from "~db";
import { todayIn } from "~/domain/periods";
import { createSoldPolicy } from "../support/retention-factories";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { screenshot } from "./helpers";

// Issue 26 items 2 and 4 as an agent meets them on their dashboard: the sales and this month's
// commission told as submitted and issued, the placement rate, and the chargeback exposure (the
// advance not yet earned on their policies inside the nine months), at a phone's width and a
// laptop's. Two sales at 100% (the advance is nine months' premium), sold now:
//   $100 a month, issued, three months paid: advance $900, $300 earned, $600 exposed;
//   $50 a month, still submitted, nothing paid: advance $450, all of it exposed.
// Submitted 2, issued 1, decided 1 (placement 100.0%); commission $1,350.00 submitted, $900.00
// issued; exposure $1,050.00 on 2 policies.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A stat card (a section that opens with its label) by its label. */
function card(page: Page, label: string) {
  return page.locator("section:has(> p:first-child)").filter({ has: page.getByText(label, { exact: true }) });
}

for (const size of WIDTHS) {
  test(`an agent's dashboard tells submitted from issued and shows the chargeback exposure (${size.width} px)`, async ({
    page,
    agent,
  }, testInfo) => {
    await page.setViewportSize(size);
    const issued = await createSoldPolicy(agent.agentId, {
      firstDue: todayIn("America/New_York"),
      premiumCents: 10_000,
      firstName: "Ida",
    });
    await createSoldPolicy(agent.agentId, {
      firstDue: todayIn("America/New_York"),
      premiumCents: 5_000,
      firstName: "Sue",
    });
    await Application.update(
      { policyStatus: "issued", policyNumber: `E2E-${issued.id.slice(0, 8)}`, policyIssueDate: todayIn("UTC") },
      { where: { id: issued.id } },
    );
    await PaymentTracking.update({ status: "paid" }, { where: { id: issued.payments.slice(0, 3).map((p) => p.id) } });

    await page.goto("/agent/dashboard");
    await expect(card(page, "Converted")).toContainText("Submitted2Issued1");
    await expect(card(page, "Placement Rate")).toContainText("100.0%");
    await expect(card(page, "Placement Rate")).toContainText("1 issued of 1 decided");
    await expect(card(page, "Commission")).toContainText("Submitted$1,350.00Issued$900.00");
    const exposure = card(page, "Chargeback Exposure");
    await expect(exposure).toContainText("$1,050.00");
    await expect(exposure).toContainText("Unearned advance · 2 policies in their 9 months");

    // Nothing wider than the screen; the cards two across on a phone, three on a laptop.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    const boxes = await Promise.all(
      ["My Leads", "Converted", "Placement Rate"].map(async (label) => (await card(page, label).boundingBox())!),
    );
    const rowsOf = new Set(boxes.map((box) => Math.round(box.y)));
    expect(rowsOf.size).toBe(size.width < 640 ? 2 : 1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, testInfo, `agent-dashboard-${size.width}`);
  });
}
