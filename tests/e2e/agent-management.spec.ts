import type { Page, TestInfo } from "@playwright/test";
import { LicensedState } from "~db";
import { giveCarrier } from "../support/factories";
import { expect, isNoJs, noJsAtPhoneWidth, screenshot, test } from "./fixtures";

// Agents Management (/admin/agent-management): an admin manages an agent the test creates from
// registration to a temporary password, looks at the profile, and decides a password reset in
// the Password Resets tab. The list is searched by the agent's email, so other tests' agents
// never get in the way.

function managedRow(page: Page, email: string) {
  return page.locator(`[data-agent-email="${email}"]`);
}

async function openList(page: Page, status: string, email: string) {
  await page.goto(`/admin/agent-management?status=${status}&search=${encodeURIComponent(email)}`);
  await expect(managedRow(page, email)).toBeVisible();
}

/** The action's toast; with JavaScript it is dismissed, so it covers nothing the next step taps on a phone. */
async function toastSeen(page: Page, title: string, testInfo: { project: { name: string } }) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  if (!isNoJs(testInfo)) await page.getByRole("button", { name: "Dismiss" }).click();
}

/** A screenshot to look at, with SCREENSHOTS=1 (helpers.ts). */
async function shoot(page: Page, name: string, testInfo: TestInfo) {
  await screenshot(page, testInfo, `${name}-${page.viewportSize()?.width ?? 0}`);
}

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`agents management at ${size.width} px`, () => {
    test.use({ viewport: size });

    test(`an agent is approved, paused, activated, given calls and a BDM and a temporary password; the profile shows it all${noJsAtPhoneWidth(size.width)}`, async ({
      page,
      admin: _signedIn,
      factory,
    }, testInfo) => {
      // Seven actions, each a round trip, and a profile: longer than one page's check.
      test.slow();
      const agent = await factory.pendingAgent();
      await factory.lead(agent);
      // Registered with a carrier (Aetna's Final Expense at 100 %) and five states.
      await giveCarrier(agent.agentId);
      await LicensedState.bulkCreate(["TX", "GA", "AL", "NY"].map((state) => ({ agentId: agent.agentId, state })));

      await page.goto("/admin/agents");
      await expect(page).toHaveURL(/\/admin\/agent-management$/);
      await expect(page.getByRole("heading", { name: "Agents Management" })).toBeVisible();
      for (const card of ["Pending Approval", "Active Agents", "Paused", "Rejected"]) {
        await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
      }
      await page
        .getByRole("navigation", { name: "Filter agents by status" })
        .getByRole("link", { name: /^Pending Approval/ })
        .click();
      await expect(page).toHaveURL(/status=pending/);
      await page.getByLabel("Search agents").fill(agent.email);
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/search=/);
      const row = managedRow(page, agent.email);
      await expect(row).toContainText("Pending");
      await expect(row).toContainText("1 lead · 0 sales");
      await expect(row).toContainText("AL, FL, GA +2 more");
      await shoot(page, "agents-pending", testInfo);

      // Approve, with Calls Ordered required.
      await row.getByRole("link", { name: `Approve ${agent.name}` }).click();
      const approve = page.getByRole("dialog", { name: "Approve Agent" });
      await expect(approve).toBeVisible();
      await approve.getByLabel("Calls Ordered").fill("10");
      await approve.getByRole("button", { name: "Approve Agent" }).click();
      await toastSeen(page, "Agent Approved", testInfo);

      await openList(page, "approved", agent.email);
      await expect(managedRow(page, agent.email)).toContainText("10 / 10");
      await managedRow(page, agent.email)
        .getByRole("button", { name: `Pause ${agent.name}` })
        .click();
      await expect(page).toHaveURL(/status=paused/);
      await toastSeen(page, "Agent paused", testInfo);
      await managedRow(page, agent.email)
        .getByRole("button", { name: `Activate ${agent.name}` })
        .click();
      await expect(page).toHaveURL(/status=approved/);
      await toastSeen(page, "Agent activated", testInfo);

      // Add calls (1 to 1000; the button waits for a positive number with JavaScript).
      await managedRow(page, agent.email)
        .getByRole("link", { name: `Add calls for ${agent.name}` })
        .click();
      const addCalls = page.getByRole("dialog", { name: "Add Calls" });
      if (!isNoJs(testInfo)) {
        await addCalls.getByLabel("Calls to add").fill("0");
        await expect(addCalls.getByRole("button", { name: "Add Calls" })).toBeDisabled();
      }
      await addCalls.getByLabel("Calls to add").fill("5");
      await addCalls.getByRole("button", { name: "Add Calls" }).click();
      await toastSeen(page, "Calls added successfully", testInfo);
      await expect(managedRow(page, agent.email)).toContainText("15 / 15");

      await managedRow(page, agent.email)
        .getByRole("link", { name: `Assign BDM to ${agent.name}` })
        .click();
      const bdm = page.getByRole("dialog", { name: "Assign BDM" });
      await bdm.getByLabel("BDM", { exact: true }).selectOption({ label: "Marcus Reed" });
      await bdm.getByRole("button", { name: "Assign BDM" }).click();
      await toastSeen(page, "BDM Assigned", testInfo);

      await managedRow(page, agent.email)
        .getByRole("link", { name: `Generate temporary password for ${agent.name}` })
        .click();
      await page
        .getByRole("dialog", { name: "Generate Temporary Password" })
        .getByRole("button", { name: "Generate Temporary Password" })
        .click();
      await expect(page.getByText("Temporary password generated")).toBeVisible();
      const temporaryPassword = await page.getByLabel("Value to copy").inputValue();
      expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);
      await shoot(page, "agents-approved", testInfo);

      // The profile: basic information, states, carriers with comp %, activity.
      await managedRow(page, agent.email)
        .getByRole("link", { name: `View profile of ${agent.name}` })
        .click();
      await expect(page).toHaveURL(/dialog=profile/);
      const profile = page.getByRole("dialog", { name: agent.name });
      await expect(profile).toBeVisible();
      await expect(profile.getByRole("heading", { name: "Basic Information" })).toBeVisible();
      await expect(profile).toContainText("Marcus Reed");
      await expect(profile).toContainText("15 / 15 calls left");
      await expect(profile).toContainText("Florida");
      await expect(profile).toContainText("Final Expense: 100% comp");
      await expect(profile.getByRole("heading", { name: "Activity Summary" })).toBeVisible();
      await shoot(page, "agent-profile", testInfo);
      await profile.getByRole("link", { name: "Close" }).last().click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test(`the Password Resets tab approves a request with the reset screen's panel${noJsAtPhoneWidth(size.width)}`, async ({
      page,
      admin: _signedIn,
      factory,
    }, testInfo) => {
      const user = await factory.agent();
      await factory.resetRequest(user);
      await page.goto("/admin/agent-management");
      await page
        .getByRole("navigation", { name: "Agents Management sections" })
        .getByRole("link", { name: /Password Resets/ })
        .click();
      await expect(page).toHaveURL(/tab=resets/);
      await expect(page.getByRole("heading", { name: "Pending Requests" })).toBeVisible();
      await shoot(page, "resets-tab", testInfo);
      await page.getByRole("button", { name: `Approve reset request from ${user.name}` }).click();
      await expect(page.getByText("Request approved")).toBeVisible();
      await expect(page).toHaveURL(/tab=resets/);
      await expect(page.getByLabel("Value to copy")).toHaveValue(/\/reset-password\?token=/);
    });
  });
}
