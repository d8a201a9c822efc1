import crypto from "node:crypto";
import { expect, isNoJs, signIn, startSession, test, waitForHydration } from "./fixtures";

// Sign-in and accounts as a browser sees them: where it goes after signing in, what a data request
// of an agent who has not finished setup gets, and what a refused registration sends back.

test("a redirectTo with a tab between the slashes lands on the dashboard, not on another site @no-js", async ({
  page,
  factory,
}) => {
  const admin = await factory.admin();
  // Chromium drops the tab and reads "/\t/evil.example" as "//evil.example".
  await signIn(page, admin, "/login?redirectTo=%2F%09%2Fevil.example");
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/admin\/dashboard$/);
});

test("a data request for the dashboard alone still sends an agent without setup to the setup", async ({
  page,
  factory,
}) => {
  const agent = await factory.agent({ setupComplete: false });
  await startSession(page, agent);
  const data = await page.request.get("/agent/dashboard.data?_routes=routes%2Fagent%2B%2Fdashboard", {
    maxRedirects: 0,
  });
  const body = await data.text();
  // Single fetch answers a redirect as data (202 with the target in the stream), never the loader's data.
  expect(body).toContain("/agent/setup");
  expect(body).not.toContain("recentApplications");
  expect(body).not.toContain(agent.firstName);
});

test("a refused registration keeps what was typed but never the password, and names the taken license @no-js", async ({
  page,
}) => {
  const license = `FL-${crypto.randomUUID().slice(0, 8)}`;
  const first = await page.request.post("/api/auth/register", {
    data: {
      firstName: "Rae",
      lastName: "First",
      email: `first.${crypto.randomUUID().slice(0, 8)}@example.test`,
      phone: "(813) 555-0199",
      licenseNumber: license,
      password: "secret1",
    },
  });
  expect(first.status()).toBe(201);

  const password = `Typed-${crypto.randomUUID().slice(0, 8)}`;
  await page.goto("/login?dialog=register");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Agent Registration" });
  await dialog.getByLabel("First name").fill("Rae");
  await dialog.getByLabel("Last name").fill("Second");
  await dialog.getByLabel("Email").fill(`second.${crypto.randomUUID().slice(0, 8)}@example.test`);
  await dialog.getByLabel("Phone").fill("(813) 555-0100");
  await dialog.getByLabel("License number").fill(license.toLowerCase());
  await dialog.getByLabel("Password").fill(password);
  // The answer (the page without JavaScript, the action's data with it) never holds the password.
  // Read as it passes through: a body Chromium has already let go of cannot be read afterwards.
  const replies: string[] = [];
  await page.route("**/login**", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const response = await route.fetch();
    replies.push(await response.text());
    await route.fulfill({ response });
  });
  await dialog.getByRole("button", { name: "Submit Request" }).click();

  await expect(dialog.getByText("An agent with this license number is already registered.").first()).toBeVisible();
  await expect(dialog.getByLabel("First name")).toHaveValue("Rae");
  if (isNoJs(test.info())) await expect(dialog.getByLabel("Password")).toHaveValue("");
  expect(replies).toHaveLength(1);
  expect(replies[0]).not.toContain(password);
  expect(await page.content()).not.toContain(password);
});
