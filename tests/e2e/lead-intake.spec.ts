import crypto from "node:crypto";
import { LeadSource } from "~db";
import { newPostingKey } from "~/services/posting-keys.server";
import { createAgent } from "../support/factories";
import { createOrderRow } from "../support/order-factories";
import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, screenshot, test, uniqueName } from "./fixtures";

// Issue 24 items 2 and 5: two leads a vendor posts through POST /api/intake/leads, for a state
// where one agent has one call left: the first is assigned to them, the second waits unassigned.
// The admin sees the count on the dashboard, follows its link to All Leads' Unassigned filter,
// and sees each lead's source, at a laptop's width and a phone's, with JavaScript and (at the
// phone's) without.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

// A state of its own for each run (none of the demo agents is licensed there), so no other
// test's agent takes these leads and no run takes another's.
const STATE_OF_RUN: Record<string, string> = { "js-1280": "WY", "js-390": "VT", "no-js-390": "ND" };

for (const size of WIDTHS) {
  test(`leads posted through the intake API show in All Leads with their source and the Unassigned filter (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    request,
    admin: _signedIn,
  }, testInfo) => {
    await page.setViewportSize(size);
    const state = STATE_OF_RUN[`${isNoJs(testInfo) ? "no-js" : "js"}-${size.width}`]!;
    const { key, hash, last4 } = newPostingKey();
    const sourceName = `Vendor ${uniqueName("Intake")}`;
    await LeadSource.create({
      name: sourceName,
      costPerLeadCents: 17_500,
      defaultCarrierId: null,
      postingKeyHash: hash,
      postingKeyLast4: last4,
      keyRotatedAt: null,
    });
    const { agent, user } = await createAgent({
      firstName: "Ida",
      lastName: uniqueName("Intake"),
      licensedStates: [state],
    });
    await createOrderRow({ agentId: agent.id, callsOrdered: 1 });
    const lastName = uniqueName("Posted");
    const post = (firstName: string) =>
      request.post("/api/intake/leads", {
        headers: { Authorization: `Bearer ${key}` },
        data: { firstName, lastName, phone: `212${crypto.randomInt(2_000_000, 9_999_999)}`, state },
      });

    const first = await post("Given");
    expect(first.status()).toBe(201);
    const given = (await first.json()) as { id: string; status: string; agentId: string | null };
    expect(given).toMatchObject({ status: "assigned", agentId: agent.id });
    const second = await post("Waiting");
    expect(second.status()).toBe(201);
    const waiting = (await second.json()) as { id: string; status: string; agentId: string | null };
    expect(waiting).toMatchObject({ status: "unassigned", agentId: null });

    await page.goto("/admin/dashboard");
    await expect(page.getByText(/leads? (is|are) waiting unassigned\./)).toBeVisible();
    await page.getByRole("link", { name: "Assign them in All Leads" }).click();
    await expect(page).toHaveURL(/\/admin\/leads\?agentId=unassigned$/);
    await expect(page.locator("#agentId")).toHaveValue("unassigned");

    // Narrowed to this test's two leads by their last name, through the filter form.
    await page.getByLabel("Search by name or email").fill(lastName);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/agentId=unassigned/);
    const waitingRow = page.locator(`[id="lead-${waiting.id}"]`);
    await expect(waitingRow).toContainText(`Waiting ${lastName}`);
    await expect(waitingRow).toContainText("Unassigned");
    await expect(waitingRow).toContainText(`Source: ${sourceName}`);
    await expect(page.locator(`[id="lead-${given.id}"]`)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    expect(await seriousViolations(page), `All Leads, unassigned, at ${size.width} px`).toEqual([]);
    await screenshot(page, testInfo, `lead-intake-unassigned-${size.width}`);

    // Every agent again: the assigned lead shows its agent and the same source.
    await page.locator("#agentId").selectOption({ label: "All agents" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).not.toHaveURL(/agentId=unassigned/);
    const givenRow = page.locator(`[id="lead-${given.id}"]`);
    await expect(givenRow).toContainText(`Ida ${user.lastName}`);
    await expect(givenRow).toContainText(`Source: ${sourceName}`);
    await expect(page.locator(`[id="lead-${waiting.id}"]`)).toBeVisible();
    await screenshot(page, testInfo, `lead-intake-all-${size.width}`);
  });
}
