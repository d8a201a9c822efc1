import type { Page } from "@playwright/test";
import { expect, isNoJs, signIn, signOut, test, type TestAgent } from "./fixtures";

// An admin (signed in by the fixture) decides about agents the test creates. The agents sign in
// through the form in browsers of their own, since whether they may is what is checked.

/** Approves a pending agent from the pending list, with calls and a BDM. */
async function approve(page: Page, agent: TestAgent, calls: string, bdm = "Dana Whitfield") {
  await page.goto("/admin/agent-approval");
  const pendingItem = page
    .getByRole("list", { name: "Agents waiting for approval" })
    .getByRole("listitem")
    .filter({ hasText: agent.email });
  await pendingItem.getByRole("link", { name: `Approve ${agent.name}` }).click();
  await expect(page).toHaveURL(/dialog=approve/);
  const dialog = page.getByRole("dialog", { name: "Approve Agent" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Calls Ordered").fill(calls);
  await dialog.getByLabel("Company Name").fill("Gulf Coast Benefits");
  await dialog.getByLabel("Assign BDM").selectOption({ label: bdm });
  await dialog.getByRole("button", { name: "Approve Agent" }).click();
  await expect(page.getByText("Agent Approved")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

function agentRow(page: Page, email: string) {
  return page.getByRole("row").filter({ hasText: email });
}

test.describe("agent approval @no-js", () => {
  test("a registered agent is approved with calls and a BDM, then signs in and is sent to setup", async ({
    page,
    admin: _signedIn,
    factory,
  }, testInfo) => {
    const agent = await factory.pendingAgent();

    await page.goto("/admin/agent-approval");
    await expect(page.getByRole("heading", { name: "Agent Approval" })).toBeVisible();
    await expect(page.getByText("Pending", { exact: true }).first()).toBeVisible();
    await expect(agentRow(page, agent.email).getByText("Pending", { exact: true }).first()).toBeVisible();

    // Calls Ordered is required.
    const pendingItem = page.getByRole("listitem").filter({ hasText: agent.email });
    await pendingItem.getByRole("link", { name: `Approve ${agent.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Approve Agent" });
    await expect(dialog.getByLabel("Phone")).toHaveValue(agent.phone!);
    if (isNoJs(testInfo)) {
      // Without JavaScript the browser itself refuses the empty field before the server is asked.
      await expect(dialog.getByLabel("Calls Ordered")).toHaveAttribute("required", "");
    } else {
      await dialog.getByRole("button", { name: "Approve Agent" }).click();
      await expect(dialog.getByText("Calls ordered is required.")).toBeVisible();
    }
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await approve(page, agent, "30");
    const row = agentRow(page, agent.email);
    await expect(row.getByText("Approved", { exact: true })).toBeVisible();
    await expect(row).toContainText("30 / 30");
    await expect(row).toContainText("Dana Whitfield");
    await expect(row).toContainText("Gulf Coast Benefits");
    await expect(page.getByRole("list", { name: "Agents waiting for approval" }).getByText(agent.email)).toHaveCount(0);

    await signOut(page);
    await signIn(page, agent);
    await expect(page).toHaveURL(/\/agent\/setup/);
  });

  test("pausing an agent ends the open session and sign-in is refused; activating restores access", async ({
    page,
    admin: _signedIn,
    factory,
    openBrowser,
  }) => {
    const agent = await factory.pendingAgent();
    await approve(page, agent, "12");

    // The agent is signed in elsewhere, in a browser of their own.
    const agentPage = await openBrowser();
    await signIn(agentPage, agent);
    await expect(agentPage).toHaveURL(/\/agent\/setup/);
    await agentPage.goto("/agent/dashboard");
    await expect(agentPage).toHaveURL(/\/agent\/setup/);

    await page.goto("/admin/agent-approval?tab=approved");
    await agentRow(page, agent.email)
      .getByRole("button", { name: `Pause ${agent.name}` })
      .click();
    await expect(page).toHaveURL(/tab=paused/);
    await expect(page.getByText("Agent paused")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Paused\b/ })).toHaveAttribute("aria-current", "page");
    const row = agentRow(page, agent.email);
    await expect(row.getByText("Paused", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Activate ${agent.name}` })).toBeVisible();

    // Their open session has ended: the next page they ask for is the sign-in page.
    await agentPage.goto("/agent/dashboard");
    await expect(agentPage).toHaveURL(/\/login/);
    await signIn(agentPage, agent);
    await expect(agentPage).toHaveURL(/\/login/);
    await expect(agentPage.getByText(/Your account has been paused by an administrator/)).toBeVisible();

    await row.getByRole("button", { name: `Activate ${agent.name}` }).click();
    await expect(page).toHaveURL(/tab=approved/);
    await expect(page.getByText("Agent activated")).toBeVisible();
    await expect(agentRow(page, agent.email).getByText("Approved", { exact: true })).toBeVisible();
    await signIn(agentPage, agent);
    await expect(agentPage).toHaveURL(/\/agent\/setup/);
  });

  test("add calls, assign a BDM and a temporary password the agent must replace", async ({
    page,
    admin: _signedIn,
    factory,
    openBrowser,
  }, testInfo) => {
    const agent = await factory.pendingAgent();
    await approve(page, agent, "5");

    await page.goto("/admin/agent-approval?tab=approved");
    await agentRow(page, agent.email)
      .getByRole("link", { name: `Add calls for ${agent.name}` })
      .click();
    const addDialog = page.getByRole("dialog", { name: "Add Calls" });
    const addButton = addDialog.getByRole("button", { name: "Add Calls" });
    if (!isNoJs(testInfo)) {
      await addDialog.getByLabel("Calls to add").fill("0");
      await expect(addButton).toBeDisabled();
    }
    await addDialog.getByLabel("Calls to add").fill("20");
    await addButton.click();
    await expect(page.getByText("Calls added successfully")).toBeVisible();
    await expect(agentRow(page, agent.email)).toContainText("25 / 25");

    await agentRow(page, agent.email)
      .getByRole("link", { name: `Assign BDM to ${agent.name}` })
      .click();
    const bdmDialog = page.getByRole("dialog", { name: "Assign BDM" });
    await bdmDialog.getByLabel("BDM", { exact: true }).selectOption({ label: "Marcus Reed" });
    await bdmDialog.getByRole("button", { name: "Assign BDM" }).click();
    await expect(page.getByText("BDM Assigned")).toBeVisible();
    await expect(agentRow(page, agent.email)).toContainText("Marcus Reed");

    await agentRow(page, agent.email)
      .getByRole("link", { name: `Generate temporary password for ${agent.name}` })
      .click();
    await page
      .getByRole("dialog", { name: "Generate Temporary Password" })
      .getByRole("button", { name: "Generate Temporary Password" })
      .click();
    await expect(page.getByText("Temporary password generated")).toBeVisible();
    const temporaryPassword = await page.getByLabel("Value to copy").inputValue();
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);

    await agentRow(page, agent.email)
      .getByRole("link", { name: `View temporary password of ${agent.name}` })
      .click();
    await expect(page.getByRole("dialog", { name: "Temporary Password" }).getByLabel("Temporary password")).toHaveValue(
      temporaryPassword,
    );

    const agentPage = await openBrowser();
    await signIn(agentPage, agent);
    await expect(agentPage.getByRole("main").getByText("Invalid email or password")).toBeVisible();
    await signIn(agentPage, { email: agent.email, password: temporaryPassword });
    await expect(agentPage).toHaveURL(/\/set-new-password\?token=/);
  });
});
