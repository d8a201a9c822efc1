import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { DEMO, isNoJs, signOut } from "./helpers";

// Registrations are limited per address, so this file registers from addresses of its own
// (one per project) and cannot use up the allowance other spec files rely on.
const ADDRESS = { js: "10.32.0.1", "no-js": "10.32.0.2" } as Record<string, string>;
test.use({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "X-Forwarded-For": ADDRESS[testInfo.project.name] ?? "10.32.0.9" });
  },
});

type NewAgent = { firstName: string; lastName: string; email: string; password: string; name: string };

function newAgent(testInfo: TestInfo, lastName: string): NewAgent {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const firstName = testInfo.project.name === "no-js" ? "Nora" : "Jamie";
  const last = `${lastName}${stamp.slice(-6)}`;
  return {
    firstName,
    lastName: last,
    email: `approval.${testInfo.project.name}.${stamp}@example.test`,
    password: "secret123",
    name: `${firstName} ${last}`,
  };
}

/**
 * Opens a page and, with JavaScript, waits until it has hydrated: typing into a form that React
 * has not yet taken over can be wiped by hydration.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await open(page, "/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Request Account Access on /login, as a new agent does. */
async function register(page: Page, agent: NewAgent) {
  await open(page, "/login?dialog=register");
  const dialog = page.getByRole("dialog", { name: "Agent Registration" });
  await dialog.getByLabel("First name").fill(agent.firstName);
  await dialog.getByLabel("Last name").fill(agent.lastName);
  await dialog.getByLabel("Email").fill(agent.email);
  await dialog.getByLabel("Phone").fill("8135550142");
  await dialog.getByLabel("License number").fill("FL-445566");
  await dialog.getByLabel("Password").fill(agent.password);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Registration successful")).toBeVisible();
}

/** Approves a pending agent from the pending list, with calls and a BDM. */
async function approve(page: Page, agent: NewAgent, calls: string, bdm = "Dana Whitfield") {
  await open(page, "/admin/agent-approval");
  const pendingItem = page.getByRole("list", { name: "Agents waiting for approval" }).getByRole("listitem").filter({ hasText: agent.email });
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

async function contextLike(browser: Browser, testInfo: TestInfo) {
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: !isNoJs(testInfo),
    extraHTTPHeaders: { "X-Forwarded-For": ADDRESS[testInfo.project.name] ?? "10.32.0.9" },
  });
}

test.describe("agent approval", () => {
  test("a registered agent is approved with calls and a BDM, then signs in and is sent to setup", async ({ page }, testInfo) => {
    const agent = newAgent(testInfo, "Approve");
    await register(page, agent);

    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await open(page, "/admin/agent-approval");
    await expect(page.getByRole("heading", { name: "Agent Approval" })).toBeVisible();
    await expect(page.getByText("Pending", { exact: true }).first()).toBeVisible();
    await expect(agentRow(page, agent.email).getByText("Pending", { exact: true }).first()).toBeVisible();

    // Calls Ordered is required.
    const pendingItem = page.getByRole("listitem").filter({ hasText: agent.email });
    await pendingItem.getByRole("link", { name: `Approve ${agent.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Approve Agent" });
    await expect(dialog.getByLabel("Phone")).toHaveValue("8135550142");
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
    await signIn(page, { email: agent.email, password: agent.password });
    await expect(page).toHaveURL(/\/agent\/setup/);
  });

  test("pausing an agent ends the open session and sign-in is refused; activating restores access", async ({ page, browser }, testInfo) => {
    const agent = newAgent(testInfo, "Pause");
    await register(page, agent);
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await approve(page, agent, "12");

    // The agent is signed in elsewhere, in a browser of their own.
    const agentContext = await contextLike(browser, testInfo);
    const agentPage = await agentContext.newPage();
    await signIn(agentPage, { email: agent.email, password: agent.password });
    await expect(agentPage).toHaveURL(/\/agent\/setup/);
    await agentPage.goto("/agent/dashboard");
    await expect(agentPage).toHaveURL(/\/agent\/setup/);

    await open(page, "/admin/agent-approval?tab=approved");
    await agentRow(page, agent.email).getByRole("button", { name: `Pause ${agent.name}` }).click();
    await expect(page).toHaveURL(/tab=paused/);
    await expect(page.getByText("Agent paused")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Paused \(/ })).toHaveAttribute("aria-current", "page");
    const row = agentRow(page, agent.email);
    await expect(row.getByText("Paused", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Activate ${agent.name}` })).toBeVisible();

    // Their open session has ended: the next page they ask for is the sign-in page.
    await agentPage.goto("/agent/dashboard");
    await expect(agentPage).toHaveURL(/\/login/);
    await signIn(agentPage, { email: agent.email, password: agent.password });
    await expect(agentPage).toHaveURL(/\/login/);
    await expect(agentPage.getByText(/Your account has been paused by an administrator/)).toBeVisible();

    await row.getByRole("button", { name: `Activate ${agent.name}` }).click();
    await expect(page).toHaveURL(/tab=approved/);
    await expect(page.getByText("Agent activated")).toBeVisible();
    await expect(agentRow(page, agent.email).getByText("Approved", { exact: true })).toBeVisible();
    await signIn(agentPage, { email: agent.email, password: agent.password });
    await expect(agentPage).toHaveURL(/\/agent\/setup/);
    await agentContext.close();
  });

  test("add calls, assign a BDM and a temporary password the agent must replace", async ({ page, browser }, testInfo) => {
    const agent = newAgent(testInfo, "Manage");
    await register(page, agent);
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await approve(page, agent, "5");

    await open(page, "/admin/agent-approval?tab=approved");
    await agentRow(page, agent.email).getByRole("link", { name: `Add calls for ${agent.name}` }).click();
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

    await agentRow(page, agent.email).getByRole("link", { name: `Assign BDM to ${agent.name}` }).click();
    const bdmDialog = page.getByRole("dialog", { name: "Assign BDM" });
    await bdmDialog.getByLabel("BDM", { exact: true }).selectOption({ label: "Marcus Reed" });
    await bdmDialog.getByRole("button", { name: "Assign BDM" }).click();
    await expect(page.getByText("BDM Assigned")).toBeVisible();
    await expect(agentRow(page, agent.email)).toContainText("Marcus Reed");

    await agentRow(page, agent.email).getByRole("link", { name: `Generate temporary password for ${agent.name}` }).click();
    await page.getByRole("dialog", { name: "Generate Temporary Password" }).getByRole("button", { name: "Generate Temporary Password" }).click();
    await expect(page.getByText("Temporary password generated")).toBeVisible();
    const temporaryPassword = await page.getByLabel("Value to copy").inputValue();
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);

    await agentRow(page, agent.email).getByRole("link", { name: `View temporary password of ${agent.name}` }).click();
    await expect(page.getByRole("dialog", { name: "Temporary Password" }).getByLabel("Temporary password")).toHaveValue(temporaryPassword);

    const agentContext = await contextLike(browser, testInfo);
    const agentPage = await agentContext.newPage();
    await signIn(agentPage, { email: agent.email, password: agent.password });
    await expect(agentPage.getByText("Invalid email or password")).toBeVisible();
    await signIn(agentPage, { email: agent.email, password: temporaryPassword });
    await expect(agentPage).toHaveURL(/\/set-new-password\?token=/);
    await agentContext.close();
  });
});
